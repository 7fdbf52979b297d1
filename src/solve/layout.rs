//! Solutions written as Popeye writes them: in direct and self play each key on its own line
//! (`   1.Qd1-d8 # !`); in help and series play each solution on one line, numbered by move
//! (`  1.d7-d5 Qd1-g4   2.Rf8-f7 Qg4-c8 #`, `  1...Qd1-g4   2.Rf8-g8 Qg4*g8 #`,
//! `  1.Ka8-a7   2.Ka7-a6 Rb1-a1 #`).

use feerie_oracle::{CheckMark, Engine, MoveRecord, Position, Rules, Status};

use super::stipulation::{Goal, Play, Stipulation};

/// The text of one move in a solution: the move, its check mark, and ` =` when it is the last
/// move and stalemates.
fn move_text(mv: &MoveRecord, stalemates: bool) -> String {
    if stalemates && mv.check == CheckMark::None {
        format!("{} =", mv.notation_without_check())
    } else {
        mv.to_string()
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
/// assert_eq!(line(&"#1".parse().unwrap(), &[mate.clone()], false), "   1.Rh1-h8 # !");
/// assert_eq!(line(&"h#0.5".parse().unwrap(), &[mate], false), "  1...Rh1-h8 #");
/// ```
pub fn line(stipulation: &Stipulation, moves: &[MoveRecord], last_stalemates: bool) -> String {
    let last = moves.len().saturating_sub(1);
    let text = |i: usize| move_text(&moves[i], i == last && last_stalemates);
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

/// Whether a stalemate stipulation's solution ends in stalemate. Help and series lines always
/// do; a key of direct play does when it stalemates at once (`=1`, or a short solution), which
/// the engine is asked.
pub fn ends_in_stalemate(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
    moves: &[MoveRecord],
) -> bool {
    if stipulation.goal != Goal::Stalemate {
        return false;
    }
    match stipulation.play {
        Play::Help | Play::SeriesHelp | Play::SeriesDirect => true,
        Play::SelfPlay => false,
        Play::Direct => moves.first().is_some_and(|key| {
            key.check == CheckMark::None
                && engine
                    .play(position, rules, key)
                    .and_then(|after| engine.status(&after, rules))
                    .is_ok_and(|s| s == Status::Stalemate)
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
            let stalemates = ends_in_stalemate(engine, position, rules, stipulation, moves);
            line(stipulation, moves, stalemates)
        })
        .collect()
}
