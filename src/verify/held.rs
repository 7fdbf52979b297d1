//! Our lines for a help or series play twin whose section of Popeye's output is held whole,
//! found in memory bounded by Popeye's lines rather than by ours: a problem may have millions
//! of solutions where Popeye, stopped by `maxsolutions`, printed ten.
//!
//! - Popeye finished (`solution finished.`): our lines are kept up to [`EXTRA_LINES`] beyond
//!   the number Popeye printed; a search that finds more stops there, a difference whatever
//!   the rest would be.
//! - Popeye was cut (`Partial solution`, `solving interrupted.`): only Popeye's lines are
//!   asked for, each must be ours (an interrupted section that printed none asks nothing). Ours are counted as they are found and kept only when
//!   Popeye printed them, and the search goes no deeper than Popeye's longest line: a line of
//!   `k` moves is a solution of `ser-h=n` for every `n` of at least `k` (shorter solutions are
//!   solutions, in help and series play alike). When that shallower search finds fewer lines
//!   than the limit, the whole one counts them, stopping at the limit.

use std::sync::Mutex;

use feerie_oracle::Rules;

use crate::engines::SearchEngine;
use crate::external::popeye_output::SolutionMove;
use crate::solve::Options;
use crate::solve::error::SolveError;
use crate::solve::stipulation::{Play, Stipulation};

use super::large::our_lines;
use super::part::Part;
use super::section::{Completion, Printed, Section, total};

/// The lines beyond Popeye's count kept on our side of a finished section: past them our
/// search stops, and they are listed as ours alone.
pub const EXTRA_LINES: usize = 100;

/// Our side of a held section, part by part.
pub(super) struct Ours {
    /// The lines kept, each with how many times it was found: all of them (up to the bound)
    /// when Popeye finished, Popeye's alone when it was cut.
    pub(super) printed: Vec<Printed>,
    /// The lines found in each part (in a cut section, up to the limit when the shallower
    /// search found fewer).
    pub(super) counted: Vec<usize>,
    /// Why the lines kept are not all ours: the search stopped past Popeye's count.
    pub(super) stopped: Option<String>,
}

/// The moves of each line Popeye printed for the twin (a line's moves share its output line).
pub(super) fn printed_lines(segments: &[Vec<SolutionMove>]) -> Vec<Vec<&SolutionMove>> {
    let mut groups: Vec<Vec<&SolutionMove>> = Vec::new();
    for mv in segments.iter().flatten() {
        match groups.last_mut() {
            Some(group) if group[0].line == mv.line => group.push(mv),
            _ => groups.push(vec![mv]),
        }
    }
    groups
}

/// `stipulation` searched no deeper than a line of `longest` printed moves needs, in help and
/// series play but under `exact-` (help-self play keeps its length: its reflex obligations are
/// not re-checked here). A line longer than the stipulation allows leaves it as it is.
pub(super) fn no_deeper_than(stipulation: Stipulation, longest: usize) -> Stipulation {
    let longest = u32::try_from(longest).unwrap_or(u32::MAX);
    let moves = match stipulation.play {
        // Under `exact-` a line of fewer moves is not a solution: the length stays; an intro
        // series of varying length leaves the series length unknown.
        _ if stipulation.exact || stipulation.intro > 0 => stipulation.moves,
        // `h#n`: 2n half-moves, `h#n.5`: 2n + 1.
        Play::Help => longest
            .saturating_sub(u32::from(stipulation.half))
            .div_ceil(2),
        // A reciprocal series line may end with the series side's own move.
        Play::SeriesHelp if stipulation.reci.is_some() => longest,
        // The series, then the other side's move.
        Play::SeriesHelp | Play::SeriesSelf => longest.saturating_sub(1),
        Play::SeriesDirect => longest,
        Play::Direct | Play::SelfPlay | Play::HelpSelf => stipulation.moves,
    };
    // At least a move, but for `h#0.5`'s half-move.
    let least = u32::from(!(stipulation.play == Play::Help && stipulation.half));
    Stipulation {
        moves: moves.clamp(least, stipulation.moves.max(least)),
        ..stipulation
    }
}

/// Our lines for the twin's `parts`, as the section's completion asks (see the module's text);
/// `theirs` are Popeye's lines, part by part.
pub(super) fn our_held_lines(
    engine: &dyn SearchEngine,
    parts: &[Part],
    rules: &Rules,
    section: &Section,
    theirs: &[Printed],
    options: &Options,
) -> Result<Ours, SolveError> {
    let n = parts.len();
    let found = Mutex::new((vec![Printed::new(); n], vec![0usize; n]));
    let keep = |part: usize, line: String, only_theirs: bool| {
        let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
        found.1[part] += 1;
        if !only_theirs || theirs[part].contains_key(&line) {
            *found.0[part].entry(line).or_default() += 1;
        }
    };
    if section.completion() == Completion::Whole {
        let mut ours = Ours {
            printed: Vec::with_capacity(n),
            counted: Vec::with_capacity(n),
            stopped: None,
        };
        // Part by part, each with its own bound.
        for (i, part) in parts.iter().enumerate() {
            let bound = total(&theirs[i]).saturating_add(EXTRA_LINES);
            let bounded = Options {
                max_solutions: bound,
                ..options.clone()
            };
            our_lines(engine, &[*part], rules, &bounded, &|_, line| {
                keep(i, line, false)
            })?;
            let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
            let count = found.1[i];
            if count >= bound {
                ours.stopped.get_or_insert(format!(
                    "we find {} line(s) or more{} where Popeye prints {} (our search stopped \
                     there; the lines only we print are among those found)",
                    bound,
                    part_name(parts, i),
                    total(&theirs[i])
                ));
            }
            ours.printed.push(std::mem::take(&mut found.0[i]));
            ours.counted.push(count);
        }
        return Ok(ours);
    }
    // An interrupted section that printed nothing asks nothing of ours: it is no verdict.
    if section.completion() == Completion::Interrupted && theirs.iter().all(Printed::is_empty) {
        return Ok(Ours {
            printed: vec![Printed::new(); n],
            counted: vec![0; n],
            stopped: None,
        });
    }
    let longest = printed_lines(&section.twin.segments)
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(usize::MAX);
    let shallow: Vec<Part> = (parts.iter())
        .map(|p| Part {
            stipulation: no_deeper_than(p.stipulation, longest),
            ..*p
        })
        .collect();
    our_lines(engine, &shallow, rules, options, &|part, line| {
        keep(part, line, true)
    })?;
    let (printed, mut counted) = found.into_inner().unwrap_or_else(|e| e.into_inner());
    if let (Some(limit), Completion::Limited) = (section.limit, section.completion()) {
        let to_limit = Options {
            max_solutions: limit,
            ..options.clone()
        };
        for (i, part) in parts.iter().enumerate() {
            if counted[i] >= limit || shallow[i].stipulation.moves == part.stipulation.moves {
                continue;
            }
            let count = Mutex::new(0usize);
            our_lines(engine, &[*part], rules, &to_limit, &|_, _| {
                *count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
            })?;
            counted[i] = count.into_inner().unwrap_or_else(|e| e.into_inner());
        }
    }
    Ok(Ours {
        printed,
        counted,
        stopped: None,
    })
}

/// How a part other than the play is named in a message: ` in the duplex part`, ` in the set
/// play`; nothing for the play itself.
pub(super) fn part_name(parts: &[Part], i: usize) -> &'static str {
    let play = parts.iter().position(|p| !p.set_play).unwrap_or(0);
    match &parts[i] {
        p if p.set_play => " in the set play",
        _ if i > play => " in the duplex part",
        _ => "",
    }
}
