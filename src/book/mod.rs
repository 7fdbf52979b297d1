//! The rules book's generated parts (`docs/book/src`): the disputes chapter, one section per
//! switch with its readings, the profiles' values, what Popeye does, a position where the
//! readings part drawn as a diagram and the moves found under one reading only; and in the
//! hand-written chapters, each example position (a scenario that `feerie check` runs) drawn
//! with its moves, between markers:
//!
//! ```text
//! <!-- scenario circe-clone/diagrams-a-b-knight-takes-rook -->
//! (generated: the diagram, the rules, the moves under each reading)
//! <!-- end scenario -->
//! ```
//!
//! Everything shown is computed by the reference engine from the scenario files, so the book
//! cannot drift from the code: [`stale`] names the pages that differ from what [`pages`]
//! makes, and `feerie book` writes them.

pub mod disputes;
pub mod error;
pub mod examples;
pub mod text;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use error::BookError;

use crate::scenario::{Scenario, load_file};

/// The book's source folder, under the repository's root.
pub const SOURCE: &str = "docs/book/src";
/// The scenarios folder, under the repository's root.
pub const SCENARIOS: &str = "scenarios";
/// The generated chapter of disputes, under [`SOURCE`].
pub const DISPUTES: &str = "disputes.md";

/// A page of the book as it should read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Its file, under the repository's root.
    pub path: PathBuf,
    /// Its whole text.
    pub text: String,
}

/// The opening of a marker: `<!-- scenario ID -->`, ID the scenario's file under
/// `scenarios/` without `.yaml`.
const OPEN: &str = "<!-- scenario ";
/// The closing of a marker.
const CLOSE: &str = "<!-- end scenario -->";

/// Every generated page of the book under `root` (the repository's root): the disputes
/// chapter, and each hand-written page that has markers, with its markers filled.
pub fn pages(root: &Path) -> Result<Vec<Page>, BookError> {
    let source = root.join(SOURCE);
    let mut out = vec![Page {
        path: source.join(DISPUTES),
        text: disputes::chapter(root)?,
    }];
    for path in markdown_under(&source)? {
        if path == source.join(DISPUTES) {
            continue;
        }
        let text = read(&path)?;
        if !text.contains(OPEN) {
            continue;
        }
        let filled = fill(root, &path, &text)?;
        out.push(Page { path, text: filled });
    }
    Ok(out)
}

/// The pages whose file differs from what [`pages`] makes (or is missing).
pub fn stale(root: &Path) -> Result<Vec<PathBuf>, BookError> {
    Ok(pages(root)?
        .into_iter()
        .filter(|p| std::fs::read_to_string(&p.path).ok().as_deref() != Some(p.text.as_str()))
        .map(|p| p.path)
        .collect())
}

/// Writes the pages that are stale; returns them.
pub fn write(root: &Path) -> Result<Vec<PathBuf>, BookError> {
    let mut written = Vec::new();
    for page in pages(root)? {
        if std::fs::read_to_string(&page.path).ok().as_deref() != Some(page.text.as_str()) {
            std::fs::write(&page.path, &page.text)
                .map_err(|e| BookError::Io(page.path.clone(), e))?;
            written.push(page.path);
        }
    }
    Ok(written)
}

/// The scenario IDs the markers of the book's pages name, with the page of each.
pub fn named_scenarios(root: &Path) -> Result<BTreeMap<String, PathBuf>, BookError> {
    let mut out = BTreeMap::new();
    for path in markdown_under(&root.join(SOURCE))? {
        let text = read(&path)?;
        for (id, _, _) in markers(&path, &text)? {
            out.insert(id, path.clone());
        }
    }
    Ok(out)
}

/// The scenario `id` (its file under `scenarios/` without `.yaml`).
pub fn scenario(root: &Path, id: &str) -> Result<Scenario, BookError> {
    load_file(&root.join(SCENARIOS).join(format!("{id}.yaml"))).map_err(BookError::Scenario)
}

/// `text` with each marker's region made again.
fn fill(root: &Path, page: &Path, text: &str) -> Result<String, BookError> {
    let mut out = String::new();
    let mut rest = 0;
    for (id, body_start, body_end) in markers(page, text)? {
        let scenario = scenario(root, &id)?;
        out.push_str(&text[rest..body_start]);
        out.push('\n');
        out.push_str(&examples::block(&id, &scenario)?);
        out.push('\n');
        rest = body_end;
    }
    out.push_str(&text[rest..]);
    Ok(out)
}

/// Each marker of `text`: the scenario's ID, where its generated region starts (after the
/// opening line) and where it ends (at the closing line).
fn markers(page: &Path, text: &str) -> Result<Vec<(String, usize, usize)>, BookError> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(OPEN).map(|i| from + i) {
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[at..line_end];
        let id = line
            .strip_prefix(OPEN)
            .and_then(|l| l.strip_suffix("-->"))
            .map(str::trim)
            .filter(|id| !id.is_empty() && !id.contains(' '))
            .ok_or_else(|| BookError::Marker {
                page: page.to_path_buf(),
                why: format!("'{line}' is not '<!-- scenario ID -->'"),
            })?;
        let close = text[line_end..]
            .find(CLOSE)
            .map(|i| line_end + i)
            .ok_or_else(|| BookError::Marker {
                page: page.to_path_buf(),
                why: format!("the marker of {id} is not closed by '{CLOSE}'"),
            })?;
        out.push((id.to_string(), line_end, close));
        from = close + CLOSE.len();
    }
    Ok(out)
}

/// The Markdown files under `dir`, sorted.
fn markdown_under(dir: &Path) -> Result<Vec<PathBuf>, BookError> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| BookError::Io(d.clone(), e))?;
        for entry in entries {
            let path = entry.map_err(|e| BookError::Io(d.clone(), e))?.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

fn read(path: &Path) -> Result<String, BookError> {
    std::fs::read_to_string(path).map_err(|e| BookError::Io(path.to_path_buf(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_found_and_checked() {
        let page = Path::new("p.md");
        let text = "a\n<!-- scenario x/y -->\nold\n<!-- end scenario -->\nb\n";
        let found = markers(page, text).unwrap();
        assert_eq!(found.len(), 1);
        let (id, start, end) = &found[0];
        assert_eq!(id, "x/y");
        assert_eq!(&text[*start..*end], "\nold\n");
        assert!(markers(page, "<!-- scenario x/y -->\nno end\n").is_err());
        assert!(markers(page, "<!-- scenario -->\n<!-- end scenario -->").is_err());
    }
}
