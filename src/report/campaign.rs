//! `feerie popeye campaign`'s results: each stage's counts, findings and time as one JSON
//! document, one JUnit suite per stage, and the HTML report.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::error::ReportError;
use super::junit::{TestCase, TestSuite};
use super::markup::escape;

/// What one stage of a campaign did: the value each stage returns, which the document, the
/// JUnit file and the report render (and a later count, such as a tally of rule events, joins).
#[derive(Clone, Debug, Default, Serialize)]
pub struct StageReport {
    /// The stage: `scenarios`, `fuzz`, `fuzz-solve`, `verify`.
    pub name: String,
    /// Whether it ran (`verify` without files does not).
    pub ran: bool,
    /// Seconds from the campaign's start by which it had to end.
    pub deadline_seconds: f64,
    /// Seconds it took.
    pub seconds: f64,
    /// For the fuzz stages: the cases asked of each family (cases `0..count`), so that
    /// `popeye fuzz --seed S --fuzz COUNT` (or `fuzz-solve`) repeats them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Rounds run (the fuzz stages ask their cases in rounds while the time lasts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u64>,
    /// Cases compared with the binary's answer (agreeing or differing).
    pub compared: u64,
    /// Of those, cases that agree.
    pub agree: u64,
    /// Cases that differ.
    pub differ: u64,
    /// Cases not compared (not expressible for the binary, out of time, …).
    pub skipped: u64,
    /// Cases the binary refused or did not answer, and input errors.
    pub failed: u64,
    /// What it found, the first first.
    pub findings: Vec<Finding>,
    /// Errors that ended the stage early or kept part of it from running.
    pub errors: Vec<String>,
    /// Why it compared too little to pass, when it did: nothing at all, or fewer cases than
    /// asked (`--min-compared`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortfall: Option<String>,
    /// Lines that say what the counts mean (why a stage did not run, what was cut short).
    pub notes: Vec<String>,
    /// Its JUnit cases.
    #[serde(skip)]
    pub junit: Vec<TestCase>,
}

impl StageReport {
    /// A stage about to run, that must end `deadline_seconds` after the campaign's start.
    pub fn new(name: &str, deadline_seconds: f64) -> StageReport {
        StageReport {
            name: name.into(),
            ran: true,
            deadline_seconds,
            ..StageReport::default()
        }
    }

    /// Sets the shortfall when it ran and compared nothing: such a stage fails closed.
    pub fn fail_if_empty(&mut self) {
        if self.ran && self.compared == 0 && self.shortfall.is_none() {
            self.shortfall = Some(format!("the {} stage compared nothing", self.name));
        }
    }
}

/// One thing a stage found.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// One line: what differs, where.
    pub summary: String,
    /// Where its reproducer is (a file written, or the file that already shows it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reproducer: Option<PathBuf>,
    /// The difference in full.
    pub details: Vec<String>,
}

/// The document of `popeye campaign --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct CampaignDocument {
    /// `popeye campaign`.
    pub command: String,
    /// The layout's version.
    pub schema: u32,
    /// feerie's version.
    pub version: String,
    /// The binary compared.
    pub popeye: String,
    /// Its banner.
    pub popeye_version: String,
    /// The seed of the fuzz stages.
    pub seed: u64,
    /// The time budget, in seconds.
    pub budget_seconds: u64,
    /// The families of the fuzz stages.
    pub families: Vec<String>,
    /// `ok` or `failed`.
    pub verdict: String,
    /// The exit code.
    pub exit_code: i32,
    /// Why the run failed, when it did, one line each.
    pub failures: Vec<String>,
    /// Seconds in all.
    pub seconds: f64,
    /// The stages, in the order they ran.
    pub stages: Vec<StageReport>,
    /// The rule events of what the scenario and fuzz stages compared (`--coverage`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coverage: Option<crate::report::coverage::CoverageJson>,
}

/// One JUnit suite per stage (a stage that compared nothing has a failing case saying so).
pub fn junit_suites(stages: &[StageReport]) -> Vec<TestSuite> {
    stages
        .iter()
        .map(|s| {
            let mut cases = s.junit.clone();
            if !s.ran {
                cases.push(TestCase {
                    name: s.name.clone(),
                    skipped: Some(s.notes.join("; ")),
                    ..TestCase::default()
                });
            } else if let Some(why) = &s.shortfall {
                cases.push(TestCase {
                    name: format!("{}: enough compared", s.name),
                    seconds: s.seconds,
                    failure: Some((
                        why.clone(),
                        s.notes
                            .iter()
                            .chain(&s.errors)
                            .cloned()
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )),
                    ..TestCase::default()
                });
            }
            for e in &s.errors {
                cases.push(TestCase {
                    name: format!("{}: error", s.name),
                    failure: Some(("error".into(), e.clone())),
                    ..TestCase::default()
                });
            }
            TestSuite {
                name: format!("popeye campaign: {}", s.name),
                cases,
            }
        })
        .collect()
}

/// The HTML report: the verdict, a row per stage, and each finding in full.
pub fn html_report(doc: &CampaignDocument) -> String {
    let mut summary = vec![
        (
            "binary".to_string(),
            format!("{} ({})", doc.popeye, doc.popeye_version),
        ),
        ("seed".to_string(), doc.seed.to_string()),
        (
            "budget".to_string(),
            format!("{} s, {:.1} s taken", doc.budget_seconds, doc.seconds),
        ),
    ];
    for s in &doc.stages {
        summary.push((s.name.clone(), stage_line(s)));
    }
    let mut sections = Vec::new();
    for s in &doc.stages {
        for f in &s.findings {
            let mut html = format!(
                "<section>\n<h2>{}: {}</h2>\n",
                escape(&s.name),
                escape(&f.summary)
            );
            if let Some(path) = &f.reproducer {
                html += &format!(
                    "<p>reproducer: <code>{}</code></p>\n",
                    escape(&path.display().to_string())
                );
            }
            html += &format!("<pre>{}</pre>\n</section>\n", escape(&f.details.join("\n")));
            sections.push(html);
        }
    }
    let verdict = if doc.exit_code == 0 {
        "ok: every stage compared something and nothing differs".to_string()
    } else {
        format!("failed: {}", doc.failures.join("; "))
    };
    super::html::page(
        "feerie popeye campaign",
        (doc.exit_code == 0, &verdict),
        &summary,
        &sections,
    )
}

/// A stage's counts in one line.
pub fn stage_line(s: &StageReport) -> String {
    if !s.ran {
        return format!("not run: {}", s.notes.join("; "));
    }
    let count = match (s.count, s.rounds) {
        (Some(c), Some(r)) => format!(", {c} per family in {r} round(s)"),
        _ => String::new(),
    };
    format!(
        "{} compared ({} agree, {} differ), {} skipped, {} failed{count}; {:.1} s (to end by {:.0} s)",
        s.compared, s.agree, s.differ, s.skipped, s.failed, s.seconds, s.deadline_seconds
    )
}

/// Writes the JUnit file and the report when asked; each not written is said on stderr and
/// returned as a failure line.
pub fn write_outputs(
    doc: &CampaignDocument,
    junit: Option<&Path>,
    report: Option<&Path>,
    inputs: &[&Path],
) -> Vec<ReportError> {
    let mut unwritten = Vec::new();
    if let Some(path) = junit {
        let xml = super::junit::to_xml(&junit_suites(&doc.stages));
        unwritten.extend(super::target::write_file("--junit", path, xml.as_bytes(), inputs).err());
    }
    if let Some(path) = report {
        unwritten.extend(super::html::write(path, &html_report(doc), inputs).err());
    }
    unwritten
}
