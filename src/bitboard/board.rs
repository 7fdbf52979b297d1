//! The bitboard position: one set per colour, per walk and per attribute, copied on make.

use feerie_oracle::{
    Board, CastlingRights, CastlingSide, Colour, EnPassant, Imitators, Piece, Reserve, Setup,
    Square, Walk, WalkSet,
};

use super::tables::{Sq, bit};
use feerie_oracle::walk::ORTHODOX_COUNT;

/// The walks in index order (the vocabulary's own order).
pub const WALKS: [Walk; Walk::ALL.len()] = Walk::ALL;

/// The orthodox walks, the first [`ORTHODOX_COUNT`] of [`WALKS`]: an array of known length for
/// the loops of the paths that know no other.
pub const ORTHODOX_WALKS: [Walk; ORTHODOX_COUNT] = {
    let mut walks = [Walk::King; ORTHODOX_COUNT];
    let mut i = 0;
    while i < ORTHODOX_COUNT {
        walks[i] = WALKS[i];
        i += 1;
    }
    walks
};

/// Index of a walk in [`WALKS`].
#[inline]
pub const fn walk_index(walk: Walk) -> usize {
    walk.index()
}

pub const KING: usize = 0;
pub const QUEEN: usize = 1;
pub const ROOK: usize = 2;
pub const BISHOP: usize = 3;
pub const KNIGHT: usize = 4;
pub const PAWN: usize = 5;
pub const REVERSE_PAWN: usize = 6;

/// The orthodox walk indices from the commonest to the rarest, for [`walk_at`]: each once, as
/// the compiler checks.
const SEARCH_ORDER: [usize; ORTHODOX_COUNT] =
    [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, REVERSE_PAWN];

const _: () = {
    let mut seen = [false; ORTHODOX_COUNT];
    let mut i = 0;
    while i < SEARCH_ORDER.len() {
        assert!(!seen[SEARCH_ORDER[i]], "a walk twice in SEARCH_ORDER");
        seen[SEARCH_ORDER[i]] = true;
        i += 1;
    }
};

/// As [`walk_at`], in a position of orthodox walks only (the orthodox fast path's): the rarest
/// walk needs no test, nor do the fairy walks.
#[inline(always)]
pub fn orthodox_walk_at(p: &BbPosition, sq: Sq) -> usize {
    debug_assert!(p.rare.is_none() || p.nothing_rare());
    common_walk_at(p, bit(sq)).unwrap_or(RAREST)
}

/// The rarest orthodox walk, the last of [`SEARCH_ORDER`]: tested last, if at all.
const RAREST: usize = SEARCH_ORDER[SEARCH_ORDER.len() - 1];

/// The walk of the unit on square `b` among the orthodox walks but the rarest, tested
/// commonest first.
#[inline(always)]
fn common_walk_at(p: &BbPosition, b: u64) -> Option<usize> {
    let (_, others) = SEARCH_ORDER.split_last().expect("walks");
    others.iter().copied().find(|&w| p.walks[w] & b != 0)
}

/// The walk index of the unit on `sq`, which must be occupied: the commonest walks are tested
/// first; without fairy walks the rarest needs no test.
#[inline(always)]
pub fn walk_at(p: &BbPosition, sq: Sq) -> usize {
    let b = bit(sq);
    if let Some(w) = common_walk_at(p, b) {
        return w;
    }
    if p.rare.is_none() || p.walks[RAREST] & b != 0 {
        return RAREST;
    }
    (ORTHODOX_COUNT..WALKS.len())
        .find(|&w| p.set_of(w) & b != 0)
        .unwrap_or(RAREST)
}

/// Colour index: White 0, Black 1.
#[inline]
pub fn colour_index(c: Colour) -> usize {
    match c {
        Colour::White => 0,
        Colour::Black => 1,
    }
}

/// The colour of an index.
#[inline]
pub fn colour_of(i: usize) -> Colour {
    if i == 0 { Colour::White } else { Colour::Black }
}

/// A position as bitboards.
///
/// The sets every path reads are inline; what only some positions have (the capture-mutable
/// marks of partial Frankfurt and Protean chess, the fairy walks) is boxed apart, so that the
/// position stays within 128 bytes, which the compiler copies inline on make.
#[derive(Clone, Debug)]
pub struct BbPosition {
    pub colours: [u64; 2],
    /// One set per orthodox walk (and the reverse pawn); the fairy walks' sets are in `rare`,
    /// read through [`BbPosition::set_of`].
    pub walks: [u64; ORTHODOX_COUNT],
    pub royal: u64,
    pub magic: u64,
    /// The marks and walks few positions have; `None` when there are none.
    rare: Option<Box<Rare>>,
    /// 0 White, 1 Black.
    pub side: usize,
    pub castling: CastlingRights,
    /// En passant, read and written through [`BbPosition::ep`] and [`BbPosition::set_ep`].
    ep: PackedEp,
    /// The Parrain reserve, read and written through [`BbPosition::reserve`] and
    /// [`BbPosition::set_reserve`].
    reserve: PackedReserve,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// What few positions have: capture-mutable marks and fairy walks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Rare {
    /// Units marked capture-mutable (partial Frankfurt and Protean chess).
    mutable: u64,
    /// The imitators (Imitator chess).
    imitators: Imitators,
    /// Neutral units (neutral magic pieces, RULES.md §6). They stand in both colour sets, so
    /// that either side moves them and neither captures them (captures target the enemy's
    /// non-magic units); read their colour here, never from the colour sets.
    neutral: u64,
    /// The fairy walks of the diagram (pawns may promote to them), kept by every move.
    fairy_walks: WalkSet,
    /// The fairy walks units may have: the diagram's, and the walk of a unit waiting in the
    /// Parrain reserve, which its rebirth brings onto the board without making it a walk of
    /// the diagram. Kept by every move.
    unit_walks: WalkSet,
    /// One set per fairy walk, in the table's order after the orthodox walks.
    fairy: [u64; WALKS.len() - ORTHODOX_COUNT],
}

impl PartialEq for BbPosition {
    fn eq(&self, other: &BbPosition) -> bool {
        let rare = |p: &BbPosition| p.rare.as_deref().cloned().unwrap_or_default();
        self.colours == other.colours
            && self.walks == other.walks
            && self.royal == other.royal
            && self.magic == other.magic
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.reserve == other.reserve
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && rare(self) == rare(other)
    }
}

impl Eq for BbPosition {}

/// An en passant pair (passed square, square of the pawn that may be taken) in two bytes, or
/// none: with it the position fits in 128 bytes, which the compiler copies inline on make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedEp(u16);

impl PackedEp {
    const NONE: u16 = u16::MAX;

    fn new(ep: Option<(u8, u8)>) -> PackedEp {
        PackedEp(ep.map_or(Self::NONE, |(passed, pawn)| {
            u16::from(passed) << 8 | u16::from(pawn)
        }))
    }

    fn get(self) -> Option<(u8, u8)> {
        (self.0 != Self::NONE).then_some(((self.0 >> 8) as u8, self.0 as u8))
    }
}

/// A Parrain reserve (unit and capture square) in four bytes, or none: with it the position
/// fits in 128 bytes, which the compiler copies inline on make. Bit 0 says there is one; then
/// colour, royal, magic, mutable and neutral (a neutral unit is magic, never captured: kept for
/// completeness), the square in six bits and the walk index above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedReserve(u32);

impl PackedReserve {
    const NONE: u32 = 0;

    fn new(reserve: Option<Reserve>) -> PackedReserve {
        PackedReserve(reserve.map_or(Self::NONE, |r| {
            let p = r.piece;
            1 | u32::from(p.colour == Colour::Black) << 1
                | u32::from(p.royal) << 2
                | u32::from(p.magic) << 3
                | u32::from(p.mutable) << 4
                | u32::from(p.neutral) << 5
                | (r.square.index() as u32) << 6
                | u32::from(r.taken_by_side_to_move) << 12
                | (walk_index(p.walk) as u32) << 13
        }))
    }

    fn get(self) -> Option<Reserve> {
        let bits = self.0;
        let flag = |i: u32| bits >> i & 1 == 1;
        (bits != Self::NONE).then(|| Reserve {
            piece: Piece {
                colour: if flag(1) {
                    Colour::Black
                } else {
                    Colour::White
                },
                walk: WALKS[(bits >> 13) as usize],
                royal: flag(2),
                magic: flag(3),
                mutable: flag(4),
                neutral: flag(5),
            },
            square: square((bits >> 6 & 63) as usize),
            taken_by_side_to_move: flag(12),
        })
    }
}

pub fn sq_of(s: Square) -> Sq {
    s.index()
}

pub fn square(sq: Sq) -> Square {
    Square::new(sq as u8).expect("a square index")
}

impl BbPosition {
    /// En passant: (passed square, square of the pawn that may be taken).
    #[inline]
    pub fn ep(&self) -> Option<(u8, u8)> {
        self.ep.get()
    }

    /// Sets or clears en passant.
    #[inline]
    pub fn set_ep(&mut self, ep: Option<(u8, u8)>) {
        self.ep = PackedEp::new(ep);
    }

    /// The Parrain reserve: the unit captured by the last move, waiting to be reborn.
    #[inline]
    pub fn reserve(&self) -> Option<Reserve> {
        self.reserve.get()
    }

    /// Whether a unit waits in the Parrain reserve (one look at the packed word).
    #[inline]
    pub fn has_reserve(&self) -> bool {
        self.reserve.0 != PackedReserve::NONE
    }

    /// Sets or clears the Parrain reserve.
    #[inline]
    pub fn set_reserve(&mut self, reserve: Option<Reserve>) {
        self.reserve = PackedReserve::new(reserve);
    }

    /// From the shared vocabulary.
    pub fn from_setup(setup: &Setup) -> BbPosition {
        let mut p = BbPosition {
            colours: [0; 2],
            walks: [0; ORTHODOX_COUNT],
            royal: 0,
            magic: 0,
            rare: None,
            side: colour_index(setup.side_to_move),
            castling: setup.castling,
            ep: PackedEp::new(
                setup
                    .en_passant
                    .map(|e| (e.target.index() as u8, e.pawn.index() as u8)),
            ),
            reserve: PackedReserve::new(setup.reserve),
            halfmove: setup.halfmove_clock,
            fullmove: setup.fullmove_number,
        };
        // The diagram's walks as the position keeps them: a position from a diagram has its
        // board's walks among them (`Position::new`), and one reached in play keeps its
        // diagram's, even when a rebirth from the reserve has since put another walk on the
        // board (no promotion to it, as in Popeye).
        let fairy_walks = setup.fairy_walks;
        let reserve_walks: WalkSet = setup
            .reserve
            .map(|r| r.piece.walk)
            .filter(|w| w.is_fairy())
            .into_iter()
            .collect();
        let unit_walks = fairy_walks
            .union(setup.board_fairy_walks())
            .union(reserve_walks);
        if !unit_walks.is_empty() {
            let rare = p.rare_mut();
            rare.fairy_walks = fairy_walks;
            rare.unit_walks = unit_walks;
        }
        for (s, piece) in setup.board.pieces() {
            p.put(sq_of(s), piece);
        }
        p.set_imitators(setup.imitators);
        p
    }

    /// The imitators' squares (Imitator chess).
    #[inline]
    pub fn imitators(&self) -> u64 {
        self.rare.as_ref().map_or(0, |r| r.imitators.bits())
    }

    /// The imitators (Imitator chess).
    #[inline]
    pub fn imitator_list(&self) -> Imitators {
        self.rare.as_ref().map_or(Imitators::NONE, |r| r.imitators)
    }

    /// Puts the imitators on `list`.
    #[inline]
    pub fn set_imitators(&mut self, list: Imitators) {
        if list != self.imitator_list() {
            self.rare_mut().imitators = list;
        }
    }

    /// The boxed part, made when first needed.
    fn rare_mut(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(Box::default)
    }

    /// The units marked capture-mutable.
    #[inline]
    pub fn mutable(&self) -> u64 {
        self.rare.as_ref().map_or(0, |r| r.mutable)
    }

    /// Marks the units on `set` capture-mutable.
    #[inline]
    pub fn mark_mutable(&mut self, set: u64) {
        if set != 0 {
            self.rare_mut().mutable |= set;
        }
    }

    /// The neutral units, which also stand in both colour sets.
    #[inline]
    pub fn neutral(&self) -> u64 {
        self.rare.as_ref().map_or(0, |r| r.neutral)
    }

    /// The units of colour index `c` that are its own, the neutral ones left out.
    #[inline]
    pub fn own(&self, c: usize) -> u64 {
        self.colours[c] & !self.neutral()
    }

    /// The fairy walks of the diagram (pawns may promote to them), kept by every move.
    #[inline]
    pub fn fairy_walks(&self) -> WalkSet {
        self.rare.as_ref().map_or(WalkSet::EMPTY, |r| r.fairy_walks)
    }

    /// Whether a unit of a fairy walk may stand on the board, now or after a move: the diagram
    /// has a fairy walk, or a unit of one waits in the reserve. Without, only the orthodox
    /// sets can hold units.
    #[inline]
    pub fn may_hold_fairy_units(&self) -> bool {
        self.rare.as_ref().is_some_and(|r| !r.unit_walks.is_empty())
    }

    /// A copy of a position with nothing rare ([`BbPosition::nothing_rare`]), as the orthodox
    /// fast path makes at every node: field by field, with no look at the boxed rare part.
    #[inline]
    pub fn plain_copy(&self) -> BbPosition {
        debug_assert!(self.nothing_rare());
        BbPosition {
            colours: self.colours,
            walks: self.walks,
            royal: self.royal,
            magic: self.magic,
            rare: None,
            side: self.side,
            castling: self.castling,
            ep: self.ep,
            reserve: self.reserve,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
    }

    /// No capture-mutable mark, no neutral unit and no fairy walk: what the fast paths need,
    /// asked in one look.
    #[inline]
    pub fn nothing_rare(&self) -> bool {
        self.rare.as_ref().is_none_or(|r| {
            r.mutable == 0 && r.neutral == 0 && r.imitators.is_empty() && r.unit_walks.is_empty()
        })
    }

    /// The units of walk index `w`, whatever the walk.
    #[inline]
    pub fn set_of(&self, w: usize) -> u64 {
        if w < ORTHODOX_COUNT {
            self.walks[w]
        } else {
            self.rare
                .as_ref()
                .map_or(0, |r| r.fairy[w - ORTHODOX_COUNT])
        }
    }

    /// The set of walk index `w`, to change.
    #[inline]
    fn set_of_mut(&mut self, w: usize) -> &mut u64 {
        if w < ORTHODOX_COUNT {
            &mut self.walks[w]
        } else {
            &mut self.rare_mut().fairy[w - ORTHODOX_COUNT]
        }
    }

    /// The position as Annan chess moves the units of colour index `side`: each with a unit of
    /// its side right behind it (toward its side's first rank) given that unit's walk; the
    /// other units as they are. Its units move and attack by their walks there.
    pub fn annanised(&self, side: usize) -> BbPosition {
        let own = self.colours[side];
        // A unit lends its walk to the square in front of it: upward for White.
        let lend = |set: u64| if side == 0 { set << 8 } else { set >> 8 };
        let borrowing = own & lend(own);
        let mut out = self.clone();
        if borrowing == 0 {
            return out;
        }
        for w in 0..WALKS.len() {
            let set = self.set_of(w);
            let lent = lend(set & own) & borrowing;
            if set & borrowing != 0 || lent != 0 {
                *out.set_of_mut(w) = (set & !borrowing) | lent;
            }
        }
        out
    }

    /// Back to the shared vocabulary.
    pub fn to_setup(&self) -> Setup {
        let mut board = Board::empty();
        for sq in 0..64 {
            if let Some(piece) = self.piece_at(sq) {
                board.set(square(sq), Some(piece));
            }
        }
        let mut setup = Setup::empty();
        setup.board = board;
        setup.side_to_move = colour_of(self.side);
        setup.castling = self.castling;
        setup.en_passant = self
            .ep()
            .and_then(|(t, _)| EnPassant::from_target(square(t as usize)));
        setup.reserve = self.reserve();
        setup.halfmove_clock = self.halfmove;
        setup.fullmove_number = self.fullmove;
        setup.fairy_walks = self.fairy_walks();
        setup.imitators = self.imitator_list();
        setup
    }

    /// The pawn-like units of both colours.
    #[inline]
    pub fn pawnlike(&self) -> u64 {
        let mut set = 0;
        // The pawn-like walks are the pawn and the reverse pawn (no fairy walk of the table
        // moves as a pawn).
        for (w, &walk) in ORTHODOX_WALKS.iter().enumerate() {
            if walk.is_pawn() {
                set |= self.walks[w];
            }
        }
        set
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colours[0] | self.colours[1]
    }

    /// The unit on a square.
    #[inline(always)]
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        let b = bit(sq);
        // A neutral unit is White by convention (it stands in both sets).
        let colour = if self.colours[0] & b != 0 {
            Colour::White
        } else if self.colours[1] & b != 0 {
            Colour::Black
        } else {
            return None;
        };
        // The orthodox sets first: they are inline, and most units are there. The rare part is
        // looked at once, and only when there is one.
        let found = (0..ORTHODOX_COUNT).find(|&w| self.walks[w] & b != 0);
        let (w, mutable, neutral) = match &self.rare {
            None => (found?, false, false),
            Some(rare) => {
                let w = match found {
                    Some(w) => w,
                    None => (ORTHODOX_COUNT..WALKS.len())
                        .find(|&w| rare.fairy[w - ORTHODOX_COUNT] & b != 0)?,
                };
                (w, rare.mutable & b != 0, rare.neutral & b != 0)
            }
        };
        Some(Piece {
            colour,
            walk: WALKS[w],
            royal: self.royal & b != 0,
            magic: self.magic & b != 0,
            mutable,
            neutral,
        })
    }

    /// Puts a unit on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        let b = bit(sq);
        if piece.neutral {
            self.colours[0] |= b;
            self.colours[1] |= b;
            self.rare_mut().neutral |= b;
        } else {
            self.colours[colour_index(piece.colour)] |= b;
        }
        *self.set_of_mut(walk_index(piece.walk)) |= b;
        self.mark_attributes(b, piece);
    }

    /// As [`BbPosition::put`], for a unit that is neither neutral nor of a fairy walk (the
    /// compact path has none).
    #[inline]
    pub fn put_orthodox(&mut self, sq: Sq, piece: Piece) {
        debug_assert!(!piece.neutral && !piece.walk.is_fairy());
        let b = bit(sq);
        self.colours[colour_index(piece.colour)] |= b;
        self.walks[walk_index(piece.walk)] |= b;
        self.mark_attributes(b, piece);
    }

    /// Marks square `b` with the unit's attributes: royal, magic, capture-mutable.
    #[inline]
    fn mark_attributes(&mut self, b: u64, piece: Piece) {
        if piece.royal {
            self.royal |= b;
        }
        if piece.magic {
            self.magic |= b;
        }
        if piece.mutable {
            self.mark_mutable(b);
        }
    }

    /// Moves the king and the rook of a castling, with their attributes.
    pub fn castle(&mut self, colour: Colour, side: CastlingSide) {
        let [kf, kt, rf, rt] = side.squares(colour).map(|s| s.index());
        let king = self.piece_at(kf).expect("the castling king");
        let rook = self.piece_at(rf).expect("the castling rook");
        self.clear(kf);
        self.clear(rf);
        self.put(kt, king);
        self.put(rt, rook);
    }

    /// The walk indices whose sets may hold units: the orthodox walks, and the fairy walks
    /// when the diagram or the reserve has any (no move brings in another walk).
    #[inline]
    pub fn walk_range(&self) -> std::ops::Range<usize> {
        if !self.may_hold_fairy_units() {
            0..ORTHODOX_COUNT
        } else {
            0..WALKS.len()
        }
    }

    /// Empties a square.
    #[inline]
    pub fn clear(&mut self, sq: Sq) {
        let keep = !bit(sq);
        self.colours[0] &= keep;
        self.colours[1] &= keep;
        for w in &mut self.walks {
            *w &= keep;
        }
        self.royal &= keep;
        self.magic &= keep;
        if let Some(rare) = &mut self.rare {
            rare.mutable &= keep;
            rare.neutral &= keep;
            for w in &mut rare.fairy {
                *w &= keep;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_fits_in_two_cache_lines() {
        // Copied on every make: past 128 bytes the copy becomes a call to memcpy.
        assert!(std::mem::size_of::<BbPosition>() <= 128);
    }

    #[test]
    fn en_passant_reads_back() {
        let mut p = BbPosition::from_setup(&Setup::empty());
        for ep in [None, Some((0, 0)), Some((20, 28)), Some((255, 254))] {
            p.set_ep(ep);
            assert_eq!(p.ep(), ep);
        }
    }

    #[test]
    fn the_reserve_reads_back() {
        let mut p = BbPosition::from_setup(&Setup::empty());
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let pieces = [
            Piece::new(Colour::Black, Walk::Knight),
            Piece::new(Colour::White, Walk::ReversePawn).with_mutable(true),
            Piece::new(Colour::Black, Walk::Bishop).with_royal(true),
            Piece::new(Colour::White, *WALKS.last().unwrap()),
        ];
        assert_eq!(p.reserve(), None);
        for (i, (piece, at)) in pieces.into_iter().zip(["a1", "h8", "c3", "e5"]).enumerate() {
            let reserve = Some(Reserve {
                piece,
                square: sq(at),
                taken_by_side_to_move: i % 2 == 1,
            });
            p.set_reserve(reserve);
            assert_eq!(p.reserve(), reserve);
        }
        p.set_reserve(None);
        assert_eq!(p.reserve(), None);
    }
}
