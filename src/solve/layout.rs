//! Solutions written as Popeye writes them: in direct and self play each key on its own line
//! (`   1.Qd1-d8 # !`); in help, help-self and series play each solution on one line, numbered by move
//! (`  1.d7-d5 Qd1-g4   2.Rf8-f7 Qg4-c8 #`, `  1...Qd1-g4   2.Rf8-g8 Qg4*g8 #`,
//! `  1.Ka8-a7   2.Ka7-a6 Rb1-a1 #`).

use std::fmt::Write;

use feerie_oracle::{CheckMark, Engine, MoveRecord, Position, Rules, Status};

use super::Solved;
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
    let mut out = String::new();
    write_move(&mut out, mv, goal, reached);
    out
}

/// [`move_text`] written at the end of `out`: a line is built in one String, without one
/// per move (solutions are written by the hundred thousand).
fn write_move(out: &mut String, mv: &MoveRecord, goal: Goal, reached: bool) {
    let check = if mv.check == CheckMark::None {
        ""
    } else {
        " +"
    };
    let marks = match (goal, reached) {
        // Popeye marks ` #` the moves that reach the goal; another move that mates (a defence
        // that mates the attacker, a try's refutation) is marked by its check writer, ` +`.
        (Goal::Mate, true) => mv.check.suffix(),
        (Goal::Stalemate, true) if mv.check == CheckMark::None => " =",
        (Goal::Stalemate, _) => mv.check.suffix(),
        (Goal::Check, true) => " +",
        // A mate reaching `#=` is marked `#=` alone, as a stalemate is.
        (Goal::MateOrStalemate, true) => " #=",
        _ => check,
    };
    mv.write_without_check(out)
        .expect("a String takes any text");
    out.push_str(marks);
    if reached
        && !matches!(
            goal,
            Goal::Mate | Goal::Stalemate | Goal::Check | Goal::MateOrStalemate
        )
        && !goal.marker().is_empty()
    {
        out.push(' ');
        out.push_str(goal.marker());
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
    let reached = |i: usize| i == last && last_reaches;
    let mut out = String::with_capacity(16 * moves.len() + 8);
    let (goal, own_goal) = match line_goal(stipulation, moves) {
        Some(own) => (own, true),
        None => (stipulation.goal, false),
    };
    match stipulation.play {
        Play::Direct | Play::SelfPlay => {
            out.push_str("   1.");
            write_move(&mut out, &moves[0], stipulation.goal, reached(0));
            out.push_str(" !");
        }
        Play::Help | Play::HelpSelf => {
            help_moves(
                &mut out,
                usize::from(stipulation.half),
                moves,
                goal,
                reached,
            );
        }
        Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf if stipulation.intro > 0 => {
            intro_series_moves(&mut out, stipulation, moves, goal, reached);
        }
        Play::SeriesHelp | Play::SeriesSelf if stipulation.parry => {
            // The series side's moves are numbered; the parries and the closing move are not
            // (`  1.Rd1-c1 + Kc6*b6   2.Rc1-a1 Rh2-h8 #`).
            let series_side = moves.first().map(|m| m.mover.colour);
            numbered_by_side(&mut out, moves, goal, reached, None, |_, mv| {
                Some(mv.mover.colour) == series_side
            });
        }
        Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf => {
            out.push_str("  ");
            // The other side's closing move is not numbered; a series move is.
            let series = if stipulation.play != Play::SeriesDirect && !own_goal {
                last
            } else {
                moves.len()
            };
            for (i, mv) in moves.iter().enumerate() {
                if i < series {
                    if i > 0 {
                        out.push_str("   ");
                    }
                    write!(out, "{}.", i + 1).expect("a String takes any text");
                } else {
                    out.push(' ');
                }
                write_move(&mut out, mv, goal, reached(i));
            }
        }
    }
    out
}

/// A series line led by its intro series ([`Stipulation::intro`]), as Popeye 4.104 prints it:
/// the intro's moves (those of the colour of the first) numbered from 1; then, when the series
/// has two moves or more, the series numbered again from 1 as a series line is
/// (`  1.a6-a5   1.Rd1-c1   2.Rc1-c8 #`); else the numbering of the intro side goes on, the
/// series side's one move unnumbered (`  1.Rd1-d7 a7-a5   2.Rd7-d8 #`).
fn intro_series_moves(
    out: &mut String,
    stipulation: &Stipulation,
    moves: &[MoveRecord],
    goal: Goal,
    reached: impl Fn(usize) -> bool,
) {
    let intro_side = moves.first().map(|m| m.mover.colour);
    let intro = moves
        .iter()
        .take_while(|m| Some(m.mover.colour) == intro_side)
        .count();
    let restart = (stipulation.moves >= 2).then_some(intro);
    numbered_by_side(out, moves, goal, reached, restart, |i, mv| {
        let intro_side_moved = Some(mv.mover.colour) == intro_side;
        // After a restart the series side's moves are numbered, not the other side's parries
        // and closing move.
        i < intro || intro_side_moved != restart.is_some()
    });
}

/// The moves of a series line, each that `numbered` says so numbered (the count starting
/// again from 1 at the move `restart`), the others after a space.
fn numbered_by_side(
    out: &mut String,
    moves: &[MoveRecord],
    goal: Goal,
    reached: impl Fn(usize) -> bool,
    restart: Option<usize>,
    numbered: impl Fn(usize, &MoveRecord) -> bool,
) {
    out.push_str("  ");
    let mut number = 0;
    for (i, mv) in moves.iter().enumerate() {
        if restart == Some(i) {
            number = 0;
        }
        if numbered(i, mv) {
            number += 1;
            if i > 0 {
                out.push_str("   ");
            }
            write!(out, "{number}.").expect("a String takes any text");
        } else {
            out.push(' ');
        }
        write_move(out, mv, goal, reached(i));
    }
}

/// In reciprocal help play ([`Stipulation::reci`]), the goal of the side that began when the
/// line's last move is that side's: its own goal, reached in one move where the lines end
/// (`3.De1*g3 =` in `reci-h(=)#3`); `None` otherwise (the stipulation's goal). A help line of
/// an odd number of half-moves ends with that side's move; a series line, when its last move
/// is of the colour of its first.
pub fn line_goal(stipulation: &Stipulation, moves: &[MoveRecord]) -> Option<Goal> {
    let own = stipulation.reci?;
    let beginners = match stipulation.play {
        Play::Help => moves.len() % 2 == 1,
        _ => match (moves.first(), moves.last()) {
            (Some(first), Some(last)) => first.mover.colour == last.mover.colour,
            _ => false,
        },
    };
    beginners.then_some(own)
}

/// A help line whose first move is played at half-move `first_ply` of the problem (0: `1.`,
/// 1: `1...`, 2: `1...  ...  2.`), as Popeye prints the set play of a help problem (`option
/// setplay`): solved as the problem's stipulation a half-move shorter with the other side
/// beginning ([`Stipulation::set_play`]) and numbered as the problem's own lines, whose
/// first half-move it leaves out: `  1...  ...  2.h3-h2 Kc1-c2 #` in `h#1.5` (set `h#1`).
///
/// ```
/// use feerie::oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
/// use feerie::solve::layout::help_line;
/// let position = fen::parse("8/8/8/8/8/7p/p7/k1K4R b - - 0 1", Validation::Strict).unwrap();
/// let rules = Rules::orthodox();
/// let step = |p: &feerie::oracle::Position, text: &str| {
///     (ReferenceEngine.successors(p, &rules).unwrap().into_iter())
///         .find(|(m, _)| m.to_string() == text)
///         .unwrap()
/// };
/// let (push, after) = step(&position, "h3-h2");
/// let (mate, _) = step(&after, "Kc1-c2 #");
/// let set = "h#1".parse().unwrap(); // the set play of h#1.5
/// assert_eq!(help_line(&set, 2, &[push, mate], true), "  1...  ...  2.h3-h2 Kc1-c2 #");
/// ```
pub fn help_line(
    stipulation: &Stipulation,
    first_ply: usize,
    moves: &[MoveRecord],
    last_reaches: bool,
) -> String {
    let last = moves.len().saturating_sub(1);
    let mut out = String::with_capacity(16 * moves.len() + 16);
    help_moves(&mut out, first_ply, moves, stipulation.goal, |i| {
        i == last && last_reaches
    });
    out
}

/// The moves of a help line, the first played at half-move `first_ply` of the problem (0:
/// the first move of the side that begins, `1.`; 1: the other side's, `1...`); a line that
/// begins at a later move of the side that begins is led by the half-move left out
/// (`1...  ...  2.h3-h2`).
fn help_moves(
    out: &mut String,
    first_ply: usize,
    moves: &[MoveRecord],
    goal: Goal,
    reached: impl Fn(usize) -> bool,
) {
    out.push_str("  ");
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + first_ply;
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            if i > 0 {
                out.push_str("   ");
            } else if ply > 0 {
                write!(out, "{}...  ...  ", number - 1).expect("a String takes any text");
            }
            write!(out, "{number}.").expect("a String takes any text");
        } else if i == 0 {
            write!(out, "{number}...").expect("a String takes any text");
        } else {
            out.push(' ');
        }
        write_move(out, mv, goal, reached(i));
    }
}

/// Whether a solution's last move reaches the goal. Help and series lines always do; a key of
/// direct play does when it reaches it at once (`#1`, `x1`, or a short solution), which its
/// record tells, or for the stalemate goals (`=`, `#=`, `==`, `!=`) the engine; a key of self
/// play never does.
///
/// ```
/// use feerie::oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
/// use feerie::solve::layout::ends_at_goal;
/// let position = fen::parse("8/8/8/7p/8/p7/P1k4P/K7 w - - 0 1", Validation::Strict).unwrap();
/// let rules = Rules::orthodox();
/// let moves = ReferenceEngine.legal_moves(&position, &rules).unwrap();
/// let key = |text: &str| vec![moves.iter().find(|m| m.to_string() == text).unwrap().clone()];
/// // White stalemates itself at once (auto-stalemate), or not yet.
/// let auto = "!=2".parse().unwrap();
/// assert!(ends_at_goal(&ReferenceEngine, &position, &rules, &auto, &key("h2-h4")));
/// assert!(!ends_at_goal(&ReferenceEngine, &position, &rules, &auto, &key("h2-h3")));
/// ```
pub fn ends_at_goal(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
    moves: &[MoveRecord],
) -> bool {
    match stipulation.play {
        Play::Help | Play::HelpSelf | Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf => {
            true
        }
        Play::SelfPlay => false,
        Play::Direct => moves.first().is_some_and(|key| {
            stipulation.goal.reached_by(key).unwrap_or_else(|| {
                engine
                    .play(position, rules, key)
                    .and_then(|after| {
                        stalemate_goal_reached(engine, rules, stipulation.goal, &after)
                    })
                    .unwrap_or(false)
            })
        }),
    }
}

/// Whether a move that gave no check reached a goal of the stalemate kind, the position
/// `after` it telling: the side to move stalemated (`=`, `#=`, and `==` with the side that
/// moved stuck too), or the side that moved without a legal move (`!=`), as the search decides
/// it.
fn stalemate_goal_reached(
    engine: &dyn Engine,
    rules: &Rules,
    goal: Goal,
    after: &Position,
) -> Result<bool, feerie_oracle::EngineError> {
    let status = engine.status(after, rules)?;
    if status.in_check() {
        return Ok(false);
    }
    let mover_stuck = || -> Result<bool, feerie_oracle::EngineError> {
        Ok(engine.legal_moves(&after.turn_skipped(), rules)?.is_empty())
    };
    Ok(match goal {
        Goal::DoubleStalemate => status == Status::Stalemate && mover_stuck()?,
        Goal::AutoStalemate => mover_stuck()?,
        Goal::Stalemate | Goal::MateOrStalemate => status == Status::Stalemate,
        _ => false,
    })
}

/// Every solution, one line each, in Popeye's layout; then, in help-reflex play whose side to
/// begin is bound to reach the goal in the diagram, each move that binds it, marked `?!?` as
/// Popeye marks it (`  1.Rh5*h7 # ?!?`).
pub fn lines(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
    solved: &Solved,
) -> Vec<String> {
    let solutions = solved.solutions.iter().map(|moves| {
        let reaches = ends_at_goal(engine, position, rules, stipulation, moves);
        line(stipulation, moves, reaches)
    });
    let bound = solved
        .bound
        .iter()
        .map(|mv| format!("  1.{} ?!?", move_text(mv, stipulation.goal, true)));
    solutions.chain(bound).collect()
}
