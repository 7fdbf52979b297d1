//! The bitboard engine: the same answers as the reference engine, computed fast.
//!
//! Written apart from the reference engine (they share the vocabulary only). Orthodox positions
//! under orthodox rules take the fast path (`orthodox.rs`): legal moves from check and pin masks,
//! bulk counting at the last ply. Every other position takes the fairy path (`fairy/`), which
//! runs the move pipeline of RULES.md on bitboards; for perft, the compact path (`compact/`)
//! runs the same pipeline on small moves, specialised at compile time on its stages.

mod bits;
mod board;
mod compact;
mod fairy;
mod moves;
mod orthodox;
mod rules;
mod solving;
pub mod space;
mod tables;

use feerie_oracle::engine::check_rules_fit;
use feerie_oracle::{
    Capture, CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Setup, Status,
};

use board::{BbPosition, WALKS, square};
use moves::MoveKind;
use orthodox::{MoveList, Mv};

/// The bitboard engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct BitboardEngine;

fn orthodox_record(p: &BbPosition, mv: Mv) -> MoveRecord {
    let mover = p.piece_at(mv.from as usize).expect("a mover");
    let mut r = MoveRecord::displacement(mover, square(mv.from as usize), square(mv.to as usize));
    match mv.kind {
        MoveKind::Castle(side) => r.castling = Some(side),
        MoveKind::EnPassant => {
            let (_, pawn) = p.ep().expect("en passant");
            r.en_passant = true;
            r.capture = Some(Capture {
                piece: p.piece_at(pawn as usize).expect("the pawn taken"),
                square: square(pawn as usize),
            });
        }
        MoveKind::Promotion(w) => r.promotion = Some(mover.with_walk(WALKS[w as usize])),
        MoveKind::Normal | MoveKind::DoublePush => {}
    }
    if !matches!(mv.kind, MoveKind::EnPassant | MoveKind::Castle(_))
        && let Some(victim) = p.piece_at(mv.to as usize)
    {
        r.capture = Some(Capture {
            piece: victim,
            square: square(mv.to as usize),
        });
    }
    r
}

fn orthodox_mark(after: &BbPosition) -> CheckMark {
    if !orthodox::in_check(after) {
        CheckMark::None
    } else {
        let mut list = MoveList::new();
        orthodox::generate(after, &mut list);
        if list.len() == 0 {
            CheckMark::Mate
        } else {
            CheckMark::Check
        }
    }
}

/// The position on bitboards, once the oracle has checked that it means something under these
/// rules ([`check_rules_fit`]: the two engines refuse the same positions with the same words).
fn fitting(position: &Position, rules: &Rules) -> Result<BbPosition, EngineError> {
    check_rules_fit(position, rules)?;
    Ok(BbPosition::from_setup(position.setup()))
}

/// Legal moves with the positions they lead to.
fn successors(p: &BbPosition, rules: &Rules) -> Result<Vec<(MoveRecord, BbPosition)>, EngineError> {
    if orthodox::applies(p, rules) {
        let mut list = MoveList::new();
        orthodox::generate(p, &mut list);
        Ok(list
            .as_slice()
            .iter()
            .map(|&mv| {
                let after = orthodox::make(p, mv);
                let mut r = orthodox_record(p, mv);
                r.check = orthodox_mark(&after);
                (r, after)
            })
            .collect())
    } else {
        let game = fairy::Game::new(rules.resolve());
        let compact = compact::Compact::new(rules.resolve());
        let moves = game.legal(p)?;
        Ok(moves
            .into_iter()
            .map(|(mut r, after)| {
                r.check = solving::fairy_mark(&game, compact.as_ref(), &after);
                (r, after)
            })
            .collect())
    }
}

/// Perft of a bitboard position: the orthodox fast path, else the compact fairy path, else the
/// record path.
fn count(p: &BbPosition, rules: &Rules, depth: u32) -> Result<u64, EngineError> {
    if orthodox::applies(p, rules) {
        return Ok(orthodox::perft(p, depth));
    }
    match compact::Compact::new(rules.resolve()) {
        Some(c) => Ok(c.perft(p, depth)),
        None => fairy::Game::new(rules.resolve()).perft(p, depth),
    }
}

impl BitboardEngine {
    /// The setups after each legal move as the perft paths make them (the orthodox fast path
    /// or the compact path), or `None` when neither applies; for cross-checking it against the record path, whose positions
    /// [`Engine::play`] gives.
    pub fn compact_children(&self, position: &Position, rules: &Rules) -> Option<Vec<Setup>> {
        let p = fitting(position, rules).ok()?;
        if orthodox::applies(&p, rules) {
            let mut list = MoveList::new();
            orthodox::generate(&p, &mut list);
            return Some(
                list.as_slice()
                    .iter()
                    .map(|&mv| orthodox::make(&p, mv).to_setup())
                    .collect(),
            );
        }
        let c = compact::Compact::new(rules.resolve())?;
        Some(c.children(&p).into_iter().map(|n| n.to_setup()).collect())
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
        let mut moves: Vec<MoveRecord> =
            successors(&p, rules)?.into_iter().map(|(r, _)| r).collect();
        moves.sort();
        Ok(moves)
    }

    fn successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        let p = fitting(position, rules)?;
        let mut children: Vec<(MoveRecord, Setup)> = successors(&p, rules)?
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
        successors(&p, rules)?
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
        count(&fitting(position, rules)?, rules, depth)
    }

    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError> {
        let p = fitting(position, rules)?;
        let (in_check, has_move) = if orthodox::applies(&p, rules) {
            let mut list = MoveList::new();
            orthodox::generate(&p, &mut list);
            (orthodox::in_check(&p), list.len() > 0)
        } else {
            let game = fairy::Game::new(rules.resolve());
            (game.in_check(&p, p.side), !game.legal(&p)?.is_empty())
        };
        Ok(Status::of(in_check, has_move))
    }

    fn unmarked_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        solving::unmarked(&fitting(position, rules)?, rules)
    }

    fn mating_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        solving::mating(&fitting(position, rules)?, rules)
    }
}
