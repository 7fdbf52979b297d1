//! Attacks on the bitboards of the record path: which units attack a square (magic units
//! attack nothing, `first_rank_pawns: inert` pawns neither) and whether royal units are in check
//! (under Circe rex inclusive, not when the royal unit taken would be reborn; under Anticirce,
//! not when the capturer could not be; under Madrasi, not by a paralysed unit; under Isardam,
//! not when the capture would leave a unit observed; under Koeko, not when the capture would end
//! without the neighbours the rule asks for; under Patrol chess and Lortap, not by a unit whose
//! support forbids it; under SAT, when the king has a flight; under Grid chess, only from
//! another cell than the square's; under Make&Take, by a capture after a make).

use crate::bitboard::bits::Bits;
use crate::bitboard::board::{BbPosition, colour_index};
use crate::bitboard::rules::circe::{self, Rebirth as Fate};
use crate::bitboard::rules::promotes_on;
use crate::bitboard::tables::{Sq, bit};
use feerie_oracle::Piece;
use feerie_oracle::rules::{
    CirceModel, RebirthOccupied, RebirthPlace, RebornUnit, RelevantUnit, Rex,
};

use super::Game;

impl Game {
    /// Units of colour `by` that attack `sq` (magic units attack nothing).
    /// Under a Mars variant, the units that could take there from the squares their captures
    /// start from.
    /// Under Madrasi, the units that are not paralysed; under Patrol chess and Lortap, those
    /// whose support lets them check; under Geneva chess, those that could be reborn.
    pub(super) fn attackers(&self, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> u64 {
        let found = match &self.rules.mars {
            // Under Annan chess a unit attacks by the walk it moves by.
            None if self.rules.annan => self.attacks.attackers(&p.annanised(by), sq, occupied, by),
            None => self.attacks.attackers(p, sq, occupied, by),
            Some(model) => self.mars_attackers(model, p, sq, occupied, by),
        };
        // Under Grid chess a unit attacks only across a grid line: not from `sq`'s own cell.
        let found = self.patrolled(
            p,
            self.unparalysed(p, found & !self.own_cell(sq)),
            occupied,
            by,
        );
        // Under Geneva chess a unit attacks only where it could capture.
        let found = self.genevan(p, found, sq, occupied, by);
        // Under Imitator chess, only where the imitators could follow the capture.
        match self.rules.imitator {
            true => self.imitated_attackers(p, found, sq, occupied),
            false => found,
        }
    }

    /// Whether the royal units of colour `c` are in check.
    pub fn in_check(&self, p: &BbPosition, c: usize) -> bool {
        if self.rules.sat {
            return self.has_flight(p, c);
        }
        // Under Make&Take a check is a capture after a make of the royal unit's walk.
        if self.rules.make_and_take {
            return self.make_take_in_check(p, c);
        }
        // Under Danger Circe an observed enemy unit checks a royal unit on its rebirth square.
        if self.rules.danger_circe && self.checked_by_jump(p, c) {
            return true;
        }
        let occ = p.occupied();
        let royals = p.royal & p.colours[c];
        let reborn = self.rules.circe.filter(|m| m.reborn_royals());
        let anti = self.anticirce_capture_may_fail();
        for r in Bits(royals) {
            let mut attackers = self.attackers(p, r, occ, 1 - c);
            if let Some(model) = anti {
                // Not a check when the capturer could not be reborn.
                attackers = self.standing(p, &model, attackers, r, r);
            }
            // Under Isardam, not a check when the capture would leave a unit observed.
            attackers = self.capturing_leaves_none_observed(p, attackers, r);
            // Under Koeko, not a check when the capture would end without the neighbours the
            // rule asks for.
            attackers = self.koeko_capturers(p, attackers, r, r);
            if attackers == 0 {
                continue;
            }
            let Some(model) = reborn else { return true };
            let royal = p.piece_at(r).expect("a royal unit");
            // Not a check when the captured royal unit would be reborn.
            if Bits(attackers).any(|a| self.royal_lost(p, &model, royal, r, a, r)) {
                return true;
            }
        }
        self.rules.switches.royal_en_passant.applies() && self.royal_pawn_en_passant(p, c)
    }

    /// Under SAT, whether the king of colour `c` has a flight: a step to a square that is empty
    /// or holds an enemy unit other than the enemy king, not attacked once the king has left its
    /// square. Each side has one royal unit, a king (refused otherwise at the engine's door).
    fn has_flight(&self, p: &BbPosition, c: usize) -> bool {
        let royals = p.royal & p.colours[c];
        if royals == 0 {
            return false;
        }
        let king = royals.trailing_zeros() as Sq;
        let occ = p.occupied() & !bit(king);
        let open = self.t.king[king] & !p.colours[c] & !(p.royal & p.colours[1 - c]);
        Bits(open).any(|s| self.attackers(p, s, occ, 1 - c) == 0)
    }

    /// A royal pawn of colour `c` that has just double-stepped and that an enemy pawn could take
    /// en passant, unless (Circe rex inclusive) it would be reborn after that capture.
    pub(super) fn royal_pawn_en_passant(&self, p: &BbPosition, c: usize) -> bool {
        let Some((target, pawn)) = p.ep() else {
            return false;
        };
        let pawn = pawn as Sq;
        let is_royal_pawn =
            p.royal & p.colours[c] & bit(pawn) != 0 && p.pawnlike() & bit(pawn) != 0;
        if !is_royal_pawn {
            return false;
        }
        let t = target as Sq;
        // Under Madrasi a paralysed pawn takes nothing; under Grid chess one in the cell of the
        // square passed neither.
        let mut takers = self.unparalysed(
            p,
            match &self.rules.mars {
                None if self.rules.annan => {
                    self.attacks.pawns_attacking(&p.annanised(1 - c), t, 1 - c)
                }
                None => self.attacks.pawns_attacking(p, t, 1 - c),
                Some(model) => self.mars_attackers(model, p, t, p.occupied(), 1 - c) & p.pawnlike(),
            } & !self.own_cell(t),
        );
        takers = self.patrolled(p, takers, p.occupied(), 1 - c);
        takers = self.genevan(p, takers, t, p.occupied(), 1 - c);
        if let Some(model) = self.anticirce_capture_may_fail() {
            takers = self.standing(p, &model, takers, pawn, t);
        }
        // Under Koeko, a taker that would end without the neighbours the rule asks for.
        takers = self.koeko_capturers(p, takers, pawn, t);
        let Some(model) = self.rules.circe.filter(|m| m.reborn_royals()) else {
            return takers != 0;
        };
        let royal = p.piece_at(pawn).expect("a royal pawn");
        Bits(takers).any(|a| self.royal_lost(p, &model, royal, pawn, a, t))
    }

    /// The Circe model when it is an Anticirce whose captures may be illegal (under
    /// `rebirth_occupied: strict`, or of Cheylan's type), and so no check.
    fn anticirce_capture_may_fail(&self) -> Option<CirceModel> {
        self.rules
            .circe
            .filter(|m| m.reborn == RebornUnit::Capturer && m.check_reads_rebirth())
    }

    /// The units of `capturers` whose capture of the unit on `taken`, landing on `landing`,
    /// would stand under Anticirce ([`Self::capture_stands`]).
    fn standing(
        &self,
        p: &BbPosition,
        model: &CirceModel,
        capturers: u64,
        taken: Sq,
        landing: Sq,
    ) -> u64 {
        Bits(capturers)
            .filter(|&a| self.capture_stands(p, model, a, taken, landing))
            .fold(0, |set, a| set | bit(a))
    }

    /// Under Anticirce, whether the unit on `from` may take the unit on `taken` by landing on
    /// `landing`: its own rebirth square, read from `taken` for the capturer as it stands on
    /// `landing`, is on the board and empty once the capture is made (or, under `relaxed`,
    /// anything), and not `landing` itself under Cheylan's type; a royal capturer is not reborn
    /// under `rex: exclusive`, so its captures stand. A pawn promoting there may stand as each
    /// promotion in turn: one whose capture stands is enough.
    fn capture_stands(
        &self,
        p: &BbPosition,
        model: &CirceModel,
        from: Sq,
        taken: Sq,
        landing: Sq,
    ) -> bool {
        let capturer = p.piece_at(from).expect("a capturer");
        if capturer.royal && model.rex != Rex::Inclusive {
            return true;
        }
        let victim = p.piece_at(taken).expect("a unit taken");
        let after = p.occupied() & !bit(from) & !bit(taken);
        let stands = |standing: Piece| {
            let standing = circe::capturer_as_reborn(model.walk, standing, victim);
            let sq = self.rebirth_square(standing, victim, taken, (from, landing));
            circe::capturer_rebirth(sq, landing, after, model) != Fate::Forbidden
        };
        let colour = colour_index(capturer.colour);
        if promotes_on(colour, capturer.walk, landing) {
            return super::promotions(&self.rules, p)
                .into_iter()
                .any(|w| stands(capturer.with_walk(w)));
        }
        stands(capturer)
    }

    /// Under Circe rex inclusive, whether `royal`, taken on `taken` by the unit on `from`
    /// landing on `landing`, could not be reborn: such a capture is a check.
    fn royal_lost(
        &self,
        p: &BbPosition,
        model: &CirceModel,
        royal: Piece,
        taken: Sq,
        from: Sq,
        landing: Sq,
    ) -> bool {
        if model.place == RebirthPlace::AnyEmpty {
            // Super Circe: the square the capturer left is empty, at the least; but unless
            // `rebirth_occupied` is `strict` the capturer may choose no rebirth (Popeye 4.104).
            return model.occupied == RebirthOccupied::Relaxed;
        }
        let capturer = p.piece_at(from).expect("a capturer");
        let reborn = royal.with_walk(self.reborn_walk(model, capturer, royal, None));
        let after = p.occupied() & !bit(from) & !bit(taken) | bit(landing);
        let lost = |standing: Piece| {
            let sq = self.rebirth_square(reborn, standing, taken, (from, landing));
            circe::rebirth(sq, after, model.occupied, true) == Fate::Forbidden
        };
        // Where the square is read from the capturer after the capture (Couscous), a pawn
        // promoting there stands as each promotion in turn: one that loses the royal unit is
        // enough.
        let colour = colour_index(capturer.colour);
        if model.relevant == RelevantUnit::Other && promotes_on(colour, capturer.walk, landing) {
            return super::promotions(&self.rules, p)
                .into_iter()
                .any(|w| lost(capturer.with_walk(w)));
        }
        lost(capturer)
    }
}
