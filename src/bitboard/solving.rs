//! What a solver asks beyond the legal moves with their marks: the moves without marks (at the
//! nodes where no goal can be reached, so that no check is followed up to see whether it is
//! mate), and the mating moves alone (at the last move of a mate stipulation, so that only
//! those get a record and a position). The same moves, positions and marks as the engine's
//! successors, in the same order once sorted.

use feerie_oracle::{CheckMark, EngineError, MoveRecord, Rules, Setup};

use super::board::BbPosition;
use super::compact::Compact;
use super::orthodox::{self, Counter, MoveList};
use super::{fairy, orthodox_record};

/// The check mark of the fairy move that led to `after`: whether the side to move there is in
/// check and, if so, whether it has a legal move, counted by the compact path when the rules
/// have one (the perft path, checked against the record path), else by the record path.
pub fn fairy_mark(game: &fairy::Game, compact: Option<&Compact>, after: &BbPosition) -> CheckMark {
    let Some(compact) = compact else {
        return game.mark(after);
    };
    if !game.in_check(after, after.side) {
        CheckMark::None
    } else if compact.perft(after, 1) == 0 {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

/// Every legal move with the setup it leads to, check marks left `None`, sorted by record.
pub fn unmarked(p: &BbPosition, rules: &Rules) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
    let mut children: Vec<(MoveRecord, Setup)> = if orthodox::applies(p, rules) {
        let mut list = MoveList::new();
        orthodox::generate(p, &mut list);
        list.as_slice()
            .iter()
            .map(|&mv| (orthodox_record(p, mv), orthodox::make(p, mv).to_setup()))
            .collect()
    } else {
        fairy::Game::new(rules.resolve())
            .legal(p)?
            .into_iter()
            .map(|(r, after)| (r, after.to_setup()))
            .collect()
    };
    children.sort_by(|x, y| x.0.cmp(&y.0));
    Ok(children)
}

/// The legal moves that mate, with the setups they lead to, sorted by record.
pub fn mating(p: &BbPosition, rules: &Rules) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
    let mut children = Vec::new();
    if orthodox::applies(p, rules) {
        let mut list = MoveList::new();
        orthodox::generate(p, &mut list);
        for &mv in list.as_slice() {
            let after = orthodox::make(p, mv);
            if !orthodox::in_check(&after) {
                continue;
            }
            let mut replies = Counter::<4>(0);
            orthodox::generate(&after, &mut replies);
            if replies.0 == 0 {
                let mut r = orthodox_record(p, mv);
                r.check = CheckMark::Mate;
                children.push((r, after.to_setup()));
            }
        }
    } else {
        let game = fairy::Game::new(rules.resolve());
        let compact = Compact::new(rules.resolve());
        // Most positions have no mating move: the compact path tells so without a record.
        if let Some(c) = &compact {
            let mates =
                |after: &BbPosition| game.in_check(after, after.side) && c.perft(after, 1) == 0;
            if !c.children(p).iter().any(mates) {
                return Ok(children);
            }
        }
        for (mut r, after) in game.legal(p)? {
            if fairy_mark(&game, compact.as_ref(), &after) == CheckMark::Mate {
                r.check = CheckMark::Mate;
                children.push((r, after.to_setup()));
            }
        }
    }
    children.sort_by(|x, y| x.0.cmp(&y.0));
    Ok(children)
}
