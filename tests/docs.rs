//! The README and the book hold together: the README stays a front page (under 200 lines; the
//! user guide lives in `docs/book/src/guide/`), and every relative link to a `.md` file, in the
//! README or in the book's sources, names a file that exists. This stands in for `mdbook build`
//! where mdBook is not installed.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README is the front page: what feerie is for, how to set it up, a short tour and where
/// the book is. Anything longer belongs in the guide.
#[test]
fn readme_stays_under_200_lines() {
    let text = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = text.lines().count();
    assert!(
        lines < 200,
        "README.md has {lines} lines; it is the front page, keep it under 200 and move the rest \
         into the guide (docs/book/src/guide/)"
    );
}

/// Every `.md` file under `dir`, recursively, in path order.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
}

/// The targets of the inline links `[text](target)` of a Markdown text, with their line
/// numbers, outside fenced code blocks. A title (`[a](b.md "title")`) and angle brackets are
/// taken away.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    let mut in_fence = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            targets.push((index + 1, target.to_string()));
            rest = &after[end..];
        }
    }
    targets
}

/// The relative `.md` links of a file that point at no file: `file:line: target` each.
/// Web links (`http://`, `https://`, `mailto:`) and links to an anchor of the same page
/// (`#…`) are not files; an anchor after a file name is left off.
fn broken_links(file: &Path, text: &str) -> Vec<String> {
    let folder = file.parent().expect("a file's folder");
    let mut broken = Vec::new();
    for (line, target) in link_targets(text) {
        if target.is_empty()
            || target.starts_with('#')
            || target.starts_with("http://")
            || target.starts_with("https://")
            || target.starts_with("mailto:")
        {
            continue;
        }
        let path = target.split('#').next().unwrap_or("");
        if !path.ends_with(".md") {
            continue;
        }
        if !folder.join(path).is_file() {
            let shown = file.strip_prefix(root()).unwrap_or(file);
            broken.push(format!("{}:{line}: {target}", shown.display()));
        }
    }
    broken
}

#[test]
fn relative_markdown_links_name_files_that_exist() {
    let book = root().join("docs/book/src");
    let mut files = vec![root().join("README.md")];
    markdown_files(&book, &mut files);
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("guide/getting-started.md")),
        "no docs/book/src/guide/getting-started.md among {files:?}"
    );
    let mut broken = Vec::new();
    let mut links = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        links += link_targets(&text).len();
        broken.extend(broken_links(file, &text));
    }
    assert!(links > 0, "no links found in {files:?}");
    assert!(
        broken.is_empty(),
        "links to files that do not exist:\n{}",
        broken.join("\n")
    );
}

/// The link reader itself, on the forms the book uses.
#[test]
fn links_are_read_with_their_anchors_titles_and_fences() {
    let text = "See [a](a.md), [b](guide/b.md#part \"title\") and [c](<c.md>).\n\
                [web](https://example.org/x.md) [here](#anchor)\n\
                ```text\n[not a link](inside-a-fence.md)\n```\n";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        targets,
        [
            "a.md",
            "guide/b.md#part",
            "c.md",
            "https://example.org/x.md",
            "#anchor"
        ]
    );
    let broken = broken_links(&root().join("docs/book/src/guide/getting-started.md"), text);
    assert_eq!(broken.len(), 3, "{broken:?}");
    assert!(
        broken
            .iter()
            .all(|b| !b.contains("example.org") && !b.contains("#anchor"))
    );
}
