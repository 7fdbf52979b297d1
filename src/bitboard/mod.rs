//! The bitboard engine: the same answers as the reference engine, computed fast.
//!
//! Written apart from the reference engine (they share the vocabulary only). Orthodox positions
//! under orthodox rules take the fast path (`orthodox.rs`): legal moves from check and pin masks,
//! bulk counting at the last ply. Every other position takes the fairy path (`fairy/`), which
//! runs the move pipeline of RULES.md on bitboards; for perft, the compact path (`compact/`)
//! runs the same pipeline on small moves, specialised at compile time on its stages. The choice
//! among the three is made in one place ([`path`]), from the rules resolved once.

mod bits;
mod board;
mod compact;
mod fairy;
mod moves;
mod orthodox;
mod path;
mod rules;
mod shapes;
mod solving;
pub mod space;
mod tables;

use feerie_oracle::engine::check_rules_fit;
use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Setup, Status};

use board::BbPosition;
use path::Plan;

/// The bitboard engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitboardEngine;

/// The position on bitboards, once the oracle has checked that it means something under these
/// rules ([`check_rules_fit`]: the two engines refuse the same positions with the same words).
fn fitting(position: &Position, rules: &Rules) -> Result<BbPosition, EngineError> {
    check_rules_fit(position, rules)?;
    Ok(BbPosition::from_setup(position.setup()))
}

/// Legal moves with their check marks and the positions they lead to.
fn successors(plan: &Plan, p: &BbPosition) -> Result<Vec<(MoveRecord, BbPosition)>, EngineError> {
    let path = plan.path(p);
    let mut moves = path.records(p)?;
    for (r, after) in &mut moves {
        r.check = path.mark(after)?;
    }
    Ok(moves)
}

impl BitboardEngine {
    /// The setups after each legal move as the perft paths make them (the orthodox fast path
    /// or the compact path), or `None` when neither applies; for cross-checking it against the
    /// record path, whose positions [`Engine::play`] gives.
    pub fn compact_children(&self, position: &Position, rules: &Rules) -> Option<Vec<Setup>> {
        let p = fitting(position, rules).ok()?;
        let plan = Plan::new(rules.resolve());
        let path = plan.path(&p);
        if let path::Path::Record(_) = path {
            return None;
        }
        let mut children = Vec::new();
        path.each_child(&p, |_, after| children.push(after.to_setup()))
            .ok()?;
        Some(children)
    }

    /// Perft over `threads` threads (rayon), the tree split below the root until there are
    /// enough subtrees to keep every thread busy (see [`crate::perft::split`]).
    pub fn perft_threads(
        &self,
        position: &Position,
        rules: &Rules,
        depth: u32,
        threads: usize,
    ) -> Result<u64, crate::perft::PerftError> {
        crate::perft::split::perft(self, position, rules, depth, threads)
    }
}

impl Engine for BitboardEngine {
    fn name(&self) -> &'static str {
        "bitboard"
    }

    fn legal_moves(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        let p = fitting(position, rules)?;
        let plan = Plan::new(rules.resolve());
        let mut moves: Vec<MoveRecord> =
            successors(&plan, &p)?.into_iter().map(|(r, _)| r).collect();
        moves.sort();
        Ok(moves)
    }

    fn successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        let p = fitting(position, rules)?;
        let plan = Plan::new(rules.resolve());
        let mut children: Vec<(MoveRecord, Setup)> = successors(&plan, &p)?
            .into_iter()
            .map(|(r, after)| (r, after.to_setup()))
            .collect();
        children.sort_by(|x, y| x.0.cmp(&y.0));
        Ok(children)
    }

    fn play_setup(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Setup, EngineError> {
        let p = fitting(position, rules)?;
        let wanted = MoveRecord {
            check: CheckMark::None,
            ..mv.clone()
        };
        successors(&Plan::new(rules.resolve()), &p)?
            .into_iter()
            .find(|(r, _)| {
                MoveRecord {
                    check: CheckMark::None,
                    ..r.clone()
                } == wanted
            })
            .map(|(_, after)| after.to_setup())
            .ok_or_else(|| EngineError::IllegalMove(mv.to_string()))
    }

    fn perft(&self, position: &Position, rules: &Rules, depth: u32) -> Result<u64, EngineError> {
        let p = fitting(position, rules)?;
        Plan::new(rules.resolve()).path(&p).perft(&p, depth)
    }

    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError> {
        let p = fitting(position, rules)?;
        let plan = Plan::new(rules.resolve());
        let path = plan.path(&p);
        Ok(Status::of(path.in_check(&p), !path.stuck(&p)?))
    }

    fn unmarked_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        let p = fitting(position, rules)?;
        solving::unmarked(&Plan::new(rules.resolve()), &p)
    }

    fn mating_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        let p = fitting(position, rules)?;
        solving::mating(&Plan::new(rules.resolve()), &p)
    }
}
