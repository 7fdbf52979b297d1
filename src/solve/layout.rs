//! Solutions written as Popeye writes them: in direct and self play each key on its own line
//! (`   1.Qd1-d8 # !`); in help and series play each solution on one line, numbered by move
//! (`  1.d7-d5 Qd1-g4   2.Rf8-f7 Qg4-c8 #`, `  1...Qd1-g4   2.Rf8-g8 Qg4*g8 #`,
//! `  1.Ka8-a7   2.Ka7-a6 Rb1-a1 #`).

use feerie_oracle::{CheckMark, Engine, MoveRecord, Position, Rules, Status};

use super::stipulation::{Goal, Play, Stipulation};

/// The text of a move as Popeye prints it in a problem of `goal`: its check mark, then, when
/// it `reached` the goal, the goal's marker. Popeye marks a mate only as the goal of a mate
/// stipulation; under the other goals a mating move is marked ` +` (`1.Rh1*h8 + x`), and a
/// check that reaches the goal `+` is marked once.
///
/// ```
/// use feerie::oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
/// use feerie::solve::layout::move_text;
/// use feerie::solve::stipulation::Goal;
/// let position = fen::parse("k6p/8/1K6/8/8/8/8/7R w - - 0 1", Validation::Strict).unwrap();
/// let moves = ReferenceEngine.legal_moves(&position, &Rules::orthodox()).unwrap();
/// let mate = moves.iter().find(|m| m.to_string() == "Rh1*h8 #").unwrap();
/// assert_eq!(move_text(mate, Goal::Mate, true), "Rh1*h8 #");
/// assert_eq!(move_text(mate, Goal::Capture, true), "Rh1*h8 + x");
/// assert_eq!(move_text(mate, Goal::Check, true), "Rh1*h8 +");
/// assert_eq!(move_text(mate, Goal::Any, true), "Rh1*h8 +");
/// assert_eq!(move_text(mate, Goal::Capture, false), "Rh1*h8 +");
/// assert_eq!(move_text(mate, Goal::MateOrStalemate, true), "Rh1*h8 #=");
/// assert_eq!(move_text(mate, Goal::MaterialGain, true), "Rh1*h8 + %");
/// ```
pub fn move_text(mv: &MoveRecord, goal: Goal, reached: bool) -> String {
    let plain = mv.notation_without_check();
    let check = if mv.check == CheckMark::None {
        ""
    } else {
        " +"
    };
    match (goal, reached) {
        (Goal::Mate, _) => mv.to_string(),
        (Goal::Stalemate, true) if mv.check == CheckMark::None => format!("{plain} ="),
        (Goal::Stalemate, _) => mv.to_string(),
        (Goal::Check, true) => format!("{plain} +"),
        // A mate reaching `#=` is marked `#=` alone, as a stalemate is.
        (Goal::MateOrStalemate, true) => format!("{plain} #="),
        (_, true) if !goal.marker().is_empty() => format!("{plain}{check} {}", goal.marker()),
        _ => format!("{plain}{check}"),
    }
}

/// One solution line as Popeye prints it, without the final newline.
///
/// ```
/// use feerie::oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
/// use feerie::solve::layout::line;
/// let position = fen::parse("k7/8/1K6/8/8/8/8/7R w - - 0 1", Validation::Strict).unwrap();
/// let moves = ReferenceEngine.legal_moves(&position, &Rules::orthodox()).unwrap();
/// let mate = moves.iter().find(|m| m.to_string() == "Rh1-h8 #").unwrap().clone();
/// assert_eq!(line(&"#1".parse().unwrap(), &[mate.clone()], true), "   1.Rh1-h8 # !");
/// assert_eq!(line(&"h#0.5".parse().unwrap(), &[mate.clone()], true), "  1...Rh1-h8 #");
/// assert_eq!(line(&"hx0.5".parse().unwrap(), &[mate], false), "  1...Rh1-h8 +");
/// ```
///
/// `last_reaches` says whether the last move reaches the goal (see [`ends_at_goal`]).
pub fn line(stipulation: &Stipulation, moves: &[MoveRecord], last_reaches: bool) -> String {
    let last = moves.len().saturating_sub(1);
    let text = |i: usize| move_text(&moves[i], stipulation.goal, i == last && last_reaches);
    let mut out = String::new();
    match stipulation.play {
        Play::Direct | Play::SelfPlay => {
            out.push_str("   1.");
            out.push_str(&text(0));
            out.push_str(" !");
        }
        Play::Help => {
            out.push_str("  ");
            let offset = usize::from(stipulation.half);
            for i in 0..moves.len() {
                let ply = i + offset;
                let number = ply / 2 + 1;
                if ply % 2 == 0 {
                    if i > 0 {
                        out.push_str("   ");
                    }
                    out.push_str(&format!("{number}.{}", text(i)));
                } else if i == 0 {
                    out.push_str(&format!("{number}...{}", text(i)));
                } else {
                    out.push_str(&format!(" {}", text(i)));
                }
            }
        }
        Play::SeriesHelp | Play::SeriesDirect => {
            out.push_str("  ");
            let series = if stipulation.play == Play::SeriesHelp {
                last
            } else {
                moves.len()
            };
            for i in 0..moves.len() {
                if i < series {
                    if i > 0 {
                        out.push_str("   ");
                    }
                    out.push_str(&format!("{}.{}", i + 1, text(i)));
                } else {
                    out.push_str(&format!(" {}", text(i)));
                }
            }
        }
    }
    out
}

/// Whether a solution's last move reaches the goal. Help and series lines always do; a key of
/// direct play does when it reaches it at once (`#1`, `x1`, or a short solution), which its
/// record tells, or for a stalemate the engine; a key of self play never does.
pub fn ends_at_goal(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
    moves: &[MoveRecord],
) -> bool {
    match stipulation.play {
        Play::Help | Play::SeriesHelp | Play::SeriesDirect => true,
        Play::SelfPlay => false,
        Play::Direct => moves.first().is_some_and(|key| {
            stipulation.goal.reached_by(key).unwrap_or_else(|| {
                key.check == CheckMark::None
                    && engine
                        .play(position, rules, key)
                        .and_then(|after| engine.status(&after, rules))
                        .is_ok_and(|s| s == Status::Stalemate)
            })
        }),
    }
}

/// Every solution, one line each, in Popeye's layout.
pub fn lines(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
    solutions: &[Vec<MoveRecord>],
) -> Vec<String> {
    solutions
        .iter()
        .map(|moves| {
            let reaches = ends_at_goal(engine, position, rules, stipulation, moves);
            line(stipulation, moves, reaches)
        })
        .collect()
}
