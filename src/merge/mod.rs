//! `feerie merge`: the JSON documents of the shards of one run (`--shard K/N` with the same
//! seed and flags) joined into the document of the whole run, which can also be written as
//! JUnit XML and as the HTML report. It joins the shards of `feerie check`, of `feerie popeye
//! verify` and of `feerie popeye compare --scenarios`, each with its own kind. The merge
//! refuses documents of different commands or runs, a shard given twice and a missing shard,
//! so that a merged report always covers the whole run. A JSON-lines file (`--format jsonl`)
//! counts by its last line, the document.
//!
//! This module reads the files, joins them ([`merge_documents`]) and writes the results
//! ([`run`]); the documents are read in `document`, each command's shards are joined in its own
//! module (`check`, `verify`, `compare`), and `error` holds [`MergeError`].

mod check;
mod compare;
mod document;
mod error;
mod verify;

pub use check::{check_exit_code, merge};
pub use compare::merge_compare;
pub use document::Document;
pub use error::MergeError;
pub use verify::merge_verify;

use std::path::{Path, PathBuf};

use crate::report::error::ReportError;
use crate::report::json::SuiteJson;

/// Joins the documents of the shards of one run, of any command `feerie merge` knows; they
/// must all be of one command.
pub fn merge_documents(docs: Vec<Document>) -> Result<Document, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    let command = first.command().to_string();
    if let Some(d) = docs.iter().find(|d| d.command() != command) {
        return Err(MergeError::Kinds {
            first: command,
            other: d.command().to_string(),
        });
    }
    let mut checks = Vec::new();
    let mut verifies = Vec::new();
    let mut compares = Vec::new();
    for d in docs {
        match d {
            Document::Check(d) => checks.push(d),
            Document::Verify(d) => verifies.push(d),
            Document::Compare(d) => compares.push(d),
        }
    }
    if !checks.is_empty() {
        merge(checks).map(Document::Check)
    } else if !verifies.is_empty() {
        merge_verify(verifies).map(Document::Verify)
    } else {
        merge_compare(compares).map(Document::Compare)
    }
}

/// The JUnit suites of a merged document: `check`'s stages, or one case per problem or twin of
/// `popeye verify` (failed when it differs or has an input error, skipped when skipped).
fn junit_suites(doc: &Document) -> Result<Vec<crate::report::junit::TestSuite>, MergeError> {
    match doc {
        Document::Check(d) => Ok(d.suites.iter().map(SuiteJson::to_junit).collect()),
        Document::Verify(d) => Ok(vec![crate::report::verify::junit_suite(&d.input, &d.cases)]),
        Document::Compare(d) => Err(MergeError::NoJunit(d.command.clone())),
    }
}

/// The largest shard document `feerie merge` reads (bytes). The documents of real runs are
/// kilobytes to a few megabytes; reading one takes about ten times its size in memory, so a
/// larger file is refused before it is read.
pub const MAX_SHARD_BYTES: u64 = 32 << 20;

/// `feerie merge`: reads `files`, merges them, writes the merged document (to `output` or
/// standard output), and the JUnit file and HTML report when asked; returns the merged run's
/// exit code. The JUnit and report paths are checked before anything is read (see
/// [`crate::report::target`]: none may be an input, a link, a device); a file that cannot be
/// written at the end is said on stderr, and the exit code is 2 unless the run differs (1).
pub fn run(
    files: &[PathBuf],
    output: Option<&Path>,
    junit: Option<&Path>,
    report: Option<&Path>,
) -> Result<i32, MergeError> {
    use crate::report::target;
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let outputs: Vec<(&'static str, &Path)> =
        [("-o", output), ("--junit", junit), ("--report", report)]
            .into_iter()
            .filter_map(|(flag, path)| path.map(|p| (flag, p)))
            .collect();
    target::check_outputs(&outputs, &inputs).map_err(MergeError::Write)?;
    if let Some(path) = report {
        target::check_writable("--report", path, &inputs).map_err(MergeError::Write)?;
    }
    if let Some(path) = junit {
        target::check_writable("--junit", path, &inputs).map_err(MergeError::Write)?;
    }
    if let Some(path) = output {
        // `-o` may be a device or a pipe (`-o /dev/stdout`), but never an input, a folder or a
        // file in a folder that does not exist.
        if let Err(e) = target::check_target("-o", path, &inputs)
            && !matches!(e, ReportError::NotAFile { .. })
        {
            return Err(MergeError::Write(e));
        }
    }
    let mut docs = Vec::new();
    for path in files {
        let text =
            crate::limits::read_text(path, MAX_SHARD_BYTES).map_err(|error| MergeError::Read {
                path: path.clone(),
                error,
            })?;
        docs.push(Document::read(path, &text)?);
    }
    let whole = merge_documents(docs)?;
    let mut code = whole.exit_code();
    // A file not written is said at once; a difference found still wins (exit 1), and the
    // summary, which would read as a success, is not printed.
    let mut written = true;
    let mut failed = |e: ReportError| {
        eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
        written = false;
        if code != 1 {
            code = 2;
        }
    };
    if let Some(path) = junit {
        let suites = junit_suites(&whole)?;
        let xml = crate::report::junit::to_xml(&suites);
        if let Err(e) = target::write_file("--junit", path, xml.as_bytes(), &inputs) {
            failed(e);
        }
    }
    let (text, html, line) = match &whole {
        Document::Check(d) => (
            serde_json::to_string_pretty(d),
            crate::report::html::check_report(d),
            format!(
                "{} positions compared, {} divergence(s): {}",
                d.counts.compared, d.counts.divergences, d.verdict
            ),
        ),
        Document::Verify(d) => (
            serde_json::to_string_pretty(d),
            crate::report::html::verify_report(d),
            format!(
                "{} cases, {} agree, {} differ, {} skipped: {}",
                d.counts.cases, d.counts.agree, d.counts.differ, d.counts.skipped, d.verdict
            ),
        ),
        Document::Compare(d) => (
            serde_json::to_string_pretty(d),
            crate::report::html::compare_report(d),
            format!(
                "{} cases: {}",
                d.cases.len(),
                if d.exit_code == 0 { "ok" } else { "failed" }
            ),
        ),
    };
    let text = text.expect("documents serialise");
    if let Some(path) = report
        && let Err(e) = crate::report::html::write(path, &html, &inputs)
    {
        failed(e);
    }
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text + "\n") {
                failed(ReportError::write("-o", path, e));
            }
        }
        None => crate::output::document(&text),
    }
    if !written {
        return Ok(code);
    }
    eprintln!(
        "merge: {} shard(s) of `{}`, {line}",
        whole.shard().1.len(),
        whole.command()
    );
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::json::{CompareCaseJson, CompareDocument};
    use crate::report::verify::VerifyDocument;
    use crate::shard::Shard;

    /// Shard `k`/`n` of a comparison of `total` scenarios named `s0`, `s1`, …
    fn compare_shard(k: u64, n: u64, total: u64) -> CompareDocument {
        let shard = Shard::new(k, n).unwrap();
        CompareDocument {
            command: "popeye compare".into(),
            shard: shard.to_string(),
            cases: (0..total)
                .filter(|&i| shard.takes(i))
                .map(|i| CompareCaseJson {
                    name: format!("s{i}"),
                    verdict: "agree".into(),
                    ..Default::default()
                })
                .collect(),
            tally: [("agree".to_string(), shard.size(total) as usize)].into(),
            ..Default::default()
        }
    }

    #[test]
    fn compare_shards_merge_back_into_the_scenarios_order() {
        let docs = vec![
            compare_shard(3, 3, 7),
            compare_shard(1, 3, 7),
            compare_shard(2, 3, 7),
        ];
        let whole = merge_compare(docs).unwrap();
        let names: Vec<&str> = whole.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["s0", "s1", "s2", "s3", "s4", "s5", "s6"]);
        assert_eq!(whole.tally["agree"], 7);
        assert_eq!(whole.merged, ["1/3", "2/3", "3/3"]);
        assert_eq!(whole.shard, "1/1");
    }

    #[test]
    fn a_shard_that_agrees_but_lists_a_difference_fails_the_merge() {
        let mut edited = compare_shard(1, 2, 4);
        edited.cases[0].verdict = "differ".into();
        let whole = merge_compare(vec![edited, compare_shard(2, 2, 4)]).unwrap();
        assert_eq!(whole.exit_code, 1);
    }

    #[test]
    fn documents_of_two_commands_are_refused() {
        let verify = Document::Verify(VerifyDocument {
            command: "popeye verify".into(),
            shard: "1/2".into(),
            ..Default::default()
        });
        let compare = Document::Compare(compare_shard(2, 2, 3));
        let e = merge_documents(vec![verify, compare]).unwrap_err();
        assert!(
            matches!(&e, MergeError::Kinds { first, other } if first == "popeye verify" && other == "popeye compare"),
            "{e:?}"
        );
        assert!(matches!(
            merge_documents(Vec::new()).unwrap_err(),
            MergeError::Nothing
        ));
    }

    #[test]
    fn a_merged_document_is_not_merged_again() {
        let mut merged = compare_shard(1, 1, 2);
        merged.merged = vec!["1/2".into(), "2/2".into()];
        assert!(matches!(
            merge_compare(vec![merged]).unwrap_err(),
            MergeError::AlreadyMerged
        ));
    }
}
