//! An example of the book: a scenario's position drawn as a diagram, with its rules, the
//! moves played first, the legal moves after them under the scenario's rules, what changes
//! under each other reading it names, its solutions when it has a stipulation, and its note.
//! Everything is computed by the reference engine (the executable specification).

use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};

use super::error::BookError;
use super::text::{code_list, escape};
use crate::report::svg::diagram;
use crate::scenario::{Scenario, case_positions};

/// Above this many legal moves, an example lists its captures only.
const LISTED_MOVES: usize = 40;

/// The generated text of the example `id` (the scenario's file under `scenarios/` without
/// `.yaml`).
pub fn block(id: &str, scenario: &Scenario) -> Result<String, BookError> {
    let engine = ReferenceEngine;
    let start = scenario.position().map_err(BookError::Scenario)?;
    let cases = case_positions(scenario, &engine).map_err(BookError::Scenario)?;
    let mut s = figure(&start, &scenario.name, id);
    s += &format!(
        "<p class=\"example-source\">Source: {}.</p>\n\n",
        escape(scenario.source.trim_end_matches('.'))
    );
    let Some((base_rules, base_position)) = cases.first() else {
        return Ok(s);
    };
    s += &format!("Rules: `{base_rules}`.");
    if !scenario.play.is_empty() {
        s += &format!(" Played first: {}.", code_list(&scenario.play));
    }
    s += "\n\n";
    let base_moves = match base_position {
        Some(p) => moves(&engine, p, base_rules)?,
        None => Vec::new(),
    };
    if !scenario.play.is_empty()
        && let Some(after) = base_position
    {
        s += &figure_with(
            after,
            &format!("After {}", escape(&scenario.play.join(" "))),
        );
        s += "\n";
    }
    s += &move_list(&base_moves);
    for (rules, position) in &cases[1..] {
        let Some(position) = position else { continue };
        let here = moves(&engine, position, rules)?;
        let only_here: Vec<String> = here
            .iter()
            .filter(|m| !base_moves.contains(m))
            .cloned()
            .collect();
        let not_here: Vec<String> = base_moves
            .iter()
            .filter(|m| !here.contains(m))
            .cloned()
            .collect();
        let reading = reading_label(base_rules, rules);
        s += &if only_here.is_empty() && not_here.is_empty() {
            format!("- Under `{reading}`: the same moves.\n")
        } else {
            format!(
                "- Under `{reading}`: also {}; not {}.\n",
                code_list(&only_here),
                code_list(&not_here)
            )
        };
    }
    if cases.len() > 1 {
        s += "\n";
    }
    if let Some(stipulation) = &scenario.stipulation {
        s += &solutions(&engine, stipulation, &cases)?;
    }
    if let Some(note) = &scenario.note {
        s += &format!(
            "<blockquote class=\"example-note\">{}</blockquote>\n",
            escape(&note.split_whitespace().collect::<Vec<_>>().join(" "))
        );
    }
    Ok(s)
}

/// The diagram of `position` with its caption: the scenario's name and file.
pub fn figure(position: &Position, name: &str, id: &str) -> String {
    figure_with(
        position,
        &format!(
            "<b>{}</b><br><code>scenarios/{id}.yaml</code>",
            escape(name)
        ),
    )
}

/// The diagram of `position` with the caption `caption` (HTML).
fn figure_with(position: &Position, caption: &str) -> String {
    format!(
        "<figure class=\"example\">\n{}<figcaption>{caption}</figcaption>\n</figure>\n",
        diagram(position.setup(), &[])
    )
}

/// The legal moves of `position` under `rules`, as the engine writes them (check marks
/// included), sorted.
pub fn moves(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
) -> Result<Vec<String>, BookError> {
    let mut out: Vec<String> = engine
        .legal_moves(position, rules)
        .map_err(|e| BookError::Engine(e.to_string()))?
        .iter()
        .map(ToString::to_string)
        .collect();
    out.sort();
    Ok(out)
}

/// `Moves (n): …`, or the captures alone with the count of the others when there are many.
fn move_list(moves: &[String]) -> String {
    if moves.len() <= LISTED_MOVES {
        return format!("Legal moves ({}): {}.\n\n", moves.len(), code_list(moves));
    }
    let captures: Vec<String> = moves.iter().filter(|m| m.contains('*')).cloned().collect();
    format!(
        "Legal moves ({}), the captures: {}; and {} other moves.\n\n",
        moves.len(),
        code_list(&captures),
        moves.len() - captures.len()
    )
}

/// How an interpretation's rules differ from the scenario's: the switches or the profile it
/// changes (`parrain_en_passant=removes_own_unit`), or the whole rules.
fn reading_label(base: &Rules, rules: &Rules) -> String {
    let base_words: Vec<String> = base.to_string().split(' ').map(String::from).collect();
    let text = rules.to_string();
    let changed: Vec<&str> = text
        .split(' ')
        .filter(|w| !base_words.iter().any(|b| b == w))
        .map(|w| {
            // Written `profile=popeye` in the rules; a reading names the profile alone.
            w.strip_prefix("profile=").unwrap_or(w)
        })
        .collect::<Vec<_>>();
    if changed.is_empty() {
        rules.to_string()
    } else {
        changed.join(" ")
    }
}

/// The solutions of the scenario's stipulation under each case, as `feerie solve` prints them.
fn solutions(
    engine: &ReferenceEngine,
    stipulation: &str,
    cases: &[(Rules, Option<Position>)],
) -> Result<String, BookError> {
    use crate::solve::{Options, layout, solve, stipulation::Stipulation};
    let parsed: Stipulation =
        stipulation
            .parse()
            .map_err(|e: crate::solve::stipulation::StipulationError| {
                BookError::Engine(e.to_string())
            })?;
    let mut s = String::new();
    let base = &cases[0].0;
    for (rules, position) in cases {
        let Some(position) = position else { continue };
        let solved = solve(engine, position, rules, parsed, &Options::default())
            .map_err(|e| BookError::Engine(e.to_string()))?;
        let lines = layout::lines(engine, position, rules, &parsed, &solved);
        let under = if rules == base {
            String::new()
        } else {
            format!(" under `{}`", reading_label(base, rules))
        };
        s += &format!("Solutions of {stipulation}{under}:\n\n```text\n");
        if lines.is_empty() {
            s += "(none)\n";
        }
        for line in lines {
            s += line.trim_end();
            s += "\n";
        }
        s += "```\n\n";
    }
    Ok(s)
}
