//! Stages 2 to 5 for one displacement: the capturer's mutation (and a promotion), the
//! immediate rebirth, the Parrain rebirth and the contact mutations by magic units, each
//! choice a move of its own.

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{
    BbPosition, KING, ROOK, WALKS, colour_index, colour_of, walk_at, walk_index,
};
use crate::bitboard::moves::MoveKind;
use crate::bitboard::rules::circe::{self, Rebirth};
use crate::bitboard::rules::{magic, parrain};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::{MagicContactScope, MagicPawnEdge, MagicRebirthContact};

use super::moves::{CMove, MAX_CONTACTS};
use super::{Compact, NONE, PROMOTIONS, is_pawnlike, promotes};

/// The sets the contact stage reads after a move's displacement and rebirths: cheaper than a
/// whole position, since that stage runs for every move near a magic unit.
pub(super) struct Placed {
    pub(super) colours: [u64; 2],
    pub(super) magic: u64,
    pub(super) royal: u64,
}

impl Placed {
    #[inline]
    pub(super) fn of(p: &BbPosition, mv: &CMove) -> Placed {
        let us = p.side;
        let them = 1 - us;
        let (fb, tb) = (bit(mv.from as Sq), bit(mv.to as Sq));
        let mut n = Placed {
            colours: p.colours,
            magic: p.magic,
            royal: p.royal,
        };
        if mv.cap != NONE {
            n.colours[them] &= !bit(mv.cap as Sq);
            if mv.vanishes_own_unit(p) {
                // A unit of the mover's side on the passed square vanishes
                // (`parrain_en_passant: removes_own_unit`).
                n.colours[us] &= !tb;
                n.royal &= !tb;
                n.magic &= !tb;
            }
        }
        n.colours[us] ^= fb | tb;
        if p.royal & fb != 0 {
            n.royal ^= fb | tb;
        }
        if p.magic & fb != 0 {
            n.magic ^= fb | tb;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            n.colours[us] ^= bit(rf) | bit(rt);
            if p.magic & bit(rf) != 0 {
                n.magic ^= bit(rf) | bit(rt);
            }
        }
        if mv.reb_sq != NONE {
            n.colours[them] |= bit(mv.reb_sq as Sq);
        }
        if mv.del_sq != NONE {
            let r = p.reserve().expect("a reserve");
            let b = bit(mv.del_sq as Sq);
            n.colours[colour_index(r.piece.colour)] |= b;
            if r.piece.royal {
                n.royal |= b;
            }
            if r.piece.magic {
                n.magic |= b;
            }
        }
        n
    }

    #[inline]
    pub(super) fn occupied(&self) -> u64 {
        self.colours[0] | self.colours[1]
    }

    /// The walk of the unit on `s` after the move (`s` occupied then).
    #[inline]
    pub(super) fn walk_at(&self, p: &BbPosition, mv: &CMove, s: Sq) -> usize {
        if s as u8 == mv.reb_sq {
            return mv.reb_walk as usize;
        }
        if s as u8 == mv.del_sq {
            return mv.del_walk as usize;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, kt, _, rt] = side.squares(colour_of(p.side)).map(|s| s.index());
            if s == rt {
                return ROOK;
            }
            if s == kt {
                return KING;
            }
        } else if s as u8 == mv.to {
            return if mv.walk == NONE {
                walk_at(p, mv.from as Sq)
            } else {
                mv.walk as usize
            };
        }
        walk_at(p, s)
    }
}

impl Compact {
    /// Stages 2 to 4 for one displacement.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn stages<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        kind: MoveKind,
        cap: u8,
        promo: u8,
        emit: &mut impl FnMut(CMove),
    ) {
        let mut mv = CMove::displacement(from, to, kind, cap, promo);
        let mover_walk = walk_at(p, from);
        let us = p.side;
        // Stage 2: mutation, then a promotion when the new pawn stands on its last rank.
        let mut walks: [u8; 4] = [mv.walk, NONE, NONE, NONE];
        let mut walk_count = 1;
        if MUTATE && cap != NONE {
            let victim = walk_at(p, cap as Sq);
            let new = self
                .mutation
                .new_walk(
                    WALKS[mover_walk],
                    p.royal & bit(from) != 0,
                    p.mutable() != 0,
                    p.mutable() & bit(from) != 0,
                    WALKS[victim],
                )
                .map(walk_index);
            match new {
                Some(w) => {
                    mv.changed = true;
                    if promotes(us, w, to) {
                        walks = PROMOTIONS;
                        walk_count = 4;
                    } else {
                        walks[0] = w as u8;
                    }
                }
                None => {
                    // The capturer keeps its walk; with `mutation_castling: every_capture` it
                    // still counts as a new unit for castling when it may mutate.
                    if self.mutation.renews(
                        p.royal & bit(from) != 0,
                        p.mutable() != 0,
                        p.mutable() & bit(from) != 0,
                    ) {
                        mv.changed = true;
                    }
                    // No mutation: a pawn capturing on its last rank promotes after all.
                    if promotes(us, mover_walk, to) {
                        walks = PROMOTIONS;
                        walk_count = 4;
                        mv.changed = true;
                    }
                }
            }
        }
        for &w in &walks[..walk_count] {
            let mut m = mv;
            m.walk = w;
            self.rebirths::<NOW, LATER>(p, m, mover_walk, emit);
        }
    }

    pub(super) fn rebirths<const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        mv: CMove,
        mover_walk: usize,
        emit: &mut impl FnMut(CMove),
    ) {
        let us = p.side;
        let them = 1 - us;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        // Occupancy after the displacement.
        let mut occ = p.occupied();
        match mv.kind.castling() {
            Some(side) => {
                let [kf, kt, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
                occ = occ & !bit(kf) & !bit(rf) | bit(kt) | bit(rt);
            }
            None => {
                occ &= !bit(from);
                if mv.cap != NONE {
                    occ &= !bit(mv.cap as Sq);
                }
                occ |= bit(to);
            }
        }
        // Stage 3 chooses the rebirth (one per promotion of a reborn pawn), stage 4 follows.
        let mut reb_sq = NONE;
        let mut reb_walks: [u8; 4] = [NONE; 4];
        let mut reb_count = 1;
        if NOW && mv.cap != NONE {
            let model = self.rules.circe.expect("a Circe model");
            let cap = mv.cap as Sq;
            let promoted = (self.clone_promoted() && is_pawnlike(mover_walk) && mv.walk != NONE)
                .then_some(mv.walk as usize);
            let walk = self.reborn_walk(&model, p, from, cap, promoted);
            let sq = self.rebirth_squares.square(them, walk, cap, from, to);
            match circe::rebirth(sq, occ, model.occupied, p.royal & bit(cap) != 0) {
                Rebirth::On(s) => {
                    occ |= bit(s);
                    reb_sq = s as u8;
                    if promotes(them, walk, s) {
                        reb_walks = PROMOTIONS;
                        reb_count = 4;
                    } else {
                        reb_walks[0] = walk as u8;
                    }
                }
                Rebirth::Forbidden => return,
                Rebirth::Lost => {}
            }
        }
        for &reb_walk in &reb_walks[..reb_count] {
            let mut m = mv;
            m.reb_sq = reb_sq;
            m.reb_walk = reb_walk;
            if LATER && let Some(reserve) = p.reserve() {
                let s = parrain::rebirth_square(
                    reserve.square.index(),
                    m.kind.castling(),
                    from,
                    to,
                    self.rules.switches.parrain_long_castling,
                );
                if let Some(s) = s.filter(|&s| occ & bit(s) == 0) {
                    let c = colour_index(reserve.piece.colour);
                    let w = walk_index(reserve.piece.walk);
                    m.del_sq = s as u8;
                    let may_promote = parrain::may_promote(
                        &reserve,
                        p.side,
                        self.rules.switches.parrain_other_side_promotion,
                    );
                    if may_promote && promotes(c, w, s) {
                        for pr in PROMOTIONS {
                            m.del_walk = pr;
                            self.contacts(p, m, emit);
                        }
                    } else {
                        m.del_walk = w as u8;
                        self.contacts(p, m, emit);
                    }
                    continue;
                }
            }
            self.contacts(p, m, emit);
        }
    }

    /// Stage 5: contact mutations (when there are magic units), one move per choice.
    pub(super) fn contacts(&self, p: &BbPosition, mv: CMove, emit: &mut impl FnMut(CMove)) {
        if p.magic == 0 {
            emit(mv);
            return;
        }
        let t = self.t;
        let us = p.side;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        // Quick exit: no magic unit moves and nothing arrives next to one.
        let mut arrivals = bit(to);
        let mut magic_moves = p.magic & bit(from) != 0;
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            arrivals |= bit(rt);
            magic_moves |= p.magic & bit(rf) != 0;
        }
        if mv.reb_sq != NONE {
            arrivals |= bit(mv.reb_sq as Sq);
        }
        if mv.del_sq != NONE {
            arrivals |= bit(mv.del_sq as Sq);
        }
        if !magic_moves {
            let zone = self.magic_zone(p);
            if arrivals & zone == 0 {
                emit(mv);
                return;
            }
        }
        let after = Placed::of(p, &mv);
        let rook_move = mv.kind.castling().map(|side| {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            (rf, rt)
        });
        let reborn = |s: Sq| s as u8 == mv.reb_sq || s as u8 == mv.del_sq;
        let origin = |s: Sq| -> Option<Sq> {
            if reborn(s) {
                return None;
            }
            if s == to {
                return Some(from);
            }
            match rook_move {
                Some((rf, rt)) if s == rt => Some(rf),
                _ => Some(s),
            }
        };
        // Only units that moved or were reborn, and units next to a magic unit that moved, can
        // have made a new contact.
        let mut moved = bit(to);
        if let Some((_, rt)) = rook_move {
            moved |= bit(rt);
        }
        let mut candidates = moved;
        if mv.reb_sq != NONE {
            candidates |= bit(mv.reb_sq as Sq);
        }
        if mv.del_sq != NONE {
            candidates |= bit(mv.del_sq as Sq);
        }
        for m in Bits(moved & after.magic) {
            candidates |= t.king[m];
        }
        candidates &= after.occupied() & !after.magic & !after.royal;
        // Each changed unit with its possible new walks.
        let mut changes: [(u8, [u8; 4], u8); MAX_CONTACTS] = [(NONE, [NONE; 4], 0); MAX_CONTACTS];
        let mut count = 0;
        let kept = self.rules.switches.magic_kept_contact;
        let reborn_mutate =
            self.rules.switches.magic_rebirth_contact == MagicRebirthContact::Mutates;
        for s in Bits(candidates) {
            let was = origin(s);
            if was.is_none() && !reborn_mutate {
                continue;
            }
            let touching = after.magic & t.king[s];
            if touching == 0 {
                continue;
            }
            let mut new = 0u64;
            for m in Bits(touching) {
                if magic::is_new_contact(t, was, s, origin(m), m, kept) {
                    new |= bit(m);
                }
            }
            if new == 0 {
                continue;
            }
            let c = if after.colours[0] & bit(s) != 0 { 0 } else { 1 };
            let walk = after.walk_at(p, &mv, s);
            if let Some((walks, n)) = self.contact_change(s, c, walk, touching, new, &after.colours)
            {
                changes[count] = (s as u8, walks, n);
                count += 1;
            }
        }
        self.expand_contacts(mv, &changes[..count], emit);
    }

    /// The walks a unit of colour `c` and walk `walk` on `s` takes by its contacts with the
    /// magic units on `touching` (after the move), of which those on `new` are new contacts:
    /// `None` when it keeps its walk, else the walks (four promotions of a pawn that lands on
    /// its last rank, when that promotes).
    #[inline]
    pub(super) fn contact_change(
        &self,
        s: Sq,
        c: usize,
        walk: usize,
        touching: u64,
        new: u64,
        colours: &[u64; 2],
    ) -> Option<([u8; 4], u8)> {
        let scope = if self.rules.switches.magic_contact_scope == MagicContactScope::AllContacts {
            touching
        } else {
            new
        };
        let own = (scope & colours[c]).count_ones();
        // The compact path sees orthodox walks only (a diagram with a fairy walk takes the
        // record path), so no fairy walk closes the chains here.
        let w = walk_index(magic::contact_walk(
            WALKS[walk],
            own,
            scope.count_ones(),
            magic::FairyEnd::Orthodox,
            &self.rules.switches,
        )?);
        if promotes(c, w, s) && self.rules.switches.magic_pawn_edge == MagicPawnEdge::Promote {
            Some((PROMOTIONS, 4))
        } else {
            Some(([w as u8, NONE, NONE, NONE], 1))
        }
    }

    /// The legal variants of a move of an unpinned magic unit other than the king, out of check,
    /// from `from` to `to` (no capture, no castling, nothing reborn), counted without making
    /// them. The units next to its arrival square are the only ones that can make a new contact
    /// (no other unit moves), and each mutates on its own: the move is orthodox-legal, and a
    /// variant is illegal only when an enemy unit mutates into an attacker of the king on
    /// `king_sq`. So the count is the product, over the units contacted, of their new walks,
    /// an enemy unit's counted only when it does not attack the king.
    pub(super) fn magic_mover_variants(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        king_sq: Sq,
    ) -> u64 {
        let t = self.t;
        let us = p.side;
        let magic = p.magic ^ bit(from) ^ bit(to);
        let mut colours = p.colours;
        colours[us] ^= bit(from) | bit(to);
        let occ = colours[0] | colours[1];
        let mut candidates = t.king[to] & occ & !magic & !p.royal;
        if self.rules.switches.magic_contact_scope == MagicContactScope::NewContacts {
            // Only the magic unit that moved counts for the colour test: a unit of its side
            // goes up, which never makes a pawn, so has one new walk or none, and is legal.
            candidates &= colours[1 - us];
        }
        let mut variants = 1u64;
        for s in Bits(candidates) {
            // The magic units that did not move touched the unit before as they do now; only
            // the one that moved can be a new contact.
            if !magic::is_new_contact(
                t,
                Some(s),
                s,
                Some(from),
                to,
                self.rules.switches.magic_kept_contact,
            ) {
                continue;
            }
            let touching = magic & t.king[s];
            let c = if colours[0] & bit(s) != 0 { 0 } else { 1 };
            let walk = walk_at(p, s);
            let Some((walks, n)) = self.contact_change(s, c, walk, touching, bit(to), &colours)
            else {
                continue;
            };
            let options = if c == us {
                u64::from(n)
            } else {
                walks[..n as usize]
                    .iter()
                    .filter(|&&w| !self.unit_attacks(c, s, w as usize, king_sq, occ))
                    .count() as u64
            };
            variants *= options;
            if variants == 0 {
                return 0;
            }
        }
        variants
    }

    /// The number of moves a displacement from `from` to `to` by a unit of the side to move
    /// that is not magic makes by contact, when nothing else moves and nothing is reborn (so
    /// that the mover, of walk `walk` on arrival, is the only unit that may change).
    #[inline]
    pub(super) fn mover_contact_variants(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        walk: usize,
    ) -> u64 {
        let touching = p.magic & self.t.king[to];
        if touching == 0 {
            return 1;
        }
        // Nothing but the mover moves: each magic unit stays where it was.
        let new = magic::new_contacts_of_mover(
            self.t,
            from,
            to,
            touching,
            self.rules.switches.magic_kept_contact,
        );
        if new == 0 {
            return 1;
        }
        let mut colours = p.colours;
        colours[p.side] ^= bit(from) | bit(to);
        colours[1 - p.side] &= !bit(to);
        self.contact_change(to, p.side, walk, touching, new, &colours)
            .map_or(1, |(_, n)| u64::from(n))
    }

    pub(super) fn expand_contacts(
        &self,
        mv: CMove,
        changes: &[(u8, [u8; 4], u8)],
        emit: &mut impl FnMut(CMove),
    ) {
        let Some((&(s, options, n), rest)) = changes.split_first() else {
            emit(mv);
            return;
        };
        for &w in &options[..n as usize] {
            let mut x = mv;
            x.contacts[x.contact_count as usize] = (s, w);
            x.contact_count += 1;
            self.expand_contacts(x, rest, emit);
        }
    }
}
