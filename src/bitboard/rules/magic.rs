//! Bédoni's magic pieces (RULES.md §6): a unit that makes a new contact with magic units climbs
//! or descends the ladder pawn, knight, bishop, rook, queen.

use feerie_oracle::Walk;
use feerie_oracle::rules::{
    MagicFairyOutsideChain, MagicKeptContact, MagicMixedFairy, MagicSteps, SwitchValues,
};

use super::super::tables::{Sq, Tables};

/// The ladder P, N, B, R, Q by rung (the walk table's `ladder` places).
const RUNGS: [Walk; 5] = [
    Walk::Pawn,
    Walk::Knight,
    Walk::Bishop,
    Walk::Rook,
    Walk::Queen,
];

/// The fairy walks among the magic units acting on a unit, as far as the chains care: none,
/// one (it closes both chains), or two different ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairyEnd {
    /// Orthodox walks only: the chains end at Q and P.
    Orthodox,
    /// One fairy walk F: up P N B R Q F, down Q R B N P F.
    One(Walk),
    /// Two different fairy walks (`magic_mixed_fairy` decides).
    Mixed,
}

impl FairyEnd {
    /// This set with one more acting magic unit of walk `walk`.
    #[inline]
    pub fn with(self, walk: Walk) -> FairyEnd {
        match self {
            _ if !walk.is_fairy() => self,
            FairyEnd::Orthodox => FairyEnd::One(walk),
            FairyEnd::One(f) if f == walk => self,
            _ => FairyEnd::Mixed,
        }
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
/// of its colour, whose fairy walks are `fairy`: up the chain when all are its own, down when
/// none is, nothing when they are mixed; one step, or one per magic unit (`magic_steps`). The
/// chains are the ladder P N B R Q, closed by the acting fairy walk when there is one
/// (RULES.md §6): a queen goes up to it, a pawn down to it, a unit of that walk stays. A unit
/// with another fairy walk stays, or stands on the queen's rung (`magic_fairy_outside_chain:
/// as_queen`). `None` when the walk stays.
#[inline]
pub fn contact_walk(
    walk: Walk,
    own: u32,
    scope: u32,
    fairy: FairyEnd,
    switches: &SwitchValues,
) -> Option<Walk> {
    let up = if own == scope {
        true
    } else if own == 0 {
        false
    } else {
        return None;
    };
    let end = match fairy {
        FairyEnd::Orthodox => None,
        FairyEnd::One(f) => Some(f),
        FairyEnd::Mixed => match switches.magic_mixed_fairy {
            MagicMixedFairy::NoFairyEnd => None,
            MagicMixedFairy::NoMutation => return None,
        },
    };
    if end == Some(walk) {
        return None;
    }
    let rung = match walk.def().ladder {
        Some(rung) => u32::from(rung),
        None if walk.is_fairy()
            && switches.magic_fairy_outside_chain == MagicFairyOutsideChain::AsQueen =>
        {
            4
        }
        None => return None,
    };
    let steps = match switches.magic_steps {
        MagicSteps::One => 1,
        MagicSteps::OnePerMagicPiece => scope,
    };
    // Steps left before the end of the chain in the direction of travel: the rungs, then the
    // fairy end if any.
    let room = if up { 4 - rung } else { rung } + u32::from(end.is_some());
    if room == 0 {
        return None;
    }
    let taken = steps.min(room);
    if taken == room && end.is_some() {
        return end;
    }
    let to = if up { rung + taken } else { rung - taken };
    Some(RUNGS[to as usize])
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
    fn the_chains_stop_at_their_ends() {
        let rules = feerie_oracle::Rules::orthodox();
        let sw = rules.resolve().switches;
        let mut per_piece = sw;
        per_piece.magic_steps = MagicSteps::OnePerMagicPiece;
        let plain = FairyEnd::Orthodox;
        assert_eq!(contact_walk(Walk::Queen, 1, 1, plain, &sw), None);
        assert_eq!(contact_walk(Walk::Pawn, 0, 1, plain, &sw), None);
        assert_eq!(
            contact_walk(Walk::ReversePawn, 1, 1, plain, &sw),
            Some(Walk::Knight)
        );
        assert_eq!(contact_walk(Walk::King, 1, 1, plain, &sw), None);
        assert_eq!(
            contact_walk(Walk::Knight, 2, 2, plain, &per_piece),
            Some(Walk::Rook)
        );
        assert_eq!(contact_walk(Walk::Knight, 1, 2, plain, &sw), None);
        assert_eq!(
            contact_walk(Walk::Knight, 0, 1, plain, &sw),
            Some(Walk::Pawn)
        );
    }

    #[test]
    fn a_fairy_walk_closes_both_chains() {
        let rules = feerie_oracle::Rules::orthodox();
        let sw = rules.resolve().switches;
        let g = Walk::ALL.into_iter().find(|w| w.is_fairy()).unwrap();
        let z = Walk::ALL.into_iter().rfind(|w| w.is_fairy()).unwrap();
        let end = FairyEnd::Orthodox.with(Walk::Rook).with(g).with(g);
        assert_eq!(end, FairyEnd::One(g));
        assert_eq!(end.with(z), FairyEnd::Mixed);
        assert_eq!(contact_walk(Walk::Queen, 1, 1, end, &sw), Some(g));
        assert_eq!(contact_walk(Walk::Pawn, 0, 1, end, &sw), Some(g));
        assert_eq!(contact_walk(Walk::ReversePawn, 0, 1, end, &sw), Some(g));
        assert_eq!(contact_walk(g, 0, 1, end, &sw), None);
        assert_eq!(contact_walk(g, 1, 1, end, &sw), None);
        assert_eq!(contact_walk(z, 0, 1, end, &sw), None);
        let mut as_queen = sw;
        as_queen.magic_fairy_outside_chain = MagicFairyOutsideChain::AsQueen;
        assert_eq!(contact_walk(z, 0, 1, end, &as_queen), Some(Walk::Rook));
        assert_eq!(contact_walk(z, 1, 1, end, &as_queen), Some(g));
        assert_eq!(contact_walk(z, 1, 1, FairyEnd::Orthodox, &as_queen), None);
        let mut per_piece = sw;
        per_piece.magic_steps = MagicSteps::OnePerMagicPiece;
        assert_eq!(contact_walk(Walk::Rook, 3, 3, end, &per_piece), Some(g));
        assert_eq!(
            contact_walk(Walk::Knight, 2, 2, FairyEnd::Mixed, &per_piece),
            Some(Walk::Rook)
        );
        let mut no_mutation = sw;
        no_mutation.magic_mixed_fairy = MagicMixedFairy::NoMutation;
        assert_eq!(
            contact_walk(Walk::Knight, 2, 2, FairyEnd::Mixed, &no_mutation),
            None
        );
    }
}
