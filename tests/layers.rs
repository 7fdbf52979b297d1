//! The layers of `src/`, as `ARCHITECTURE.md` declares them, checked against the code: every
//! module of the crate sits in exactly one layer, no `crate::` path points to a higher layer, and
//! the files import one another without a cycle.
//!
//! The layer table is read from `ARCHITECTURE.md` itself, so the document and the test cannot
//! drift apart: a module added to `src/lib.rs` without a row fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A source file and the module path it defines (`solve::search`, `` for `lib.rs`).
struct SourceFile {
    module: String,
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn source_files(dir: &Path, out: &mut Vec<SourceFile>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root().join("src"))
                .unwrap()
                .with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                parts.clear();
            }
            let text = fs::read_to_string(&path).expect("source is UTF-8");
            out.push(SourceFile {
                module: parts.join("::"),
                text,
            });
        }
    }
}

/// The text with `//` comments removed (doc examples name `feerie::`, not `crate::`).
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path named after `crate::` in `text`, use trees expanded (`crate::a::{b, c::d}` gives
/// `a::b` and `a::c::d`).
fn crate_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        rest = &rest[i + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `feerie_crate::` or the like
        }
        let (tree, _) = use_tree(rest);
        expand("", tree, &mut paths);
    }
    paths
}

/// The use tree at the start of `text`: identifiers, `::` and balanced braces.
fn use_tree(text: &str) -> (&str, usize) {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return (&text[..i], i),
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return (&text[..=i], i + 1);
                }
            }
            _ if depth > 0 => {}
            c if c.is_alphanumeric() || c == '_' || c == ':' || c == '*' => {}
            _ => return (&text[..i], i),
        }
    }
    (text, text.len())
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = format!("{prefix}{tree}");
        out.push(path.trim_end_matches("::").to_string());
        return;
    };
    let head = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&head, &inner[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    expand(&head, &inner[start..], out);
}

/// The longest module among `modules` that `path` starts with.
fn module_of<'a>(path: &str, modules: &'a BTreeSet<String>) -> Option<&'a String> {
    let segments: Vec<&str> = path.split("::").collect();
    (1..=segments.len())
        .rev()
        .find_map(|n| modules.get(&segments[..n].join("::")))
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or("")
}

/// The layer table of `ARCHITECTURE.md`: rows `| n. name | `module`, `module` | job |`.
fn declared_layers() -> BTreeMap<String, (usize, String)> {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut layers = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 {
            continue;
        }
        let Some((number, name)) = cells[1].split_once(". ") else {
            continue;
        };
        let Ok(number) = number.parse::<usize>() else {
            continue;
        };
        for module in cells[2].split(',') {
            let module = module.trim().trim_matches('`').to_string();
            let earlier = layers.insert(module.clone(), (number, name.to_string()));
            assert!(
                earlier.is_none(),
                "`{module}` is in two layers of ARCHITECTURE.md"
            );
        }
    }
    assert!(!layers.is_empty(), "ARCHITECTURE.md has no layer table");
    layers
}

struct Graph {
    files: Vec<SourceFile>,
    /// Import edges between modules (files), from `crate::` paths.
    edges: BTreeMap<String, BTreeSet<String>>,
}

fn graph() -> Graph {
    let mut files = Vec::new();
    source_files(&root().join("src"), &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| f.module.clone()).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        for path in crate_paths(&without_comments(&file.text)) {
            if let Some(target) = module_of(&path, &modules)
                && *target != file.module
                && !target.is_empty()
            {
                edges
                    .entry(file.module.clone())
                    .or_default()
                    .insert(target.clone());
            }
        }
    }
    Graph { files, edges }
}

#[test]
fn every_module_has_one_declared_layer() {
    let layers = declared_layers();
    let g = graph();
    let tops: BTreeSet<&str> = g
        .files
        .iter()
        .map(|f| top(&f.module))
        .filter(|t| !t.is_empty())
        .collect();
    let missing: Vec<&&str> = tops.iter().filter(|t| !layers.contains_key(**t)).collect();
    assert!(
        missing.is_empty(),
        "modules of src/ with no layer in ARCHITECTURE.md: {missing:?}"
    );
    let stale: Vec<&String> = layers
        .keys()
        .filter(|m| !tops.contains(m.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names modules src/ does not have: {stale:?}"
    );
}

#[test]
fn no_import_points_to_a_higher_layer() {
    let layers = declared_layers();
    let g = graph();
    let mut upward = Vec::new();
    for (from, targets) in &g.edges {
        let Some((from_layer, from_name)) = layers.get(top(from)) else {
            continue; // reported by every_module_has_one_declared_layer
        };
        for to in targets {
            if let Some((to_layer, to_name)) = layers.get(top(to))
                && to_layer > from_layer
            {
                upward.push(format!("{from} ({from_name}) -> {to} ({to_name})"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point to a higher layer:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_import_cycle() {
    let g = graph();
    // Top-level modules first: a cycle among them is a cycle of files too, but says more.
    let mut top_edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in &g.edges {
        for to in targets {
            if top(from) != top(to) && !top(from).is_empty() {
                top_edges
                    .entry(top(from).into())
                    .or_default()
                    .insert(top(to).into());
            }
        }
    }
    let cycles = [cycles(&top_edges), cycles(&g.edges)].concat();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// One cycle per strongly connected component of more than one node (Tarjan's algorithm).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<String>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_str()) {
                visit(s, w);
                let lw = s.low[w.as_str()];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w.as_str()) {
                let iw = s.index[w.as_str()];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component.join(" <-> "));
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

#[test]
fn use_trees_are_expanded() {
    let paths = crate_paths("use crate::a::{b, c::{d, e}, f::G};\nlet x = crate::h::i(1);");
    assert_eq!(paths, ["a::b", "a::c::d", "a::c::e", "a::f::G", "h::i"]);
}
