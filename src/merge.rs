//! `feerie merge`: the JSON documents of the shards of one run (`--shard K/N` with the same
//! seed and flags) joined into the document of the whole run, which can also be written as
//! JUnit XML and as the HTML report. It joins the shards of `feerie check`, of `feerie popeye
//! verify` and of `feerie popeye compare --scenarios`, each with its own kind. The merge
//! refuses documents of different commands or runs, a shard given twice and a missing shard,
//! so that a merged report always covers the whole run. A JSON-lines file (`--format jsonl`)
//! counts by its last line, the document.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::harness::Shard;
use crate::limits::LimitError;
use crate::report::error::ReportError;
use crate::report::json::{BucketJson, CheckDocument, CompareDocument, SuiteJson};
use crate::report::verify::{VerifyCounts, VerifyDocument};

/// Why documents cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// No document was given.
    Nothing,
    /// A file that cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: LimitError,
    },
    /// A file that is not a document of a command `feerie merge` joins.
    NotADocument {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Documents of two different commands.
    Kinds {
        /// The first document's command.
        first: String,
        /// The other's.
        other: String,
    },
    /// Documents of the same command but not of one run; the message says what differs.
    OtherRun(String),
    /// A document that is already a merge.
    AlreadyMerged,
    /// A document whose `shard` is not `K/N`.
    BadShard {
        /// The field as written.
        shard: String,
        /// Why it does not read.
        reason: String,
    },
    /// The same shard twice.
    Twice(Shard),
    /// Shards of different counts (`1/2` and `1/3`).
    ShardCounts(Shard, Shard),
    /// Shards missing from the run (`3/3`).
    Missing(Vec<String>),
    /// A fuzz family's digest that is not hexadecimal.
    Digest {
        /// The family.
        family: String,
        /// The digest as written.
        digest: String,
    },
    /// `--junit` asked of documents that carry no cases for it.
    NoJunit(String),
    /// A file to write (`-o`, `--junit`) or the report could not be written.
    Write(ReportError),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Nothing => f.write_str("nothing to merge: give the shards' JSON documents"),
            MergeError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            MergeError::NotADocument { path, reason } => write!(
                f,
                "{}: not a document of `feerie check`, `feerie popeye verify` or `feerie popeye compare` with --format json ({reason})",
                path.display()
            ),
            MergeError::Kinds { first, other } => write!(
                f,
                "documents of `{first}` and of `{other}` cannot be merged: give the shards of one run"
            ),
            MergeError::OtherRun(what) => {
                write!(f, "the documents are not shards of one run: {what}")
            }
            MergeError::AlreadyMerged => f.write_str(
                "a merged document cannot be merged again: merge the shards' own documents",
            ),
            MergeError::BadShard { shard, reason } => write!(f, "shard '{shard}': {reason}"),
            MergeError::Twice(shard) => write!(f, "shard {shard} is given twice"),
            MergeError::ShardCounts(a, b) => write!(
                f,
                "shards of {} and of {} cannot be merged: {a} and {b}",
                a.count(),
                b.count()
            ),
            MergeError::Missing(shards) => write!(
                f,
                "missing shard {} (a merged report covers the whole run)",
                shards.join(", ")
            ),
            MergeError::Digest { family, digest } => write!(
                f,
                "fuzz family {family}: digest '{digest}' is not hexadecimal"
            ),
            MergeError::NoJunit(command) => write!(
                f,
                "--junit: the documents of `{command}` do not carry what a JUnit file needs; run the shards with --junit instead"
            ),
            MergeError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MergeError {}

/// A document `feerie merge` joins.
#[derive(Clone, Debug)]
pub enum Document {
    /// `feerie check --format json`.
    Check(CheckDocument),
    /// `feerie popeye verify --format json`.
    Verify(VerifyDocument),
    /// `feerie popeye compare --scenarios --format json`.
    Compare(CompareDocument),
}

impl Document {
    /// The command that wrote it.
    pub fn command(&self) -> &str {
        match self {
            Document::Check(d) => &d.command,
            Document::Verify(d) => &d.command,
            Document::Compare(d) => &d.command,
        }
    }

    /// Its shard field and its merged list.
    fn shard(&self) -> (&str, &[String]) {
        match self {
            Document::Check(d) => (&d.shard, &d.merged),
            Document::Verify(d) => (&d.shard, &d.merged),
            Document::Compare(d) => (&d.shard, &d.merged),
        }
    }

    /// The document's exit code.
    pub fn exit_code(&self) -> i32 {
        match self {
            Document::Check(d) => d.exit_code,
            Document::Verify(d) => d.exit_code,
            Document::Compare(d) => d.exit_code,
        }
    }

    /// The document read from `text`, the contents of `path`: one JSON document, or JSON lines
    /// whose last line is it (with its `"line": "summary"`).
    ///
    /// ```
    /// use std::path::Path;
    /// use feerie::merge::{Document, MergeError};
    /// let lines = "{\"line\":\"case\",\"name\":\"x\"}\n{\"line\":\"summary\",\"command\":\"moves\"}\n";
    /// let e = Document::read(Path::new("moves.jsonl"), lines).unwrap_err();
    /// assert!(matches!(e, MergeError::NotADocument { .. }));
    /// assert!(e.to_string().starts_with("moves.jsonl: not a document"));
    /// assert!(e.to_string().contains("`moves`"));
    /// assert!(Document::read(Path::new("x.json"), "{").is_err());
    /// ```
    pub fn read(path: &Path, text: &str) -> Result<Document, MergeError> {
        Document::parse(text).map_err(|reason| MergeError::NotADocument {
            path: path.to_path_buf(),
            reason,
        })
    }

    /// [`Document::read`] without the path: the reason a text is not a document. The reason is
    /// the `reason` of [`MergeError::NotADocument`], which [`Document::read`] wraps at once with
    /// the path.
    fn parse(text: &str) -> Result<Document, String> {
        let whole: Result<serde_json::Value, _> = serde_json::from_str(text);
        let mut value = match whole {
            Ok(v) => v,
            // JSON lines: the document is the last line.
            Err(e) => {
                let last = text.lines().rev().find(|l| !l.trim().is_empty());
                match last.map(serde_json::from_str::<serde_json::Value>) {
                    Some(Ok(v)) if text.trim().lines().count() > 1 => v,
                    _ => return Err(e.to_string()),
                }
            }
        };
        if let Some(fields) = value.as_object_mut()
            && fields.get("line").is_some_and(|l| l == "summary")
        {
            fields.remove("line");
        }
        let command = value
            .get("command")
            .and_then(|c| c.as_str())
            .unwrap_or("")
            .to_string();
        let typed = |e: serde_json::Error| e.to_string();
        match command.as_str() {
            "check" => serde_json::from_value(value)
                .map(Document::Check)
                .map_err(typed),
            "popeye verify" => serde_json::from_value(value)
                .map(Document::Verify)
                .map_err(typed),
            "popeye compare" => serde_json::from_value(value)
                .map(Document::Compare)
                .map_err(typed),
            "" => Err("no `command` field".into()),
            other => Err(format!("`{other}` documents are not merged")),
        }
    }
}

/// The shards of `docs` (their `shard` fields), checked to be each shard of one count once.
fn check_shards(docs: &[Document]) -> Result<(), MergeError> {
    let mut shards: Vec<Shard> = Vec::new();
    for d in docs {
        let (text, merged) = d.shard();
        if !merged.is_empty() {
            return Err(MergeError::AlreadyMerged);
        }
        let shard: Shard = text
            .parse::<Shard>()
            .map_err(|reason| MergeError::BadShard {
                shard: text.to_string(),
                reason: reason.to_string(),
            })?;
        if shards.contains(&shard) {
            return Err(MergeError::Twice(shard));
        }
        shards.push(shard);
    }
    let count = shards[0].count();
    if let Some(s) = shards.iter().find(|s| s.count() != count) {
        return Err(MergeError::ShardCounts(shards[0], *s));
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !shards.iter().any(|s| s.index() == *k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing));
    }
    Ok(())
}

/// The shard of a document already checked by [`check_shards`].
fn shard_of(text: &str) -> Shard {
    text.parse().unwrap_or_default()
}

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

/// Joins the documents of the shards of one `check` run.
///
/// ```
/// use feerie::report::json::CheckDocument;
/// let shard = |k: &str| CheckDocument { command: "check".into(), shard: k.into(), ..Default::default() };
/// let whole = feerie::merge::merge(vec![shard("2/2"), shard("1/2")]).unwrap();
/// assert_eq!(whole.merged, ["1/2", "2/2"]);
/// assert!(feerie::merge::merge(vec![shard("1/2")]).unwrap_err().to_string().contains("missing shard 2/2"));
/// assert!(feerie::merge::merge(vec![shard("1/2"), shard("1/2")]).unwrap_err().to_string().contains("twice"));
/// ```
pub fn merge(mut docs: Vec<CheckDocument>) -> Result<CheckDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    if let Some(d) = docs.iter().find(|d| d.command != "check") {
        return Err(MergeError::Kinds {
            first: "check".into(),
            other: d.command.clone(),
        });
    }
    let run = |d: &CheckDocument| (d.seed, d.fuzz, d.depth, d.engines.clone());
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "seed {}, --fuzz {}, depth {} against seed {}, --fuzz {}, depth {}",
            first.seed, first.fuzz, first.depth, d.seed, d.fuzz, d.depth
        )));
    }
    let wrapped: Vec<Document> = docs.iter().cloned().map(Document::Check).collect();
    check_shards(&wrapped)?;
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut whole = CheckDocument {
        command: "check".into(),
        schema: docs[0].schema,
        version: docs[0].version.clone(),
        engines: docs[0].engines.clone(),
        seed: docs[0].seed,
        fuzz: docs[0].fuzz,
        depth: docs[0].depth,
        shard: Shard::WHOLE.to_string(),
        ..Default::default()
    };
    for d in docs {
        whole.merged.push(d.shard.clone());
        whole.exit_code = whole.exit_code.max(d.exit_code);
        whole.seconds = whole.seconds.max(d.seconds);
        let c = &mut whole.counts;
        c.perft_positions += d.counts.perft_positions;
        c.scenarios += d.counts.scenarios;
        c.malformed += d.counts.malformed;
        c.compared += d.counts.compared;
        c.divergences += d.counts.divergences;
        whole
            .stages
            .extend(d.stages.iter().map(|l| format!("shard {}: {l}", d.shard)));
        whole.failures.extend(d.failures);
        whole.divergences.extend(d.divergences);
        for family in d.fuzz_families {
            add_family(&mut whole.fuzz_families, family)?;
        }
        for suite in d.suites {
            add_suite(&mut whole.suites, suite);
        }
    }
    whole.verdict = if whole.exit_code == 0 { "ok" } else { "failed" }.into();
    Ok(whole)
}

/// Joins the documents of the shards of one `popeye verify` run: the cases back in the file's
/// order, the counts summed.
///
/// ```
/// use feerie::report::verify::VerifyDocument;
/// let shard = |k: &str, input: &str| VerifyDocument {
///     command: "popeye verify".into(), shard: k.into(), input_fingerprint: input.into(), ..Default::default()
/// };
/// let whole = feerie::merge::merge_verify(vec![shard("2/2", "a"), shard("1/2", "a")]).unwrap();
/// assert_eq!(whole.merged, ["1/2", "2/2"]);
/// let other = feerie::merge::merge_verify(vec![shard("2/2", "a"), shard("1/2", "b")]);
/// assert!(other.unwrap_err().to_string().contains("not shards of one run"));
/// ```
pub fn merge_verify(mut docs: Vec<VerifyDocument>) -> Result<VerifyDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    let run = |d: &VerifyDocument| {
        (
            d.input_fingerprint.clone(),
            d.engine.clone(),
            d.problem,
            d.output.clone(),
        )
    };
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "input {} (fingerprint {}), Popeye's output {}, engine {}, problem {} against input {} (fingerprint {}), Popeye's output {}, engine {}, problem {}",
            first.input,
            first.input_fingerprint,
            first.output,
            first.engine,
            first.problem.map_or("all".into(), |n| n.to_string()),
            d.input,
            d.input_fingerprint,
            d.output,
            d.engine,
            d.problem.map_or("all".into(), |n| n.to_string()),
        )));
    }
    let wrapped: Vec<Document> = docs.iter().cloned().map(Document::Verify).collect();
    check_shards(&wrapped)?;
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut whole = VerifyDocument {
        shard: Shard::WHOLE.to_string(),
        merged: docs.iter().map(|d| d.shard.clone()).collect(),
        cases: Vec::new(),
        seconds: docs.iter().map(|d| d.seconds).fold(0.0, f64::max),
        exit_code: docs.iter().map(|d| d.exit_code).max().unwrap_or(0),
        ..docs[0].clone()
    };
    for d in docs {
        whole.cases.extend(d.cases);
    }
    whole.cases.sort_by_key(|c| c.index);
    whole.counts = VerifyCounts::of(&whole.cases);
    whole.verdict = crate::report::verify::verdict(whole.exit_code).into();
    Ok(whole)
}

/// Joins the documents of the shards of one `popeye compare --scenarios` run: the cases back
/// in the scenarios' order (case `i` of shard `K/N` was case `i × N + K - 1` of the whole
/// run), the tally summed.
pub fn merge_compare(mut docs: Vec<CompareDocument>) -> Result<CompareDocument, MergeError> {
    let Some(first) = docs.first() else {
        return Err(MergeError::Nothing);
    };
    let run = |d: &CompareDocument| (d.popeye.clone(), d.engine.clone());
    if let Some(d) = docs.iter().find(|d| run(d) != run(first)) {
        return Err(MergeError::OtherRun(format!(
            "Popeye {}, engine {} against Popeye {}, engine {}",
            first.popeye, first.engine, d.popeye, d.engine
        )));
    }
    let wrapped: Vec<Document> = docs.iter().cloned().map(Document::Compare).collect();
    check_shards(&wrapped)?;
    docs.sort_by_key(|d| shard_of(&d.shard).index());
    let mut numbered = Vec::new();
    let mut whole = CompareDocument {
        shard: Shard::WHOLE.to_string(),
        merged: docs.iter().map(|d| d.shard.clone()).collect(),
        cases: Vec::new(),
        tally: Default::default(),
        exit_code: docs.iter().map(|d| d.exit_code).max().unwrap_or(0),
        ..docs[0].clone()
    };
    for d in docs {
        let shard = shard_of(&d.shard);
        for (verdict, n) in d.tally {
            *whole.tally.entry(verdict).or_insert(0) += n;
        }
        for (i, case) in d.cases.into_iter().enumerate() {
            numbered.push((i as u64 * shard.count() + shard.index() - 1, case));
        }
    }
    numbered.sort_by_key(|(n, _)| *n);
    whole.cases = numbered.into_iter().map(|(_, c)| c).collect();
    Ok(whole)
}

fn add_family(families: &mut Vec<BucketJson>, family: BucketJson) -> Result<(), MergeError> {
    let digest = |text: &str| {
        u64::from_str_radix(text, 16).map_err(|_| MergeError::Digest {
            family: family.name.clone(),
            digest: text.to_string(),
        })
    };
    match families.iter_mut().find(|f| f.name == family.name) {
        None => {
            digest(&family.digest)?;
            families.push(family);
        }
        Some(f) => {
            f.positions += family.positions;
            f.nodes += family.nodes;
            f.divergences += family.divergences;
            f.digest = format!("{:016x}", digest(&f.digest)? ^ digest(&family.digest)?);
        }
    }
    Ok(())
}

fn add_suite(suites: &mut Vec<SuiteJson>, suite: SuiteJson) {
    match suites.iter_mut().find(|s| s.name == suite.name) {
        None => suites.push(suite),
        Some(s) => s.cases.extend(suite.cases),
    }
}

/// The JUnit suites of a merged document: `check`'s stages, or one case per problem or twin of
/// `popeye verify` (failed when it differs).
fn junit_suites(doc: &Document) -> Result<Vec<crate::harness::junit::TestSuite>, MergeError> {
    use crate::harness::junit::{TestCase, TestSuite};
    match doc {
        Document::Check(d) => Ok(d.suites.iter().map(SuiteJson::to_junit).collect()),
        Document::Verify(d) => Ok(vec![TestSuite {
            name: format!("popeye verify {}", d.input),
            cases: d
                .cases
                .iter()
                .map(|c| TestCase {
                    name: c.name.clone(),
                    seconds: 0.0,
                    failure: (c.outcome == "differ").then(|| {
                        let lines: Vec<String> = c
                            .only_popeye
                            .iter()
                            .map(|l| format!("only Popeye: {l}"))
                            .chain(c.only_ours.iter().map(|l| format!("only ours: {l}")))
                            .collect();
                        ("differ".to_string(), lines.join("\n"))
                    }),
                })
                .collect(),
        }]),
        Document::Compare(d) => Err(MergeError::NoJunit(d.command.clone())),
    }
}

/// `feerie merge`: reads `files`, merges them, writes the merged document (to `output` or
/// standard output), and the JUnit file and HTML report when asked; returns the merged run's
/// exit code.
pub fn run(
    files: &[PathBuf],
    output: Option<&Path>,
    junit: Option<&Path>,
    report: Option<&Path>,
) -> Result<i32, MergeError> {
    if let Some(path) = report {
        crate::report::html::check_path(path).map_err(MergeError::Write)?;
    }
    let mut docs = Vec::new();
    for path in files {
        let text = crate::limits::read_text(path, 16 * crate::limits::MAX_INPUT_BYTES).map_err(
            |error| MergeError::Read {
                path: path.clone(),
                error,
            },
        )?;
        docs.push(Document::read(path, &text)?);
    }
    let whole = merge_documents(docs)?;
    let write_failed = |flag: &'static str, path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| {
            MergeError::Write(ReportError::WriteFlag {
                flag,
                path,
                reason: e.to_string(),
            })
        }
    };
    if let Some(path) = junit {
        let suites = junit_suites(&whole)?;
        std::fs::write(path, crate::harness::junit::to_xml(&suites))
            .map_err(write_failed("--junit", path))?;
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
    if let Some(path) = report {
        crate::report::html::write(path, &html).map_err(MergeError::Write)?;
    }
    match output {
        Some(path) => std::fs::write(path, text + "\n").map_err(write_failed("-o", path))?,
        None => crate::output::document(&text),
    }
    eprintln!(
        "merge: {} shard(s) of `{}`, {line}",
        whole.shard().1.len(),
        whole.command()
    );
    Ok(whole.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::json::CompareCaseJson;

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
    fn documents_of_two_commands_are_refused() {
        let verify = Document::Verify(VerifyDocument {
            command: "popeye verify".into(),
            shard: "1/2".into(),
            ..Default::default()
        });
        let compare = Document::Compare(compare_shard(2, 2, 3));
        let e = merge_documents(vec![verify, compare]).unwrap_err();
        assert_eq!(
            e,
            MergeError::Kinds {
                first: "popeye verify".into(),
                other: "popeye compare".into()
            }
        );
        assert_eq!(
            merge_documents(Vec::new()).unwrap_err(),
            MergeError::Nothing
        );
    }

    #[test]
    fn a_merged_document_is_not_merged_again() {
        let mut merged = compare_shard(1, 1, 2);
        merged.merged = vec!["1/2".into(), "2/2".into()];
        assert_eq!(
            merge_compare(vec![merged]).unwrap_err(),
            MergeError::AlreadyMerged
        );
    }
}
