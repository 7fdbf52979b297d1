//! Circe rebirth (RULES.md §3): where a captured unit comes back, with which walk, and what
//! happens when that square is taken or off the board. Every Circe variant goes through here
//! (Parrain's vector is [`super::parrain`]'s): its squares are one table per model.

use std::sync::Mutex;

use feerie_oracle::rules::{
    CirceModel, CloneRoyalVictim, RebirthAdapter, RebirthOccupied, RebirthPlace, RebirthSide,
    RebirthWalk,
};
use feerie_oracle::walk::CirceHome;
use feerie_oracle::{Piece, Walk};

use super::super::board::{WALKS, walk_index};
use super::super::tables::{Sq, bit};
use super::{file, promotes_on, rank, shifted, vector};
use feerie_oracle::walk::ORTHODOX_COUNT;

/// The Plain Circe square of a unit of colour index `colour` (White 0) and walk `walk` taken
/// on `capture`: kings e1/e8, queens d1/d8; rooks, knights and bishops on the one of their two
/// home squares that has the capture square's colour; pawns and reverse pawns on their side's
/// second rank of the capture file.
pub fn circe_square(colour: usize, walk: Walk, capture: Sq) -> Sq {
    let white = colour == 0;
    let home = if white { 0 } else { 7 };
    let square_colour = |f: i32, r: i32| (f + r) % 2;
    let pick = |a: i32, b: i32| {
        if square_colour(a, home) == square_colour(file(capture), rank(capture)) {
            a
        } else {
            b
        }
    };
    let f = match walk.def().circe {
        CirceHome::King => 4,
        CirceHome::Queen => 3,
        CirceHome::Rook => pick(0, 7),
        CirceHome::Knight => pick(1, 6),
        CirceHome::Bishop => pick(2, 5),
        CirceHome::Pawn => {
            return (if white { 8 } else { 48 }) + file(capture) as Sq;
        }
        // A fairy walk: the capture file's square of its promotion rank (RULES.md §9).
        CirceHome::PromotionRank => {
            return (if white { 56 } else { 0 }) + file(capture) as Sq;
        }
    };
    (home * 8 + f) as Sq
}

/// The File Circe square of a unit of colour index `colour` and walk `walk` taken on
/// `capture`: the capture file, on the walk's home rank (the second for pawns, the first for
/// the orthodox pieces, the promotion rank for a fairy walk).
pub fn file_square(colour: usize, walk: Walk, capture: Sq) -> Sq {
    let relative = match walk.def().circe {
        CirceHome::Pawn => 1,
        CirceHome::PromotionRank => 7,
        _ => 0,
    };
    let r = if colour == 0 { relative } else { 7 - relative };
    (r * 8) as Sq + file(capture) as Sq
}

/// `sq` turned half a turn about the board's centre.
fn half_turn(sq: Sq) -> Sq {
    63 - sq
}

/// `sq` mirrored between the a- and h-files.
fn file_mirror(sq: Sq) -> Sq {
    sq ^ 7
}

/// `sq` changed by `adapter`.
fn adapted(adapter: RebirthAdapter, sq: Sq) -> Sq {
    match adapter {
        RebirthAdapter::None => sq,
        RebirthAdapter::Diametral => half_turn(sq),
        RebirthAdapter::VerticalMirror => file_mirror(sq),
    }
}

/// The square found by a place read from the capture square alone (every place but the
/// move's vector and the capturer's departure) for a unit of walk
/// `walk` whose home squares are those of colour index `homed` (the other colour's under
/// Mirror Circe).
fn by_capture(place: RebirthPlace, homed: usize, walk: Walk, capture: Sq) -> Sq {
    match place {
        RebirthPlace::FileHome => file_square(homed, walk, capture),
        RebirthPlace::Symmetry => half_turn(capture),
        RebirthPlace::VerticalSymmetry => file_mirror(capture),
        RebirthPlace::Antipodes => capture ^ 36,
        _ => circe_square(homed, walk, capture),
    }
}

/// Off the board, in [`RebirthSquares`]' tables.
const OFF: u8 = u8::MAX;

/// The rebirth squares of one Circe model's place, side and adapter, precomputed and adapted
/// already: by colour, walk and capture square for the places read from the capture square; by
/// the move's departure and arrival for the others (the capture's vector, the departure square).
pub struct RebirthSquares {
    /// Whether the place reads the move (its vector or its departure) rather than the capture
    /// square.
    reads_move: bool,
    /// By colour, walk and capture square.
    by_capture: [[[u8; 64]; WALKS.len()]; 2],
    /// By departure and arrival: `to` moved once more by the vector from `from` to `to` (or
    /// [`OFF`]), or `from` itself.
    by_move: [[u8; 64]; 64],
    /// The place and the adapter, for the en passant captures the tables do not hold.
    place: RebirthPlace,
    adapter: RebirthAdapter,
    /// By colour and orthodox walk: every square a unit can be reborn on after a capture on
    /// its arrival square, and those of them where it promotes (a pawn); every square when the
    /// place reads the move.
    orthodox_reach: [[(u64, u64); ORTHODOX_COUNT]; 2],
}

/// What tells one table of rebirth squares from another.
type TableKey = (RebirthPlace, RebirthSide, RebirthAdapter);

/// The tables built so far, one per key (a handful at most: one per Circe variant used).
static SQUARES: Mutex<Vec<(TableKey, &'static RebirthSquares)>> = Mutex::new(Vec::new());

/// The rebirth squares of `model` (Plain Circe's when there is none), built on first use and
/// kept for the life of the process.
pub fn rebirth_squares(model: Option<&CirceModel>) -> &'static RebirthSquares {
    let key = model.map_or(
        (
            RebirthPlace::CirceSquare,
            RebirthSide::Own,
            RebirthAdapter::None,
        ),
        |m| (m.place, m.side, m.adapter),
    );
    let mut built = SQUARES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = built.iter().find(|(k, _)| *k == key) {
        return s;
    }
    let s: &'static RebirthSquares = Box::leak(RebirthSquares::build(key));
    built.push((key, s));
    s
}

impl RebirthSquares {
    fn build((place, side, adapter): TableKey) -> Box<RebirthSquares> {
        let reads_move = matches!(
            place,
            RebirthPlace::CaptureVector | RebirthPlace::NextMoveVector | RebirthPlace::Departure
        );
        let mut s = Box::new(RebirthSquares {
            reads_move,
            by_capture: [[[0; 64]; WALKS.len()]; 2],
            by_move: [[OFF; 64]; 64],
            place,
            adapter,
            orthodox_reach: [[(!0, !0); ORTHODOX_COUNT]; 2],
        });
        for (c, by_walk) in s.by_capture.iter_mut().enumerate() {
            let homed = match side {
                RebirthSide::Own => c,
                RebirthSide::Mirror => 1 - c,
            };
            for (w, by_square) in by_walk.iter_mut().enumerate() {
                for (sq, entry) in by_square.iter_mut().enumerate() {
                    *entry = adapted(adapter, by_capture(place, homed, WALKS[w], sq)) as u8;
                }
            }
        }
        for (from, by_arrival) in s.by_move.iter_mut().enumerate() {
            for (to, entry) in by_arrival.iter_mut().enumerate() {
                let found = match place {
                    RebirthPlace::Departure => Some(from),
                    _ => shifted(to, vector(from, to)),
                };
                if let Some(x) = found {
                    *entry = adapted(adapter, x) as u8;
                }
            }
        }
        if !reads_move {
            for (c, by_walk) in s.by_capture.iter().enumerate() {
                for (w, by_square) in by_walk.iter().enumerate().take(ORTHODOX_COUNT) {
                    let mut reach = (0, 0);
                    for &x in by_square.iter().filter(|&&x| x != OFF) {
                        reach.0 |= bit(x as Sq);
                        if promotes_on(c, WALKS[w], x as Sq) {
                            reach.1 |= bit(x as Sq);
                        }
                    }
                    s.orthodox_reach[c][w] = reach;
                }
            }
        }
        s
    }

    /// By orthodox walk index: every square a unit of colour index `colour` and that walk can
    /// be reborn on after a capture on any square, and those of them where it promotes there (a
    /// pawn); both every square for the places that read the move. A unit that cannot be reborn where its walk reaches the capturer's king gives no
    /// check by its rebirth.
    #[inline]
    pub fn orthodox_reach(&self, colour: usize) -> &[(u64, u64); ORTHODOX_COUNT] {
        &self.orthodox_reach[colour]
    }

    /// Whether the rebirth square depends on the move (its vector or its departure) rather
    /// than on the unit and the capture square: then [`Self::square_on_arrival`] reads no walk.
    #[inline]
    pub fn reads_move(&self) -> bool {
        self.reads_move
    }

    /// The square where a unit of colour index `colour` and walk index `walk` (as
    /// [`walk_index`] numbers them) taken on `capture` by a move from `from` to `to` is
    /// reborn under the place these tables were built for, or `None` off the board.
    #[inline]
    pub fn square(&self, colour: usize, walk: usize, capture: Sq, from: Sq, to: Sq) -> Option<Sq> {
        if capture == to {
            return self.square_on_arrival(colour, walk, from, to);
        }
        // En passant: the unit was taken beside the arrival square.
        match self.place {
            RebirthPlace::CaptureVector | RebirthPlace::NextMoveVector => {
                shifted(capture, vector(from, to)).map(|s| adapted(self.adapter, s))
            }
            RebirthPlace::Departure => Some(self.by_move[from][to] as Sq),
            _ => Some(self.by_capture[colour][walk][capture] as Sq),
        }
    }

    /// The rebirth square of a unit taken on the arrival square `to` (every capture but en
    /// passant; [`Self::square`] adds that case): one table read, inlined into the counting
    /// loops that call it per capture.
    #[inline(always)]
    pub fn square_on_arrival(&self, colour: usize, walk: usize, from: Sq, to: Sq) -> Option<Sq> {
        let s = if self.reads_move {
            self.by_move[from][to]
        } else {
            self.by_capture[colour][walk][to]
        };
        (s != OFF).then_some(s as Sq)
    }

    /// As [`Self::square`], the walk named.
    #[inline]
    pub fn square_of(
        &self,
        colour: usize,
        walk: Walk,
        capture: Sq,
        from: Sq,
        to: Sq,
    ) -> Option<Sq> {
        self.square(colour, walk_index(walk), capture, from, to)
    }
}

/// The walk Chameleon Circe gives back for `walk`: knight to bishop, bishop to rook, rook to
/// queen, queen to knight, every other walk kept.
#[inline]
pub fn chameleon(walk: Walk) -> Walk {
    match walk {
        Walk::Knight => Walk::Bishop,
        Walk::Bishop => Walk::Rook,
        Walk::Rook => Walk::Queen,
        Walk::Queen => Walk::Knight,
        other => other,
    }
}

/// The walk a unit taken is reborn with: its own, or under Clone (`rebirth_walk: capturer`) the
/// capturer's (`promoted` when the capturer promotes and the promoted walk is the one cloned),
/// unless the capturer is royal, or the victim is royal and `clone_royal_victim: keeps_walk`.
/// `capturer` gives the capturer's walk, asked for only when it is cloned.
#[inline]
pub fn reborn_walk(
    rule: RebirthWalk,
    royal_victim: CloneRoyalVictim,
    capturer: impl FnOnce() -> Walk,
    capturer_royal: bool,
    victim: Walk,
    victim_royal: bool,
    promoted: Option<Walk>,
) -> Walk {
    match rule {
        RebirthWalk::Own => victim,
        RebirthWalk::Chameleon => chameleon(victim),
        RebirthWalk::Cloned if capturer_royal => victim,
        RebirthWalk::Cloned if victim_royal && royal_victim == CloneRoyalVictim::KeepsWalk => {
            victim
        }
        RebirthWalk::Cloned => promoted.unwrap_or_else(capturer),
    }
}

/// Under Anticirce, the capturer as it comes back after taking `victim`: as it is, under
/// AntiClone Circe with the taken unit's walk unless that unit is royal (a royal capturer stays
/// royal), under a chameleon rule with the next walk of the sequence.
pub fn capturer_as_reborn(rule: RebirthWalk, capturer: Piece, victim: Piece) -> Piece {
    match rule {
        RebirthWalk::Cloned if !victim.royal => capturer.with_walk(victim.walk),
        RebirthWalk::Cloned | RebirthWalk::Own => capturer,
        RebirthWalk::Chameleon => capturer.with_walk(chameleon(capturer.walk)),
    }
}

/// What becomes of a unit taken, given its rebirth square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rebirth {
    /// Reborn on this square.
    On(Sq),
    /// Lost: its square is off the board or taken, and `rebirth_occupied: relaxed`.
    Lost,
    /// The capture may not be made: its square is off the board or taken and
    /// `rebirth_occupied: strict`, or the unit is royal (Circe rex inclusive) and cannot come
    /// back.
    Forbidden,
}

/// The fate of a unit taken whose rebirth square is `square` (`None`: off the board), with the
/// units on `occupied` once the capture is made.
#[inline]
pub fn rebirth(
    square: Option<Sq>,
    occupied: u64,
    rule: RebirthOccupied,
    victim_royal: bool,
) -> Rebirth {
    match square {
        Some(s) if occupied & bit(s) == 0 => Rebirth::On(s),
        // A square off the board is no free square: as a taken one (Popeye's border squares).
        _ if victim_royal || rule == RebirthOccupied::Strict => Rebirth::Forbidden,
        _ => Rebirth::Lost,
    }
}

/// The fate of a capture under Anticirce (`model`), whose capturer landed on `landing` and
/// would be reborn on `square` (`None`: off the board), with the units on `occupied` once the
/// capturer has left: reborn there; kept where it landed (`rebirth_occupied: relaxed`); or
/// the capture is forbidden, by a square taken or off the board (`strict`), or by a rebirth on
/// the landing square itself under `anticirce_type: cheylan`.
#[inline]
pub fn capturer_rebirth(
    square: Option<Sq>,
    landing: Sq,
    occupied: u64,
    model: &CirceModel,
) -> Rebirth {
    if square == Some(landing) && model.forbids_capture_on_rebirth_square() {
        return Rebirth::Forbidden;
    }
    rebirth(square, occupied, model.occupied, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::{Condition, Profile, Rules};

    #[test]
    fn plain_circe_squares() {
        // A white knight taken on d4 (dark) goes to g1 (dark); a black rook taken on a1 (dark)
        // to h8 (dark).
        assert_eq!(circe_square(0, Walk::Knight, 27), 6);
        assert_eq!(circe_square(1, Walk::Rook, 0), 63);
        assert_eq!(circe_square(1, Walk::Pawn, 2), 50);
        assert_eq!(circe_square(0, Walk::King, 40), 4);
    }

    /// The tables of a condition's model.
    fn tables(condition: Condition) -> &'static RebirthSquares {
        let rules = Rules::new([condition], Profile::Documented).unwrap();
        rebirth_squares(rules.circe_model().as_ref())
    }

    #[test]
    fn the_square_follows_the_rule_on_arrival_and_en_passant() {
        let plain = tables(Condition::Circe);
        let by_vector = tables(Condition::CirceEquipollents);
        let by_departure = tables(Condition::CircePwc);
        for colour in 0..2 {
            for (walk, &w) in WALKS.iter().enumerate() {
                for from in 0..64 {
                    for to in 0..64 {
                        assert_eq!(
                            plain.square(colour, walk, to, from, to),
                            Some(circe_square(colour, w, to))
                        );
                        assert_eq!(
                            by_vector.square(colour, walk, to, from, to),
                            shifted(to, vector(from, to))
                        );
                        assert_eq!(by_departure.square(colour, walk, to, from, to), Some(from));
                    }
                }
                // En passant: taken beside the arrival square, on the mover's rank.
                let (from, to, taken) = (35, 44, 36);
                assert_eq!(
                    by_vector.square(colour, walk, taken, from, to),
                    shifted(taken, vector(from, to))
                );
                assert_eq!(
                    plain.square(colour, walk, taken, from, to),
                    Some(circe_square(colour, w, taken))
                );
                assert_eq!(
                    by_departure.square(colour, walk, taken, from, to),
                    Some(from)
                );
            }
        }
    }

    #[test]
    fn the_axes_compose_as_the_variants_say() {
        // A white rook taken on d3 (light): Plain Circe h1; Mirror a8 (Black's light corner);
        // Diametral a8 (h1 turned); Vertical Mirror a1; File d1; Mirror File d8; Symmetry e6;
        // Vertical Symmetry e3; Antipodes h7.
        let rook = walk_index(Walk::Rook);
        let d3 = 19;
        for (condition, square) in [
            (Condition::Circe, 7),
            (Condition::CirceMirror, 56),
            (Condition::CirceDiametral, 56),
            (Condition::CirceVerticalMirror, 0),
            (Condition::CirceFile, 3),
            (Condition::CirceMirrorFile, 59),
            (Condition::CirceSymmetry, 44),
            (Condition::CirceVerticalSymmetry, 20),
            (Condition::CirceAntipodes, 55),
        ] {
            assert_eq!(
                tables(condition).square(0, rook, d3, 11, d3),
                Some(square),
                "{condition}"
            );
        }
    }

    #[test]
    fn an_occupied_square_forbids_or_loses() {
        let taken = bit(10);
        assert_eq!(
            rebirth(Some(10), taken, RebirthOccupied::Strict, false),
            Rebirth::Forbidden
        );
        assert_eq!(
            rebirth(Some(10), taken, RebirthOccupied::Relaxed, false),
            Rebirth::Lost
        );
        assert_eq!(
            rebirth(Some(10), taken, RebirthOccupied::Relaxed, true),
            Rebirth::Forbidden
        );
        // Off the board is as taken: lost, or under strict no capture (Popeye's Strict).
        assert_eq!(
            rebirth(None, 0, RebirthOccupied::Strict, false),
            Rebirth::Forbidden
        );
        assert_eq!(
            rebirth(None, 0, RebirthOccupied::Relaxed, false),
            Rebirth::Lost
        );
        assert_eq!(
            rebirth(Some(11), taken, RebirthOccupied::Strict, false),
            Rebirth::On(11)
        );
    }
}
