//! Walks: how a unit moves, independently of its colour and attributes.
//!
//! A walk is a line of [`table::TABLE`]: its shape ([`shape`]), its Popeye codes, its roles
//! (promotion, Circe rebirth, the magic ladder) and its diagram symbol. Nothing else in the
//! project lists walks; a new walk of an existing shape is one line of that table.

pub mod shape;
pub mod table;

use std::fmt;

pub use shape::{DIAGONAL, Hop, KNIGHT, ORTHOGONAL, Part, Vectors};
pub use table::{CirceHome, Promotion, Symbol, WalkDef};

/// How a unit moves and captures: an index into [`table::TABLE`].
///
/// The orthodox walks and the reverse pawn have constants named after them (the engines give
/// them fixed places); fairy walks are found by name or code.
///
/// ```
/// use feerie_oracle::Walk;
/// assert_eq!(Walk::Knight.popeye_code(), "S");
/// assert_eq!(Walk::from_popeye_code("pp"), Some(Walk::ReversePawn));
/// assert_eq!(Walk::from_fen_char('n'), Some(Walk::Knight));
/// let grasshopper = Walk::from_popeye_code("G").unwrap();
/// assert_eq!(grasshopper.name(), "grasshopper");
/// assert!(grasshopper.is_fairy());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Walk(u8);

#[allow(non_upper_case_globals)]
impl Walk {
    /// One step in any direction; castles.
    pub const King: Walk = Walk(0);
    /// Rook and bishop lines.
    pub const Queen: Walk = Walk(1);
    /// Orthogonal lines.
    pub const Rook: Walk = Walk(2);
    /// Diagonal lines.
    pub const Bishop: Walk = Walk(3);
    /// The (1,2) leap.
    pub const Knight: Walk = Walk(4);
    /// Steps forward (double step from its second rank), captures diagonally forward, promotes
    /// on its last rank.
    pub const Pawn: Walk = Walk(5);
    /// A pawn of its own colour that moves like a pawn of the other colour: forward is toward
    /// its own first rank, where it promotes; double step from its own seventh rank.
    pub const ReversePawn: Walk = Walk(6);
}

/// How many walks the table holds.
pub const COUNT: usize = table::TABLE.len();

/// The walks that are not fairy walks: the six orthodox walks and the reverse pawn, which take
/// the first places of the table.
pub const ORTHODOX_COUNT: usize = 7;

const _: () = {
    assert!(COUNT <= 32, "a WalkSet holds at most 32 walks");
    let mut i = 0;
    while i < COUNT {
        let fairy = matches!(table::TABLE[i].promotion, Promotion::InDiagram);
        assert!(
            fairy == (i >= ORTHODOX_COUNT),
            "the fairy walks follow the orthodox ones"
        );
        i += 1;
    }
};

impl Walk {
    /// Every walk, in the order used for sorting and listing.
    pub const ALL: [Walk; COUNT] = {
        let mut all = [Walk(0); COUNT];
        let mut i = 0;
        while i < COUNT {
            all[i] = Walk(i as u8);
            i += 1;
        }
        all
    };

    /// The walks a pawn always may promote to, in Popeye's listing order; fairy walks are added
    /// by [`WalkSet`] (those of the diagram).
    pub const PROMOTIONS: [Walk; 4] = [Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight];

    /// The walk's place in [`Walk::ALL`], for tables indexed by walk.
    ///
    /// ```
    /// use feerie_oracle::Walk;
    /// for (i, walk) in Walk::ALL.iter().enumerate() {
    ///     assert_eq!(walk.index(), i);
    /// }
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The walk at `index` in [`Walk::ALL`].
    pub const fn from_index(index: usize) -> Option<Walk> {
        if index < COUNT {
            Some(Walk(index as u8))
        } else {
            None
        }
    }

    /// Its line of the table.
    pub const fn def(self) -> &'static WalkDef {
        &table::TABLE[self.0 as usize]
    }

    /// Its English name (`grasshopper`).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// How it moves and takes.
    pub const fn shape(self) -> &'static [Part] {
        self.def().shape
    }

    /// A fairy walk (RULES.md §9): neither orthodox nor the reverse pawn.
    pub const fn is_fairy(self) -> bool {
        self.index() >= ORTHODOX_COUNT
    }

    /// Popeye's English code, upper case: `K Q R B S P PP G CA`.
    pub fn popeye_code(self) -> &'static str {
        self.def().english
    }

    /// Popeye's code in German, upper case (`D` the queen, `RB` the reverse pawn).
    pub fn german_code(self) -> &'static str {
        self.def().german
    }

    /// Reads Popeye's English code in either case (`S` the knight, `N` the nightrider).
    pub fn from_popeye_code(code: &str) -> Option<Walk> {
        Walk::ALL
            .into_iter()
            .find(|w| w.def().english.eq_ignore_ascii_case(code))
    }

    /// Reads Popeye's German code in either case.
    pub fn from_german_code(code: &str) -> Option<Walk> {
        Walk::ALL
            .into_iter()
            .find(|w| w.def().german.eq_ignore_ascii_case(code))
    }

    /// The FEN letter (upper case) of the walks that have one: the six orthodox walks.
    pub fn fen_char(self) -> Option<char> {
        self.def().fen
    }

    /// Whether its Popeye code is a FEN letter of another walk: the nightrider's `N`, the
    /// knight on a FEN board. Where both notations meet (a FEN's reserve field) such a unit is
    /// written in parentheses, `(bN)h6`.
    ///
    /// ```
    /// use feerie_oracle::Walk;
    /// let nightrider = Walk::from_popeye_code("N").unwrap();
    /// assert!(nightrider.code_is_another_fen_letter());
    /// assert!(!Walk::Knight.code_is_another_fen_letter());
    /// assert!(!Walk::from_popeye_code("G").unwrap().code_is_another_fen_letter());
    /// ```
    pub fn code_is_another_fen_letter(self) -> bool {
        let mut chars = self.popeye_code().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Walk::from_fen_char(c).is_some_and(|w| w != self),
            _ => false,
        }
    }

    /// Reads a one-letter FEN walk in either case (`N` or `S` for the knight).
    pub fn from_fen_char(c: char) -> Option<Walk> {
        let c = c.to_ascii_uppercase();
        if c == 'S' {
            return Some(Walk::Knight);
        }
        Walk::ALL.into_iter().find(|w| w.def().fen == Some(c))
    }

    /// True for the walks that move as pawns (the pawn and the reverse pawn).
    #[inline]
    pub const fn is_pawn(self) -> bool {
        self.pawn_part().is_some()
    }

    /// `Some(reverse)` for a pawn-like walk.
    #[inline]
    pub const fn pawn_part(self) -> Option<bool> {
        FACTS[self.0 as usize].pawn
    }

    /// True for walks that move along lines (riders and the quiet moves of Chinese pieces):
    /// those whose passage `royal_rider_passage` judges.
    #[inline]
    pub const fn is_rider(self) -> bool {
        FACTS[self.0 as usize].line
    }

    /// True for walks with a hopping part (whose attacks depend on hurdles).
    pub fn is_hopper(self) -> bool {
        self.shape().iter().any(Part::is_hopper)
    }
}

/// What the engines ask of a walk's shape at every move, worked out once from the table.
#[derive(Clone, Copy)]
struct Facts {
    pawn: Option<bool>,
    line: bool,
}

const FACTS: [Facts; COUNT] = {
    let mut facts = [Facts {
        pawn: None,
        line: false,
    }; COUNT];
    let mut i = 0;
    while i < COUNT {
        let shape = table::TABLE[i].shape;
        let mut j = 0;
        while j < shape.len() {
            match shape[j] {
                Part::Pawn { reverse } => facts[i].pawn = Some(reverse),
                Part::Ride(_) | Part::Hop(Hop::Chinese, _) => facts[i].line = true,
                Part::Leap(_) | Part::Hop(..) => {}
            }
            j += 1;
        }
        i += 1;
    }
    facts
};

impl fmt::Display for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.popeye_code())
    }
}

impl fmt::Debug for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Walk({})", self.name())
    }
}

/// A set of walks (at most 32), such as the fairy walks of a diagram, to which pawns may
/// promote (RULES.md §9).
///
/// ```
/// use feerie_oracle::{Walk, WalkSet};
/// let g = Walk::from_popeye_code("g").unwrap();
/// let set = WalkSet::EMPTY.with(g);
/// assert!(set.contains(g) && !set.contains(Walk::Queen));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![g]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WalkSet(u32);

impl WalkSet {
    /// No walk.
    pub const EMPTY: WalkSet = WalkSet(0);

    /// The set with `walk` added.
    pub const fn with(self, walk: Walk) -> WalkSet {
        WalkSet(self.0 | 1 << walk.0)
    }

    /// Whether `walk` is in the set.
    pub const fn contains(self, walk: Walk) -> bool {
        self.0 & 1 << walk.0 != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union of two sets.
    pub const fn union(self, other: WalkSet) -> WalkSet {
        WalkSet(self.0 | other.0)
    }

    /// The bits, walk index `i` at bit `i`.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The walks, in index order.
    pub fn iter(self) -> impl Iterator<Item = Walk> {
        Walk::ALL.into_iter().filter(move |&w| self.contains(w))
    }
}

impl FromIterator<Walk> for WalkSet {
    fn from_iter<I: IntoIterator<Item = Walk>>(iter: I) -> WalkSet {
        iter.into_iter().fold(WalkSet::EMPTY, WalkSet::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty squares a part moves to from `from` without taking (pawns aside), read
    /// square by square: an implementation apart from [`Part::visit_moves`], to check it.
    fn quiet_squares(
        part: &Part,
        from: (i8, i8),
        occupied: &dyn Fn(i8, i8) -> bool,
    ) -> Vec<(i8, i8)> {
        let on_board = |(f, r): (i8, i8)| (0..8).contains(&f) && (0..8).contains(&r);
        let empty = |(f, r): (i8, i8)| on_board((f, r)) && !occupied(f, r);
        let step = |(f, r): (i8, i8), (vf, vr): (i8, i8)| (f + vf, r + vr);
        let mut out = Vec::new();
        match *part {
            Part::Pawn { .. } => {}
            Part::Leap(vectors) => {
                out.extend(vectors.iter().map(|v| step(from, v)).filter(|&s| empty(s)))
            }
            Part::Ride(vectors) | Part::Hop(Hop::Chinese, vectors) => {
                for v in vectors.iter() {
                    let mut sq = step(from, v);
                    while empty(sq) {
                        out.push(sq);
                        sq = step(sq, v);
                    }
                }
            }
            Part::Hop(hop @ (Hop::Grasshopper | Hop::Lion), vectors) => {
                for v in vectors.iter() {
                    let mut sq = step(from, v);
                    while empty(sq) {
                        sq = step(sq, v);
                    }
                    if !on_board(sq) {
                        continue;
                    }
                    let mut beyond = step(sq, v);
                    while empty(beyond) {
                        out.push(beyond);
                        if hop == Hop::Grasshopper {
                            break;
                        }
                        beyond = step(beyond, v);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn codes_are_unique_in_each_language() {
        for (i, a) in Walk::ALL.iter().enumerate() {
            for b in &Walk::ALL[i + 1..] {
                assert_ne!(a.def().english, b.def().english, "{a:?} {b:?}");
                assert_ne!(a.def().german, b.def().german, "{a:?} {b:?}");
                assert_ne!(a.name(), b.name());
            }
            assert_eq!(Walk::from_popeye_code(a.popeye_code()), Some(*a));
            assert_eq!(Walk::from_german_code(a.german_code()), Some(*a));
        }
    }

    #[test]
    fn the_knight_is_s_for_popeye_and_n_for_fen_and_n_is_the_nightrider_for_popeye() {
        assert_eq!(Walk::from_fen_char('N'), Some(Walk::Knight));
        assert_eq!(Walk::from_popeye_code("S"), Some(Walk::Knight));
        assert_eq!(
            Walk::from_popeye_code("N").map(Walk::name),
            Some("nightrider")
        );
    }

    /// The one-line attack test agrees with the squares a part attacks, on random boards.
    #[test]
    fn the_attack_test_agrees_with_the_attacked_squares() {
        let mut state: u64 = 0x1234_5678_9abc_def1;
        for _ in 0..40 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let board = state & state.rotate_left(17); // about a quarter of the squares
            let occupied = |f: i8, r: i8| board >> (r * 8 + f) & 1 != 0;
            for walk in Walk::ALL {
                for part in walk.shape() {
                    for from in 0..64i8 {
                        let from = (from % 8, from / 8);
                        let attacked = part.capture_squares(from, 1, &occupied);
                        for target in 0..64i8 {
                            let target = (target % 8, target / 8);
                            assert_eq!(
                                part.attacks(from, target, 1, &occupied),
                                attacked.contains(&target),
                                "{walk:?} {part:?} {from:?} {target:?} {board:x}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The one-pass move visit gives the quiet squares and the occupied attacked squares.
    #[test]
    fn the_move_visit_agrees_with_the_quiet_and_attacked_squares() {
        let mut state: u64 = 0x0fed_cba9_8765_4321;
        for _ in 0..40 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let board = state & state.rotate_left(23);
            let occupied = |f: i8, r: i8| board >> (r * 8 + f) & 1 != 0;
            for walk in Walk::ALL.into_iter().filter(|w| !w.is_pawn()) {
                for part in walk.shape() {
                    for from in 0..64i8 {
                        let from = (from % 8, from / 8);
                        let mut visited = Vec::new();
                        part.visit_moves(from, &occupied, &mut |sq, _| visited.push(sq));
                        let mut expected = quiet_squares(part, from, &occupied);
                        expected.extend(
                            part.capture_squares(from, 1, &occupied)
                                .into_iter()
                                .filter(|&(f, r)| occupied(f, r)),
                        );
                        visited.sort();
                        expected.sort();
                        assert_eq!(visited, expected, "{walk:?} {part:?} {from:?} {board:x}");
                    }
                }
            }
        }
    }

    /// The parts of a compound never reach one square two ways, so a move is made once.
    #[test]
    fn parts_of_a_compound_are_disjoint() {
        let empty = |_: i8, _: i8| false;
        for walk in Walk::ALL {
            for f in 0..8 {
                for r in 0..8 {
                    let mut seen = std::collections::BTreeSet::new();
                    for part in walk.shape() {
                        let mut squares = quiet_squares(part, (f, r), &empty);
                        squares.sort();
                        squares.dedup();
                        for s in squares {
                            assert!(seen.insert(s), "{walk:?} reaches {s:?} twice");
                        }
                    }
                }
            }
        }
    }

    /// Each fairy walk of RULES.md §9 moves as the table says, counted on an empty board from
    /// d4 (quiet moves) and, for hoppers, over one hurdle.
    #[test]
    fn fairy_walks_move_as_rules_section_9_says() {
        let empty = |_: i8, _: i8| false;
        let count = |code: &str| -> usize {
            let walk = Walk::from_popeye_code(code).unwrap();
            walk.shape()
                .iter()
                .map(|p| quiet_squares(p, (3, 3), &empty).len())
                .sum()
        };
        assert_eq!(count("N"), 8 + 4); // knight leaps, and four second leaps stay on the board
        assert_eq!(count("Z"), 8);
        assert_eq!(count("CA"), 8);
        assert_eq!(count("GI"), 4);
        assert_eq!(count("G"), 0); // no hurdle
        assert_eq!(count("LI"), 0);
        assert_eq!(count("LE"), 27);
        assert_eq!(count("PA"), 14);
        assert_eq!(count("VA"), 13);
        assert_eq!(count("AM"), 27 + 8);
        assert_eq!(count("PR"), 13 + 8);
        // A hurdle on d6: the grasshopper lands on d7, the lion on d7 and d8; a leo moves to
        // d5 only on that file and takes nothing (no unit beyond the hurdle).
        let hurdle = |f: i8, r: i8| (f, r) == (3, 5);
        let up_file = |code: &str| -> Vec<(i8, i8)> {
            let walk = Walk::from_popeye_code(code).unwrap();
            let mut out: Vec<(i8, i8)> = walk
                .shape()
                .iter()
                .flat_map(|p| quiet_squares(p, (3, 3), &hurdle))
                .filter(|&(f, r)| f == 3 && r > 3)
                .collect();
            out.sort();
            out
        };
        assert_eq!(up_file("G"), vec![(3, 6)]);
        assert_eq!(up_file("LI"), vec![(3, 6), (3, 7)]);
        assert_eq!(up_file("LE"), vec![(3, 4)]);
    }
}
