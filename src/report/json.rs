//! Machine-readable output (`--format json`): one JSON document per run, on standard output,
//! while the human text goes to standard error. The documents are the types below; their
//! fields are described in `docs/json.md`. The HTML report and `feerie merge` read the same
//! types.

use std::collections::BTreeMap;

use feerie_oracle::{Engine, MoveRecord, Position, Rules, fen, popeye_move};
use serde::{Deserialize, Serialize};

use crate::harness::Written;
use crate::harness::compare::{Difference, Divergence};
use crate::harness::dispute::{Dispute, Reading};
use crate::harness::junit::TestSuite;

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
    /// on, so that standard output holds the JSON alone, and under JSON lines makes [`print()`]
    /// write the document as one line.
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

/// True when the command writes JSON lines: [`line()`] writes, and [`print()`] writes the document
/// as the last line.
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

/// The rules as a document gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesJson {
    /// The rules as the text output writes them (`circe profile=popeye rex=inclusive`).
    pub text: String,
    /// The conditions' slugs (empty for orthodox chess).
    pub conditions: Vec<String>,
    /// The profile.
    pub profile: String,
    /// Every switch with the value in force.
    pub switches: BTreeMap<String, String>,
}

impl RulesJson {
    /// The rules' description.
    ///
    /// ```
    /// use feerie::oracle::Rules;
    /// let rules = Rules::from_words(&["circe"], Some("popeye"), &["rex=inclusive"]).unwrap();
    /// let json = feerie::report::json::RulesJson::of(&rules);
    /// assert_eq!(json.conditions, ["circe"]);
    /// assert_eq!(json.switches["rex"], "inclusive");
    /// ```
    pub fn of(rules: &Rules) -> RulesJson {
        RulesJson {
            text: rules.to_string(),
            conditions: rules.conditions().map(|c| c.slug().to_string()).collect(),
            profile: rules.profile().name().to_string(),
            switches: rules
                .resolved()
                .into_iter()
                .map(|(s, v)| (s.key().to_string(), v))
                .collect(),
        }
    }
}

/// One legal move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// Popeye notation without the check mark.
    pub notation: String,
    /// `""`, `"+"` (check) or `"#"` (mate).
    pub mark: String,
}

impl MoveJson {
    /// The move's notation and mark.
    pub fn of(record: &MoveRecord) -> MoveJson {
        MoveJson {
            notation: record.notation_without_check(),
            mark: record.check.suffix().trim().to_string(),
        }
    }
}

/// `feerie moves --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MovesDocument {
    /// `"moves"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// The engine.
    pub engine: String,
    /// The legal moves, in the engine's order.
    pub moves: Vec<MoveJson>,
}

impl MovesDocument {
    /// The document of a move list.
    pub fn new(
        position: &Position,
        rules: &Rules,
        engine: &dyn Engine,
        moves: &[MoveRecord],
    ) -> Self {
        MovesDocument {
            command: "moves".into(),
            schema: SCHEMA_VERSION,
            fen: fen::write(position.setup()),
            rules: RulesJson::of(rules),
            engine: engine.name().into(),
            moves: moves.iter().map(MoveJson::of).collect(),
        }
    }
}

/// `feerie perft --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PerftDocument {
    /// `"perft"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// The engine.
    pub engine: String,
    /// Half-moves.
    pub depth: u32,
    /// The number of sequences.
    pub nodes: u64,
    /// With `--divide`: each root move (without check mark) and its count; otherwise empty.
    pub divide: Vec<DivideJson>,
}

/// One root move's count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivideJson {
    /// The move, Popeye notation without check mark.
    #[serde(rename = "move")]
    pub mv: String,
    /// Sequences below it.
    pub nodes: u64,
}

/// `feerie perft --format json`: the count and, with `divide`, the count of each root move,
/// over `threads` threads.
pub fn perft_document(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<PerftDocument, crate::error::Error> {
    let counts = crate::perft_run::root_counts(engine, position, rules, depth, threads)?;
    let nodes = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    Ok(PerftDocument {
        command: "perft".into(),
        schema: SCHEMA_VERSION,
        fen: fen::write(position.setup()),
        rules: RulesJson::of(rules),
        engine: engine.name().into(),
        depth,
        nodes,
        divide: if divide {
            counts
                .into_iter()
                .map(|(mv, nodes)| DivideJson { mv, nodes })
                .collect()
        } else {
            Vec::new()
        },
    })
}

/// A divergence between two sides (two engines, or one engine and Popeye), as reports show it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DivergenceJson {
    /// Where it was found (`fuzz circe/documented, case 12`, a scenario's file and name).
    pub origin: String,
    /// `moves`, `after`, `perft` or `failed`.
    pub kind: String,
    /// The two sides' names: the specification first.
    pub sides: [String; 2],
    /// The rules (the first side's, when the two differ).
    pub rules: RulesJson,
    /// Where the comparison started (FEN).
    pub root: String,
    /// Moves from the root to the node, Popeye notation.
    pub path: Vec<String>,
    /// The node where the sides differ (FEN).
    pub node: String,
    /// Half-moves still compared at the node.
    pub depth: u32,
    /// For `after`: the move after which the positions differ.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Each side's answer: its moves (with ` +`/` #`) for `moves`, the position after the move
    /// for `after`, its error or `ok` for `failed`, the counts for `perft`.
    pub answers: [Vec<String>; 2],
    /// For `moves`: the moves only the first side gives, and only the second.
    pub only: [Vec<String>; 2],
    /// The reproducer's path, when one was written (or was already there).
    pub reproducer: Option<String>,
    /// The report as the text output prints it.
    pub text: String,
}

impl DivergenceJson {
    /// The description of a shrunk divergence between sides labelled `labels` under `rules`.
    pub fn new(
        origin: String,
        d: &Divergence,
        labels: [&str; 2],
        rules: &Rules,
        reproducer: Option<&Written>,
        text: String,
    ) -> DivergenceJson {
        let mut out = DivergenceJson {
            origin,
            kind: d.difference.kind().into(),
            sides: labels.map(str::to_string),
            rules: RulesJson::of(rules),
            root: fen::write(d.root.setup()),
            path: d.path.iter().map(|m| m.to_string()).collect(),
            node: fen::write(d.node.setup()),
            depth: d.depth,
            reproducer: reproducer.map(|w| match w {
                Written::New(p) => p.display().to_string(),
                Written::AlreadyThere(p) => p.display().to_string(),
            }),
            text,
            ..Default::default()
        };
        match &d.difference {
            Difference::Moves { a, b } => {
                out.only = [
                    a.iter().filter(|m| !b.contains(m)).cloned().collect(),
                    b.iter().filter(|m| !a.contains(m)).cloned().collect(),
                ];
                out.answers = [a.clone(), b.clone()];
            }
            Difference::After { mv, a, b } => {
                out.mv = Some(mv.clone());
                out.answers = [vec![a.clone()], vec![b.clone()]];
            }
            Difference::Perft {
                side,
                depth,
                walked,
                counted,
            } => {
                out.answers = [
                    vec![format!(
                        "{side}: its move lists give {walked} at depth {depth}"
                    )],
                    vec![format!("{side}: its perft counts {counted}")],
                ];
            }
            Difference::Failed { a, b } => out.answers = [vec![a.clone()], vec![b.clone()]],
        }
        out
    }
}

/// One fuzz family's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BucketJson {
    /// `family/profile`.
    pub name: String,
    /// Positions compared.
    pub positions: u64,
    /// Nodes compared.
    pub nodes: u64,
    /// Positions with a divergence.
    pub divergences: u64,
    /// XOR of the fingerprints of the positions compared, 16 hexadecimal digits: the shards
    /// of a run XOR to the unsharded run's.
    pub digest: String,
}

/// A JUnit-like suite: a stage of `check`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SuiteJson {
    /// The stage (`perft (reference)`, `fuzz`, …).
    pub name: String,
    /// Its cases.
    pub cases: Vec<CaseJson>,
}

/// One case of a suite.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CaseJson {
    /// Its name.
    pub name: String,
    /// Seconds taken.
    pub seconds: f64,
    /// When it failed: a one-line message.
    pub failure: Option<String>,
    /// When it failed: the details.
    pub details: Option<String>,
}

impl SuiteJson {
    /// The suite of a JUnit suite.
    pub fn of(suite: &TestSuite) -> SuiteJson {
        SuiteJson {
            name: suite.name.clone(),
            cases: suite
                .cases
                .iter()
                .map(|c| CaseJson {
                    name: c.name.clone(),
                    seconds: c.seconds,
                    failure: c.failure.as_ref().map(|f| f.0.clone()),
                    details: c.failure.as_ref().map(|f| f.1.clone()),
                })
                .collect(),
        }
    }

    /// Back to a JUnit suite.
    pub fn to_junit(&self) -> TestSuite {
        TestSuite {
            name: self.name.clone(),
            cases: self
                .cases
                .iter()
                .map(|c| crate::harness::junit::TestCase {
                    name: c.name.clone(),
                    seconds: c.seconds,
                    failure: c
                        .failure
                        .clone()
                        .map(|m| (m, c.details.clone().unwrap_or_default())),
                })
                .collect(),
        }
    }
}

/// The totals of a check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckCounts {
    /// Perft positions checked (per engine).
    pub perft_positions: u64,
    /// Scenarios read.
    pub scenarios: u64,
    /// Malformed scenario files.
    pub malformed: u64,
    /// Positions the two engines were compared on (scenario positions and fuzzed ones).
    pub compared: u64,
    /// Positions with a divergence.
    pub divergences: u64,
}

/// `feerie check --format json`, and what `feerie merge` writes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CheckDocument {
    /// `"check"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// feerie's version.
    pub version: String,
    /// `"ok"` or `"failed"`.
    pub verdict: String,
    /// The exit code (0, 1 or 2).
    pub exit_code: i32,
    /// The engines, the specification first.
    pub engines: Vec<String>,
    /// The fuzz campaign's seed.
    pub seed: u64,
    /// Fuzzed positions per family and profile.
    pub fuzz: u64,
    /// Half-moves compared.
    pub depth: u32,
    /// The shard run, `K/N` (`1/1`: the whole run).
    pub shard: String,
    /// In a merged document: the shards merged, in order.
    #[serde(default)]
    pub merged: Vec<String>,
    /// The totals.
    pub counts: CheckCounts,
    /// Each stage's summary line.
    pub stages: Vec<String>,
    /// One line per failure.
    pub failures: Vec<String>,
    /// The fuzz families' counts.
    pub fuzz_families: Vec<BucketJson>,
    /// The divergences reported in full.
    pub divergences: Vec<DivergenceJson>,
    /// The stages as suites of cases (as in the JUnit file).
    pub suites: Vec<SuiteJson>,
    /// Seconds taken (a merged document: the longest shard's).
    pub seconds: f64,
}

/// `feerie dispute --format json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DisputeDocument {
    /// `"dispute"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The position.
    pub fen: String,
    /// The engine.
    pub engine: String,
    /// Half-moves compared.
    pub depth: u32,
    /// Each reading: its label and rules.
    pub readings: Vec<ReadingJson>,
    /// Perft counts: one row per depth from 1, one column per reading (`null`: no answer).
    pub perft: Vec<Vec<Option<u64>>>,
    /// The nodes where a reading's moves differ from the first reading's.
    pub splits: Vec<SplitJson>,
    /// Engine errors.
    pub errors: Vec<String>,
    /// Whether the readings differ.
    pub differs: bool,
}

/// One reading of a dispute.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReadingJson {
    /// `key=value` or the profile's name.
    pub label: String,
    /// Its rules.
    pub rules: RulesJson,
}

/// A node where two readings differ.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SplitJson {
    /// The reading compared with the first.
    pub reading: String,
    /// The moves from the root (`A | B` where the readings write a move differently).
    pub path: Vec<String>,
    /// The node under the first reading (FEN), when it can be replayed.
    pub node: Option<String>,
    /// Moves only the first reading has.
    pub only_first: Vec<String>,
    /// Moves only this reading has.
    pub only_other: Vec<String>,
    /// Other nodes where exactly the same moves differ.
    pub repeats: usize,
}

impl DisputeDocument {
    /// The document of a dispute on `position`.
    pub fn new(
        engine: &dyn Engine,
        position: &Position,
        readings: &[Reading],
        depth: u32,
        found: &Dispute,
    ) -> Self {
        let first = &readings[0].rules;
        DisputeDocument {
            command: "dispute".into(),
            schema: SCHEMA_VERSION,
            fen: fen::write(position.setup()),
            engine: engine.name().into(),
            depth,
            readings: readings
                .iter()
                .map(|r| ReadingJson {
                    label: r.label.clone(),
                    rules: RulesJson::of(&r.rules),
                })
                .collect(),
            perft: found.perft.clone(),
            splits: found
                .splits
                .iter()
                .flat_map(|(label, splits)| {
                    splits.iter().map(move |s| SplitJson {
                        reading: label.clone(),
                        path: s.path.clone(),
                        node: replay(engine, position, first, &s.path)
                            .map(|p| fen::write(p.setup())),
                        only_first: s.only_first.clone(),
                        only_other: s.only_other.clone(),
                        repeats: s.repeats,
                    })
                })
                .collect(),
            errors: found.errors.clone(),
            differs: found.differs(),
        }
    }
}

/// The position after `path` under `rules` (each step as the first reading writes it, before
/// ` | `), when every move is legal there.
fn replay(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    path: &[String],
) -> Option<Position> {
    let mut p = position.clone();
    for step in path {
        let text = step.split(" | ").next().unwrap_or(step).trim();
        let legal = engine.legal_moves(&p, rules).ok()?;
        let mv = popeye_move::resolve(text, &legal).ok()?;
        p = engine.play(&p, rules, &mv).ok()?;
    }
    Some(p)
}

/// `feerie popeye compare --format json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CompareDocument {
    /// `"popeye compare"`.
    pub command: String,
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The Popeye binary.
    pub popeye: String,
    /// Our engine.
    pub engine: String,
    /// The shard run, `K/N`.
    pub shard: String,
    /// In a merged document: the shards merged, in order.
    #[serde(default)]
    pub merged: Vec<String>,
    /// Each case with its verdict.
    pub cases: Vec<CompareCaseJson>,
    /// How many cases got each verdict.
    pub tally: BTreeMap<String, usize>,
    /// The exit code.
    pub exit_code: i32,
}

/// One case of a Popeye comparison.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CompareCaseJson {
    /// Its name (the scenario's file and name).
    pub name: String,
    /// The position.
    pub fen: String,
    /// The rules.
    pub rules: RulesJson,
    /// `agree`, `profile-difference`, `refused`, `skipped`, `differ` or `failed`.
    pub verdict: String,
    /// The differences (`only Popeye: …`, `only ours: …`, `perft 2: Popeye …, ours …`).
    pub lines: Vec<String>,
    /// Switches whose values are not Popeye's.
    pub switches: Vec<String>,
    /// Popeye's words (refused), the reason (skipped, failed).
    pub reason: Option<String>,
}

impl CompareCaseJson {
    /// The description of one judged case.
    pub fn new(
        case: &crate::external::popeye_compare::Case,
        verdict: &crate::external::popeye_compare::Verdict,
    ) -> Self {
        use crate::external::popeye_compare::Verdict as V;
        let mut out = CompareCaseJson {
            name: case.name.clone(),
            fen: fen::write(case.position.setup()),
            rules: RulesJson::of(&case.rules),
            ..Default::default()
        };
        let (word, lines, switches, reason) = match verdict {
            V::Agree => ("agree", vec![], vec![], None),
            V::ProfileDifference { switches, lines } => {
                ("profile-difference", lines.clone(), switches.clone(), None)
            }
            V::Refused(w) => ("refused", vec![], vec![], Some(w.clone())),
            V::Skipped(w) => ("skipped", vec![], vec![], Some(w.clone())),
            V::Differ { lines, switches } => ("differ", lines.clone(), switches.clone(), None),
            V::Failed(w) => ("failed", vec![], vec![], Some(w.clone())),
        };
        out.verdict = word.into();
        out.lines = lines;
        out.switches = switches;
        out.reason = reason;
        out
    }
}

/// The tally as a map from verdict to count.
pub fn tally_map(t: &crate::external::popeye_compare::Tally) -> BTreeMap<String, usize> {
    [
        ("agree", t.agree),
        ("profile-difference", t.profile),
        ("refused", t.refused),
        ("skipped", t.skipped),
        ("differ", t.differ),
        ("failed", t.failed),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// What a check found, as [`check_document`] reads it.
pub struct CheckParts<'a> {
    /// Each stage's summary line.
    pub stages: &'a [String],
    /// One line per failure.
    pub failures: &'a [String],
    /// The stages as suites.
    pub suites: &'a [TestSuite],
    /// The totals.
    pub counts: CheckCounts,
    /// The fuzz families' counts.
    pub families: &'a [crate::harness::BucketSummary],
    /// The divergences reported in full.
    pub divergences: &'a [DivergenceJson],
}

/// The document of a check run with `options` that ends with exit code `code`.
pub fn check_document(
    options: &crate::check::CheckOptions,
    code: i32,
    parts: &CheckParts,
    started: std::time::Instant,
) -> CheckDocument {
    CheckDocument {
        command: "check".into(),
        schema: SCHEMA_VERSION,
        version: env!("CARGO_PKG_VERSION").into(),
        verdict: if code == 0 { "ok" } else { "failed" }.into(),
        exit_code: code,
        engines: options
            .engines
            .iter()
            .map(|e| e.name().to_string())
            .collect(),
        seed: options.seed,
        fuzz: options.fuzz,
        depth: options.depth,
        shard: options.shard.to_string(),
        merged: Vec::new(),
        counts: parts.counts.clone(),
        stages: parts.stages.to_vec(),
        failures: parts.failures.to_vec(),
        fuzz_families: parts
            .families
            .iter()
            .map(|b| BucketJson {
                name: b.name.clone(),
                positions: b.positions,
                nodes: b.nodes,
                divergences: b.divergences,
                digest: format!("{:016x}", b.digest),
            })
            .collect(),
        divergences: parts.divergences.to_vec(),
        suites: parts.suites.iter().map(SuiteJson::of).collect(),
        seconds: started.elapsed().as_secs_f64(),
    }
}
