//! `popeye verify`: every problem (and twin) of a Popeye input that we can solve, solved by us
//! and compared with Popeye's output as sets: the solutions Popeye misses, the ones it gives
//! that we do not (cooks it found that we miss, or moves we do not allow); in direct and self
//! play the whole tree Popeye prints (keys, tries and refutations, threats, variations, set
//! play), line by line with each line's path.

use std::collections::BTreeSet;

use feerie_oracle::notation::popeye_input::Language;
use feerie_oracle::{Engine, MoveRecord, Position, Profile, Rules, popeye_move};

use super::error::SolveError;
use super::popeye_problems::{self, Case};
use super::stipulation::{Play, Stipulation};
use super::tree::{TreeOptions, solve_tree};
use super::tree_layout::tree_blocks;
use super::tree_verify::popeye_tree;
use super::{Options, solve};
use crate::external::popeye_output::{self, OutputTwin, SolutionMove};
use crate::external::popeye_replay::{english_move, find_chunk};
use crate::harness::Shard;

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
    engine: &dyn Engine,
    options: &Options,
) -> Result<Vec<CaseReport>, SolveError> {
    let selection = Selection {
        problem: only,
        shard: Shard::WHOLE,
    };
    verify_each(input, output, selection, engine, options, &mut |_, _, _| {})
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
}

/// [`verify`] of the selected cases, calling `on_case` with each case's number (from 0 among
/// the selected problems' cases), the case and its comparison as soon as it is done (for
/// output while running).
pub fn verify_each(
    input: &str,
    output: &str,
    selection: Selection,
    engine: &dyn Engine,
    options: &Options,
    on_case: &mut dyn FnMut(u64, &Case, &CaseReport),
) -> Result<Vec<CaseReport>, SolveError> {
    verify_cases(input, output, selection, &[], engine, options, on_case)
}

/// [`verify`] with switches set over the popeye profile (`KEY=VALUE`): whether a reading
/// other than Popeye's usual one gives Popeye's solutions.
pub fn verify_under_switches(
    input: &str,
    output: &str,
    set: &[String],
    engine: &dyn Engine,
    options: &Options,
) -> Result<Vec<CaseReport>, SolveError> {
    verify_cases(
        input,
        output,
        Selection::default(),
        set,
        engine,
        options,
        &mut |_, _, _| {},
    )
}

fn verify_cases(
    input: &str,
    output: &str,
    selection: Selection,
    set: &[String],
    engine: &dyn Engine,
    options: &Options,
    on_case: &mut dyn FnMut(u64, &Case, &CaseReport),
) -> Result<Vec<CaseReport>, SolveError> {
    let only = selection.problem;
    // Every problem is read, so that each finds its section of the output in turn.
    let (language, problems) = popeye_problems::cases(input, None, Profile::Popeye, set)?;
    if let Some(asked) = only
        && (asked == 0 || asked > problems.len())
    {
        return Err(SolveError::NoSuchProblem {
            asked,
            count: problems.len(),
        });
    }
    let chunks = popeye_output::parse(output);
    let lines: Vec<&str> = output.lines().collect();
    let mut reports = Vec::new();
    let mut next_chunk = 0;
    let mut number = 0;
    for (problem, cases) in &problems {
        let found = find_chunk(problem, &chunks, next_chunk);
        if let Some(i) = found {
            next_chunk = i + 1;
        }
        let partial_popeye = found.is_some_and(|i| chunks[i].partial)
            || popeye_problems::max_solutions(problem).is_some();
        if only.is_some_and(|n| cases.first().is_some_and(|c| c.problem != n)) {
            continue;
        }
        for (index, case) in cases.iter().enumerate() {
            let this = number;
            number += 1;
            if !selection.shard.takes(this) {
                continue;
            }
            let twin = found.and_then(|i| {
                let twins = &chunks[i].twins;
                (twins.len() == cases.len()).then(|| &twins[index])
            });
            let report = compare_case(
                case,
                &problem.options,
                twin,
                found.is_some(),
                partial_popeye,
                language,
                &lines,
                engine,
                options,
            );
            on_case(this, case, &report);
            reports.push(report);
        }
    }
    Ok(reports)
}

#[allow(clippy::too_many_arguments)]
fn compare_case(
    case: &Case,
    popeye_options: &[String],
    twin: Option<&OutputTwin>,
    chunk_found: bool,
    partial_popeye: bool,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
    options: &Options,
) -> CaseReport {
    let name = case.name();
    let skip = |stipulation, why: String| CaseReport {
        name: name.clone(),
        stipulation,
        outcome: Outcome::Skipped(why),
    };
    let (position, rules, stipulation) = match &case.setup {
        Ok(x) => x,
        Err(why) => return skip(None, why.to_string()),
    };
    let stipulation = *stipulation;
    // The positions each part begins from: one, or two under `option duplex`.
    let parts = case.parts();
    if let Some(why) = parts.iter().find_map(|p| {
        popeye_problems::refused_by_popeye(engine, p, rules)
            .or_else(|| crate::external::popeye::marks_read_otherwise(p))
    }) {
        return skip(Some(stipulation), why);
    }
    let Some(twin) = twin else {
        let why = if chunk_found {
            "the output's twins do not match the input's"
        } else {
            "no solution section for it in the output"
        };
        return skip(Some(stipulation), why.into());
    };
    if matches!(stipulation.play, Play::Direct | Play::SelfPlay) {
        let outcome = compare_tree(
            position,
            rules,
            stipulation,
            popeye_options,
            twin,
            partial_popeye,
            language,
            lines,
            engine,
            options,
        );
        return CaseReport {
            name,
            stipulation: Some(stipulation),
            outcome,
        };
    }
    let theirs = match popeye_solutions(twin, &parts, rules, stipulation, language, lines, engine) {
        Ok(t) => t,
        // A move of Popeye's that our engine does not allow: a solution we do not have.
        Err(why) => {
            return CaseReport {
                name,
                stipulation: Some(stipulation),
                outcome: Outcome::Differ {
                    missing: vec![format!("a line that does not replay: {why}")],
                    extra: Vec::new(),
                },
            };
        }
    };
    let mut ours = Vec::new();
    for part in &parts {
        match solve(engine, part, rules, stipulation, options) {
            Ok(solved) => ours.extend(solved.solutions),
            Err(why) => return skip(Some(stipulation), why.to_string()),
        }
    }
    let ours: BTreeSet<String> = ours
        .iter()
        .map(|line| super::layout::line(&stipulation, line, false))
        .collect();
    let theirs: BTreeSet<String> = theirs
        .iter()
        .map(|line| super::layout::line(&stipulation, line, false))
        .collect();
    let missing: Vec<String> = theirs.difference(&ours).cloned().collect();
    let extra: Vec<String> = if partial_popeye {
        Vec::new()
    } else {
        ours.difference(&theirs).cloned().collect()
    };
    let outcome = if missing.is_empty() && extra.is_empty() {
        Outcome::Agree(theirs.len())
    } else {
        Outcome::Differ { missing, extra }
    };
    CaseReport {
        name,
        stipulation: Some(stipulation),
        outcome,
    }
}

/// Direct and self play: our tree (as the problem's options ask: keys, tries, threats,
/// variations, set play) and Popeye's, compared line by line, each line with its path, so that
/// the order of moves does not matter. A difference is shown as the line with its path, e.g.
/// `1.Qd1-f3 ! threat: / 1...a7-a5 / 2.Rh1-h7`.
#[allow(clippy::too_many_arguments)]
fn compare_tree(
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    popeye_options: &[String],
    twin: &OutputTwin,
    partial_popeye: bool,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
    options: &Options,
) -> Outcome {
    let tree_options = match TreeOptions::from_popeye_options(popeye_options) {
        Ok(o) => o,
        Err(why) => return Outcome::Skipped(why.to_string()),
    };
    let theirs = match popeye_tree(twin, position, rules, language, lines, engine) {
        Ok(t) => t,
        Err(why) => {
            return Outcome::Differ {
                missing: vec![format!("a line that does not replay: {why}")],
                extra: Vec::new(),
            };
        }
    };
    let ours = match solve_tree(
        engine,
        position,
        rules,
        stipulation,
        &tree_options,
        options.hash_megabytes,
    ) {
        Ok(t) => t,
        Err(why) => return Outcome::Skipped(why.to_string()),
    };
    let keys = ours
        .keys
        .iter()
        .filter(|k| k.refutations.is_empty())
        .count();
    let stalemate = stipulation.goal == super::stipulation::Goal::Stalemate;
    let ours: BTreeSet<String> = tree_blocks(&ours, stalemate)
        .iter()
        .flatten()
        .map(|l| l.with_path())
        .collect();
    let theirs: BTreeSet<String> = theirs.iter().map(|l| l.with_path()).collect();
    let missing: Vec<String> = theirs.difference(&ours).cloned().collect();
    let extra: Vec<String> = if partial_popeye {
        Vec::new()
    } else {
        ours.difference(&theirs).cloned().collect()
    };
    if missing.is_empty() && extra.is_empty() {
        Outcome::Agree(keys)
    } else {
        Outcome::Differ { missing, extra }
    }
}

/// Popeye's solutions of one twin as move records of our engine: each printed line of help and
/// series play, each key (a first move marked `!`) of direct and self play.
fn popeye_solutions(
    twin: &OutputTwin,
    parts: &[&Position],
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
) -> Result<Vec<Vec<MoveRecord>>, SolveError> {
    let moves: Vec<&SolutionMove> = twin.segments.iter().flatten().collect();
    let mut groups: Vec<Vec<&SolutionMove>> = Vec::new();
    for mv in moves {
        match groups.last_mut() {
            Some(group) if group[0].line == mv.line => group.push(mv),
            _ => groups.push(vec![mv]),
        }
    }
    let direct = matches!(stipulation.play, Play::Direct | Play::SelfPlay);
    let mut out = Vec::new();
    for group in groups {
        if direct {
            let first = group[0];
            let raw = lines.get(first.line - 1).copied().unwrap_or("");
            if first.ply != 0 || !raw.split_whitespace().any(|w| w == "!") {
                continue;
            }
            out.push(resolve_in_parts(
                &[first],
                parts,
                rules,
                stipulation,
                language,
                engine,
            )?);
        } else {
            out.push(resolve_in_parts(
                &group,
                parts,
                rules,
                stipulation,
                language,
                engine,
            )?);
        }
    }
    Ok(out)
}

/// The moves of one printed line from the first of `parts` (a duplex problem's positions)
/// where it replays: a line's first move is of the side that begins, so at most one does.
fn resolve_in_parts(
    printed: &[&SolutionMove],
    parts: &[&Position],
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    engine: &dyn Engine,
) -> Result<Vec<MoveRecord>, SolveError> {
    let mut first_error = None;
    for part in parts {
        match resolve_line(printed, part, rules, stipulation, language, engine) {
            Ok(line) => return Ok(line),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.expect("at least one part"))
}

/// The moves of one printed line, found among our engine's legal moves along the line (the
/// other side passing between series moves).
fn resolve_line(
    printed: &[&SolutionMove],
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    engine: &dyn Engine,
) -> Result<Vec<MoveRecord>, SolveError> {
    let mut current = position.clone();
    let mut out = Vec::new();
    let series_moves = match stipulation.play {
        Play::SeriesHelp => printed.len().saturating_sub(1),
        Play::SeriesDirect => printed.len(),
        _ => 0,
    };
    for (i, mv) in printed.iter().enumerate() {
        let text = match language {
            Language::English => mv.text.clone(),
            Language::German => english_move(&mv.text),
        };
        let legal = engine.legal_moves(&current, rules)?;
        let record = popeye_move::resolve(&text, &legal).map_err(|e| SolveError::OutputMove {
            text: mv.text.clone(),
            line: mv.line,
            why: e.message,
        })?;
        let after = engine.play(&current, rules, &record)?;
        current = if i + 1 < series_moves {
            after.turn_skipped()
        } else {
            after
        };
        out.push(record);
    }
    Ok(out)
}

/// Counts of a verification: agreeing, differing and skipped cases.
pub fn counts(reports: &[CaseReport]) -> (usize, usize, usize) {
    let mut c = (0, 0, 0);
    for r in reports {
        match r.outcome {
            Outcome::Agree(_) => c.0 += 1,
            Outcome::Differ { .. } => c.1 += 1,
            Outcome::Skipped(_) => c.2 += 1,
        }
    }
    c
}
