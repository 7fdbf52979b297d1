//! The layers of `src/`, as `ARCHITECTURE.md` declares them, checked against the code: every
//! module of the crate sits in exactly one layer, no path points to a higher layer, and the files
//! import one another without a cycle. Paths are read wherever they stand (`use` lines and code,
//! use trees expanded) through `crate::`, `self::` and `super::`, so a circle between two sibling
//! files is caught as one between two top-level modules is.
//!
//! The layer table is read from `ARCHITECTURE.md` itself, so the document and the test cannot
//! drift apart: a module added to `src/lib.rs` without a row fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A source file and the module path it defines (`solve::search`, `` for `lib.rs`).
struct SourceFile {
    path: PathBuf,
    module: String,
    text: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, with the module path it defines below `src` (the crate root).
fn source_files(src: &Path, dir: &Path, out: &mut Vec<SourceFile>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            source_files(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).unwrap().with_extension("");
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
                path: path.clone(),
                module: parts.join("::"),
                text,
            });
        }
    }
}

/// The text with comments, string literals and character literals blanked out (each of their
/// characters but newlines becomes a space, so positions stay): doc examples name `feerie::`,
/// doc links name `super::` items without importing them, and a `'{'` would unbalance braces.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = chars.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let rest = |k: usize| chars.get(i + k).copied();
        match chars[i] {
            '/' if rest(1) == Some('/') => {
                let end = (i..chars.len())
                    .find(|&j| chars[j] == '\n')
                    .unwrap_or(chars.len());
                blank(&mut out, i, end);
                i = end;
            }
            '/' if rest(1) == Some('*') => {
                let mut depth = 0usize;
                let mut j = i;
                while j < chars.len() {
                    if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                        depth += 1;
                        j += 2;
                    } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            'r' if !ident_before(&chars, i) && matches!(rest(1), Some('"' | '#')) => {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                if chars.get(i + 1 + hashes) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let body = i + 2 + hashes;
                let tail: String = chars[body..].iter().collect();
                let end = tail
                    .find(&close)
                    .map(|b| body + tail[..b].chars().count() + close.len())
                    .unwrap_or(chars.len());
                blank(&mut out, i, end);
                i = end;
            }
            '"' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '"' {
                    j += if chars[j] == '\\' { 2 } else { 1 };
                }
                blank(&mut out, i, j + 1);
                i = j + 1;
            }
            '\'' => {
                // A character literal ('x', '\n', '\u{7f}'), not a lifetime ('a).
                let end = if rest(1) == Some('\\') {
                    (i + 2..chars.len()).find(|&j| chars[j] == '\'')
                } else if rest(2) == Some('\'') {
                    Some(i + 2)
                } else {
                    None
                };
                match end {
                    Some(end) => {
                        blank(&mut out, i, end + 1);
                        i = end + 1;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out.into_iter().collect()
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && ident_char(chars[i - 1])
}

/// The inline modules of a file's code (`mod tests { … }`): each one's name and the byte range
/// of its body.
fn inline_modules(code: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("mod ").map(|i| from + i) {
        from = i + 4;
        if code[..i].chars().last().is_some_and(ident_char) {
            continue;
        }
        let after = code[from..].trim_start();
        let name: String = after.chars().take_while(|&c| ident_char(c)).collect();
        let rest = after[name.len()..].trim_start();
        if name.is_empty() || !rest.starts_with('{') {
            continue; // `mod name;`: a file of its own
        }
        let open = code.len() - rest.len();
        let mut depth = 0usize;
        let close = code[open..]
            .char_indices()
            .find_map(|(k, c)| {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(open + k);
                        }
                    }
                    _ => {}
                }
                None
            })
            .unwrap_or(code.len());
        found.push((name, open..close));
    }
    found
}

/// Every path `code` names through `crate::`, `self::` or `super::`, as a path from the crate
/// root, use trees expanded (`super::a::{b, c::d}` in `x::y` gives `x::a::b` and `x::a::c::d`).
/// `module` is the module the file defines; `self` and `super` are read in the inline module
/// (`mod tests { use super::*; }`) they stand in.
fn module_paths(code: &str, module: &str) -> Vec<String> {
    let inline = inline_modules(code);
    let file_scope: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let keyword = ["crate::", "self::", "super::"]
            .into_iter()
            .find(|k| rest.starts_with(k));
        let preceded = i > 0 && (ident_char(bytes[i - 1] as char) || bytes[i - 1] == b':');
        let Some(keyword) = keyword.filter(|_| !preceded) else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let mut scope: Vec<&str> = file_scope.clone();
        if keyword != "crate::" {
            scope.extend(
                inline
                    .iter()
                    .filter(|(_, body)| body.contains(&i))
                    .map(|(name, _)| name.as_str()),
            );
        } else {
            scope.clear();
        }
        let mut tail = &rest[keyword.len()..];
        if keyword == "super::" {
            scope.pop();
            while let Some(t) = tail.strip_prefix("super::") {
                scope.pop();
                tail = t;
            }
        }
        let (tree, len) = use_tree(tail);
        let prefix: String = scope.iter().map(|s| format!("{s}::")).collect();
        expand(&prefix, tree, &mut paths);
        i += keyword.len() + len.max(1);
    }
    paths
}

/// Every path named after `crate::` in `text` (the paths of the crate root's own file).
fn crate_paths(text: &str) -> Vec<String> {
    module_paths(&code_only(text), "")
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
        let path = path.trim_end_matches("::").trim_end_matches("::self");
        out.push(path.to_string());
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
    graph_of(&root().join("src"))
}

/// The import graph of the crate whose root folder is `src`.
fn graph_of(src: &Path) -> Graph {
    let mut files = Vec::new();
    source_files(src, src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| f.module.clone()).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        for path in module_paths(&code_only(&file.text), &file.module) {
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
    let cycles = import_cycles(&graph());
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

/// The cycles among top-level modules first (a cycle among them is a cycle of files too, but
/// says more), then among files.
fn import_cycles(g: &Graph) -> Vec<String> {
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
    [cycles(&top_edges), cycles(&g.edges)].concat()
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

/// The most lines a source file may have: a file that grows past it holds more than one job.
const MAX_LINES: usize = 700;

#[test]
fn no_source_file_is_over_700_lines() {
    let mut long = Vec::new();
    for src in [root().join("src"), root().join("oracle/src")] {
        let mut files = Vec::new();
        source_files(&src, &src, &mut files);
        assert!(!files.is_empty(), "no source under {}", src.display());
        for file in files {
            let lines = file.text.lines().count();
            if lines > MAX_LINES {
                let path = file.path.strip_prefix(root()).unwrap_or(&file.path);
                long.push(format!("{} ({lines} lines)", path.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (split them by job):\n{}",
        long.join("\n")
    );
}

/// A crate of `files` (path below `src/`, text) in a temporary folder, and its import cycles.
fn cycles_of_planted(files: &[(&str, &str)]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let src = dir.path().join("src");
    for (path, text) in files {
        let path = src.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    import_cycles(&graph_of(&src))
}

#[test]
fn a_cycle_through_super_paths_is_found() {
    let lib = ("lib.rs", "pub mod a;\n");
    let parent = ("a/mod.rs", "mod b;\nmod c;\npub struct Shared;\n");
    // b names c in a use group, c names b inside code: a circle of two sibling files.
    let b = (
        "a/b.rs",
        "use super::{Shared, c::{helper, Other}};\npub fn walk() {}\n",
    );
    let c = (
        "a/c.rs",
        "pub struct Other;\npub fn helper() { super::b::walk(); }\n",
    );
    assert_eq!(cycles_of_planted(&[lib, parent, b, c]), ["a::b <-> a::c"]);
    // Through `self::` from the parent's file, and `super::super::` from a grandchild.
    let parent = ("a/mod.rs", "mod b;\nmod d;\npub use self::b::walk;\n");
    let b = (
        "a/b.rs",
        "pub fn walk() {}\npub fn run() { super::d::e::f(); }\n",
    );
    let d = ("a/d/mod.rs", "pub mod e;\n");
    let e = ("a/d/e.rs", "use super::super::b::walk;\npub fn f() {}\n");
    assert_eq!(
        cycles_of_planted(&[lib, parent, b, d, e]),
        ["a::b <-> a::d::e"]
    );
}

#[test]
fn what_is_not_an_import_makes_no_cycle() {
    let lib = ("lib.rs", "pub mod a;\n");
    let parent = ("a/mod.rs", "mod b;\nmod c;\n");
    // A unit test module's `super` is its own file; a doc link, a comment and a string are no
    // imports; a character literal brace does not hide the module's end.
    let b = (
        "a/b.rs",
        "use super::c::Other;\n/// See [`super::c`].\npub fn walk() -> char { '{' }\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n    // super::c::x\n    \
         const S: &str = \"super::c::y\";\n}\n",
    );
    let c = ("a/c.rs", "pub struct Other;\n/* super::b::walk */\n");
    assert!(cycles_of_planted(&[lib, parent, b, c]).is_empty());
}

#[test]
fn use_trees_are_expanded() {
    let paths = crate_paths("use crate::a::{b, c::{d, e}, f::G};\nlet x = crate::h::i(1);");
    assert_eq!(paths, ["a::b", "a::c::d", "a::c::e", "a::f::G", "h::i"]);
    let code = code_only("use super::{b, c::{self, d}};\nfn f() { self::g::h(); }");
    let paths = module_paths(&code, "x::y");
    assert_eq!(paths, ["x::b", "x::c", "x::c::d", "x::y::g::h"]);
}
