//! Machine-readable output (`--format json`): one JSON document per run, on standard output,
//! while the human text goes to standard error. This module holds the output format and the
//! writing of documents and JSON lines; the documents are the types of its parts, all
//! re-exported here: the shared parts (`common`), and one part per command's document
//! (`moves` for moves and perft, `check`, `dispute`, `compare`). Their fields are described in
//! `docs/book/src/guide/json.md`. The HTML report and `feerie merge` read the same types.

mod check;
mod common;
mod compare;
mod dispute;
mod moves;

pub use check::*;
pub use common::*;
pub use compare::*;
pub use dispute::*;
pub use moves::*;

use serde::Serialize;

use crate::report::junit::TestSuite;

/// Version of the documents' layout; a field removed or changed in meaning raises it.
pub const SCHEMA_VERSION: u32 = 1;

/// How a command writes its results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Text for people (the default).
    #[default]
    Text,
    /// One JSON document on standard output; the text goes to standard error.
    Json,
    /// JSON lines on standard output, one object per line: one per case as it finishes (on
    /// the commands that have cases), then the document as the last line; the text goes to
    /// standard error.
    Jsonl,
}

impl Format {
    /// True for JSON and JSON lines; also sends the command's text to standard error from now
    /// on, so that standard output holds the JSON alone, and under JSON lines makes
    /// [`print`](fn@print) write the document as one line.
    pub fn start(self) -> bool {
        if self != Format::Text {
            crate::output::text_to_stderr();
        }
        if self == Format::Jsonl {
            JSON_LINES.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        self != Format::Text
    }
}

/// Whether the output is JSON lines (see [`Format::start`]).
static JSON_LINES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True when the command writes JSON lines: [`line`](fn@line) writes, and [`print`](fn@print)
/// writes the document as the last line.
pub fn json_lines() -> bool {
    JSON_LINES.load(std::sync::atomic::Ordering::Relaxed)
}

/// Writes `document` as JSON on standard output: pretty, or under JSON lines as the last line
/// (`"line": "summary"` in front of the document's own fields).
pub fn print<T: Serialize>(document: &T) {
    if json_lines() {
        line("summary", document);
        return;
    }
    let text = serde_json::to_string_pretty(document).expect("documents serialise");
    crate::output::document(&text);
}

/// Under JSON lines, writes `object`'s fields on one line of standard output after `"line":
/// kind` (`case`, `summary`); otherwise nothing. Standard output is flushed, so that a reader
/// sees each line as the run goes.
///
/// ```
/// // Without `--format jsonl`, nothing is written.
/// feerie::report::json::line("case", &serde_json::json!({ "name": "problem 1" }));
/// ```
pub fn line<T: Serialize>(kind: &str, object: &T) {
    if !json_lines() {
        return;
    }
    crate::output::document(&line_text(kind, object));
}

/// `object` as one JSON line with `"line": kind` first.
///
/// ```
/// let text = feerie::report::json::line_text("case", &serde_json::json!({ "name": "problem 1" }));
/// assert_eq!(text, r#"{"line":"case","name":"problem 1"}"#);
/// ```
pub fn line_text<T: Serialize>(kind: &str, object: &T) -> String {
    let text = serde_json::to_string(object).expect("documents serialise");
    let kind = serde_json::to_string(kind).expect("text serialises");
    // The object's own field order is kept: `line` is put in front of its first field.
    match text.strip_prefix('{') {
        Some("}") => format!("{{\"line\":{kind}}}"),
        Some(rest) => format!("{{\"line\":{kind},{rest}"),
        None => format!("{{\"line\":{kind},\"value\":{text}}}"),
    }
}

/// Under JSON lines, one `case` line for each case of `suites` (a finished stage of `check`):
/// `{"line": "case", "command", "suite", "name", "seconds", "failure", "details"}`.
pub fn suite_lines(command: &str, suites: &[TestSuite]) {
    if !json_lines() {
        return;
    }
    for suite in suites {
        for case in SuiteJson::of(suite).cases {
            line(
                "case",
                &serde_json::json!({
                    "command": command,
                    "suite": suite.name,
                    "name": case.name,
                    "seconds": case.seconds,
                    "failure": case.failure,
                    "details": case.details,
                }),
            );
        }
    }
}
