//! `feerie popeye verify` for programs and people: each compared case as JSON (a line of its own
//! under `--format jsonl`, as it finishes), the document of the run (`--format json`), and the
//! HTML report (`--report`) with a diagram of every problem or twin where the solutions differ.

use serde::{Deserialize, Serialize};

use feerie_oracle::fen;

use super::json::RulesJson;
use crate::verify::problems::Case;
use crate::verify::{CaseReport, Outcome};

/// `feerie popeye verify --format json`, and what `feerie merge` writes from its shards.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VerifyDocument {
    /// `"popeye verify"`.
    pub command: String,
    /// [`super::json::SCHEMA_VERSION`].
    pub schema: u32,
    /// feerie's version.
    pub version: String,
    /// `"ok"` (no case differs, no input error, enough compared) or `"failed"`.
    pub verdict: String,
    /// The exit code: 0, 1 (a case differs, or too few were compared) or 2 (an input error).
    pub exit_code: i32,
    /// Why a run where no case differs failed all the same (too few cases compared), if so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortfall: Option<String>,
    /// The engine that solved.
    pub engine: String,
    /// The Popeye input, as given on the command line.
    pub input: String,
    /// Popeye's output compared with: its file as given, or `popeye run: BINARY`.
    pub output: String,
    /// A fingerprint of the input's text (16 hexadecimal digits): shards of one run have the
    /// same.
    pub input_fingerprint: String,
    /// `--problem N`, or `null` for every problem.
    pub problem: Option<usize>,
    /// The shard run, `K/N` (`1/1`: every case).
    pub shard: String,
    /// In a merged document: the shards merged, in order.
    #[serde(default)]
    pub merged: Vec<String>,
    /// The totals.
    pub counts: VerifyCounts,
    /// Each case compared, in the file's order.
    pub cases: Vec<VerifyCaseJson>,
    /// Seconds taken (a merged document: the longest shard's).
    pub seconds: f64,
}

/// The totals of a verification.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifyCounts {
    /// Cases (problems and twins) looked at.
    pub cases: usize,
    /// Cases with Popeye's solutions exactly.
    pub agree: usize,
    /// Cases where the solutions differ.
    pub differ: usize,
    /// Cases not compared (the reason is in each).
    pub skipped: usize,
    /// Cases with an input error Popeye reads past (the error is in each).
    #[serde(default)]
    pub errors: usize,
}

impl VerifyCounts {
    /// The counts of `cases`.
    pub fn of(cases: &[VerifyCaseJson]) -> VerifyCounts {
        let mut c = VerifyCounts {
            cases: cases.len(),
            ..Default::default()
        };
        for case in cases {
            match case.outcome.as_str() {
                "agree" => c.agree += 1,
                "differ" => c.differ += 1,
                "error" => c.errors += 1,
                _ => c.skipped += 1,
            }
        }
        c
    }
}

/// One problem or twin of a verification.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifyCaseJson {
    /// Its number among the cases of the run (from 0, in the file's order; shards keep the
    /// unsharded run's numbers).
    pub index: u64,
    /// `problem 3 b)`.
    pub name: String,
    /// The problem's number in the file (from 1).
    pub problem: usize,
    /// The twin's label (`b`), empty for a problem without twins.
    pub twin: String,
    /// The stipulation, when it was read.
    pub stipulation: Option<String>,
    /// The position (FEN; the side to move begins), when the case was read.
    pub fen: Option<String>,
    /// The rules, when the case was read.
    pub rules: Option<RulesJson>,
    /// `agree`, `differ`, `skipped` or `error` (an input error).
    pub outcome: String,
    /// For `agree`: how many solutions (keys in direct and self play).
    pub solutions: Option<usize>,
    /// For `differ`: Popeye's solutions that we do not find, as printed.
    pub only_popeye: Vec<String>,
    /// For `differ`: our solutions that Popeye does not print.
    pub only_ours: Vec<String>,
    /// For `skipped`: why, whole (the text output shortens it to a line); for `error`, the
    /// input error.
    pub reason: Option<String>,
}

impl VerifyCaseJson {
    /// The description of case number `index` and its comparison.
    pub fn new(index: u64, case: &Case, report: &CaseReport) -> VerifyCaseJson {
        let setup = case.setup.as_ref().ok();
        let mut out = VerifyCaseJson {
            index,
            name: report.name.clone(),
            problem: case.problem,
            twin: case.label.clone(),
            stipulation: report.stipulation.map(|s| s.to_string()),
            fen: setup.map(|(position, _, _)| fen::write(position.setup())),
            rules: setup.map(|(_, rules, _)| RulesJson::of(rules)),
            ..Default::default()
        };
        match &report.outcome {
            Outcome::Agree(n) => {
                out.outcome = "agree".into();
                out.solutions = Some(*n);
            }
            Outcome::Differ { missing, extra } => {
                out.outcome = "differ".into();
                out.only_popeye = missing.iter().map(|l| l.trim().to_string()).collect();
                out.only_ours = extra.iter().map(|l| l.trim().to_string()).collect();
            }
            Outcome::Skipped(why) => {
                out.outcome = "skipped".into();
                out.reason = Some(why.clone());
            }
            Outcome::InputError(why) => {
                out.outcome = "error".into();
                out.reason = Some(why.clone());
            }
            Outcome::BothRefuse(why) => {
                out.outcome = "agree".into();
                out.solutions = Some(0);
                out.reason = Some(format!("both refuse it: {why}"));
            }
        }
        out
    }
}

/// The exit code of a verification with these counts: 1 when a case differs, else 2 when a
/// case has an input error, else 0.
pub fn exit_code(counts: &VerifyCounts) -> i32 {
    if counts.differ > 0 {
        1
    } else if counts.errors > 0 {
        2
    } else {
        0
    }
}

/// The verdict word of an exit code.
pub fn verdict(code: i32) -> &'static str {
    if code == 0 { "ok" } else { "failed" }
}

/// The JUnit suite of a verification of `input`: a test case per problem or twin, failed when
/// it differs or has an input error, skipped (with the reason) when skipped.
///
/// ```
/// use feerie::report::verify::{junit_suite, VerifyCaseJson};
/// let case = |name: &str, outcome: &str| VerifyCaseJson {
///     name: name.into(), outcome: outcome.into(), reason: Some("why".into()),
///     ..VerifyCaseJson::default()
/// };
/// let suite = junit_suite("a.inp", &[case("problem 1", "agree"), case("problem 2", "skipped"),
///     case("problem 3", "differ"), case("problem 4", "error")]);
/// assert_eq!(suite.name, "popeye verify a.inp");
/// assert!(suite.cases[0].failure.is_none() && suite.cases[0].skipped.is_none());
/// assert_eq!(suite.cases[1].skipped.as_deref(), Some("why"));
/// assert!(suite.cases[2].failure.is_some() && suite.cases[3].failure.is_some());
/// ```
pub fn junit_suite(input: &str, cases: &[VerifyCaseJson]) -> crate::report::junit::TestSuite {
    use crate::report::junit::{TestCase, TestSuite};
    let case = |c: &VerifyCaseJson| {
        let reason = c.reason.clone().unwrap_or_default();
        let mut out = TestCase {
            name: c.name.clone(),
            ..TestCase::default()
        };
        match c.outcome.as_str() {
            "differ" => {
                let lines: Vec<String> = c
                    .only_popeye
                    .iter()
                    .map(|l| format!("only Popeye: {l}"))
                    .chain(c.only_ours.iter().map(|l| format!("only ours: {l}")))
                    .collect();
                out.failure = Some(("differ".to_string(), lines.join("\n")));
            }
            "error" => out.failure = Some(("input error".to_string(), reason)),
            "skipped" => out.skipped = Some(reason),
            _ => {}
        }
        out
    };
    TestSuite {
        name: format!("popeye verify {input}"),
        cases: cases.iter().map(case).collect(),
    }
}
