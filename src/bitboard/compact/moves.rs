//! The compact move: a displacement with the outcome of every stage (mutation or promotion,
//! immediate and delayed rebirth, contact mutations) in a few copyable bytes.

use crate::bitboard::board::BbPosition;
use crate::bitboard::moves::MoveKind;
use crate::bitboard::tables::{Sq, bit};

use super::NONE;

/// A move with every stage, in a few bytes.
#[derive(Clone, Copy, Debug)]
pub(super) struct CMove {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) kind: MoveKind,
    /// Square of the unit taken, or NONE.
    pub(super) cap: u8,
    /// Walk of the mover after mutation and promotion, or NONE when unchanged.
    pub(super) walk: u8,
    /// Set when the mover is a new unit for castling: it mutated or promoted (`walk` is its
    /// new walk), or with `mutation_castling: every_capture` it captured keeping its walk
    /// (`walk` is NONE).
    pub(super) changed: bool,
    /// Immediate rebirth: square and walk (after promotion), or NONE.
    pub(super) reb_sq: u8,
    pub(super) reb_walk: u8,
    /// Parrain rebirth: square and walk (after promotion), or NONE.
    pub(super) del_sq: u8,
    pub(super) del_walk: u8,
    /// Contact mutations: square and new walk, `contact_count` of them.
    pub(super) contacts: [(u8, u8); MAX_CONTACTS],
    pub(super) contact_count: u8,
}

impl CMove {
    /// Whether this is en passant onto a unit of the mover's side, which a Parrain rebirth put
    /// on the passed square and which vanishes (`parrain_en_passant: removes_own_unit`).
    #[inline]
    pub(super) fn vanishes_own_unit(&self, p: &BbPosition) -> bool {
        self.kind == MoveKind::EnPassant && p.colours[p.side] & bit(self.to as Sq) != 0
    }

    /// Stage 1 alone: the displacement, with the captured square and the promotion (or NONE).
    pub(super) fn displacement(from: Sq, to: Sq, kind: MoveKind, cap: u8, promo: u8) -> CMove {
        CMove {
            from: from as u8,
            to: to as u8,
            kind,
            cap,
            walk: promo,
            changed: promo != NONE,
            reb_sq: NONE,
            reb_walk: NONE,
            del_sq: NONE,
            del_walk: NONE,
            contacts: [(NONE, NONE); MAX_CONTACTS],
            contact_count: 0,
        }
    }
}

/// A move changes at most the units around the squares it touches.
pub(super) const MAX_CONTACTS: usize = 10;
