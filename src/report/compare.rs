//! `feerie popeye compare` with `--format json` or `--report`: every case judged, one line of
//! text each (on stderr under `--format json`), then the document and the HTML report.

use std::path::PathBuf;

use crate::outln;
use crate::shard::Shard;
use crate::verify::compare::{Case, CompareOptions, Tally, Verdict, judge};

use super::error::ReportError;
use super::json::{CompareCaseJson, CompareDocument, SCHEMA_VERSION, print, tally_map};

/// Where the results of a comparison go besides the text.
#[derive(Clone, Debug, Default)]
pub struct Output {
    /// Print one JSON document on standard output.
    pub json: bool,
    /// Write the HTML report here.
    pub report: Option<PathBuf>,
    /// Write the cases as JUnit XML here (one case per scenario; a real difference, a
    /// failure or a refusal of our input fails it).
    pub junit: Option<PathBuf>,
    /// The files the command reads (a Popeye input, the scenarios), which neither the report
    /// nor the JUnit file may replace.
    pub inputs: Vec<PathBuf>,
}

/// Judges every case, saying each verdict in one line as it comes (and under `--format
/// jsonl` writing its JSON line).
pub fn judge_all<'c>(cases: &'c [Case], options: &CompareOptions) -> Vec<(&'c Case, Verdict)> {
    cases
        .iter()
        .map(|case| {
            let verdict = judge(case, options);
            let json = CompareCaseJson::new(case, &verdict);
            super::json::line("case", &json);
            outln!("{} {}", json.verdict, case.name);
            for line in &json.lines {
                outln!("  {line}");
            }
            if let Some(reason) = &json.reason {
                outln!("  {reason}");
            }
            (case, verdict)
        })
        .collect()
}

impl Output {
    /// Whether a document or a report is asked for.
    pub fn wanted(&self) -> bool {
        self.json || self.report.is_some() || self.junit.is_some()
    }

    /// The table, the document and the report of judged cases; returns the exit code (a
    /// report or JUnit file that cannot be written is said on stderr and makes it 2, unless a
    /// case differs).
    pub fn finish(
        &self,
        judged: &[(&Case, Verdict)],
        options: &CompareOptions,
        shard: Shard,
    ) -> Result<i32, ReportError> {
        let mut tally = Tally::default();
        for (_, verdict) in judged {
            tally.add(verdict);
        }
        crate::out!("{}", tally.table());
        let mut document = CompareDocument {
            command: "popeye compare".into(),
            schema: SCHEMA_VERSION,
            popeye: options.binary.display().to_string(),
            engine: options.engine.name().into(),
            shard: shard.to_string(),
            merged: Vec::new(),
            cases: judged
                .iter()
                .map(|(case, verdict)| CompareCaseJson::new(case, verdict))
                .collect(),
            tally: tally_map(&tally),
            exit_code: tally.exit_code(),
        };
        let inputs: Vec<&std::path::Path> = self.inputs.iter().map(PathBuf::as_path).collect();
        let mut unwritten = Vec::new();
        if let Some(path) = &self.junit {
            let xml = crate::report::junit::to_xml(&[junit_suite(judged)]);
            unwritten
                .extend(super::target::write_file("--junit", path, xml.as_bytes(), &inputs).err());
        }
        if let Some(path) = &self.report {
            let html = super::html::compare_report(&document);
            unwritten.extend(super::html::write(path, &html, &inputs).err());
        }
        // A file not written is said; a real difference still wins (exit 1).
        for e in &unwritten {
            eprintln!("error: {}", crate::limits::error_line(&e.to_string()));
            if document.exit_code == 0 {
                document.exit_code = 2;
            }
        }
        if self.json {
            print(&document);
        }
        Ok(document.exit_code)
    }
}

/// The judged cases as one JUnit suite.
fn junit_suite(judged: &[(&Case, Verdict)]) -> crate::report::junit::TestSuite {
    use crate::report::junit::{TestCase, TestSuite};
    TestSuite {
        name: "popeye compare".into(),
        cases: judged
            .iter()
            .map(|(case, verdict)| {
                let json = CompareCaseJson::new(case, verdict);
                let fails = matches!(verdict, Verdict::Differ { .. } | Verdict::Failed(_))
                    || verdict.is_input_error();
                let details = [
                    json.lines.join("\n"),
                    json.reason.clone().unwrap_or_default(),
                ]
                .join("\n");
                TestCase {
                    name: format!("{} under {}", case.name, case.rules),
                    seconds: 0.0,
                    failure: fails.then(|| (json.verdict.clone(), details.trim().to_string())),
                    skipped: None,
                }
            })
            .collect(),
    }
}
