//! Popeye run on the inputs the relations write or are given: the whole input, or each
//! problem alone when the whole gives no answer, and why a run gave none.

use std::time::{Duration, Instant};

use feerie_oracle::popeye_input::PopeyeProblem;

use super::answer_cache::AnswerCache;
use super::relations::Relation;
use super::rewrite::{Change, rewrite, rewrite_all};
use crate::external::popeye::{DEFAULT_MAXMEM, PopeyeError, run_popeye_file_with_table};
use crate::external::popeye_output::{self, Chunk};

/// How a run is made.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The Popeye binary.
    pub py: std::path::PathBuf,
    /// The relations to run, in the table's order.
    pub relations: Vec<Relation>,
    /// The seed of the changes drawn (the units' order, maxsolutions' n).
    pub seed: u64,
    /// How long the file as given may take, run whole, and each problem written again
    /// (Popeye's own maxtime, which bounds each twin; a run of several twins is given that
    /// for each).
    pub run_timeout: Duration,
    /// No run is started past it.
    pub deadline: Option<Instant>,
    /// Where Popeye's whole answers are kept and looked up, if anywhere.
    pub cache: Option<std::sync::Arc<AnswerCache>>,
}

/// Why a run of Popeye gave no answers.
#[derive(Clone, Debug)]
pub(super) struct NoAnswer {
    pub(super) why: String,
    pub(super) kind: NoAnswerKind,
}

/// What kind of failure a [`NoAnswer`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NoAnswerKind {
    /// Popeye crashed (a fault signal): a fault of its own, reported, never worked around.
    Crashed,
    /// The process gave no usable output (the time ran out, too much output, a failing exit):
    /// run otherwise, it may answer.
    Process,
    /// Its output does not read as the input's answer (an input error, a problem count), or
    /// the run was not made.
    Reading,
}

impl NoAnswer {
    pub(super) fn crashed(&self) -> bool {
        self.kind == NoAnswerKind::Crashed
    }
}

impl std::fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

impl From<String> for NoAnswer {
    fn from(why: String) -> NoAnswer {
        NoAnswer {
            why,
            kind: NoAnswerKind::Reading,
        }
    }
}

/// Popeye's flags for a run with a table of `maxmem`, as a reproducer gives them.
pub(super) fn flags(maxmem: &str) -> String {
    format!("-maxmem {maxmem}")
}

/// The twins of `problems` (a problem without twins is one): Popeye's maxtime bounds each.
pub(super) fn parts<'p>(problems: impl IntoIterator<Item = &'p PopeyeProblem>) -> usize {
    problems.into_iter().map(|p| 1 + p.twins.len()).sum()
}

/// Popeye's answers to one input of `expected` problems: each problem's chunk, or why there are
/// none. `bounded`: the input was written here, its `parts` twins each bounded by Popeye's
/// maxtime; `None`: the file as given.
pub(super) fn run_input(
    settings: &Settings,
    input: &str,
    maxmem: &str,
    expected: usize,
    bounded: Option<usize>,
) -> Result<Vec<Chunk>, NoAnswer> {
    let written = bounded.is_some();
    let kept = (settings.cache.as_deref()).and_then(|cache| cache.get(input, maxmem));
    let ran = kept.is_none();
    let (stdout, stderr) = match kept {
        Some(answer) => answer,
        None => ask_popeye(settings, input, maxmem, bounded)?,
    };
    // An input this run wrote must read without complaint, or its answer is not the problem's.
    if written {
        let complaint = stderr
            .lines()
            .chain(stdout.lines())
            .find(|l| crate::external::popeye::reports_input_error(l));
        if let Some(line) = complaint {
            return Err(format!(
                "Popeye reads the written input with an error: {}",
                line.trim()
            )
            .into());
        }
    }
    let chunks = popeye_output::parse(&stdout);
    if chunks.len() != expected {
        return Err(format!(
            "Popeye printed {} problem(s) where {expected} were given",
            chunks.len()
        )
        .into());
    }
    // Kept only when the machine's load did not shape it: no problem cut by Popeye's maxtime.
    if let Some(cache) = settings.cache.as_deref()
        && ran
        && chunks.iter().all(|c| !c.interrupted)
    {
        cache.put(input, maxmem, &stdout, &stderr);
    }
    Ok(chunks)
}

/// Popeye run on `input` (as [`run_input`] describes), within its bound and the deadline.
fn ask_popeye(
    settings: &Settings,
    input: &str,
    maxmem: &str,
    bounded: Option<usize>,
) -> Result<(String, String), NoAnswer> {
    if settings.deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(String::from("not run: the budget ran out").into());
    }
    // A written input bounds each of its problems by Popeye's own maxtime; the run as a whole
    // is given that for each, and a little more to start and print.
    let bound = match bounded {
        Some(parts) => settings
            .run_timeout
            .saturating_mul(u32::try_from(parts.max(1)).unwrap_or(u32::MAX))
            .saturating_add(Duration::from_secs(10)),
        None => settings.run_timeout,
    };
    let timeout = match settings.deadline {
        Some(d) => bound.min(d.saturating_duration_since(Instant::now())),
        None => bound,
    };
    run_popeye_file_with_table(&settings.py, input, timeout, maxmem).map_err(|e| match e {
        PopeyeError::Crashed(why) => NoAnswer {
            why,
            kind: NoAnswerKind::Crashed,
        },
        e @ PopeyeError::TimedOut { .. } => NoAnswer {
            why: e.to_string(),
            kind: NoAnswerKind::Process,
        },
        PopeyeError::Failed(why) => NoAnswer {
            why,
            kind: NoAnswerKind::Process,
        },
        PopeyeError::Refused(words) => format!("Popeye refused the input: {words}").into(),
    })
}

/// Popeye's answer to each problem written (with its change), all run as one input; when that
/// gives no answer, each run alone, so that one problem Popeye cannot read, or that crashes
/// it, does not leave the others unanswered and is itself found.
pub(super) fn run_problems(
    settings: &Settings,
    written: &[(&PopeyeProblem, Change)],
) -> Vec<Result<Chunk, NoAnswer>> {
    let input = rewrite_all(written.iter().map(|(p, c)| (*p, c.clone())));
    let all = written.iter().map(|(p, _)| *p);
    match run_input(
        settings,
        &input,
        DEFAULT_MAXMEM,
        written.len(),
        Some(parts(all)),
    ) {
        Ok(chunks) => chunks.into_iter().map(Ok).collect(),
        Err(e) if written.len() == 1 => vec![Err(e)],
        Err(together) => (written.iter())
            .map(|(p, c)| {
                let alone = run_input(
                    settings,
                    &rewrite(p, c),
                    DEFAULT_MAXMEM,
                    1,
                    Some(parts([*p])),
                );
                alone
                    .map(|mut chunks| chunks.remove(0))
                    .map_err(|e| NoAnswer {
                        why: format!("{e} (run with the others: {together})"),
                        kind: e.kind,
                    })
            })
            .collect(),
    }
}
