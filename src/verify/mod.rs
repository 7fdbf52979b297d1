//! `popeye verify`: every problem (and twin) of a Popeye input that we can solve, solved by us
//! and compared with Popeye's output as sets: the solutions Popeye misses, the ones it gives
//! that we do not (cooks it found that we miss, or moves we do not allow); in direct and self
//! play the whole tree Popeye prints (keys, tries and refutations, threats, variations, set
//! play), line by line with each line's path.

pub mod compare;
pub mod error;
pub mod popeye_tree;
pub mod problems;

use std::collections::BTreeMap;

use feerie_oracle::notation::popeye_input::Language;
use feerie_oracle::{Engine, MoveRecord, Position, Profile, Rules, popeye_move};

use crate::external::popeye_output::{self, OutputTwin, SolutionMove};
use crate::external::popeye_replay::{english_line, english_move, find_chunk, shows_diagram};
use crate::shard::Shard;
use crate::solve::stipulation::{Play, Stipulation};
use crate::solve::tree::{TreeOptions, solve_tree};
use crate::solve::tree_layout::tree_blocks;
use crate::solve::{Options, solve};
use crate::verify::error::VerifyError;
use crate::verify::popeye_tree::popeye_tree;
use problems::Case;

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
) -> Result<Vec<CaseReport>, VerifyError> {
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
) -> Result<Vec<CaseReport>, VerifyError> {
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
) -> Result<Vec<CaseReport>, VerifyError> {
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
    let chunks = popeye_output::parse(output);
    let lines: Vec<&str> = output.lines().collect();
    let mut claimed = vec![false; chunks.len()];
    let mut reports = Vec::new();
    let mut next_chunk = 0;
    let mut number = 0;
    // Popeye prints one section per problem, in order, even for a problem it refuses; with as
    // many sections as problems each is its problem's. Otherwise the output is not the
    // input's whole output (a failure, reported after the problems), and each problem looks
    // for its diagram a few sections on, to say what it can.
    let in_order = chunks.len() == problems.len();
    for (index, (problem, cases)) in problems.iter().enumerate() {
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
        for (twin, case) in cases.iter().enumerate() {
            let this = number;
            number += 1;
            if !selection.shard.takes(this) {
                continue;
            }
            let section = match found {
                None => Err(format!(
                    "Popeye's output has no section for problem {} (an empty or cut output, a \
                     crashed run, or another input's output)",
                    case.problem
                )),
                Some(i) if chunks[i].twins.len() != cases.len() => Err(format!(
                    "Popeye's section from line {} has {} twin(s), the input {}",
                    chunks[i].line,
                    chunks[i].twins.len(),
                    cases.len()
                )),
                Some(i) => Ok(Section {
                    twin: &chunks[i].twins[twin],
                    chunk: &chunks[i],
                    label: &case.label,
                    maxtime: problems::max_time(problem),
                    diagram_matches: shows_diagram(problem, &chunks[i]),
                    // Popeye prints no diagram for a problem it refuses, even without
                    // `noboard`; its complaint goes to its standard error.
                    unsolved: chunks[i].board.is_none() && !problems::no_board(problem),
                    limit: problems::max_solutions(problem),
                }),
            };
            let report = compare_case(
                case,
                &problem.options,
                section,
                language,
                &lines,
                engine,
                options,
            );
            on_case(this, case, &report);
            reports.push(report);
        }
    }
    // The output as a whole: as many sections as problems, none left over.
    if only.is_none() {
        let mut faults = Vec::new();
        if !in_order {
            faults.push((
                "output".to_string(),
                format!(
                    "Popeye's output has {} problem section(s), the input {} problem(s)",
                    chunks.len(),
                    problems.len()
                ),
            ));
        }
        if let Some((line, text)) = popeye_output::trailing(output).first() {
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
    }
    Ok(reports)
}

/// What is wrong with a section whatever we solve: stray solution text, a twin label other
/// than the input's, a refusal or a missing diagram beside printed solutions, an interruption
/// in a problem with no time limit.
fn section_fault(section: &Section) -> Option<String> {
    if let Some((line, text)) = section.chunk.stray.first() {
        return Some(format!(
            "line {line} of Popeye's output reads as solution text where Popeye prints none: {text}"
        ));
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

/// Popeye's text for one case.
struct Section<'a> {
    /// The twin's solutions as read.
    twin: &'a OutputTwin,
    /// The problem's section.
    chunk: &'a popeye_output::Chunk,
    /// The twin's label in the input (`a`, `b`, …; empty without twins).
    label: &'a str,
    /// Whether the problem sets a time limit (`option maxtime`).
    maxtime: bool,
    /// Whether the section's diagram is the problem's (or the section has none).
    diagram_matches: bool,
    /// Whether Popeye printed no diagram where the problem asks for one: it did not solve it.
    unsolved: bool,
    /// `option maxsolutions N`: Popeye prints at most N solutions of each twin (and of each
    /// part of a duplex problem).
    limit: Option<usize>,
}

impl Section<'_> {
    /// How Popeye's solving of the problem ended, as its section's last line says.
    fn completion(&self) -> Completion {
        if self.chunk.interrupted {
            Completion::Interrupted
        } else if self.chunk.partial {
            Completion::Limited
        } else {
            Completion::Whole
        }
    }
}

/// How Popeye's solving of a problem ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Completion {
    /// `solution finished.`: every solution is printed.
    Whole,
    /// `Partial solution`: `maxsolutions` stopped it.
    Limited,
    /// `solving interrupted.`: its time ran out (`maxtime`) or it was stopped.
    Interrupted,
}

/// The lines printed on each side, each with how many times it is printed.
type Printed = BTreeMap<String, usize>;

fn printed<I: IntoIterator<Item = String>>(lines: I) -> Printed {
    let mut out = Printed::new();
    for line in lines {
        *out.entry(line).or_default() += 1;
    }
    out
}

fn total(lines: &Printed) -> usize {
    lines.values().sum()
}

/// The lines `a` prints more often than `b`, each once per extra time (`(printed 2 times)`
/// after a line that `b` prints once or never, when `a` repeats it).
fn beyond(a: &Printed, b: &Printed) -> Vec<String> {
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
struct Counted {
    theirs: Vec<usize>,
    ours: Vec<usize>,
}

/// The comparison of Popeye's lines with ours, as [`Completion`] and `limit` allow: a whole
/// output must print exactly our lines, each once; an output cut by `maxsolutions` only our
/// lines, each once, and in each part `min(limit, ours)` of the counted ones; an interrupted one
/// only our lines, each once, and is not an agreement.
fn judge(
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
                missing.push(
                    "`Partial solution` in Popeye's output, but the problem sets no \
                     maxsolutions"
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
                    missing.push(format!(
                        "{theirs_n} solution(s) printed{} under maxsolutions {limit} where \
                         there are {ours_n}: {expected} expected",
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

fn compare_case(
    case: &Case,
    popeye_options: &[String],
    section: Result<Section, String>,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
    options: &Options,
) -> CaseReport {
    let name = case.name();
    let stipulation = case.setup.as_ref().ok().map(|(_, _, s)| *s);
    let report = |outcome| CaseReport {
        name: name.clone(),
        stipulation,
        outcome,
    };
    let differ = |why: String| Outcome::Differ {
        missing: vec![why],
        extra: Vec::new(),
    };
    // Popeye's output is judged first: a missing or edited section is a failure whatever we
    // can solve.
    let section = match section {
        Ok(s) => s,
        Err(why) => return report(differ(why)),
    };
    // A case we cannot solve is skipped: nothing is claimed of its section.
    let (position, rules, stipulation) = match &case.setup {
        Ok(x) => x,
        Err(why) => return report(Outcome::Skipped(why.to_string())),
    };
    // Then what the section itself must be; what it claims (a refusal, no diagram) is a skip
    // only when the section bears it out.
    if let Some(why) = section_fault(&section) {
        return report(differ(why));
    }
    if let Some(why) = &section.twin.refused {
        return report(Outcome::Skipped(format!("Popeye refused it: {why}")));
    }
    if section.unsolved {
        return report(Outcome::Skipped(
            "Popeye printed no diagram for it, as for a problem it refuses (its complaint went \
             to its standard error): nothing to compare"
                .into(),
        ));
    }
    if !section.diagram_matches {
        return report(differ(
            "Popeye's section for it shows another diagram (another input's output, or \
             sections out of order)"
                .into(),
        ));
    }
    let stipulation = *stipulation;
    // The positions each part begins from: one, or two under `option duplex`.
    let parts = case.parts();
    if let Some(why) = parts.iter().find_map(|p| {
        problems::refused_by_popeye(engine, p, rules)
            .or_else(|| crate::external::popeye::marks_read_otherwise(p))
    }) {
        return report(Outcome::Skipped(why));
    }
    if matches!(stipulation.play, Play::Direct | Play::SelfPlay) {
        return report(compare_tree(
            position,
            rules,
            stipulation,
            popeye_options,
            &section,
            language,
            lines,
            engine,
            options,
        ));
    }
    // Each of Popeye's lines must replay (a move we do not allow is a solution we miss), and
    // is then compared as printed, every token of it.
    let theirs = match popeye_solutions(
        section.twin,
        &parts,
        rules,
        stipulation,
        language,
        lines,
        engine,
    ) {
        Ok(t) => t,
        Err(why) => return report(differ(format!("a line that does not replay: {why}"))),
    };
    let mut ours: Vec<Printed> = Vec::new();
    for part in &parts {
        match solve(engine, part, rules, stipulation, options) {
            Ok(solved) => ours.push(printed(
                crate::solve::layout::lines(engine, part, rules, &stipulation, &solved.solutions)
                    .iter()
                    .map(|l| english_line(l, Language::English)),
            )),
            Err(why) => return report(Outcome::Skipped(why.to_string())),
        }
    }
    let mut theirs_by_part = vec![Printed::new(); parts.len()];
    for (part, text) in theirs {
        *theirs_by_part[part].entry(text).or_default() += 1;
    }
    let all = |by_part: &[Printed]| {
        let mut out = Printed::new();
        for p in by_part {
            for (line, n) in p {
                *out.entry(line.clone()).or_default() += n;
            }
        }
        out
    };
    let (theirs_all, ours_all) = (all(&theirs_by_part), all(&ours));
    // Under maxsolutions each part is counted on its own, as Popeye limits each part.
    let counted = Counted {
        theirs: theirs_by_part.iter().map(total).collect(),
        ours: ours.iter().map(total).collect(),
    };
    report(judge(
        &theirs_all,
        &ours_all,
        &section,
        counted,
        total(&theirs_all),
    ))
}

/// Direct and self play: our tree (as the problem's options ask: keys, tries, threats,
/// variations, set play) and Popeye's, compared line by line, each line with its path, so that
/// the order of moves does not matter, and each line as many times as it is printed. A
/// difference is shown as the line with its path, e.g. `1.Qd1-f3 ! threat: / 1...a7-a5 /
/// 2.Rh1-h7`.
#[allow(clippy::too_many_arguments)]
fn compare_tree(
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    popeye_options: &[String],
    section: &Section,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
    options: &Options,
) -> Outcome {
    let tree_options = match TreeOptions::from_popeye_options(popeye_options) {
        Ok(o) => o,
        Err(why) => return Outcome::Skipped(why.to_string()),
    };
    let theirs = match popeye_tree(section.twin, position, rules, language, lines, engine) {
        Ok(t) => t,
        Err(why) => {
            return Outcome::Differ {
                missing: vec![format!("a line that does not replay: {why}")],
                extra: Vec::new(),
            };
        }
    };
    // Each try's refutations follow one `but`: a line we rebuild, so Popeye's are counted, and
    // each must stand just above a refutation (the next move printed: `1...` marked `!`).
    let buts = theirs.iter().filter(|l| l.text == "but").count();
    for &but in &section.twin.buts {
        let next = section
            .twin
            .segments
            .iter()
            .flatten()
            .find(|m| m.line > but);
        let refutes = next.is_some_and(|m| {
            m.ply == 1
                && lines
                    .get(m.line - 1)
                    .is_some_and(|raw| raw.split_whitespace().any(|w| w == "!"))
                && lines[but..m.line - 1].iter().all(|l| l.trim().is_empty())
        });
        if !refutes {
            return Outcome::Differ {
                missing: vec![format!(
                    "line {but} of Popeye's output: `but` not just above a refutation"
                )],
                extra: Vec::new(),
            };
        }
    }
    if section.twin.buts.len() != buts {
        return Outcome::Differ {
            missing: vec![format!(
                "{} `but` line(s) in Popeye's output where its tries need {buts}",
                section.twin.buts.len()
            )],
            extra: Vec::new(),
        };
    }
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
    let stalemate = stipulation.goal == crate::solve::stipulation::Goal::Stalemate;
    let ours = printed(
        tree_blocks(&ours, stalemate)
            .iter()
            .flatten()
            .map(|l| l.with_path()),
    );
    // Popeye prints each first move's block whole, also when a solution limit stops it after
    // the block of its last key.
    let whole_blocks: Vec<String> = theirs
        .iter()
        .filter(|l| l.path.is_empty())
        .map(|l| l.text.clone())
        .collect();
    let theirs = printed(theirs.iter().map(|l| l.with_path()));
    if section.completion() == Completion::Limited {
        // Lines of ours inside a block Popeye printed are owed even under the limit.
        // Popeye prints the set play first and whole, under a limit too.
        let in_whole_block = |line: &String| {
            line.starts_with("set play / ")
                || whole_blocks
                    .iter()
                    .any(|b| line == b || line.starts_with(&format!("{b} / ")))
        };
        let owed: Printed = ours
            .iter()
            .filter(|(line, _)| in_whole_block(line))
            .map(|(l, n)| (l.clone(), *n))
            .collect();
        let extra = beyond(&owed, &theirs);
        if !extra.is_empty() {
            return Outcome::Differ {
                missing: beyond(&theirs, &ours),
                extra,
            };
        }
    }
    // Under maxsolutions Popeye counts keys and tries: first moves marked `!` or `?` (the set
    // play is printed whole and not counted).
    let keys_of = |side: &Printed| -> usize {
        side.iter()
            .filter(|(line, _)| {
                !line.contains(" / ") && line.split_whitespace().any(|w| w == "!" || w == "?")
            })
            .map(|(_, n)| n)
            .sum()
    };
    let counted = Counted {
        theirs: vec![keys_of(&theirs)],
        ours: vec![keys_of(&ours)],
    };
    judge(&theirs, &ours, section, counted, keys)
}

/// Popeye's solutions of one twin in help or series play, each printed line as it reads (in
/// English, [`english_line`]) with the part (of a duplex problem) where it replays; a line
/// that does not replay is an error.
fn popeye_solutions(
    twin: &OutputTwin,
    parts: &[&Position],
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    lines: &[&str],
    engine: &dyn Engine,
) -> Result<Vec<(usize, String)>, VerifyError> {
    let moves: Vec<&SolutionMove> = twin.segments.iter().flatten().collect();
    let mut groups: Vec<Vec<&SolutionMove>> = Vec::new();
    for mv in moves {
        match groups.last_mut() {
            Some(group) if group[0].line == mv.line => group.push(mv),
            _ => groups.push(vec![mv]),
        }
    }
    let mut out = Vec::new();
    for group in groups {
        let part = replaying_part(&group, parts, rules, stipulation, language, engine)?;
        let raw = lines.get(group[0].line - 1).copied().unwrap_or("");
        out.push((part, english_line(raw, language)));
    }
    Ok(out)
}

/// The first of `parts` (a duplex problem's positions) where one printed line replays: a
/// line's first move is of the side that begins, so at most one does.
fn replaying_part(
    printed: &[&SolutionMove],
    parts: &[&Position],
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    engine: &dyn Engine,
) -> Result<usize, VerifyError> {
    let mut first_error = None;
    for (i, part) in parts.iter().enumerate() {
        match resolve_line(printed, part, rules, stipulation, language, engine) {
            Ok(_) => return Ok(i),
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
) -> Result<Vec<MoveRecord>, VerifyError> {
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
        let record = popeye_move::resolve(&text, &legal).map_err(|e| VerifyError::OutputMove {
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
