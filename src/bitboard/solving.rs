//! What a solver asks beyond the legal moves with their marks: the moves without marks (at the
//! nodes where no goal can be reached, so that no check is followed up to see whether it is
//! mate), and the mating moves alone (at the last move of a mate stipulation, so that only
//! those get a record and a position). The same moves, positions and marks as the engine's
//! successors, in the same order once sorted.

use feerie_oracle::{CheckMark, EngineError, MoveRecord, Setup};

use super::board::BbPosition;
use super::path::Plan;

/// Every legal move with the setup it leads to, check marks left `None`, sorted by record.
pub fn unmarked(plan: &Plan, p: &BbPosition) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
    let mut children: Vec<(MoveRecord, Setup)> = plan
        .path(p)
        .records(p)?
        .into_iter()
        .map(|(r, after)| (r, after.to_setup()))
        .collect();
    children.sort_by(|x, y| x.0.cmp(&y.0));
    Ok(children)
}

/// The legal moves that mate, with the setups they lead to, sorted by record.
pub fn mating(plan: &Plan, p: &BbPosition) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
    let path = plan.path(p);
    let mut children = Vec::new();
    // Most positions have no mating move: the perft paths tell so without a record.
    if !path.may_mate(p)? {
        return Ok(children);
    }
    for (mut r, after) in path.records(p)? {
        if path.mark(&after)? == CheckMark::Mate {
            r.check = CheckMark::Mate;
            children.push((r, after.to_setup()));
        }
    }
    children.sort_by(|x, y| x.0.cmp(&y.0));
    Ok(children)
}
