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

use feerie_oracle::{Engine, MoveRecord, Position, Rules, popeye_move};

use super::Outcome;

/// `outcome`, or a skip naming Popeye's known difference when every line it has beyond
/// Popeye's (and none of Popeye's beyond ours) ends as such a difference does.
pub(super) fn explained(
    outcome: Outcome,
    parts: &[&Position],
    rules: &Rules,
    engine: &dyn Engine,
) -> Outcome {
    let Outcome::Differ { missing, extra } = &outcome else {
        return outcome;
    };
    let grid_king = rules.grid().is_some()
        && missing.is_empty()
        && !extra.is_empty()
        && extra.iter().all(|line| {
            parts.iter().any(|part| {
                last_move(line, part, rules, engine)
                    .is_some_and(|(mv, after)| king_beside_king(&mv, &after))
            })
        });
    match grid_king {
        true => Outcome::Skipped(
            "Grid chess: Popeye 4.104 misses a king's last move beside the enemy king (its \
             orthodox mating-move generator makes none), and every line only ours ends so"
                .into(),
        ),
        false => outcome,
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

/// Whether `mv`, a king's move, ends next to the enemy king in `after`.
fn king_beside_king(mv: &MoveRecord, after: &Position) -> bool {
    mv.mover.royal
        && mv.castling.is_none()
        && after
            .board()
            .pieces_of(!mv.mover.colour)
            .any(|(sq, p)| p.royal && sq.neighbours().any(|n| n == mv.to))
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
        explained(outcome, &[&position], &rules, &ReferenceEngine)
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
}
