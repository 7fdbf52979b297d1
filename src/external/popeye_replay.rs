//! Replaying Popeye's solutions through an engine: every move of every solution of every
//! supported problem (twins included) must be legal where Popeye plays it, with the rebirths,
//! mutations and check marks Popeye prints.

use feerie_oracle::notation::popeye_input::{Language, PopeyeProblem, UnitColour};
use feerie_oracle::notation::popeye_twin;
use feerie_oracle::popeye_move::{self, MoveText};
use feerie_oracle::{
    CheckMark, Colour, Engine, Position, Profile, Rules, Square, Validation, popeye_input,
};

use super::popeye_output::{self, Chunk, SolutionMove};

/// What a replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayReport {
    /// Problems in the input.
    pub problems: usize,
    /// Twins (or problems without twins) whose solutions were replayed.
    pub replayed: usize,
    /// Moves replayed.
    pub moves: usize,
    /// Twins not replayed, each with the reason (`problem 3 b): fairy piece 'g' on e8`).
    pub skipped: Vec<String>,
    /// Moves our engine does not accept, each with where and why.
    pub rejected: Vec<String>,
}

/// Replays the solutions of `output` (Popeye's output for `input`) with `engine` under the
/// popeye profile. Errors are parse errors of the input.
pub fn replay(input: &str, output: &str, engine: &dyn Engine) -> Result<ReplayReport, String> {
    let file = popeye_input::parse(input).map_err(|e| e.to_string())?;
    let chunks = popeye_output::parse(output);
    let mut report = ReplayReport {
        problems: file.problems.len(),
        ..Default::default()
    };
    let mut next_chunk = 0;
    for (index, problem) in file.problems.iter().enumerate() {
        let number = index + 1;
        let chunk = find_chunk(problem, &chunks, next_chunk);
        if let Some(found) = chunk {
            next_chunk = found + 1;
        }
        replay_problem(
            problem,
            file.language,
            chunk.map(|i| &chunks[i]),
            number,
            engine,
            &mut report,
        );
    }
    Ok(report)
}

/// The chunk of `problem`: the next one whose diagram shows its units (a few chunks ahead at
/// most, since a problem Popeye rejects prints none), or the next one without diagram.
fn find_chunk(problem: &PopeyeProblem, chunks: &[Chunk], from: usize) -> Option<usize> {
    let mut board: Vec<(Square, char)> = problem
        .units
        .iter()
        .map(|u| {
            let c = match u.colour {
                UnitColour::Side(Colour::White) => 'w',
                UnitColour::Side(Colour::Black) => 'b',
                UnitColour::Neutral => 'n',
            };
            (u.square, c)
        })
        .collect();
    board.sort();
    (from..chunks.len().min(from + 4)).find(|&i| match &chunks[i].board {
        Some(b) => *b == board,
        None => i == from,
    })
}

fn replay_problem(
    problem: &PopeyeProblem,
    language: Language,
    chunk: Option<&Chunk>,
    number: usize,
    engine: &dyn Engine,
    report: &mut ReplayReport,
) {
    let twins = popeye_twin::twins(problem, language);
    let Some(chunk) = chunk else {
        // No output of its own: say why we could not have replayed it anyway, if so.
        let reasons: Vec<String> = twins
            .iter()
            .filter_map(|t| match &t.problem {
                Err(e) => Some(e.clone()),
                Ok(p) => unsupported_play(p).or_else(|| {
                    p.to_position(Profile::Popeye, Validation::Lenient)
                        .err()
                        .map(|e| e.to_string())
                }),
            })
            .collect();
        let why = if reasons.len() == twins.len() {
            reasons.join("; ")
        } else {
            "no solution in the output".to_string()
        };
        report.skipped.push(format!("problem {number}: {why}"));
        return;
    };
    if twins.len() != chunk.twins.len() {
        report.skipped.push(format!(
            "problem {number}: {} twins in the input, {} in the output",
            twins.len(),
            chunk.twins.len()
        ));
        return;
    }
    let duplex = has_option(problem, &["duplex"]);
    for (twin, out) in twins.iter().zip(&chunk.twins) {
        let name = if twin.label.is_empty() {
            format!("problem {number}")
        } else {
            format!("problem {number} {})", twin.label)
        };
        let twinned = match &twin.problem {
            Ok(p) => p,
            Err(e) => {
                report.skipped.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Some(reason) = unsupported_play(twinned) {
            report.skipped.push(format!("{name}: {reason}"));
            continue;
        }
        let (position, rules) = match twinned.to_position(Profile::Popeye, Validation::Lenient) {
            Ok(x) => x,
            Err(e) => {
                report.skipped.push(format!("{name}: {e}"));
                continue;
            }
        };
        report.replayed += 1;
        for (s, segment) in out.segments.iter().enumerate() {
            let mut start = position.clone();
            if duplex && s % 2 == 1 {
                start = pass(&start);
            }
            let context = Context {
                engine,
                rules: &rules,
                name: &name,
                language,
            };
            context.replay_segment(&start, segment, report);
        }
    }
}

/// Stipulations and options whose solutions are not a plain sequence of moves from the diagram.
fn unsupported_play(problem: &PopeyeProblem) -> Option<String> {
    let stip = problem
        .stipulation
        .clone()
        .or_else(|| problem.structured_stipulation.clone())
        .unwrap_or_default();
    if stip.contains("=>") {
        return Some(format!("stipulation {stip} (a proof game or a=>b)"));
    }
    if let Some(s) = &problem.structured_stipulation
        && s.matches('[').count() > 1
    {
        return Some(format!(
            "structured stipulation {s} (its moves are not numbered by half-move)"
        ));
    }
    None
}

fn has_option(problem: &PopeyeProblem, names: &[&str]) -> bool {
    problem.options.iter().any(|o| {
        let o = o.to_ascii_lowercase();
        names.iter().any(|n| o.len() >= 4 && n.starts_with(&o))
    })
}

/// The position with the other side to move: a side passing (a threat, set play, series play).
fn pass(position: &Position) -> Position {
    let mut setup = position.setup().clone();
    setup.side_to_move = !setup.side_to_move;
    setup.en_passant = None;
    setup.reserve = None;
    Position::from_played(setup)
}

struct Context<'a> {
    engine: &'a dyn Engine,
    rules: &'a Rules,
    name: &'a str,
    language: Language,
}

impl Context<'_> {
    fn replay_segment(&self, start: &Position, moves: &[SolutionMove], report: &mut ReplayReport) {
        // The positions before each half-move of the current line; None below a rejected move.
        let mut path: Vec<Option<Position>> = vec![Some(start.clone())];
        for mv in moves {
            path.truncate(mv.ply + 1);
            while path.len() <= mv.ply {
                let last = path.last().cloned().flatten();
                path.push(last.map(|p| pass(&p)));
            }
            let Some(before) = path[mv.ply].clone() else {
                continue;
            };
            report.moves += 1;
            match self.play(&before, mv) {
                Ok(after) => path.push(Some(after)),
                Err(why) => {
                    report.rejected.push(format!(
                        "{} (output line {}): {} — {why}",
                        self.name, mv.line, mv.text
                    ));
                    path.push(None);
                }
            }
        }
    }

    fn play(&self, before: &Position, mv: &SolutionMove) -> Result<Position, String> {
        let text = match self.language {
            Language::English => mv.text.clone(),
            Language::German => english_move(&mv.text),
        };
        let parsed: MoveText = text.parse().map_err(|e| format!("{e}"))?;
        let legal = self
            .engine
            .legal_moves(before, self.rules)
            .map_err(|e| e.to_string())?;
        let record = popeye_move::resolve(&parsed.to_string(), &legal).map_err(|e| {
            let all: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            format!("{}; legal here: {}", e.message, all.join(" "))
        })?;
        let mark_ok = match mv.mark {
            Some('#') => record.check == CheckMark::Mate,
            Some('+') => record.check != CheckMark::None,
            _ => true,
        };
        if !mark_ok {
            return Err(format!(
                "Popeye marks it '{}', our engine gives '{}'",
                mv.mark.unwrap_or(' '),
                record.check.suffix().trim()
            ));
        }
        self.engine
            .play(before, self.rules, &record)
            .map_err(|e| e.to_string())
    }
}

/// A move printed by Popeye's German output, in English notation: walks `D T L S B` become
/// `Q R B S P`, the colour `s` becomes `b`, the royal prefix `k` becomes `r`.
///
/// ```
/// use feerie::external::popeye_replay::english_move;
/// assert_eq!(english_move("b7-b8=D[+wBe8=L]"), "b7-b8=Q[+wPe8=B]");
/// assert_eq!(english_move("Kc6-b7[+sBc6]"), "Kc6-b7[+bPc6]");
/// assert_eq!(english_move("Lh4*e7"), "Bh4*e7");
/// ```
pub fn english_move(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let prev = if i > 0 { Some(chars[i - 1]) } else { None };
        let next = chars.get(i + 1).copied();
        let mapped = match c {
            'D' => 'Q',
            'T' => 'R',
            'L' => 'B',
            'B' => 'P',
            // The colour after `[+` or after `[square=`.
            's' if prev == Some('+')
                || prev == Some('=') && next.is_some_and(|n| n.is_ascii_uppercase()) =>
            {
                'b'
            }
            // The royal prefix before a walk letter.
            'k' if next.is_some_and(|n| n.is_ascii_uppercase()) => 'r',
            other => other,
        };
        out.push(mapped);
    }
    out
}
