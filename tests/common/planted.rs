//! Engines with a planted bug, for the tests that check the harness catches one.

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, EngineError, MoveRecord, Position, Rules, Setup, Status, Walk};

/// The bitboard engine with a planted bug: a knight reborn by a Circe rule vanishes from the
/// position after the move (its move record still says it is reborn).
pub struct LostKnights;

impl LostKnights {
    fn spoil(mv: &MoveRecord, mut after: Setup) -> Setup {
        if let Some(r) = mv.rebirth
            && r.piece.walk == Walk::Knight
        {
            after.board.set(r.square, None);
        }
        after
    }
}

impl Engine for LostKnights {
    fn name(&self) -> &'static str {
        "lost-knights"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        BitboardEngine.legal_moves(p, r)
    }
    fn successor_setups(
        &self,
        p: &Position,
        r: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        Ok(BitboardEngine
            .successor_setups(p, r)?
            .into_iter()
            .map(|(mv, after)| {
                let after = Self::spoil(&mv, after);
                (mv, after)
            })
            .collect())
    }
    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        Ok(Self::spoil(mv, BitboardEngine.play_setup(p, r, mv)?))
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        BitboardEngine.perft(p, r, depth)
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<Status, EngineError> {
        BitboardEngine.status(p, r)
    }
}

/// The planted engine is walked through its moves, so that the search meets the bug.
impl feerie::engines::SearchEngine for LostKnights {
    fn space<'r>(&'r self, rules: &'r Rules) -> feerie::engines::SearchSpace<'r> {
        feerie::engines::SearchSpace::Records(feerie::space::EngineSpace::new(self, rules))
    }
}
