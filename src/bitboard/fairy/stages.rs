//! Stages 2 to 5 of the record path, each a function of the move alone, each choice a record
//! of its own: the capturer's mutation, the immediate rebirth, the Parrain rebirth and the
//! contact mutations by magic units. The rules are the kernel's ([`crate::bitboard::rules`]).

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_index, colour_of, square};
use crate::bitboard::rules::circe::{self, Rebirth as Fate};
use crate::bitboard::rules::{is_pawnlike, magic, parrain, promotes_on};
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::rules::{
    CirceModel, CloneWalkWhenPromoting, MagicContactScope, MagicPawnEdge, MagicRebirthContact,
    RebirthOccupied, RebirthPlace, RebirthTime, RebornUnit, RelevantUnit, Rex,
};
use feerie_oracle::{ContactMutation, MoveRecord, Piece, Rebirth, Walk};

use super::{Game, promotions, push_with_promotions};

impl Game {
    /// Stage 2: the capturer takes the captured walk (Frankfurt, Protean).
    pub(super) fn mutate(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let Some(capture) = mv.capture else {
            out.push(mv);
            return;
        };
        let mover = mv.mover;
        let new = self.mutation.new_walk(
            mover.walk,
            mover.royal,
            p.mutable() != 0,
            mover.mutable,
            capture.piece.walk,
        );
        let Some(walk) = new else {
            out.push(mv);
            return;
        };
        let mutated = mover.with_walk(walk);
        let mut base = mv;
        base.mutation = Some(mutated);
        base.promotion = None;
        push_with_promotions(
            base,
            mutated,
            mutated.colour,
            &|| promotions(&self.rules, p),
            out,
        );
    }

    /// Board squares occupied after stages 1 and 2.
    pub(super) fn occupied_after(&self, p: &BbPosition, mv: &MoveRecord) -> u64 {
        let mut occ = p.occupied();
        if let Some(side) = mv.castling {
            let [kf, kt, rf, rt] = side.squares(colour_of(p.side)).map(|s| s.index());
            occ = occ & !bit(kf) & !bit(rf) | bit(kt) | bit(rt);
        } else {
            occ &= !bit(mv.from.index());
            if let Some(c) = mv.capture {
                occ &= !bit(c.square.index());
            }
            occ |= bit(mv.to.index());
        }
        occ
    }

    /// The square where `reborn` comes back after a capture on `capture` by a move from
    /// `from` to `to`, `other` being the other unit of the capture (the capturer as it stands
    /// after the move, or under Anticirce the unit taken), under the rules' Circe model (the
    /// tables were built for it): read for the reborn unit, or for the other (Couscous).
    pub(super) fn rebirth_square(
        &self,
        reborn: Piece,
        other: Piece,
        capture: Sq,
        (from, to): (Sq, Sq),
    ) -> Option<Sq> {
        let read = match self.rules.circe.map(|m| m.relevant) {
            Some(RelevantUnit::Other) => other,
            _ => reborn,
        };
        self.rebirth_squares
            .square_of(colour_index(read.colour), read.walk, capture, from, to)
    }

    /// Stage 3: the immediate rebirth of the unit taken, or under Anticirce of the capturer.
    pub(super) fn rebirth_now(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let (Some(model), Some(capture)) = (self.rules.circe, mv.capture) else {
            out.push(mv);
            return;
        };
        if model.time != RebirthTime::Immediate {
            out.push(mv);
            return;
        }
        if model.reborn == RebornUnit::Capturer {
            self.capturer_reborn(p, &model, mv, out);
            return;
        }
        let victim = capture.piece;
        let promoted = match (mv.promotion, self.rules.switches.clone_walk_when_promoting) {
            (Some(promoted), CloneWalkWhenPromoting::Promoted) if is_pawnlike(mv.mover.walk) => {
                Some(promoted.walk)
            }
            _ => None,
        };
        let reborn = victim.with_walk(self.reborn_walk(&model, mv.mover, victim, promoted));
        if model.place == RebirthPlace::AnyEmpty {
            // Super Circe: any empty square, the capturer choosing, or none unless strict or
            // royal.
            self.reborn_on_every_empty_square(p, &mv, reborn, out);
            if model.occupied == RebirthOccupied::Relaxed && !victim.royal {
                out.push(mv);
            }
            return;
        }
        if model.place == RebirthPlace::Makes {
            self.reborn_where_it_makes(p, mv, reborn, out);
            return;
        }
        if model.place == RebirthPlace::Cage {
            self.reborn_in_a_cage(p, &model, mv, reborn, out);
            return;
        }
        let sq = self.rebirth_square(
            reborn,
            mv.final_mover(),
            capture.square.index(),
            (mv.from.index(), mv.to.index()),
        );
        let occ = self.occupied_after(p, &mv);
        let fate = circe::rebirth(sq, occ, model.occupied, victim.royal);
        self.settle(p, fate, mv, reborn, None, out);
    }

    /// `reborn` come back on each square empty once the capture `mv` is made, pushed to `out`:
    /// one record per square, and per promotion of a pawn reborn on its last rank (Super
    /// Circe's choices, which Cage Circe narrows to its cages).
    pub(super) fn reborn_on_every_empty_square(
        &self,
        p: &BbPosition,
        mv: &MoveRecord,
        reborn: Piece,
        out: &mut Vec<MoveRecord>,
    ) {
        for s in Bits(!self.occupied_after(p, mv)) {
            self.settle(p, Fate::On(s), mv.clone(), reborn, None, out);
        }
    }

    /// Stage 3 under Anticirce: the capturer, as it stands after the move, leaves its arrival
    /// square for its own rebirth square (found from the capture square: for en passant, the
    /// square of the pawn taken). An arrival square
    /// that is its rebirth square keeps it there (`anticirce_type: calvet`) or forbids the
    /// capture (`cheylan`); a taken square forbids the capture
    /// (`rebirth_occupied: strict`) or keeps the capturer where it landed (`relaxed`), as
    /// does a square off the board. A royal capturer is reborn under `rex: inclusive` only.
    /// Under Anti-Super Circe its side chooses among the empty squares.
    fn capturer_reborn(
        &self,
        p: &BbPosition,
        model: &CirceModel,
        mv: MoveRecord,
        out: &mut Vec<MoveRecord>,
    ) {
        let capturer = mv.final_mover();
        if capturer.royal && model.rex != Rex::Inclusive {
            out.push(mv);
            return;
        }
        let capture = mv.capture.expect("a capture");
        let (from, to) = (mv.from.index(), mv.to.index());
        let occ = self.occupied_after(p, &mv) & !bit(to);
        if model.place == RebirthPlace::AnyEmpty {
            // Anti-Super Circe: any empty square, its arrival square but under Cheylan's type,
            // or none under relaxed.
            let arrival = match model.forbids_capture_on_rebirth_square() {
                true => bit(to),
                false => 0,
            };
            for s in Bits(!occ & !arrival) {
                self.settle(p, Fate::On(s), mv.clone(), capturer, Some(to), out);
            }
            if model.occupied == RebirthOccupied::Relaxed {
                out.push(mv);
            }
            return;
        }
        let capturer = circe::capturer_as_reborn(model.walk, capturer, capture.piece);
        let sq = self.rebirth_square(capturer, capture.piece, capture.square.index(), (from, to));
        let fate = circe::capturer_rebirth(sq, to, occ, model);
        self.settle(p, fate, mv, capturer, Some(to), out);
    }

    /// The record of an immediate rebirth of `piece` (taken from `from` when it stands on the
    /// board) by its fate: reborn, once per promotion choice; kept without a rebirth; or none.
    pub(super) fn settle(
        &self,
        p: &BbPosition,
        fate: Fate,
        mv: MoveRecord,
        piece: Piece,
        from: Option<Sq>,
        out: &mut Vec<MoveRecord>,
    ) {
        match fate {
            Fate::On(s) => push_rebirth_from(
                mv,
                piece,
                from,
                s,
                false,
                true,
                &|| promotions(&self.rules, p),
                out,
            ),
            Fate::Forbidden => {}
            Fate::Lost => out.push(mv),
        }
    }

    /// The walk `victim` is reborn with when `capturer` takes it: its own, or under Clone the
    /// capturer's (`promoted` when that is the walk cloned), unless the capturer is royal, or
    /// the victim is royal and keeps its walk (`clone_royal_victim`).
    pub(super) fn reborn_walk(
        &self,
        model: &CirceModel,
        capturer: Piece,
        victim: Piece,
        promoted: Option<Walk>,
    ) -> Walk {
        circe::reborn_walk(
            model.walk,
            self.rules.switches.clone_royal_victim,
            || capturer.walk,
            capturer.royal,
            victim.walk,
            victim.royal,
            promoted,
        )
    }

    /// Stage 4: the Parrain rebirth of the reserved unit, by this move's vector.
    pub(super) fn rebirth_delayed(
        &self,
        p: &BbPosition,
        mv: MoveRecord,
        out: &mut Vec<MoveRecord>,
    ) {
        let Some(reserve) = p.reserve().filter(|_| self.parrain()) else {
            out.push(mv);
            return;
        };
        let Some(s) = parrain::rebirth_square(
            reserve.square.index(),
            mv.castling,
            mv.from.index(),
            mv.to.index(),
            self.rules.switches.parrain_long_castling,
        ) else {
            out.push(mv);
            return;
        };
        let mut occ = self.occupied_after(p, &mv);
        if let Some(r) = mv.rebirth {
            occ |= bit(r.square.index());
        }
        if occ & bit(s) == 0 {
            let may_promote = parrain::may_promote(
                &reserve,
                p.side,
                self.rules.switches.parrain_other_side_promotion,
            );
            push_rebirth(
                mv,
                reserve.piece,
                s,
                true,
                may_promote,
                &|| promotions(&self.rules, p),
                out,
            );
        } else {
            out.push(mv);
        }
    }

    /// Stage 5: contact mutations by magic units.
    pub(super) fn contacts(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let after = self.apply_board(p, &mv);
        let magic = after.magic;
        // Where each unit stood before the move (None: reborn).
        let origin = |s: Sq| -> Option<Sq> {
            if mv.rebirth.is_some_and(|r| r.square.index() == s)
                || mv.delayed_rebirth.is_some_and(|r| r.square.index() == s)
            {
                return None;
            }
            if let Some(side) = mv.castling {
                let [kf, kt, rf, rt] = side.squares(colour_of(p.side)).map(|x| x.index());
                if s == kt {
                    return Some(kf);
                }
                if s == rt {
                    return Some(rf);
                }
            } else if s == mv.to.index() {
                return Some(mv.from.index());
            }
            Some(s)
        };
        let kept = self.rules.switches.magic_kept_contact;
        let mut choices: Vec<Vec<ContactMutation>> = Vec::new();
        for s in Bits(after.occupied() & !magic & !after.royal) {
            let unit = after.piece_at(s).expect("a unit");
            let was = origin(s);
            if was.is_none()
                && self.rules.switches.magic_rebirth_contact == MagicRebirthContact::NoEffect
            {
                continue;
            }
            let touching = magic & self.t.king[s];
            let new = Bits(touching)
                .filter(|&m| magic::is_new_contact(self.t, was, s, origin(m), m, kept))
                .fold(0u64, |set, m| set | bit(m));
            if new == 0 {
                continue;
            }
            let scope = match self.rules.switches.magic_contact_scope {
                MagicContactScope::NewContacts => new,
                MagicContactScope::AllContacts => touching,
            };
            // A neutral magic unit counts as one of the other colour (RULES.md §6).
            let own = (scope & after.own(colour_index(unit.colour))).count_ones();
            // The fairy walks among the acting magic units close the chains (RULES.md §6).
            let fairy = Bits(scope).fold(magic::FairyEnd::Orthodox, |end, m| {
                end.with(after.piece_at(m).expect("a magic unit").walk)
            });
            let Some(walk) = magic::contact_walk(
                unit.walk,
                own,
                scope.count_ones(),
                fairy,
                &self.rules.switches,
            ) else {
                continue;
            };
            let changed = unit.with_walk(walk);
            let results: Vec<Piece> = if promotes_on(colour_index(unit.colour), walk, s)
                && self.rules.switches.magic_pawn_edge == MagicPawnEdge::Promote
            {
                promotions(&self.rules, p)
                    .into_iter()
                    .map(|w| changed.with_walk(w))
                    .collect()
            } else {
                vec![changed]
            };
            choices.push(
                results
                    .into_iter()
                    .map(|a| ContactMutation {
                        square: square(s),
                        before: unit,
                        after: a,
                    })
                    .collect(),
            );
        }
        let mut records = vec![mv];
        for options in choices {
            records = records
                .into_iter()
                .flat_map(|r| {
                    options.iter().map(move |&c| {
                        let mut r = r.clone();
                        r.contact_mutations.push(c);
                        r
                    })
                })
                .collect();
        }
        out.extend(records);
    }
}

/// The record once per choice of the reborn unit's walk (a pawn reborn on its last rank
/// promotes when `may_promote`): its immediate rebirth, or its Parrain one when `delayed`.
pub(super) fn push_rebirth(
    mv: MoveRecord,
    piece: Piece,
    s: Sq,
    delayed: bool,
    may_promote: bool,
    walks: &dyn Fn() -> Vec<Walk>,
    out: &mut Vec<MoveRecord>,
) {
    push_rebirth_from(mv, piece, None, s, delayed, may_promote, walks, out);
}

/// As [`push_rebirth`], the unit taken from `from` on the board (Anticirce's capturer).
#[allow(clippy::too_many_arguments)]
fn push_rebirth_from(
    mv: MoveRecord,
    piece: Piece,
    from: Option<Sq>,
    s: Sq,
    delayed: bool,
    may_promote: bool,
    walks: &dyn Fn() -> Vec<Walk>,
    out: &mut Vec<MoveRecord>,
) {
    let promotes = may_promote && promotes_on(colour_index(piece.colour), piece.walk, s);
    let choices: Vec<Option<Walk>> = if promotes {
        walks().into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    for promotion in choices {
        let r = Some(Rebirth {
            piece,
            from: from.map(square),
            square: square(s),
            promotion,
        });
        let mut x = mv.clone();
        if delayed {
            x.delayed_rebirth = r;
        } else {
            x.rebirth = r;
        }
        out.push(x);
    }
}
