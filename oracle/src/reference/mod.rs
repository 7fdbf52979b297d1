//! The reference engine: a mailbox board, each move made on a copy, kept if the mover's royal
//! piece is then safe. Written to be checked against RULES.md by reading, not to be fast.
//!
//! One module per stage of the move pipeline (RULES.md §0):
//! - [`displacement`]: stage 1, the orthodox part of every move, pseudo-legal;
//! - [`mutation`]: stage 2, the capturer's change of walk (Frankfurt, Protean);
//! - [`rebirth`]: stages 3 and 4, the Circe family (immediate and Parrain rebirths);
//! - [`contact`]: stage 5, mutations by contact with magic pieces;
//! - [`legality`]: stage 6, runs the stages and keeps the moves after which the mover is safe;
//! - [`make`]: plays a move record on a setup;
//! - [`check`]: which squares a side attacks, whether a royal piece is in check.

pub mod check;
pub mod contact;
pub mod displacement;
pub mod legality;
pub mod make;
pub mod mutation;
pub mod rebirth;

use crate::{
    CheckMark, Condition, Engine, EngineError, MoveRecord, Position, Rules, Setup, Status,
};

/// The reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceEngine;

impl ReferenceEngine {
    /// Rejects what a position cannot mean under these rules.
    fn supported(position: &Position, rules: &Rules) -> Result<(), EngineError> {
        if position.reserve().is_some() && !rules.has(Condition::CirceParrain) {
            return Err(EngineError::Unsupported(
                "a Parrain reserve without circe-parrain".into(),
            ));
        }
        if let Some((sq, _)) = position.board().pieces().find(|(_, p)| p.mutable)
            && !rules.captures_mutate()
        {
            return Err(EngineError::Unsupported(format!(
                "the unit on {sq} is marked mutable, which needs frankfurt or protean"
            )));
        }
        Ok(())
    }
}

/// The legal moves of a setup, with check marks when `marks` is set.
fn legal_moves_of(setup: &Setup, rules: &Rules, marks: bool) -> Vec<MoveRecord> {
    let mut moves = legality::legal_moves(setup, rules);
    if marks {
        for mv in &mut moves {
            mv.check = check_mark(setup, rules, mv);
        }
    }
    moves.sort();
    moves
}

fn check_mark(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> CheckMark {
    let after = make::make(setup, mv, rules);
    if !check::in_check(&after, after.side_to_move, rules) {
        CheckMark::None
    } else if legality::legal_moves(&after, rules).is_empty() {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

fn perft_of(setup: &Setup, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legality::legal_moves(setup, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft_of(&make::make(setup, mv, rules), rules, depth - 1))
        .sum()
}

impl Engine for ReferenceEngine {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn legal_moves(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        Self::supported(position, rules)?;
        Ok(legal_moves_of(position.setup(), rules, true))
    }

    fn play(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Position, EngineError> {
        Self::supported(position, rules)?;
        let unmarked = MoveRecord {
            check: CheckMark::None,
            ..mv.clone()
        };
        let legal = legal_moves_of(position.setup(), rules, false);
        if !legal.contains(&unmarked) {
            return Err(EngineError::IllegalMove(mv.to_string()));
        }
        Ok(Position::from_played(make::make(
            position.setup(),
            &unmarked,
            rules,
        )))
    }

    fn successors(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        Self::supported(position, rules)?;
        let setup = position.setup();
        Ok(legal_moves_of(setup, rules, true)
            .into_iter()
            .map(|mv| {
                let unmarked = MoveRecord {
                    check: CheckMark::None,
                    ..mv.clone()
                };
                let after = Position::from_played(make::make(setup, &unmarked, rules));
                (mv, after)
            })
            .collect())
    }

    fn perft(&self, position: &Position, rules: &Rules, depth: u32) -> Result<u64, EngineError> {
        Self::supported(position, rules)?;
        Ok(perft_of(position.setup(), rules, depth))
    }

    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError> {
        Self::supported(position, rules)?;
        let setup = position.setup();
        let in_check = check::in_check(setup, setup.side_to_move, rules);
        let has_move = !legality::legal_moves(setup, rules).is_empty();
        Ok(Status::of(in_check, has_move))
    }
}
