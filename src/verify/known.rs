//! Differences Popeye 4.104 is known to make, recognised in a comparison's lines: a case whose
//! only difference is such a one is skipped naming it, not counted as agreeing, nor as a
//! difference of either side's rules.
//!
//! - **Grid chess, a king's last move beside the enemy king.** Under Grid chess the two kings
//!   may stand side by side in one cell. Popeye lists such a king's move among the legal ones
//!   (with its check mark), but seeks a goal's last move with its orthodox mating-move generator,
//!   whose king makes no move that touches the enemy king
//!   (`optimisations/orthodox_mating_moves/orthodox_mating_move_generator.c`): it misses the
//!   lines that end so.
//! - **Danger Circe, a refutation made twice.** Popeye generates a unit's move to its rebirth
//!   square by the rule even when its walk makes that move already (`conditions/danger_circe.c`
//!   adds it after the walk's moves), so it counts that refutation of a try twice and, with one
//!   refutation allowed, does not show the try: a try whose refutations are such moves is ours
//!   only. For the same reason it prints a line with such a move once for each way it made it
//!   (`(printed 2 times)`), where feerie prints it once.
//! - **Quodlibet, a goal one move past the stipulation.** Under `option quodlibet` in self play
//!   Popeye accepts, where the defender's last move reaches no goal, the attacker's goal on the
//!   move after it, beyond the stipulation: in an `s#2` (`pieces white ka1 ba6 qc6 black kb8`)
//!   it shows the key `1.Qc6-c5 ! zugzwang.` with `1...Kb8-a8   2.Qc5-b5   2...Ka8-a7` (after
//!   which `3.Qb5-b7 #`), and threats followed by the defender's moves (`2...Kb8-c8 threat:`).
//!   No tree of `s#n` has a line that ends with the defender's `n`th move short of the goal.

use feerie_oracle::reference::danger::made_twice_by_popeye;
use feerie_oracle::{Engine, MoveRecord, Position, Rules, Validation, popeye_move};

use super::Outcome;
use super::section::Printed;
use crate::solve::stipulation::Stipulation;

/// `outcome`, or a skip naming Popeye's known difference when every line it has beyond
/// Popeye's (and none of Popeye's beyond ours) ends as such a difference does.
///
/// `ours` are our printed lines with their counts, where the comparison has them: a line Popeye
/// prints twice is explained only when we print it once.
pub(super) fn explained(
    outcome: Outcome,
    parts: &[&Position],
    rules: &Rules,
    engine: &dyn Engine,
    ours: Option<&Printed>,
) -> Outcome {
    let Outcome::Differ { missing, extra } = &outcome else {
        return outcome;
    };
    let grid_king = rules.grid().is_some()
        && missing.is_empty()
        && !extra.is_empty()
        && extra.iter().all(|line| {
            parts.iter().any(|part| {
                goal_marked(line)
                    && last_move(line, part, rules, engine)
                        .is_some_and(|(mv, after)| king_beside_king(&mv, &after, rules))
            })
        });
    if grid_king {
        return Outcome::Skipped(
            "Grid chess: Popeye 4.104 misses a king's last move beside the enemy king (its \
             orthodox mating-move generator makes none), and every line only ours ends so"
                .into(),
        );
    }
    let danger_twice = rules.danger_circe()
        && !(missing.is_empty() && extra.is_empty())
        && extra
            .iter()
            .all(|line| (parts.iter()).any(|part| try_refuted_twice(line, part, rules, engine)))
        && missing.iter().all(|line| {
            let Some((line, _)) = line.rsplit_once(" (printed 2 times)") else {
                return false;
            };
            ours.is_some_and(|ours| ours.get(line) == Some(&1))
                && (parts.iter()).any(|part| has_a_move_made_twice(line, part, rules, engine))
        });
    match danger_twice {
        true => Outcome::Skipped(
            "Danger Circe: Popeye 4.104 makes a move twice when the unit's walk reaches its \
             rebirth square, so it counts such a refutation twice and prints a line with it \
             twice, and every difference is a try so refuted or a line so repeated"
                .into(),
        ),
        false => outcome,
    }
}

/// `outcome`, or a skip naming Popeye's quodlibet overrun (see the module's text) when
/// `stipulation` is self play under quodlibet and each line only one side gives lies in the
/// block of a first move where Popeye printed such an overrun (a line that ends with the
/// defender's move of the last round short of the goal): that block's threats, and so which
/// defences it shows, are Popeye's reading of the overrun (`1.AMa5-c5 ! zugzwang.` for ours
/// is `threat:` for Popeye's, its threat an overrun).
pub(super) fn quodlibet_overrun(outcome: Outcome, stipulation: &Stipulation) -> Outcome {
    let Outcome::Differ { missing, extra } = &outcome else {
        return outcome;
    };
    if !stipulation.attacker_goal_wins() {
        return outcome;
    }
    let last_round = format!("{}...", stipulation.moves);
    let goal = stipulation.goal.sign();
    let overruns = |line: &&String| {
        line.rsplit(" / ").next().is_some_and(|last| {
            last.starts_with(&last_round) && last.split_whitespace().last() != Some(goal.as_str())
        })
    };
    // A block is named by its first move as printed, without what follows it (`!`, `threat:`):
    // set play is a block of its own.
    let block = |line: &str| line.split_whitespace().next().unwrap_or(line).to_string();
    let overrun: Vec<&String> = missing.iter().filter(overruns).collect();
    let explained = !overrun.is_empty()
        && (missing.iter().chain(extra))
            .all(|line| overrun.iter().any(|o| block(o) == block(line)));
    if !explained {
        return outcome;
    }
    Outcome::Skipped(format!(
        "quodlibet: Popeye 4.104 accepts the attacker's goal one move past the stipulation \
         where the defender's last move reaches none ({}), and every line only one side gives \
         is in a block of a first move with such a line",
        overrun[0]
    ))
}

/// Whether `line`, replayed from `start` (in series play, a side's moves in a row), has a move
/// Popeye 4.104 makes twice under Danger Circe.
fn has_a_move_made_twice(line: &str, start: &Position, rules: &Rules, engine: &dyn Engine) -> bool {
    let mut current = start.clone();
    let mut twice = false;
    for word in line.split_whitespace() {
        let text = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if !text.contains(['-', '*']) {
            continue; // a mark (`+`, `#`, `x`), a number or the path's `/`
        }
        let resolved = |p: &Position| {
            let legal = engine.legal_moves(p, rules).ok()?;
            popeye_move::resolve(text, &legal).ok()
        };
        let mv = match resolved(&current) {
            Some(mv) => mv,
            None => {
                // A series: the same side moves again.
                let mut setup = current.setup().clone();
                setup.side_to_move = !setup.side_to_move;
                let Ok(flipped) = Position::new(setup, Validation::Lenient) else {
                    return false;
                };
                current = flipped;
                let Some(mv) = resolved(&current) else {
                    return false;
                };
                mv
            }
        };
        twice |= made_twice_by_popeye(current.setup(), rules, &mv);
        let Ok(next) = engine.play(&current, rules, &mv) else {
            return false;
        };
        current = next;
    }
    twice
}

/// Whether `line` (`1.Qf8-e8 + ?`, with its refutation `/ 1...Kd7*e8 !` or `/ but`) is of a try
/// whose refutation here is a move Popeye 4.104 makes twice under Danger Circe (without one
/// printed, whether the defender has such a move).
fn try_refuted_twice(line: &str, start: &Position, rules: &Rules, engine: &dyn Engine) -> bool {
    let mut segments = line.split(" / ");
    let Some(key) = segments
        .next()
        .filter(|k| k.split_whitespace().any(|w| w == "?"))
    else {
        return false;
    };
    let Some((_, after)) = last_move(key, start, rules, engine) else {
        return false;
    };
    let Ok(legal) = engine.legal_moves(&after, rules) else {
        return false;
    };
    let twice = |mv: &MoveRecord| made_twice_by_popeye(after.setup(), rules, mv);
    match segments.next().map(|r| r.trim_end_matches(" !")) {
        None | Some("but") => legal.iter().any(twice),
        Some(refutation) => {
            let text = refutation.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            popeye_move::resolve(text.trim(), &legal).is_ok_and(|mv| twice(&mv))
        }
    }
}

/// The last move of one of our printed lines (`1.Ka1-b1 Kc3-b3 #`, a tree's line with its
/// path) replayed from `start`, and the position after it; `None` when the line does not replay
/// as one sequence of moves (a threat, a set play).
fn last_move(
    line: &str,
    start: &Position,
    rules: &Rules,
    engine: &dyn Engine,
) -> Option<(MoveRecord, Position)> {
    let mut current = start.clone();
    let mut last = None;
    for word in line.split_whitespace() {
        let text = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if text.is_empty() || !text.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            continue; // a mark (`#`, `+`, `!`, `?!?`) or the path's `/`
        }
        if text.ends_with(':') || text.ends_with('.') {
            return None; // `threat:`, `zugzwang.`, `set play`'s words
        }
        let legal = engine.legal_moves(&current, rules).ok()?;
        let mv = popeye_move::resolve(text, &legal).ok()?;
        current = engine.play(&current, rules, &mv).ok()?;
        last = Some(mv);
    }
    last.map(|mv| (mv, current))
}

/// Whether the last move of `line` is marked with a goal (`#`, `+`, `=`, …): the goal's last
/// move, not a defence nor a refutation.
fn goal_marked(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(last) = words.iter().rposition(|w| w.contains(['-', '*'])) else {
        return false;
    };
    words[last + 1..]
        .iter()
        .any(|w| matches!(*w, "#" | "+" | "=" | "==" | "x" | "#=" | "!=" | "%"))
}

/// Whether `mv`, a king's move, ends next to the enemy king in `after`, in its cell: Popeye's
/// orthodox generator makes a king's move beside the enemy king across a grid line no more, but
/// such a move is no move of Grid chess's either (a king there would be in check).
fn king_beside_king(mv: &MoveRecord, after: &Position, rules: &Rules) -> bool {
    let Some(grid) = rules.grid() else {
        return false;
    };
    mv.mover.royal
        && mv.castling.is_none()
        && (after.board().pieces_of(!mv.mover.colour)).any(|(sq, p)| {
            p.royal && sq.neighbours().any(|n| n == mv.to) && !grid.crosses(sq, mv.to)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::rules::Profile;
    use feerie_oracle::{Condition, ReferenceEngine, Validation, fen};

    fn judged(extra: &[&str], missing: &[&str], conditions: &[Condition]) -> Outcome {
        let position = fen::parse("8/8/8/Q7/8/K7/8/k7 w - - 0 1", Validation::Strict).unwrap();
        let rules = Rules::new(conditions.iter().copied(), Profile::Popeye).unwrap();
        let outcome = Outcome::Differ {
            missing: missing.iter().map(|l| l.to_string()).collect(),
            extra: extra.iter().map(|l| l.to_string()).collect(),
        };
        explained(outcome, &[&position], &rules, &ReferenceEngine, None)
    }

    #[test]
    fn a_quodlibet_goal_past_the_stipulation_is_popeye_s_known_overrun() {
        let mut s2: Stipulation = "s#2".parse().unwrap();
        s2.quodlibet = true;
        let differ = |missing: &[&str], extra: &[&str]| Outcome::Differ {
            missing: missing.iter().map(|l| l.to_string()).collect(),
            extra: extra.iter().map(|l| l.to_string()).collect(),
        };
        let key = "1.Qc6-c5 ! zugzwang.";
        let overrun = [
            key,
            "1.Qc6-c5 ! zugzwang. / 1...Kb8-a8",
            "1.Qc6-c5 ! zugzwang. / 1...Kb8-a8 / 2.Qc5-b5",
            "1.Qc6-c5 ! zugzwang. / 1...Kb8-a8 / 2.Qc5-b5 / 2...Ka8-a7",
        ];
        let skipped = |o: Outcome| matches!(o, Outcome::Skipped(why) if why.contains("quodlibet"));
        assert!(skipped(quodlibet_overrun(differ(&overrun, &[]), &s2)));
        // A threat after the defender's last move is one too.
        let threat = [
            "1.Rg6-g5 ! threat: / 2.Rg5-g1",
            "1.Rg6-g5 ! threat: / 2.Rg5-g1 / 2...Kh7-h6 threat:",
        ];
        assert!(skipped(quodlibet_overrun(differ(&threat, &[]), &s2)));
        // The block's threat is Popeye's reading of the overrun: a zugzwang of ours there is
        // explained; a line only ours in another block, a mate only Popeye's under a key both
        // give, the goal reached on the last move, or no quodlibet: a difference still.
        let zugzwang = ["1.Qc6-c5 ! zugzwang. / 1...Kb8-a8 / 2.Qc5-b7 #"];
        assert!(skipped(quodlibet_overrun(differ(&overrun, &zugzwang), &s2)));
        assert!(!skipped(quodlibet_overrun(
            differ(&overrun, &["1.Qc6-b6 + !"]),
            &s2
        )));
        let mate = ["1.Qc6-b6 + ! / 1...Kb8-a8 / 2.Qb6-b7 #"];
        assert!(!skipped(quodlibet_overrun(differ(&mate, &[]), &s2)));
        let goal = ["1.Qc6-b6 + ! / 1...Kb8-a8 / 2.Qb6-b7 + / 2...Ka8*b7 #"];
        assert!(!skipped(quodlibet_overrun(differ(&goal, &[]), &s2)));
        let plain: Stipulation = "s#2".parse().unwrap();
        assert!(!skipped(quodlibet_overrun(differ(&overrun, &[]), &plain)));
    }

    #[test]
    fn a_grid_king_s_last_move_beside_the_king_is_popeye_s_known_miss() {
        let grid = [Condition::Grid];
        assert!(matches!(
            judged(&["1.Ka3-b2 + !"], &[], &grid),
            Outcome::Skipped(_)
        ));
        // Another move, a line Popeye has beyond ours, or no Grid chess: a difference.
        for (extra, missing) in [
            (&["1.Qa5-b4 + !"], &[][..]),
            (&["1.Ka3-b2 + !"], &["x"][..]),
        ] {
            assert!(matches!(
                judged(extra, missing, &grid),
                Outcome::Differ { .. }
            ));
        }
        assert!(matches!(
            judged(&["1.Ka3-b2 + !"], &[], &[]),
            Outcome::Differ { .. }
        ));
    }

    #[test]
    fn a_danger_circe_try_refuted_by_a_move_made_twice_is_popeye_s_known_count() {
        // Rotenberg, Gentilly 2024 (Popeye's EXAMPLES/danger_circe.inp): after 1.Qf8-e8 + the
        // king's only answer Kd7*e8 is its step and its move to its rebirth square.
        let fen = "1n3Q2/1K1k4/n2P1p2/5P2/4p3/B2NP3/RPb5/8 w - - 0 1";
        let position = fen::parse(fen, Validation::Strict).unwrap();
        let judge = |extra: &[&str], conditions: &[Condition]| {
            let rules = Rules::new(conditions.iter().copied(), Profile::Popeye).unwrap();
            let outcome = Outcome::Differ {
                missing: vec![],
                extra: extra.iter().map(|l| l.to_string()).collect(),
            };
            explained(outcome, &[&position], &rules, &ReferenceEngine, None)
        };
        let danger = [Condition::DangerCirce];
        let try_lines = [
            "1.Qf8-e8 + ?",
            "1.Qf8-e8 + ? / 1...Kd7*e8 !",
            "1.Qf8-e8 + ? / but",
        ];
        assert!(matches!(judge(&try_lines, &danger), Outcome::Skipped(_)));
        // A line that is no such try, or no Danger Circe: a difference.
        assert!(matches!(
            judge(&["1.Qf8-c8 #"], &danger),
            Outcome::Differ { .. }
        ));
        assert!(matches!(judge(&try_lines, &[]), Outcome::Differ { .. }));
    }

    #[test]
    fn a_danger_circe_line_printed_twice_for_a_move_made_twice_is_popeye_s_known_count() {
        // Popeye's hx1 of a fuzzed problem: the rook on g1, observed by the queen on a1, takes
        // her by its walk and by its move to its rebirth square; Popeye prints the line twice.
        let fen = "3k4/1R6/K7/8/8/8/6p1/1q4R1 b - - 0 1";
        let position = fen::parse(fen, Validation::Strict).unwrap();
        let rules = Rules::new([Condition::DangerCirce], Profile::Popeye).unwrap();
        // Ours: each line once (a line we do not print is no count of Popeye's).
        let ours: Printed = ["1.Qb1-a1 + Rg1*a1 x", "1.Kd8-c8 2.Qb1-a1 + Rg1*a1 x"]
            .map(|l| (l.to_string(), 1))
            .into();
        let judge = |missing: &[&str]| {
            let outcome = Outcome::Differ {
                missing: missing.iter().map(|l| l.to_string()).collect(),
                extra: vec![],
            };
            explained(outcome, &[&position], &rules, &ReferenceEngine, Some(&ours))
        };
        let repeated = ["1.Qb1-a1 + Rg1*a1 x (printed 2 times)"];
        assert!(matches!(judge(&repeated), Outcome::Skipped(_)));
        let series = ["1.Kd8-c8 2.Qb1-a1 + Rg1*a1 x (printed 2 times)"];
        assert!(matches!(judge(&series), Outcome::Skipped(_)));
        // A line missing outright, or repeated without such a move: a difference.
        assert!(matches!(
            judge(&["1.Qb1-a1 + Rg1*a1 x"]),
            Outcome::Differ { .. }
        ));
        let plain = ["1.Qb1-b2 Rg1-g2 (printed 2 times)"];
        assert!(matches!(judge(&plain), Outcome::Differ { .. }));
        // A line Popeye prints twice that we do not print at all.
        let missed = ["1.Qb1-a1 + Rg1*a1 x (printed 2 times)"];
        let outcome = Outcome::Differ {
            missing: missed.iter().map(|l| l.to_string()).collect(),
            extra: vec![],
        };
        let none = Printed::new();
        let judged = explained(outcome, &[&position], &rules, &ReferenceEngine, Some(&none));
        assert!(matches!(judged, Outcome::Differ { .. }));
    }
}
