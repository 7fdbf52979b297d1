//! Bédoni's magic pieces (RULES.md §6): a unit that makes a new contact with magic units climbs
//! or descends the ladder pawn, knight, bishop, rook, queen.

use feerie_oracle::Walk;
use feerie_oracle::rules::{MagicKeptContact, MagicSteps};

use super::super::tables::{Sq, Tables};

/// One step of the magic ladder P, N, B, R, Q (up) or back (down); a queen does not go up, a
/// pawn does not go down, a reverse pawn climbs like a pawn; a walk off the ladder (a king, a
/// fairy walk) stays.
#[inline]
pub fn ladder(walk: Walk, up: bool) -> Walk {
    const RUNGS: [Walk; 5] = [
        Walk::Pawn,
        Walk::Knight,
        Walk::Bishop,
        Walk::Rook,
        Walk::Queen,
    ];
    match (walk.def().ladder, up) {
        (None, _) | (Some(0), false) => walk,
        (Some(rung), true) => RUNGS[(rung as usize + 1).min(4)],
        (Some(rung), false) => RUNGS[rung as usize - 1],
    }
}

/// Whether a unit now on `unit` touching a magic unit now on `magic` makes a new contact, given
/// where each stood before the move (`None`: reborn by it). A contact is new unless both stood
/// next to each other already; then still new when one of them moved and `magic_kept_contact:
/// reestablishes`.
#[inline]
pub fn is_new_contact(
    t: &Tables,
    unit_was: Option<Sq>,
    unit: Sq,
    magic_was: Option<Sq>,
    magic: Sq,
    kept: MagicKeptContact,
) -> bool {
    match (unit_was, magic_was) {
        (Some(w), Some(mw)) => {
            let touched = w != mw && t.king[w] & (1u64 << mw) != 0;
            !touched || ((w != unit || mw != magic) && kept == MagicKeptContact::Reestablishes)
        }
        _ => true,
    }
}

/// [`is_new_contact`] for a unit that moved from `unit_was` to `unit` and each magic unit on
/// `touching` (next to `unit`), none of which moved: the set of those contacts that are new.
/// One mask instead of one test per magic unit, for the counting paths.
#[inline]
pub fn new_contacts_of_mover(
    t: &Tables,
    unit_was: Sq,
    unit: Sq,
    touching: u64,
    kept: MagicKeptContact,
) -> u64 {
    // The mover moved, so a kept contact is new exactly when it re-establishes itself; a magic
    // unit on `unit_was` itself is not one it touched (`t.king` leaves a square out).
    if unit_was != unit && kept == MagicKeptContact::Reestablishes {
        touching
    } else {
        touching & !t.king[unit_was]
    }
}

/// The walk a unit of walk `walk` takes by its contacts with `scope` magic units, `own` of them
/// of its colour: up the ladder when all are its own, down when none is, nothing when they are
/// mixed; one step, or one per magic unit (`magic_steps`). `None` when the walk stays.
#[inline]
pub fn contact_walk(walk: Walk, own: u32, scope: u32, steps: MagicSteps) -> Option<Walk> {
    let up = if own == scope {
        true
    } else if own == 0 {
        false
    } else {
        return None;
    };
    let steps = match steps {
        MagicSteps::One => 1,
        MagicSteps::OnePerMagicPiece => scope,
    };
    let mut w = walk;
    for _ in 0..steps {
        w = ladder(w, up);
    }
    (w != walk).then_some(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_set_agrees_with_each_contact() {
        let t = crate::bitboard::tables::tables();
        for kept in [MagicKeptContact::Reestablishes, MagicKeptContact::NoEffect] {
            for from in 0..64 {
                for to in (0..64).filter(|&to| to != from) {
                    let touching = t.king[to] & !(1u64 << from);
                    let by_unit = crate::bitboard::bits::Bits(touching)
                        .filter(|&m| is_new_contact(t, Some(from), to, Some(m), m, kept))
                        .fold(0u64, |set, m| set | 1u64 << m);
                    assert_eq!(new_contacts_of_mover(t, from, to, touching, kept), by_unit);
                }
            }
        }
    }

    #[test]
    fn the_ladder_stops_at_its_ends() {
        assert_eq!(ladder(Walk::Queen, true), Walk::Queen);
        assert_eq!(ladder(Walk::Pawn, false), Walk::Pawn);
        assert_eq!(ladder(Walk::ReversePawn, true), Walk::Knight);
        assert_eq!(ladder(Walk::King, true), Walk::King);
        assert_eq!(
            contact_walk(Walk::Knight, 2, 2, MagicSteps::OnePerMagicPiece),
            Some(Walk::Rook)
        );
        assert_eq!(contact_walk(Walk::Knight, 1, 2, MagicSteps::One), None);
        assert_eq!(
            contact_walk(Walk::Knight, 0, 1, MagicSteps::One),
            Some(Walk::Pawn)
        );
    }
}
