//! `popeye verify`: every problem (and twin) of a Popeye input that we can solve, solved by us
//! and compared with Popeye's output as sets: the solutions Popeye misses, the ones it gives
//! that we do not (cooks it found that we miss, or moves we do not allow); in direct and self
//! play the whole tree Popeye prints (keys, tries and refutations, threats, variations, set
//! play), line by line with each line's path.

mod case;
pub mod compare;
pub mod coverage;
pub mod digest;
pub mod error;
mod held;
mod known;
pub mod large;
pub mod part;
pub mod popeye_tree;
mod problem_options;
pub mod problems;
pub mod reason;
mod replay;
mod section;
pub mod verdict;

use crate::engines::SearchEngine;
use feerie_oracle::Profile;

use std::collections::HashMap;

use crate::external::popeye_output;
use crate::external::popeye_output_source::OutputSource;
use crate::external::popeye_replay::english_line;
use crate::external::popeye_replay::{find_chunk, shows_diagram};
use crate::limits::LimitError;
use crate::shard::Shard;
use crate::solve::Options;
use crate::solve::stipulation::{Play, Stipulation};
use crate::verify::error::VerifyError;
use case::compare_case;
use digest::LineDigest;
use large::Streamed;
use problems::Case;
use section::{NoSection, Section};

/// How one problem or twin compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The same solutions (this many).
    Agree(usize),
    /// Solutions only Popeye gives (`missing` from ours) and only we give (`extra`), each as
    /// its printed line.
    Differ {
        /// Popeye's solutions that we do not find.
        missing: Vec<String>,
        /// Our solutions that Popeye does not print.
        extra: Vec<String>,
    },
    /// Not compared, with the reason.
    Skipped(String),
    /// Both refuse to solve it, for the reason given: an agreement on the position, with no
    /// solution to compare.
    BothRefuse(String),
    /// Not compared: the input has an error Popeye reads past (a misspelt condition or
    /// option), so that Popeye's output is of another problem; the error as said.
    InputError(String),
}

/// The comparison of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// `problem 3 b)`.
    pub name: String,
    /// The stipulation, when it was read.
    pub stipulation: Option<Stipulation>,
    /// What the comparison found.
    pub outcome: Outcome,
}

/// Compares our solutions of every case of `input` with Popeye's `output` for it, under the
/// popeye profile. `only` keeps one problem (1-based). An error is an input that does not read.
pub fn verify(
    input: &str,
    output: &str,
    only: Option<usize>,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Result<Vec<CaseReport>, VerifyError> {
    let selection = Selection {
        problem: only,
        shard: Shard::WHOLE,
        case_timeout: None,
    };
    verify_each(
        input,
        &OutputSource::Text(output),
        selection,
        engine,
        options,
        &mut |_, _, _| {},
    )
}

/// Which cases of a Popeye input a verification compares.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selection {
    /// One problem (1-based), or every problem.
    pub problem: Option<usize>,
    /// This shard's cases only: the cases (each problem's twins, in the file's order, of the
    /// problems selected) are numbered from 0, and case `i` is shard `i mod N + 1`'s, so that
    /// the N shards together compare each case of the file once.
    pub shard: Shard,
    /// How long one case's solving may take: past it the case is skipped for its time
    /// budget. `None`: no bound.
    pub case_timeout: Option<std::time::Duration>,
}

/// [`verify`] of the selected cases, calling `on_case` with each case's number (from 0 among
/// the selected problems' cases), the case and its comparison as soon as it is done (for
/// output while running). Popeye's output is read from `output` with bounded memory: a problem's
/// section longer than [`large::hold_lines`] is not held, its help and series play twins are
/// compared by digests ([`large`]).
pub fn verify_each(
    input: &str,
    output: &OutputSource,
    selection: Selection,
    engine: &dyn SearchEngine,
    options: &Options,
    on_case: &mut dyn FnMut(u64, &Case, &CaseReport),
) -> Result<Vec<CaseReport>, VerifyError> {
    verify_cases(input, output, selection, &[], engine, options, on_case)
}

/// [`verify`] with switches set over the popeye profile (`KEY=VALUE`): whether a reading
/// other than Popeye's usual one gives Popeye's solutions.
pub fn verify_under_switches(
    input: &str,
    output: &str,
    set: &[String],
    engine: &dyn SearchEngine,
    options: &Options,
) -> Result<Vec<CaseReport>, VerifyError> {
    verify_cases(
        input,
        &OutputSource::Text(output),
        Selection::default(),
        set,
        engine,
        options,
        &mut |_, _, _| {},
    )
}

/// The report of a case Popeye never reads: skipped, with where Popeye stopped reading.
fn not_read(case: &Case) -> CaseReport {
    CaseReport {
        name: case.name(),
        stipulation: None,
        outcome: Outcome::Skipped(
            case.setup
                .as_ref()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        ),
    }
}

fn verify_cases(
    input: &str,
    output: &OutputSource,
    selection: Selection,
    set: &[String],
    engine: &dyn SearchEngine,
    options: &Options,
    on_case: &mut dyn FnMut(u64, &Case, &CaseReport),
) -> Result<Vec<CaseReport>, VerifyError> {
    let only = selection.problem;
    // Every problem is read, so that each finds its section of the output in turn.
    let (language, problems) = problems::cases(input, None, Profile::Popeye, set)?;
    if let Some(asked) = only
        && (asked == 0 || asked > problems.len())
    {
        return Err(VerifyError::NoSuchProblem {
            asked,
            count: problems.len(),
        });
    }
    // The lines of long sections are digested as they are read, per twin, as Popeye's
    // solution lines compare (in English words).
    let mut digests: HashMap<(usize, usize), LineDigest> = HashMap::new();
    let parsed = popeye_output::read(output, large::hold_lines(), &mut |l| {
        digests
            .entry((l.chunk, l.twin))
            .or_default()
            .add(&english_line(l.raw, language))
    })
    .map_err(|e| VerifyError::Read(LimitError::Unread(format!("Popeye's output: {e}"))))?;
    let chunks = parsed.chunks;
    let mut claimed = vec![false; chunks.len()];
    let mut reports = Vec::new();
    let mut problem_faults = Vec::new();
    let mut next_chunk = 0;
    let mut number = 0;
    // Popeye prints one section per problem, in order, even for a problem it refuses; with as
    // many sections as problems each is its problem's. Otherwise the output is not the
    // input's whole output (a failure, reported after the problems), and each problem looks
    // for its diagram a few sections on, to say what it can.
    // Popeye prints nothing for what it never reads (it stops reading the input at a
    // twinning word that names no command): those problems and twins have no section.
    let read_cases = |cases: &[Case]| cases.iter().filter(|c| !c.not_read()).count();
    let read_problems = problems
        .iter()
        .filter(|(_, cases)| read_cases(cases) > 0)
        .count();
    let in_order = chunks.len() == read_problems;
    for (index, (problem, cases)) in problems.iter().enumerate() {
        if read_cases(cases) == 0 {
            for case in cases {
                let this = number;
                number += 1;
                if !selection.shard.takes(this) || only.is_some_and(|n| case.problem != n) {
                    continue;
                }
                let report = not_read(case);
                on_case(this, case, &report);
                reports.push(report);
            }
            continue;
        }
        let found = if in_order {
            Some(index)
        } else {
            find_chunk(problem, &chunks, next_chunk)
        };
        if let Some(i) = found {
            next_chunk = i + 1;
            claimed[i] = true;
        }
        if only.is_some_and(|n| cases.first().is_some_and(|c| c.problem != n)) {
            continue;
        }
        // A streamed section read again whole, for the twins the digests do not compare.
        let mut whole: Option<popeye_output::Chunk> = None;
        for (twin, case) in cases.iter().enumerate() {
            let this = number;
            number += 1;
            if !selection.shard.takes(this) {
                continue;
            }
            if case.not_read() {
                let report = not_read(case);
                on_case(this, case, &report);
                reports.push(report);
                continue;
            }
            // Digests compare help and series play of a section Popeye finished; direct and
            // self play trees, and sections cut short, are compared whole.
            let battle = case
                .setup
                .as_ref()
                .is_ok_and(|(_, _, s)| matches!(s.play, Play::Direct | Play::SelfPlay));
            let digested = found.is_some_and(|i| {
                let chunk = &chunks[i];
                chunk.streamed
                    && case.setup.is_ok()
                    && !battle
                    && !chunk.partial
                    && !chunk.interrupted
            });
            if let Some(i) = found
                && chunks[i].streamed
                && case.setup.is_ok()
                && !digested
                && whole.is_none()
            {
                whole = Some(
                    popeye_output::reread_whole(output, &chunks[i]).map_err(|e| {
                        VerifyError::Read(LimitError::Unread(format!("Popeye's output: {e}")))
                    })?,
                );
            }
            let chunk_of = |i: usize| -> &popeye_output::Chunk {
                match &whole {
                    Some(w) if !digested => w,
                    _ => &chunks[i],
                }
            };
            let streamed = found.filter(|_| digested).map(|i| Streamed {
                digest: digests.get(&(i, twin)),
                source: output,
                chunk: i,
                twin,
            });
            let section = match found {
                None => Err(NoSection::Missing {
                    problem: case.problem,
                }),
                Some(i) if chunks[i].twins.len() != read_cases(cases) => Err(NoSection::Twins {
                    line: chunks[i].line,
                    printed: chunks[i].twins.len(),
                    input: read_cases(cases),
                }),
                Some(i) => Ok(Section {
                    twin: &chunk_of(i).twins[twin],
                    chunk: chunk_of(i),
                    label: &case.label,
                    maxtime: problems::max_time(problem),
                    post_key: problems::post_key_asked(problem),
                    diagram_matches: shows_diagram(problem, &chunks[i]),
                    // Popeye prints no diagram for a problem it refuses, even without
                    // `noboard`; its complaint goes to its standard error.
                    unsolved: chunks[i].board.is_none() && !problems::no_board(problem),
                    limit: problems::max_solutions(problem),
                    per_target: problems::solutions_per_target(problem),
                    texts: &problem.texts,
                    ignorable: (crate::external::popeye_output::NOT_APPLICABLE.iter())
                        .map(|(option, _)| *option)
                        .filter(|option| problem.has_option(*option))
                        .collect(),
                    stopped_on_short: false,
                }),
            };
            // The case's time budget starts with it; a deadline of the whole run (a
            // campaign's stage) still bounds it.
            let own = selection
                .case_timeout
                .and_then(|budget| std::time::Instant::now().checked_add(budget));
            let case_options = Options {
                deadline: match (own, options.deadline) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                },
                ..options.clone()
            };
            let report = compare_case(
                case,
                &problem.options,
                section,
                language,
                streamed.as_ref(),
                engine,
                &case_options,
            );
            on_case(this, case, &report);
            reports.push(report);
        }
        if let Some(i) = found
            && let Some(why) = complaints_beyond_refusals(&chunks[i], problem, cases, engine)
        {
            problem_faults.push((format!("problem {}", index + 1), why));
        }
    }
    // The output as a whole: as many sections as problems, none left over.
    // Faults of a problem's section beyond its twins, then of the output as a whole.
    let mut faults = problem_faults;
    if only.is_none() {
        if !in_order {
            faults.push((
                "output".to_string(),
                format!(
                    "Popeye's output has {} problem section(s), the input {} problem(s) Popeye \
                     reads",
                    chunks.len(),
                    read_problems
                ),
            ));
        }
        if let Some((line, text)) = &parsed.trailing {
            faults.push((
                format!("output line {line}"),
                format!("text after the last section of Popeye's output (line {line}): {text}"),
            ));
        }
        for chunk in chunks
            .iter()
            .zip(&claimed)
            .filter(|(_, c)| !**c)
            .map(|(c, _)| c)
        {
            faults.push((
                format!("output section from line {}", chunk.line),
                format!(
                    "a section of Popeye's output (from line {}) that no problem of the input has",
                    chunk.line
                ),
            ));
        }
    }
    for (name, why) in faults {
        let this = number;
        number += 1;
        if !selection.shard.takes(this) {
            continue;
        }
        let case = Case {
            problem: 0,
            label: String::new(),
            setup: Err(VerifyError::ProblemNotSupported(why.clone())),
            duplex: None,
            set_play: None,
        };
        let report = CaseReport {
            name,
            stipulation: None,
            outcome: Outcome::Differ {
                missing: vec![why],
                extra: Vec::new(),
            },
        };
        on_case(this, &case, &report);
        reports.push(report);
    }
    Ok(reports)
}

/// Popeye's complaints in a problem's section that the side to play can capture the king,
/// when there are more of them than positions we find so (a twin's, or each part's of a duplex
/// twin, which Popeye complains of one by one; the set play of a twin whose side to move is
/// in check, where the other side would move first) or cannot set up (counted
/// as two): Popeye refused a position we find legal; or, when Popeye complains at all, fewer
/// complaints than positions we surely find so: Popeye solved one we refuse. Every twin is
/// looked at, whichever a shard compares, so that every shard numbers the faults alike.
fn complaints_beyond_refusals(
    chunk: &popeye_output::Chunk,
    problem: &feerie_oracle::popeye_input::PopeyeProblem,
    cases: &[Case],
    engine: &dyn SearchEngine,
) -> Option<String> {
    if chunk.king_capturable == 0 {
        return None;
    }
    // The positions we surely find so, and the twins we cannot set up (two each at most).
    let (mut sure, mut unknown) = (0, 0);
    for c in cases {
        let Ok((position, rules, stipulation)) = &c.setup else {
            unknown += 2;
            continue;
        };
        sure += std::iter::once(position)
            .chain(&c.duplex)
            .filter(|part| problems::refused_by_popeye(engine, part, rules).is_some())
            .count();
        let set_play_refused = problems::set_play_asked(problem, stipulation)
            && engine
                .status(position, rules)
                .is_ok_and(feerie_oracle::Status::in_check);
        sure += usize::from(set_play_refused);
    }
    let ours = sure + unknown;
    if chunk.king_capturable > ours {
        return Some(format!(
            "Popeye says {} time(s) that the side to play can capture the king, but we find \
             the side not to move in check {ours} time(s) in the problem's twins (each part of \
             a duplex twin, and twice a twin we cannot set up)",
            chunk.king_capturable
        ));
    }
    // Fewer complaints than positions we find so: some twin we refuse, Popeye solved (our
    // twins refused agree on any complaint in the section, so the count must hold).
    (sure > chunk.king_capturable).then(|| {
        format!(
            "we find the side not to move in check {sure} time(s) in the problem's twins, but \
             Popeye says only {} time(s) that the side to play can capture the king",
            chunk.king_capturable
        )
    })
}

/// The counts of a verification's cases, by outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Cases that agree (both refusing included).
    pub agree: usize,
    /// Cases that differ.
    pub differ: usize,
    /// Cases skipped, with a reason.
    pub skipped: usize,
    /// Cases whose input Popeye misreads ([`Outcome::InputError`]).
    pub errors: usize,
}

impl Counts {
    /// Cases compared with Popeye's output: agreeing or differing.
    pub fn compared(&self) -> usize {
        self.agree + self.differ
    }

    /// Every case.
    pub fn cases(&self) -> usize {
        self.agree + self.differ + self.skipped + self.errors
    }
}

/// Counts of a verification: agreeing, differing, skipped cases and input errors.
pub fn counts(reports: &[CaseReport]) -> Counts {
    let mut c = Counts::default();
    for r in reports {
        match r.outcome {
            Outcome::Agree(_) | Outcome::BothRefuse(_) => c.agree += 1,
            Outcome::Differ { .. } => c.differ += 1,
            Outcome::Skipped(_) => c.skipped += 1,
            Outcome::InputError(_) => c.errors += 1,
        }
    }
    c
}
