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
//! The list of rule events (`guide/events.md`) is made from their catalogue.
//!
//! Everything shown is computed by the reference engine from the scenario files, so the book
//! cannot drift from the code: [`stale`] names the pages that differ from what [`pages`]
//! makes, and `feerie book` writes them.

pub mod disputes;
pub mod error;
pub mod events;
pub mod examples;
pub mod metamorphic;
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
    let mut out = vec![
        Page {
            path: source.join(DISPUTES),
            text: disputes::chapter(root)?,
        },
        Page {
            path: source.join(events::PAGE),
            text: events::chapter(),
        },
        Page {
            path: source.join(metamorphic::PAGE),
            text: metamorphic::chapter(),
        },
    ];
    for path in markdown_under(&source)? {
        if path == source.join(DISPUTES)
            || path == source.join(events::PAGE)
            || path == source.join(metamorphic::PAGE)
        {
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
    let mut out = Vec::new();
    for page in pages(root)? {
        if current(&page.path)?.as_deref() != Some(page.text.as_str()) {
            out.push(page.path);
        }
    }
    Ok(out)
}

/// Writes the pages that are stale; returns them. Every page is made (and every marker
/// checked) before the first is written.
pub fn write(root: &Path) -> Result<Vec<PathBuf>, BookError> {
    let mut written = Vec::new();
    for page in pages(root)? {
        if current(&page.path)?.as_deref() != Some(page.text.as_str()) {
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
/// opening line) and where it ends (at the closing line). Markers must pair: an opening
/// before the previous one's end, an end with no opening or an opening never ended is an
/// error naming the page and the line, so that filling the page never swallows the
/// hand-written text up to some later end.
fn markers(page: &Path, text: &str) -> Result<Vec<(String, usize, usize)>, BookError> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let wrong = |at: usize, why: String| BookError::Marker {
        page: page.to_path_buf(),
        why: format!("line {}: {why}", line_of(at)),
    };
    let mut out = Vec::new();
    let mut from = 0;
    loop {
        let open = text[from..].find(OPEN).map(|i| from + i);
        let stray = text[from..].find(CLOSE).map(|i| from + i);
        if let Some(end) = stray
            && open.is_none_or(|at| end < at)
        {
            return Err(wrong(
                end,
                format!("'{CLOSE}' ends no marker (no '<!-- scenario ID -->' before it)"),
            ));
        }
        let Some(at) = open else {
            return Ok(out);
        };
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = &text[at..line_end];
        let id = line
            .strip_prefix(OPEN)
            .and_then(|l| l.strip_suffix("-->"))
            .map(str::trim)
            .filter(|id| !id.is_empty() && !id.contains(' '))
            .ok_or_else(|| wrong(at, format!("'{line}' is not '<!-- scenario ID -->'")))?;
        let close = text[line_end..].find(CLOSE).map(|i| line_end + i);
        let next = text[line_end..].find(OPEN).map(|i| line_end + i);
        let close = match (close, next) {
            (Some(close), next) if next.is_none_or(|n| close < n) => close,
            _ => {
                return Err(wrong(
                    at,
                    format!(
                        "the marker of {id} is not closed by '{CLOSE}' before {}: nothing written",
                        if next.is_some() {
                            "the next marker"
                        } else {
                            "the end of the page"
                        }
                    ),
                ));
            }
        };
        out.push((id.to_string(), line_end, close));
        from = close + CLOSE.len();
    }
}

/// The Markdown files under `dir`, sorted. Only folders and regular files are taken: a `.md`
/// that is a symbolic link, a FIFO or a device, or a folder that is a link, is an error (a
/// FIFO would block the command, a link to `/dev/zero` would be read without end, a link to
/// a folder above could loop).
fn markdown_under(dir: &Path) -> Result<Vec<PathBuf>, BookError> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| BookError::Io(d.clone(), e))?;
        for entry in entries {
            let entry = entry.map_err(|e| BookError::Io(d.clone(), e))?;
            let path = entry.path();
            let kind = entry
                .file_type()
                .map_err(|e| BookError::Io(path.clone(), e))?;
            let markdown = path.extension().is_some_and(|e| e == "md");
            if kind.is_dir() {
                todo.push(path);
            } else if kind.is_symlink() && (markdown || path.is_dir()) {
                return Err(BookError::NotAFile(path, "a symbolic link"));
            } else if markdown && !kind.is_file() {
                return Err(BookError::NotAFile(path, "a FIFO, socket or device"));
            } else if markdown {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// A page of the book: a regular file of at most [`MAX_PAGE_BYTES`], as UTF-8 text.
fn read(path: &Path) -> Result<String, BookError> {
    crate::limits::read_text(path, MAX_PAGE_BYTES)
        .map_err(|e| BookError::Read(path.to_path_buf(), e))
}

/// The largest page of the book read (bytes): its chapters are tens of kilobytes.
pub const MAX_PAGE_BYTES: u64 = crate::limits::MAX_INPUT_BYTES;

/// The page at `path` as it is now, `None` when it does not exist yet (the disputes chapter
/// of a new book); a page that cannot be read is an error, never taken for a missing one.
fn current(path: &Path) -> Result<Option<String>, BookError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(BookError::Io(path.to_path_buf(), e)),
        Ok(meta) if meta.file_type().is_symlink() => {
            Err(BookError::NotAFile(path.to_path_buf(), "a symbolic link"))
        }
        Ok(_) => read(path).map(Some),
    }
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
        // An end missing before the next marker, or an end without a marker, names the line.
        let unclosed = "a\n<!-- scenario x/y -->\nhand-written\n<!-- scenario x/z -->\nold\n<!-- end scenario -->\n";
        let e = markers(page, unclosed).unwrap_err().to_string();
        assert!(
            e.starts_with("p.md: line 2: the marker of x/y is not closed"),
            "{e}"
        );
        let stray = "a\n<!-- scenario x/y -->\n<!-- end scenario -->\nb\n<!-- end scenario -->\n";
        let e = markers(page, stray).unwrap_err().to_string();
        assert!(
            e.starts_with("p.md: line 5: '<!-- end scenario -->' ends no marker"),
            "{e}"
        );
    }
}
