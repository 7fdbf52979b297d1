//! The rule kernel: each rule that both fairy paths apply ([`super::fairy`], which builds move
//! records, and [`super::compact`], which counts small moves) written once, on walks, colour
//! indices and squares, so that the two paths cannot drift apart.
//!
//! - [`circe`]: where a captured unit is reborn (RULES.md §3) and with which walk;
//! - [`mutation`]: the walk a capturer takes under Frankfurt and Protean chess (§4);
//! - [`parrain`]: the vector that brings back a Parrain unit (§3, `rebirth_time: next_move`);
//! - [`magic`]: the ladder of Bédoni's magic pieces and what a contact does (§6);
//! - [`attacks`]: which units attack a square (magic units and inert pawns do not);
//! - [`checks`]: which moves may give check (a superset, for the solver's mating moves).
//!
//! A rule that depends on the walk reads the walk's line of the table (its shape, its Circe
//! home, its place on the magic ladder), so that a new walk needs no code here.

pub mod attacks;
pub mod checks;
pub mod circe;
pub mod magic;
pub mod mutation;
pub mod parrain;

use feerie_oracle::Walk;
use feerie_oracle::walk::Promotion;

use super::board::walk_index;
use super::tables::Sq;

/// Whether a pawn may always promote to this walk: a queen, a rook, a bishop or a knight (the
/// fairy walks of the diagram are added per position).
pub const fn is_promotion_choice(walk: Walk) -> bool {
    matches!(walk.def().promotion, Promotion::Always)
}

/// The walks a pawn promotes to, in the order the moves are listed.
pub const PROMOTION_WALKS: [Walk; 4] = [Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight];

/// [`PROMOTION_WALKS`] as walk indices ([`walk_index`]).
pub const PROMOTION_INDICES: [u8; 4] = {
    let mut indices = [0; 4];
    let mut i = 0;
    while i < 4 {
        indices[i] = walk_index(PROMOTION_WALKS[i]) as u8;
        i += 1;
    }
    indices
};

// Every promotion choice is listed, and nothing else.
const _: () = {
    let mut i = 0;
    while i < Walk::ALL.len() {
        let walk = Walk::ALL[i];
        let mut listed = false;
        let mut j = 0;
        while j < PROMOTION_WALKS.len() {
            listed |= PROMOTION_WALKS[j].index() == walk.index();
            j += 1;
        }
        assert!(
            listed == is_promotion_choice(walk),
            "PROMOTION_WALKS and is_promotion_choice differ"
        );
        i += 1;
    }
};

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
    walk.is_pawn()
}

/// Whether a walk moves along lines (riders, and Chinese pieces' quiet moves): it passes over
/// the squares between its start and its arrival.
#[inline]
pub fn is_rider(walk: Walk) -> bool {
    walk.is_rider()
}

/// Whether a pawn-like unit of colour index `colour` (White 0) and walk `walk` moves toward
/// rank 8: a white pawn and a black reverse pawn do.
#[inline]
pub fn moves_up(colour: usize, walk: Walk) -> bool {
    (colour == 0) != walk.pawn_part().unwrap_or(false)
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
