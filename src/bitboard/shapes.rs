//! Any walk by its shape (RULES.md §9): what a unit of a walk reaches and from where it
//! attacks, on bitboards, read from the walk table's parts. The orthodox walks have faster
//! tables ([`super::tables`]); every walk the table describes can be answered here, so that a
//! new walk of an existing shape needs no code.

use feerie_oracle::Walk;
use feerie_oracle::walk::{Hop, Part};

use super::tables::{Sq, Tables, bit};

#[inline]
fn step(sq: Sq, (vf, vr): (i8, i8)) -> Option<Sq> {
    let f = (sq % 8) as i8 + vf;
    let r = (sq / 8) as i8 + vr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Sq)
}

/// The squares from each square to the edge along each of the eight king directions (the
/// square itself excluded), indexed by square and [`direction`].
fn direction_masks() -> &'static [[u64; 9]; 64] {
    static MASKS: std::sync::OnceLock<[[u64; 9]; 64]> = std::sync::OnceLock::new();
    MASKS.get_or_init(|| {
        let mut masks = [[0; 9]; 64];
        for (sq, row) in masks.iter_mut().enumerate() {
            for vf in -1..=1i8 {
                for vr in -1..=1i8 {
                    if (vf, vr) != (0, 0) {
                        row[direction((vf, vr))] = stepped_ray(sq, (vf, vr), 0).0;
                    }
                }
            }
        }
        masks
    })
}

/// The index of a king direction among [`direction_masks`]'s nine.
#[inline]
fn direction((vf, vr): (i8, i8)) -> usize {
    ((vf + 1) * 3 + (vr + 1)) as usize
}

/// The squares along `v` from `sq` (excluded) to the first unit of `occupied` (included) or the
/// edge; and that unit's square, if any. Along a king direction (rook and bishop lines) from
/// the masks, the nearest unit being the lowest or the highest bit as the line goes up or down
/// the board; along any other vector step by step.
#[inline]
fn ray(sq: Sq, v: (i8, i8), occupied: u64) -> (u64, Option<Sq>) {
    if v.0.abs() <= 1 && v.1.abs() <= 1 {
        let masks = direction_masks();
        let d = direction(v);
        let line = masks[sq][d];
        let units = line & occupied;
        if units == 0 {
            return (line, None);
        }
        // Square indices grow with the rank, then the file.
        let up = v.1 > 0 || (v.1 == 0 && v.0 > 0);
        let first = if up {
            units.trailing_zeros() as Sq
        } else {
            63 - units.leading_zeros() as Sq
        };
        return (line & !masks[first][d], Some(first));
    }
    stepped_ray(sq, v, occupied)
}

/// As [`ray`], step by step: any vector, and the masks made from it.
fn stepped_ray(sq: Sq, v: (i8, i8), occupied: u64) -> (u64, Option<Sq>) {
    let mut squares = 0;
    let mut at = sq;
    while let Some(next) = step(at, v) {
        squares |= bit(next);
        if occupied & bit(next) != 0 {
            return (squares, Some(next));
        }
        at = next;
    }
    (squares, None)
}

/// Any walk's reach: the orthodox walks' from their tables, the fairy walks' from their shape.
impl Tables {
    /// The squares a unit of `walk` on `sq` moves to and takes on, `occupied` blocking; `None`
    /// for the pawn-like walks, whose moves depend on their direction and on what stands where.
    /// Fairy walks are read from their shape ([`reach`]).
    #[inline]
    pub fn piece_reach(&self, walk: Walk, sq: Sq, occupied: u64) -> Option<u64> {
        match walk {
            Walk::King => Some(self.king[sq]),
            Walk::Queen => Some(self.rook(sq, occupied) | self.bishop(sq, occupied)),
            Walk::Rook => Some(self.rook(sq, occupied)),
            Walk::Bishop => Some(self.bishop(sq, occupied)),
            Walk::Knight => Some(self.knight[sq]),
            Walk::Pawn | Walk::ReversePawn => None,
            fairy => Some(reach(fairy, sq, occupied)),
        }
    }
}

/// The squares a unit of `walk` on `sq` moves to or takes on, `occupied` blocking: the empty
/// squares of its quiet moves and the occupied squares it attacks. Pawn parts add nothing
/// (their moves depend on the unit's direction and rank).
pub fn reach(walk: Walk, sq: Sq, occupied: u64) -> u64 {
    let mut out = 0;
    for part in walk.shape() {
        out |= match *part {
            Part::Pawn { .. } | Part::Leap(_) | Part::Ride(_) => reach_part(part, sq, occupied),
            Part::Hop(hop, vectors) => vectors.iter().fold(0, |set, v| {
                let (line, hurdle) = ray(sq, v, occupied);
                // A Chinese piece's quiet moves are the rider's.
                let quiet = if hop == Hop::Chinese {
                    line & !occupied
                } else {
                    0
                };
                let Some(hurdle) = hurdle else {
                    return set | quiet;
                };
                let (beyond, _) = ray(hurdle, v, occupied);
                set | quiet
                    | match hop {
                        // The square just beyond the hurdle.
                        Hop::Grasshopper => step(hurdle, v).map_or(0, bit),
                        Hop::Lion => beyond,
                        // Captures only: the first unit beyond the hurdle.
                        Hop::Chinese => beyond & occupied,
                    }
            }),
        };
    }
    out
}

/// The squares a leaping or riding part reaches from `sq` (the squares it attacks, which are
/// also those it moves to); none for pawn and hopping parts.
fn reach_part(part: &Part, sq: Sq, occupied: u64) -> u64 {
    match *part {
        Part::Leap(vectors) => vectors
            .iter()
            .filter_map(|v| step(sq, v))
            .fold(0, |set, s| set | bit(s)),
        Part::Ride(vectors) => vectors
            .iter()
            .fold(0, |set, v| set | ray(sq, v, occupied).0),
        Part::Pawn { .. } | Part::Hop(..) => 0,
    }
}

/// The squares from which a unit of `walk` attacks `sq`, `occupied` blocking (pawn parts
/// aside). The table's shapes are symmetric, so leapers and riders attack back along their own
/// lines; a hopper attacks `sq` from the first unit beyond its hurdle: for a grasshopper the
/// hurdle stands next to `sq`, for a lion or a Chinese piece it is the first unit from `sq`.
pub fn attackers_from(walk: Walk, sq: Sq, occupied: u64) -> u64 {
    let mut out = 0;
    for part in walk.shape() {
        out |= match *part {
            Part::Pawn { .. } | Part::Leap(_) | Part::Ride(_) => reach_part(part, sq, occupied),
            Part::Hop(hop, vectors) => vectors.iter().fold(0, |set, v| {
                let hurdle = match hop {
                    Hop::Grasshopper => step(sq, v).filter(|&h| occupied & bit(h) != 0),
                    Hop::Lion | Hop::Chinese => ray(sq, v, occupied).1,
                };
                let origin = hurdle.and_then(|h| ray(h, v, occupied).1);
                set | origin.map_or(0, bit)
            }),
        };
    }
    out
}

/// The squares a move of `walk` from `from` to `to` passes over along one of its lines (a
/// rider's or a Chinese piece's quiet move); none for a leap or a hop.
pub fn crossed(walk: Walk, from: Sq, to: Sq) -> u64 {
    let df = (to % 8) as i8 - (from % 8) as i8;
    let dr = (to / 8) as i8 - (from / 8) as i8;
    let line = walk.shape().iter().find_map(|part| match part {
        Part::Ride(vectors) | Part::Hop(Hop::Chinese, vectors) => vectors.steps_to(df, dr),
        _ => None,
    });
    let Some((v, steps)) = line else {
        return 0;
    };
    let mut out = 0;
    let mut at = from;
    for _ in 1..steps {
        at = step(at, v).expect("the line stays on the board");
        out |= bit(at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ray read from the masks is the one walked step by step, on many boards.
    #[test]
    fn rays_from_the_masks_are_the_rays_walked() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            // A xorshift board, about a quarter occupied.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state & state.rotate_left(21);
            for sq in 0..64 {
                for v in [
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ] {
                    assert_eq!(
                        ray(sq, v, occupied),
                        stepped_ray(sq, v, occupied),
                        "{sq} {v:?} {occupied:x}"
                    );
                }
            }
        }
    }
}
