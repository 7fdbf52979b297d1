//! One case compared: our solutions (or tree) against the lines Popeye printed for it, each of
//! Popeye's moves read back as a legal move of ours.

use crate::engines::SearchEngine;
use feerie_oracle::notation::popeye_input::Language;
use feerie_oracle::notation::popeye_words::{Lookup, PopeyeOption};
use feerie_oracle::{Position, Rules};

use crate::external::popeye_output::{Chunk, OutputTwin};
use crate::external::popeye_replay::english_line;
use crate::solve::Options;
use crate::solve::stipulation::{Play, Stipulation};
use crate::solve::tree::{TreeOptions, solve_tree};
use crate::solve::tree_layout::tree_blocks;
use crate::verify::error::VerifyError;
use crate::verify::popeye_tree::popeye_tree;

use super::held::{our_held_lines, printed_lines};
use super::large::{Streamed, compare_digested};
use super::part::Part;
use super::problems::{self, Case};
use super::replay::replaying_part;
use super::section::{
    Completion, Counted, NoSection, Printed, Section, beyond, judge, printed, section_fault, total,
};
use super::{CaseReport, Outcome};

pub(super) fn compare_case(
    case: &Case,
    popeye_options: &[String],
    section: Result<Section, NoSection>,
    language: Language,
    streamed: Option<&Streamed>,
    engine: &dyn SearchEngine,
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
    // An input Popeye misread is the input's fault, whatever its output shows.
    if let Err(why @ VerifyError::InputWords(_)) = &case.setup {
        return report(Outcome::InputError(why.to_string()));
    }
    // Popeye's output is judged first: a missing or edited section is a failure whatever we
    // can solve.
    let section = match section {
        Ok(s) => s,
        Err(why) => return report(differ(why.to_string())),
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
    // The parts: the play, the set play of a help problem, the duplex part.
    let mut parts = case.parts(engine);
    let mut section = section;
    // `option StopOnShortSolutions` in help and series play: the shortest solutions, when
    // shorter than the stipulation, and `Partial solution`.
    if problems::stops_on_short(&stipulation)
        && asks(popeye_options, language, PopeyeOption::StopOnShortSolutions)
    {
        let short = match shortest_solved(engine, &parts, rules, options) {
            Ok(short) => short,
            Err(why) => return report(Outcome::Skipped(why.to_string())),
        };
        match (short, section.chunk.partial) {
            (Some(shorter), true) => {
                for part in &mut parts {
                    part.stipulation = shorter;
                }
                section.stopped_on_short = true;
            }
            (None, false) => {}
            (Some(shorter), false) => {
                return report(differ(format!(
                    "solutions of {shorter} under StopOnShortSolutions, but `solution \
                     finished.` where Popeye would stop after them (`Partial solution`)"
                )));
            }
            (None, true) => {
                return report(differ(format!(
                    "`Partial solution` under StopOnShortSolutions, but no solution shorter than \
                     {stipulation}"
                )));
            }
        }
    }
    // A position the rules cannot mean in feerie's engines (SAT with a royal unit other than a
    // king) is not compared: its lines would not replay for that reason alone.
    if let Some(why) = parts
        .iter()
        .find_map(|p| feerie_oracle::engine::check_rules_fit(p.position, rules).err())
    {
        return report(Outcome::Skipped(why.to_string()));
    }
    // Popeye's complaint that the side to play can capture the king is a verdict on the
    // position. Its standard error carries it, so an output may lack it (then a refusal of
    // ours is a skip) and it may land anywhere in the problem's section: a twin of ours
    // refused agrees when Popeye complained in the section and printed nothing for the twin.
    // That Popeye's complaints are as many as the positions we find so is checked per problem.
    if let Some(why) = parts
        .iter()
        .find_map(|p| problems::refused_by_popeye(engine, p.position, rules))
    {
        return report(
            if section.chunk.king_capturable > 0 && section.twin.move_count() == 0 {
                Outcome::BothRefuse(why)
            } else {
                Outcome::Skipped(why)
            },
        );
    }
    if section.chunk.undecidable > 0 {
        return report(Outcome::Skipped(
            "Popeye 4.104 cannot decide whether a move is legal (Ohneschach's recursion \
             stopped): its lines there are no verdict"
                .into(),
        ));
    }
    if let Some(why) = parts
        .iter()
        .find_map(|p| crate::external::popeye::marks_read_otherwise(p.position))
    {
        return report(Outcome::Skipped(why));
    }
    if let Some(why) = parts
        .iter()
        .find_map(|p| problems::series_en_passant_observation(p.position, rules, &stipulation))
        .or_else(|| problems::checkless_check_goal(rules, &stipulation))
        .or_else(|| {
            (parts.iter())
                .find_map(|p| problems::reciprocal_under_mummer(p.position, rules, &stipulation))
        })
        .or_else(|| problems::self_play_threat_under_mars(rules, &stipulation))
    {
        return report(Outcome::Skipped(why));
    }
    // A difference Popeye is known to make is named as such ([`super::known`]).
    let positions: Vec<&Position> = parts.iter().map(|p| p.position).collect();
    let settle = |outcome, ours: Option<&Printed>| {
        report(super::known::explained(
            outcome, &positions, rules, engine, ours,
        ))
    };
    if matches!(stipulation.play, Play::Direct | Play::SelfPlay) {
        let tree = compare_tree(
            position,
            rules,
            stipulation,
            popeye_options,
            &section,
            language,
            engine,
            options,
        );
        return report(tree);
    }
    if let Some(streamed) = streamed {
        return report(compare_digested(
            &parts, rules, &section, streamed, language, engine, options,
        ));
    }
    // Each of Popeye's lines must replay (a move we do not allow is a solution we miss), and
    // is then compared as printed, every token of it.
    let theirs =
        match popeye_solutions(section.twin, &parts, rules, language, section.chunk, engine) {
            Ok(t) => t,
            Err(why) => return report(differ(format!("a line that does not replay: {why}"))),
        };
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
    let ours = match our_held_lines(engine, &parts, rules, &section, &theirs_by_part, options) {
        Ok(ours) => ours,
        Err(why) => return report(Outcome::Skipped(why.to_string())),
    };
    let (theirs_all, ours_all) = (all(&theirs_by_part), all(&ours.printed));
    if let Some(why) = ours.stopped {
        // Only the lines we found beyond Popeye's are sure; the ones we did not reach yet
        // may be Popeye's.
        let outcome = Outcome::Differ {
            missing: vec![why],
            extra: beyond(&ours_all, &theirs_all),
        };
        return settle(outcome, Some(&ours_all));
    }
    // Under maxsolutions each part is counted on its own, as Popeye limits each part.
    let counted = Counted {
        theirs: theirs_by_part.iter().map(total).collect(),
        ours: ours.counted,
    };
    let outcome = judge(
        &theirs_all,
        &ours_all,
        &section,
        counted,
        total(&theirs_all),
    );
    settle(outcome, Some(&ours_all))
}

/// Whether the problem's option words (read in `language`) give `option`.
fn asks(popeye_options: &[String], language: Language, option: PopeyeOption) -> bool {
    (popeye_options.iter())
        .any(|w| matches!(PopeyeOption::of(language, w), Lookup::Found(o) if o == option))
}

/// Under `option StopOnShortSolutions`: the stipulation of the fewest moves, shorter than the
/// case's, with a solution of the case's one part (Popeye solves length by length and stops
/// after the first with solutions), or `None` when there is none shorter.
fn shortest_solved(
    engine: &dyn SearchEngine,
    parts: &[super::part::Part],
    rules: &Rules,
    options: &Options,
) -> Result<Option<Stipulation>, crate::solve::error::SolveError> {
    let [part] = parts else {
        return Ok(None);
    };
    let full = part.stipulation;
    // `h#0.5` is the shortest help play of a half-move more; help-self play has a move at
    // least.
    let fewest = u32::from(!(full.play == Play::Help && full.half));
    let first = Options {
        max_solutions: 1,
        ..*options
    };
    for moves in fewest..full.moves {
        let shorter = Stipulation { moves, ..full };
        let solved = crate::solve::solve(engine, part.position, rules, shorter, &first)?;
        if !solved.solutions.is_empty() {
            return Ok(Some(shorter));
        }
    }
    Ok(None)
}

/// Direct and self play: our tree (as the problem's options ask: keys, tries, threats,
/// variations, set play) and Popeye's, compared line by line, each line with its path, so that
/// the order of moves does not matter, and each line as many times as it is printed. A
/// difference is shown as the line with its path, e.g. `1.Qd1-f3 ! threat: / 1...a7-a5 /
/// 2.Rh1-h7`.
#[allow(clippy::too_many_arguments)]
pub(super) fn compare_tree(
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    popeye_options: &[String],
    section: &Section,
    language: Language,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Outcome {
    let tree_options = match TreeOptions::from_popeye_options(popeye_options, language) {
        Ok(o) => TreeOptions {
            deadline: options.deadline,
            ..o
        },
        Err(why) => return Outcome::Skipped(why.to_string()),
    };
    let theirs = match popeye_tree(
        section.twin,
        position,
        rules,
        stipulation.goal,
        language,
        section.chunk,
        engine,
        tree_options.post_key,
    ) {
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
    let chunk = section.chunk;
    for &but in &section.twin.buts {
        let next = section
            .twin
            .segments
            .iter()
            .flatten()
            .find(|m| m.line > but);
        let refutes = next.is_some_and(|m| {
            m.ply == 1
                && chunk
                    .raw(m.line)
                    .is_some_and(|raw| raw.split_whitespace().any(|w| w == "!"))
                && (but + 1..m.line).all(|n| chunk.raw(n).is_some_and(|l| l.trim().is_empty()))
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
    let ours = printed(
        tree_blocks(&ours, stipulation.goal)
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
            let outcome = Outcome::Differ {
                missing: beyond(&theirs, &ours),
                extra,
            };
            let outcome = super::known::quodlibet_overrun(outcome, &stipulation);
            return super::known::explained(outcome, &[position], rules, engine, Some(&ours));
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
    let outcome = judge(&theirs, &ours, section, counted, keys);
    // A difference Popeye is known to make is named as such ([`super::known`]).
    let outcome = super::known::quodlibet_overrun(outcome, &stipulation);
    super::known::explained(outcome, &[position], rules, engine, Some(&ours))
}

/// Popeye's solutions of one twin in help or series play, each printed line as it reads (in
/// English, [`english_line`]) with the part (of a duplex problem) where it replays; a line
/// that does not replay is an error.
pub(super) fn popeye_solutions(
    twin: &OutputTwin,
    parts: &[Part],
    rules: &Rules,
    language: Language,
    chunk: &Chunk,
    engine: &dyn SearchEngine,
) -> Result<Vec<(usize, String)>, VerifyError> {
    let mut out = Vec::new();
    for group in printed_lines(&twin.segments) {
        let part = replaying_part(&group, parts, rules, language, engine)?;
        let raw = chunk.raw(group[0].line).unwrap_or("");
        out.push((part, english_line(raw, language)));
    }
    Ok(out)
}
