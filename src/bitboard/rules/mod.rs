//! The rule kernel: each rule that both fairy paths apply ([`super::fairy`], which builds move
//! records, and [`super::compact`], which counts small moves) written once, on walks, colour
//! indices and squares, so that the two paths cannot drift apart.
//!
//! - [`circe`]: where a captured unit is reborn (RULES.md §3) and with which walk;
//! - [`mutation`]: the walk a capturer takes under Frankfurt and Protean chess (§4);
//! - [`parrain`]: the vector that brings back a Parrain unit (§3, `rebirth_time: next_move`);
//! - [`magic`]: the ladder of Bédoni's magic pieces and what a contact does (§6).
//!
//! Every `match` on [`Walk`] here names each walk: a new walk does not compile until each rule
//! says what it does with it.

pub mod circe;
pub mod magic;
pub mod mutation;
pub mod parrain;

use feerie_oracle::Walk;

use super::tables::Sq;

/// The rank of a square, 0 (rank 1) to 7.
#[inline]
pub fn rank(sq: Sq) -> i32 {
    (sq / 8) as i32
}

/// The file of a square, 0 (file a) to 7.
#[inline]
pub fn file(sq: Sq) -> i32 {
    (sq % 8) as i32
}

/// The square on file `f` and rank `r`, if on the board.
#[inline]
pub fn at(f: i32, r: i32) -> Option<Sq> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Sq)
}

/// The vector (files, ranks) of a move from `from` to `to`.
#[inline]
pub fn vector(from: Sq, to: Sq) -> (i32, i32) {
    (file(to) - file(from), rank(to) - rank(from))
}

/// `sq` moved by the vector `v`, if still on the board.
#[inline]
pub fn shifted(sq: Sq, v: (i32, i32)) -> Option<Sq> {
    at(file(sq) + v.0, rank(sq) + v.1)
}

/// Whether a walk moves as a pawn: steps forward, takes diagonally forward, promotes.
#[inline]
pub fn is_pawnlike(walk: Walk) -> bool {
    match walk {
        Walk::Pawn | Walk::ReversePawn => true,
        Walk::King | Walk::Queen | Walk::Rook | Walk::Bishop | Walk::Knight => false,
    }
}

/// Whether a pawn-like unit of colour index `colour` (White 0) and walk `walk` moves toward
/// rank 8: a white pawn and a black reverse pawn do.
#[inline]
pub fn moves_up(colour: usize, walk: Walk) -> bool {
    (colour == 0) != (walk == Walk::ReversePawn)
}

/// The rank where a pawn-like unit of this colour index and walk promotes.
#[inline]
pub fn last_rank(colour: usize, walk: Walk) -> i32 {
    if moves_up(colour, walk) { 7 } else { 0 }
}

/// Whether a unit of this colour index and walk standing on `sq` promotes there: a pawn-like
/// unit on its last rank.
#[inline]
pub fn promotes_on(colour: usize, walk: Walk, sq: Sq) -> bool {
    is_pawnlike(walk) && rank(sq) == last_rank(colour, walk)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_promote_on_the_rank_they_move_toward() {
        // h8 = 63, a1 = 0.
        assert!(promotes_on(0, Walk::Pawn, 63));
        assert!(!promotes_on(0, Walk::Pawn, 0));
        assert!(promotes_on(0, Walk::ReversePawn, 0));
        assert!(promotes_on(1, Walk::Pawn, 0));
        assert!(promotes_on(1, Walk::ReversePawn, 63));
        assert!(!promotes_on(0, Walk::Rook, 63));
    }

    #[test]
    fn shifting_stays_on_the_board() {
        assert_eq!(shifted(0, (1, 1)), Some(9));
        assert_eq!(shifted(7, (1, 0)), None);
        assert_eq!(shifted(9, vector(18, 9)), Some(0));
    }
}
