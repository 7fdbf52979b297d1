//! Popeye's section of one case (its twin, its chunk, the limits the problem sets) and how its
//! lines are judged against ours: what is wrong with a section whatever we solve, and the
//! comparison of the printed lines as the section's completion allows.

use std::collections::BTreeMap;

use crate::external::popeye_output::{self, OutputTwin};

use super::Outcome;

/// Whether the line `line` (text `text`, trimmed) is one of the play after the key (Popeye's
/// option PostKeyPlay, when the problem asks for it), which the tree reads back and compares:
/// its head (the key's check, threat or zugzwang) just above the first move of a twin, or
/// `refutes.` just under a defence of the first move.
fn post_key_line(section: &Section, line: usize, text: &str) -> bool {
    if !section.post_key {
        return false;
    }
    let chunk = section.chunk;
    let mut twins = chunk.twins.iter();
    match text {
        _ if super::popeye_tree::post_key_head(text).is_some() => {
            let next = (line + 1..)
                .take_while(|&n| chunk.raw(n).is_some())
                .find(|&n| chunk.raw(n).is_some_and(|l| !l.trim().is_empty()));
            // Above the first move of a twin; or, in a problem of one twin with no move shown,
            // its only line.
            let alone = chunk.twins.len() == 1 && chunk.twins[0].move_count() == 0;
            alone
                || twins.any(|t| {
                    t.segments.iter().flatten().next().map(|m| m.line) == next && next.is_some()
                })
        }
        _ if popeye_output::refutes_line(text) => {
            twins.any(|t| (t.segments.iter().flatten()).any(|m| m.ply == 1 && m.line + 1 == line))
        }
        _ => false,
    }
}

/// What is wrong with a section whatever we solve: stray solution text, a twin label other
/// than the input's, a refusal or a missing diagram beside printed solutions, an interruption
/// in a problem with no time limit.
pub(super) fn section_fault(section: &Section) -> Option<String> {
    let mut stray = section.chunk.stray.iter();
    if let Some((line, text)) = stray.find(|(l, t)| !post_key_line(section, *l, t)) {
        return Some(format!(
            "line {line} of Popeye's output is not a line Popeye prints there (solution text \
             outside the solutions, or text among them that is not Popeye's): {text}"
        ));
    }
    // The play after the key: Popeye writes `refutes.` only under a defence of the first move
    // (which the tree reads with it); one anywhere else is not Popeye's.
    if section.post_key {
        let chunk = section.chunk;
        let misplaced = (chunk.line..=chunk.end).find(|&n| {
            chunk.raw(n).is_some_and(|l| {
                popeye_output::refutes_line(l.trim()) && !post_key_line(section, n, l.trim())
            })
        });
        if let Some(line) = misplaced {
            return Some(format!(
                "line {line} of Popeye's output is not a line Popeye prints there (`refutes.` \
                 not just under a defence of the first move)"
            ));
        }
    }
    // Text between two twins is a remark of the input, printed before the next twin's label.
    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }
    // Popeye's notice that an option of the problem does not apply to the next twin.
    let notice = |text: &str| {
        (popeye_output::NOT_APPLICABLE.iter())
            .any(|(option, words)| section.ignorable.contains(option) && words.contains(&text))
    };
    for (line, text) in section.chunk.twins.iter().flat_map(|t| &t.remarks) {
        if !section.texts.iter().any(|(_, t)| words(t) == words(text)) && !notice(text.trim()) {
            return Some(format!(
                "line {line} of Popeye's output is not a line Popeye prints there (text after \
                 a twin's solutions that is no remark of the input): {text}"
            ));
        }
    }
    if section.twin.label != section.label {
        let input = if section.label.is_empty() {
            "the input has no twins".to_string()
        } else {
            format!("the input's `{})`", section.label)
        };
        let printed = if section.twin.label.is_empty() {
            "no label".to_string()
        } else {
            format!("`{})`", section.twin.label)
        };
        return Some(format!("Popeye's twin has {printed}, {input}"));
    }
    if section.twin.refused.is_some() && section.twin.move_count() > 0 {
        return Some("`problem ignored` in a twin that prints solutions".into());
    }
    if section.unsolved && section.chunk.twins.iter().any(|t| t.move_count() > 0) {
        return Some(
            "a section with solutions but without the diagram the problem asks for".into(),
        );
    }
    if section.completion() == Completion::Interrupted && !section.maxtime {
        return Some(
            "`solving interrupted.` in a problem without `option maxtime` (a run stopped \
             short; a limit given on Popeye's command line is not seen here)"
                .into(),
        );
    }
    None
}

/// Why a case has no section of Popeye's output to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NoSection {
    /// No section for the case's problem.
    Missing {
        /// The problem's number in the input.
        problem: usize,
    },
    /// The problem's section has another number of twins than the input.
    Twins {
        /// The section's first line in the output.
        line: usize,
        /// The twins the section prints.
        printed: usize,
        /// The twins of the input.
        input: usize,
    },
}

impl std::fmt::Display for NoSection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoSection::Missing { problem } => write!(
                f,
                "Popeye's output has no section for problem {problem} (an empty or cut output, a \
                 crashed run, or another input's output)"
            ),
            NoSection::Twins {
                line,
                printed,
                input,
            } => write!(
                f,
                "Popeye's section from line {line} has {printed} twin(s), the input {input}"
            ),
        }
    }
}

/// Popeye's text for one case.
pub(super) struct Section<'a> {
    /// The twin's solutions as read.
    pub(super) twin: &'a OutputTwin,
    /// The problem's section.
    pub(super) chunk: &'a popeye_output::Chunk,
    /// The twin's label in the input (`a`, `b`, …; empty without twins).
    pub(super) label: &'a str,
    /// Whether the problem sets a time limit (`option maxtime`).
    pub(super) maxtime: bool,
    /// Whether the problem asks for the play after the key (`option PostKeyPlay`).
    pub(super) post_key: bool,
    /// Whether the section's diagram is the problem's (or the section has none).
    pub(super) diagram_matches: bool,
    /// Whether Popeye printed no diagram where the problem asks for one: it did not solve it.
    pub(super) unsolved: bool,
    /// `option maxsolutions N`: Popeye prints at most N solutions of each twin (and of each
    /// part of a duplex problem).
    pub(super) limit: Option<usize>,
    /// `option intelligent N`: Popeye prints at most N solutions ending in one position (its
    /// intelligent mode's target positions), and says `Partial solution` when that cut some.
    pub(super) per_target: Option<usize>,
    /// The problem's texts (`remark`, `author`, …: command and text), which Popeye may print
    /// between twins.
    pub(super) texts: &'a [(String, String)],
    /// The problem's options that Popeye may say do not apply to a twin
    /// ([`popeye_output::NOT_APPLICABLE`]), a notice it prints between twins.
    pub(super) ignorable: Vec<feerie_oracle::notation::popeye_words::PopeyeOption>,
    /// Whether `Partial solution` ends a whole output: under `option StopOnShortSolutions`,
    /// once a solution shorter than the stipulation was found and each of that length printed
    /// (the case checks it and sets this).
    pub(super) stopped_on_short: bool,
}

impl Section<'_> {
    /// How Popeye's solving of the problem ended, as its section's last line says.
    pub(super) fn completion(&self) -> Completion {
        if self.chunk.interrupted {
            Completion::Interrupted
        } else if self.chunk.partial && !self.stopped_on_short {
            Completion::Limited
        } else {
            Completion::Whole
        }
    }
}

/// How Popeye's solving of a problem ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Completion {
    /// `solution finished.`: every solution is printed.
    Whole,
    /// `Partial solution`: `maxsolutions` stopped it.
    Limited,
    /// `solving interrupted.`: its time ran out (`maxtime`) or it was stopped.
    Interrupted,
}

/// The lines printed on each side, each with how many times it is printed.
pub(super) type Printed = BTreeMap<String, usize>;

pub(super) fn printed<I: IntoIterator<Item = String>>(lines: I) -> Printed {
    let mut out = Printed::new();
    for line in lines {
        *out.entry(line).or_default() += 1;
    }
    out
}

pub(super) fn total(lines: &Printed) -> usize {
    lines.values().sum()
}

/// The lines `a` prints more often than `b`, each once per extra time (`(printed 2 times)`
/// after a line that `b` prints once or never, when `a` repeats it).
pub(super) fn beyond(a: &Printed, b: &Printed) -> Vec<String> {
    let mut out = Vec::new();
    for (line, &n) in a {
        let m = b.get(line).copied().unwrap_or(0);
        if n > m {
            if n > 1 {
                out.push(format!("{line} (printed {n} times)"));
            } else {
                out.push(line.clone());
            }
        }
    }
    out
}

/// What `maxsolutions` counts on each side, part by part (one part, or the two of a duplex
/// problem): solutions in help and series play, keys and tries in direct and self play.
pub(super) struct Counted {
    pub(super) theirs: Vec<usize>,
    pub(super) ours: Vec<usize>,
}

/// The comparison of Popeye's lines with ours, as [`Completion`] and `limit` allow: a whole
/// output must print exactly our lines, each once; an output cut by `maxsolutions` only our
/// lines, each once, and in each part `min(limit, ours)` of the counted ones; an interrupted one
/// only our lines, each once, and is not an agreement.
pub(super) fn judge(
    theirs: &Printed,
    ours: &Printed,
    section: &Section,
    counted: Counted,
    agreed: usize,
) -> Outcome {
    let missing = beyond(theirs, ours);
    // Where only Popeye's lines are checked (a limit or an interruption cut the output), each
    // must be ours and printed once.
    let mut missing_or_repeated = missing.clone();
    for (line, n) in theirs.iter().filter(|(_, n)| **n > 1) {
        let repeated = format!("{line} (printed {n} times)");
        if !missing_or_repeated.contains(&repeated) {
            missing_or_repeated.push(repeated);
        }
    }
    match section.completion() {
        Completion::Whole => {
            let extra = beyond(ours, theirs);
            // Popeye ends with `Partial solution` as soon as a part reaches its limit.
            if let Some(limit) = section.limit
                && let Some(n) = counted.theirs.iter().find(|n| **n >= limit)
            {
                let mut missing = missing;
                missing.push(format!(
                    "{n} solution(s) printed under maxsolutions {limit}, but `solution \
                     finished.` where Popeye says `Partial solution`"
                ));
                return Outcome::Differ { missing, extra };
            }
            if missing.is_empty() && extra.is_empty() {
                Outcome::Agree(agreed)
            } else {
                Outcome::Differ { missing, extra }
            }
        }
        Completion::Limited => {
            let mut missing = missing_or_repeated;
            let Some(limit) = section.limit else {
                // Cut by the bound per target position: each of Popeye's lines is ours (and
                // printed once); which ones it kept is its search order's.
                if section.per_target.is_some() {
                    return if missing.is_empty() {
                        Outcome::Agree(agreed)
                    } else {
                        Outcome::Differ {
                            missing,
                            extra: Vec::new(),
                        }
                    };
                }
                missing.push(
                    "`Partial solution` in Popeye's output, but the problem sets no \
                     maxsolutions and no intelligent N"
                        .into(),
                );
                return Outcome::Differ {
                    missing,
                    extra: Vec::new(),
                };
            };
            let printed_count = counted.theirs.iter().sum();
            // `Partial solution` says a part reached the limit: with one twin, this one.
            if section.chunk.twins.len() == 1 && counted.theirs.iter().all(|n| *n < limit) {
                missing.push(format!(
                    "`Partial solution` under maxsolutions {limit}, but no part printed {limit} \
                     solution(s)"
                ));
            }
            for (part, (theirs_n, ours_n)) in
                counted.theirs.into_iter().zip(counted.ours).enumerate()
            {
                let expected = limit.min(ours_n);
                if theirs_n != expected {
                    // Our count may stop at the limit: past it only "at least" is known.
                    let ours = if ours_n >= limit {
                        format!("we find {ours_n} or more")
                    } else {
                        format!("there are {ours_n}")
                    };
                    missing.push(format!(
                        "{theirs_n} solution(s) printed{} under maxsolutions {limit} where \
                         {ours}: {expected} expected",
                        if part > 0 { " in the duplex part" } else { "" }
                    ));
                }
            }
            if missing.is_empty() {
                Outcome::Agree(printed_count)
            } else {
                Outcome::Differ {
                    missing,
                    extra: Vec::new(),
                }
            }
        }
        Completion::Interrupted => {
            let missing = missing_or_repeated;
            if missing.is_empty() {
                Outcome::Skipped(format!(
                    "Popeye's solving was interrupted (its time limit): its {} line(s) are ours, \
                     the rest was not compared",
                    total(theirs)
                ))
            } else {
                Outcome::Differ {
                    missing,
                    extra: Vec::new(),
                }
            }
        }
    }
}
