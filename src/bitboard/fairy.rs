//! The fairy path: the move pipeline of RULES.md on bitboards, for every condition and any
//! unit. Pseudo-legal displacements from attack tables; then capturer mutation, immediate and
//! delayed rebirth, contact mutations, each a function of the move alone; then the move is made
//! on a copy and kept if the mover's royal units are safe.

use feerie_oracle::rules::{
    CirceModel, CloneWalkWhenPromoting, FirstRankPawns, MagicContactScope, MagicPawnEdge,
    MagicRebirthContact, RebirthTime, RoyalEnPassant, RoyalRiderPassage,
};
use feerie_oracle::{
    Capture, CastlingSide, CheckMark, Colour, ContactMutation, EngineError, MoveRecord, Piece,
    Rebirth, Reserve, Rules, Walk,
};

use super::bits::{Bits, lowest};
use super::board::{
    BISHOP, BbPosition, KING, KNIGHT, PAWN, QUEEN, REVERSE_PAWN, ROOK, colour_index, colour_of,
    square,
};
use super::rules::circe::{self, Rebirth as Fate, RebirthSquares, rebirth_squares};
use super::rules::mutation::Mutation;
use super::rules::{at, file, is_pawnlike, magic, moves_up, parrain, promotes_on, rank};
use super::tables::{Sq, Tables, bit, tables};

const PROMOTIONS: [Walk; 4] = [Walk::Queen, Walk::Rook, Walk::Bishop, Walk::Knight];

/// The rules, resolved once for a whole search.
pub struct Game<'a> {
    rules: &'a Rules,
    t: &'static Tables,
    rebirth_squares: &'static RebirthSquares,
    circe: Option<CirceModel>,
    parrain: bool,
    mutating: bool,
    mutation: Mutation,
    first_rank: FirstRankPawns,
}

/// +1 for a unit moving toward rank 8 (a white pawn, a black reverse pawn), -1 otherwise.
#[inline]
fn forward(colour: Colour, walk: Walk) -> i32 {
    if moves_up(colour_index(colour), walk) {
        1
    } else {
        -1
    }
}

/// The rank behind a pawn's start, and the one it double-steps from.
fn rear_rank(colour: Colour, walk: Walk) -> i32 {
    if moves_up(colour_index(colour), walk) {
        0
    } else {
        7
    }
}
fn double_rank(colour: Colour, walk: Walk) -> i32 {
    if moves_up(colour_index(colour), walk) {
        1
    } else {
        6
    }
}

impl<'a> Game<'a> {
    pub fn new(rules: &'a Rules) -> Game<'a> {
        let circe = rules.circe_model();
        Game {
            rules,
            t: tables(),
            rebirth_squares: rebirth_squares(),
            circe,
            parrain: circe.is_some_and(|m| m.time == RebirthTime::NextMove),
            mutating: rules.captures_mutate(),
            mutation: Mutation::of(rules),
            first_rank: rules.first_rank_pawns(),
        }
    }

    /// What a position cannot mean under these rules.
    pub fn check_supported(&self, p: &BbPosition) -> Result<(), EngineError> {
        if p.reserve.is_some() && !self.parrain {
            return Err(EngineError::Unsupported(
                "a Parrain reserve without circe-parrain".into(),
            ));
        }
        if p.mutable != 0 && !self.mutating {
            return Err(EngineError::Unsupported(format!(
                "the unit on {} is marked mutable, which needs frankfurt or protean",
                square(lowest(p.mutable))
            )));
        }
        Ok(())
    }

    /// Pawn-like units of `colour` whose attacks count (`inert` first-rank pawns do not).
    fn attacking_pawns(&self, p: &BbPosition, c: usize, up: bool) -> u64 {
        let own = p.colours[c] & !p.magic;
        let colour = colour_of(c);
        let walk_up = if colour == Colour::White {
            Walk::Pawn
        } else {
            Walk::ReversePawn
        };
        let set = if up == (walk_up == Walk::Pawn) {
            p.walks[PAWN]
        } else {
            p.walks[REVERSE_PAWN]
        } & own;
        if self.first_rank == FirstRankPawns::Inert {
            let rear: u64 = if up { 0xFF } else { 0xFF00_0000_0000_0000 };
            set & !rear
        } else {
            set
        }
    }

    /// Units of colour `by` that attack `sq` (magic units attack nothing).
    fn attackers(&self, p: &BbPosition, sq: Sq, occupied: u64, by: usize) -> u64 {
        let t = self.t;
        let them = p.colours[by] & !p.magic;
        let queens = p.walks[QUEEN];
        let pawns = (t.pawn[1][sq] & self.attacking_pawns(p, by, true))
            | (t.pawn[0][sq] & self.attacking_pawns(p, by, false));
        ((t.knight[sq] & p.walks[KNIGHT])
            | (t.king[sq] & p.walks[KING])
            | (t.rook(sq, occupied) & (p.walks[ROOK] | queens))
            | (t.bishop(sq, occupied) & (p.walks[BISHOP] | queens)))
            & them
            | pawns
    }

    /// Whether the royal units of colour `c` are in check.
    pub fn in_check(&self, p: &BbPosition, c: usize) -> bool {
        let occ = p.occupied();
        let royals = p.royal & p.colours[c];
        let reborn = self.circe.filter(|m| m.reborn_royals());
        for r in Bits(royals) {
            let attackers = self.attackers(p, r, occ, 1 - c);
            if attackers == 0 {
                continue;
            }
            let Some(model) = reborn else { return true };
            let royal = p.piece_at(r).expect("a royal unit");
            for a in Bits(attackers) {
                // Not a check when the captured royal unit would be reborn.
                let capturer = p.piece_at(a).expect("an attacker");
                let reborn = royal.with_walk(self.reborn_walk(&model, capturer, royal, None));
                let sq = self.rebirth_square(&model, reborn, r, a, r);
                let after = occ & !bit(a) | bit(r);
                if circe::rebirth(sq, after, model.occupied, true) == Fate::Forbidden {
                    return true;
                }
            }
        }
        self.rules.royal_en_passant() == RoyalEnPassant::Yes && self.royal_pawn_en_passant(p, c)
    }

    fn royal_pawn_en_passant(&self, p: &BbPosition, c: usize) -> bool {
        let Some((target, pawn)) = p.ep() else {
            return false;
        };
        let pawn = pawn as Sq;
        let is_royal_pawn = p.royal & p.colours[c] & bit(pawn) != 0
            && (p.walks[PAWN] | p.walks[REVERSE_PAWN]) & bit(pawn) != 0;
        let t = target as Sq;
        is_royal_pawn
            && (self.t.pawn[1][t] & self.attacking_pawns(p, 1 - c, true)
                | self.t.pawn[0][t] & self.attacking_pawns(p, 1 - c, false))
                != 0
    }

    /// The square where `reborn` comes back after a capture on `capture` by a move from
    /// `from` to `to`.
    fn rebirth_square(
        &self,
        model: &CirceModel,
        reborn: Piece,
        capture: Sq,
        from: Sq,
        to: Sq,
    ) -> Option<Sq> {
        self.rebirth_squares.square_of(
            model.place,
            colour_index(reborn.colour),
            reborn.walk,
            capture,
            from,
            to,
        )
    }

    /// May `mover` take the unit on `sq`?
    fn capturable(&self, p: &BbPosition, mover: Piece, sq: Sq) -> Option<Piece> {
        let victim = p.piece_at(sq)?;
        let royal_ok = !victim.royal || self.circe.is_some_and(|m| m.reborn_royals());
        (victim.colour != mover.colour && !victim.magic && !mover.magic && royal_ok)
            .then_some(victim)
    }

    /// Stage 1: the pseudo-legal displacements of the side to move.
    fn displacements(&self, p: &BbPosition, out: &mut Vec<MoveRecord>) {
        let t = self.t;
        let us = p.side;
        let own = p.colours[us];
        let occ = p.occupied();
        for from in Bits(own) {
            let mover = p.piece_at(from).expect("a unit");
            let targets = match mover.walk {
                Walk::King => t.king[from],
                Walk::Knight => t.knight[from],
                Walk::Rook => t.rook(from, occ),
                Walk::Bishop => t.bishop(from, occ),
                Walk::Queen => t.rook(from, occ) | t.bishop(from, occ),
                Walk::Pawn | Walk::ReversePawn => {
                    self.pawn_moves(p, from, mover, out);
                    continue;
                }
            } & !own;
            for to in Bits(targets) {
                let mut r = MoveRecord::displacement(mover, square(from), square(to));
                if occ & bit(to) != 0 {
                    let Some(victim) = self.capturable(p, mover, to) else {
                        continue;
                    };
                    r.capture = Some(Capture {
                        piece: victim,
                        square: square(to),
                    });
                }
                out.push(r);
            }
            if mover.walk == Walk::King {
                self.castlings(p, from, mover, out);
            }
        }
    }

    fn pawn_moves(&self, p: &BbPosition, from: Sq, mover: Piece, out: &mut Vec<MoveRecord>) {
        let occ = p.occupied();
        let dir = forward(mover.colour, mover.walk);
        if rank(from) == rear_rank(mover.colour, mover.walk)
            && self.first_rank != FirstRankPawns::Step
        {
            return;
        }
        let with_promotions = |r: MoveRecord, out: &mut Vec<MoveRecord>| {
            if promotes_on(colour_index(mover.colour), mover.walk, r.to.index()) {
                for w in PROMOTIONS {
                    let mut x = r.clone();
                    x.promotion = Some(mover.with_walk(w));
                    out.push(x);
                }
            } else {
                out.push(r);
            }
        };
        if let Some(one) = at(file(from), rank(from) + dir).filter(|&s| occ & bit(s) == 0) {
            with_promotions(
                MoveRecord::displacement(mover, square(from), square(one)),
                out,
            );
            if rank(from) == double_rank(mover.colour, mover.walk)
                && let Some(two) =
                    at(file(from), rank(from) + 2 * dir).filter(|&s| occ & bit(s) == 0)
            {
                out.push(MoveRecord::displacement(mover, square(from), square(two)));
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(file(from) + df, rank(from) + dir) else {
                continue;
            };
            if let Some(victim) = self.capturable(p, mover, to) {
                let mut r = MoveRecord::displacement(mover, square(from), square(to));
                r.capture = Some(Capture {
                    piece: victim,
                    square: square(to),
                });
                with_promotions(r, out);
            } else if let Some((target, pawn)) = p.ep()
                && target as Sq == to
                && occ & bit(to) == 0
                && let Some(victim) = self
                    .capturable(p, mover, pawn as Sq)
                    .filter(|v| v.walk == Walk::Pawn || v.walk == Walk::ReversePawn)
            {
                let mut r = MoveRecord::displacement(mover, square(from), square(to));
                r.capture = Some(Capture {
                    piece: victim,
                    square: square(pawn as Sq),
                });
                r.en_passant = true;
                out.push(r);
            }
        }
    }

    fn castlings(&self, p: &BbPosition, from: Sq, king: Piece, out: &mut Vec<MoveRecord>) {
        if !p.castling.king_may_castle(king.colour) {
            return;
        }
        let occ = p.occupied();
        for rook_sq in p.castling.of(king.colour) {
            let Some(side) = CastlingSide::of_rook_square(rook_sq) else {
                continue;
            };
            let [kf, kt, rf, rt] = side.squares(king.colour).map(|s| s.index());
            if from != kf || rf != rook_sq.index() {
                continue;
            }
            let rook_ok = p
                .piece_at(rf)
                .is_some_and(|r| r.colour == king.colour && r.walk == Walk::Rook);
            let span = (self.t.between(kf, rf) | bit(kt) | bit(rt)) & !bit(kf) & !bit(rf);
            if rook_ok && span & occ == 0 {
                let mut r = MoveRecord::displacement(king, square(kf), square(kt));
                r.castling = Some(side);
                out.push(r);
            }
        }
    }

    /// Castling: not out of check, not over an attacked square.
    fn castling_safe(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        if mv.castling.is_none() {
            return true;
        }
        if self.in_check(p, p.side) {
            return false;
        }
        let (from, to) = (mv.from.index(), mv.to.index());
        if self.circe.is_some_and(|m| m.reborn_royals()) {
            // With rex inclusive the king may cross a square where it would not be in check
            // (attacked, but able to be reborn).
            return Bits(self.t.between(from, to)).all(|s| {
                let mut passing = p.clone();
                let (us, moved) = (p.side, bit(from) | bit(s));
                passing.colours[us] ^= moved;
                passing.walks[KING] ^= moved;
                passing.royal ^= moved;
                !self.in_check(&passing, us)
            });
        }
        let crossed = self.t.between(from, to) | bit(from);
        let occ = p.occupied();
        Bits(crossed).all(|s| self.attackers(p, s, occ, 1 - p.side) == 0)
    }

    /// `royal_rider_passage: safe`: a royal rider crosses no attacked square.
    fn passage_safe(&self, p: &BbPosition, mv: &MoveRecord) -> bool {
        if self.rules.royal_rider_passage() == RoyalRiderPassage::Free
            || !mv.mover.royal
            || !matches!(mv.mover.walk, Walk::Queen | Walk::Rook | Walk::Bishop)
            || mv.castling.is_some()
        {
            return true;
        }
        let (from, to) = (mv.from.index(), mv.to.index());
        let occ = p.occupied() & !bit(from);
        Bits(self.t.between(from, to)).all(|s| self.attackers(p, s, occ, 1 - p.side) == 0)
    }

    /// Stage 2: the capturer takes the captured walk (Frankfurt, Protean).
    fn mutate(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let Some(capture) = mv.capture else {
            out.push(mv);
            return;
        };
        let mover = mv.mover;
        let new = self.mutation.new_walk(
            mover.walk,
            mover.royal,
            p.mutable != 0,
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
        if promotes_on(colour_index(mutated.colour), walk, base.to.index()) {
            for w in PROMOTIONS {
                let mut x = base.clone();
                x.promotion = Some(mutated.with_walk(w));
                out.push(x);
            }
        } else {
            out.push(base);
        }
    }

    /// Board squares occupied after stages 1 and 2.
    fn occupied_after(&self, p: &BbPosition, mv: &MoveRecord) -> u64 {
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

    /// Stage 3: the immediate rebirth of the captured unit.
    fn rebirth_now(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let (Some(model), Some(capture)) = (self.circe, mv.capture) else {
            out.push(mv);
            return;
        };
        if model.time != RebirthTime::Immediate {
            out.push(mv);
            return;
        }
        let victim = capture.piece;
        let promoted = match (mv.promotion, self.rules.clone_walk_when_promoting()) {
            (Some(promoted), CloneWalkWhenPromoting::Promoted) if is_pawnlike(mv.mover.walk) => {
                Some(promoted.walk)
            }
            _ => None,
        };
        let reborn = victim.with_walk(self.reborn_walk(&model, mv.mover, victim, promoted));
        let sq = self.rebirth_square(
            &model,
            reborn,
            capture.square.index(),
            mv.from.index(),
            mv.to.index(),
        );
        let occ = self.occupied_after(p, &mv);
        match circe::rebirth(sq, occ, model.occupied, victim.royal) {
            Fate::On(s) => push_rebirth(mv, reborn, s, false, true, out),
            Fate::Forbidden => {}
            Fate::Lost => out.push(mv),
        }
    }

    /// The walk `victim` is reborn with when `capturer` takes it: its own, or under Clone the
    /// capturer's (`promoted` when that is the walk cloned), unless the capturer is royal, or
    /// the victim is royal and keeps its walk (`clone_royal_victim`).
    fn reborn_walk(
        &self,
        model: &CirceModel,
        capturer: Piece,
        victim: Piece,
        promoted: Option<Walk>,
    ) -> Walk {
        circe::reborn_walk(
            model.walk,
            self.rules.clone_royal_victim(),
            capturer.walk,
            capturer.royal,
            victim.walk,
            victim.royal,
            promoted,
        )
    }

    /// Stage 4: the Parrain rebirth of the reserved unit, by this move's vector.
    fn rebirth_delayed(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
        let Some(reserve) = p.reserve.filter(|_| self.parrain) else {
            out.push(mv);
            return;
        };
        let Some(s) = parrain::rebirth_square(
            reserve.square.index(),
            mv.castling,
            mv.from.index(),
            mv.to.index(),
            self.rules.parrain_long_castling(),
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
                colour_index(reserve.piece.colour),
                p.side,
                self.rules.parrain_other_side_promotion(),
            );
            push_rebirth(mv, reserve.piece, s, true, may_promote, out);
        } else {
            out.push(mv);
        }
    }

    /// Stage 5: contact mutations by magic units.
    fn contacts(&self, p: &BbPosition, mv: MoveRecord, out: &mut Vec<MoveRecord>) {
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
        let kept = self.rules.magic_kept_contact();
        let mut choices: Vec<Vec<ContactMutation>> = Vec::new();
        for s in Bits(after.occupied() & !magic & !after.royal) {
            let unit = after.piece_at(s).expect("a unit");
            let was = origin(s);
            if was.is_none() && self.rules.magic_rebirth_contact() == MagicRebirthContact::NoEffect
            {
                continue;
            }
            let touching = magic & self.t.king[s];
            let new = Bits(touching)
                .filter(|&m| magic::is_new_contact(was, s, origin(m), m, kept))
                .fold(0u64, |set, m| set | bit(m));
            if new == 0 {
                continue;
            }
            let scope = match self.rules.magic_contact_scope() {
                MagicContactScope::NewContacts => new,
                MagicContactScope::AllContacts => touching,
            };
            let own = (scope & after.colours[colour_index(unit.colour)]).count_ones();
            let Some(walk) =
                magic::contact_walk(unit.walk, own, scope.count_ones(), self.rules.magic_steps())
            else {
                continue;
            };
            let changed = unit.with_walk(walk);
            let results: Vec<Piece> = if promotes_on(colour_index(unit.colour), walk, s)
                && self.rules.magic_pawn_edge() == MagicPawnEdge::Promote
            {
                PROMOTIONS.iter().map(|&w| changed.with_walk(w)).collect()
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

    /// The board of a record: displacement, mutation and promotion, rebirths, contacts.
    fn apply_board(&self, p: &BbPosition, mv: &MoveRecord) -> BbPosition {
        let mut n = p.clone();
        if let Some(side) = mv.castling {
            n.castle(colour_of(p.side), side);
        } else {
            n.clear(mv.from.index());
            if let Some(c) = mv.capture {
                n.clear(c.square.index());
            }
            n.clear(mv.to.index());
            n.put(mv.to.index(), mv.final_mover());
        }
        for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
            let piece = r.promotion.map_or(r.piece, |w| r.piece.with_walk(w));
            n.clear(r.square.index());
            n.put(r.square.index(), piece);
        }
        for c in &mv.contact_mutations {
            n.clear(c.square.index());
            n.put(c.square.index(), c.after);
        }
        n
    }

    /// The position after a record.
    pub fn make(&self, p: &BbPosition, mv: &MoveRecord) -> BbPosition {
        let mut n = self.apply_board(p, mv);
        let us = p.side;
        let colour = colour_of(us);
        // Castling rights. Under Circe rex inclusive a king can come back to its square: the
        // rooks' rights then outlive the king's own.
        let rooks_outlive_king = self.circe.is_some_and(|m| m.reborn_royals());
        if mv.mover.walk == Walk::King {
            if rooks_outlive_king {
                n.castling.remove_king_only(colour);
            } else {
                n.castling.clear(colour);
            }
        }
        let mut touched = vec![mv.from, mv.to];
        if let Some(c) = mv.capture {
            touched.push(c.square);
        }
        if let Some(side) = mv.castling {
            touched.push(side.squares(colour)[2]);
        }
        for s in touched {
            n.castling.remove(s);
        }
        for c in [Colour::White, Colour::Black] {
            let ci = colour_index(c);
            for corner in [CastlingSide::King, CastlingSide::Queen] {
                let rs = corner.squares(c)[2];
                let rook_there = n.colours[ci] & n.walks[ROOK] & bit(rs.index()) != 0;
                if n.castling.contains(rs) && !rook_there {
                    n.castling.remove(rs);
                }
            }
            let ks = CastlingSide::King.squares(c)[0].index();
            if n.colours[ci] & n.walks[KING] & n.royal & bit(ks) == 0 {
                if rooks_outlive_king {
                    n.castling.remove_king_only(c);
                } else {
                    n.castling.remove_king(c);
                }
            }
        }
        // A unit that becomes a rook on its own corner regains that corner's right.
        let mut became: Vec<(Sq, Piece)> = Vec::new();
        for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
            became.push((
                r.square.index(),
                r.promotion.map_or(r.piece, |w| r.piece.with_walk(w)),
            ));
        }
        if mv.mutation.is_some() || mv.promotion.is_some() {
            became.push((mv.to.index(), mv.final_mover()));
        }
        for (s, piece) in became {
            let corner = [CastlingSide::King, CastlingSide::Queen]
                .iter()
                .any(|side| side.squares(piece.colour)[2].index() == s);
            if piece.walk == Walk::Rook
                && !piece.royal
                && corner
                && (n.castling.king_may_castle(piece.colour) || rooks_outlive_king)
                && n.piece_at(s) == Some(piece)
            {
                n.castling.insert(square(s));
            }
            // A king reborn on its own square regains its right.
            if piece.walk == Walk::King
                && rooks_outlive_king
                && s == CastlingSide::King.squares(piece.colour)[0].index()
                && n.piece_at(s) == Some(piece)
            {
                n.castling.insert_king(piece.colour);
            }
        }
        // En passant: after a double step, when an enemy pawn could take.
        n.set_ep(None);
        let m = mv.mover;
        let pawnlike = matches!(m.walk, Walk::Pawn | Walk::ReversePawn);
        let (from, to) = (mv.from.index(), mv.to.index());
        if pawnlike
            && mv.capture.is_none()
            && mv.promotion.is_none()
            && mv.castling.is_none()
            && (rank(to) - rank(from)).abs() == 2
            && rank(from) == double_rank(m.colour, m.walk)
        {
            let passed = at(file(from), (rank(from) + rank(to)) / 2).expect("on board");
            // A rebirth (Parrain) may fill the passed square: then no pawn can take there.
            let takers = n.occupied() & bit(passed) == 0
                && super::orthodox::pawns_attacking(self.t, &n, colour_index(!m.colour), passed)
                    != 0;
            if takers {
                n.set_ep(Some((passed as u8, to as u8)));
            }
        }
        n.reserve = if self.parrain {
            mv.capture.map(|c| Reserve {
                piece: c.piece,
                square: c.square,
            })
        } else {
            None
        };
        n.halfmove = if mv.capture.is_some() || pawnlike {
            0
        } else {
            p.halfmove + 1
        };
        if colour == Colour::Black {
            n.fullmove += 1;
        }
        n.side = 1 - us;
        n
    }

    /// Every legal move with the position it leads to (check marks not set).
    pub fn legal(&self, p: &BbPosition) -> Result<Vec<(MoveRecord, BbPosition)>, EngineError> {
        self.check_supported(p)?;
        let mut stage = Vec::with_capacity(64);
        self.displacements(p, &mut stage);
        stage.retain(|mv| self.castling_safe(p, mv) && self.passage_safe(p, mv));
        let mut next = Vec::with_capacity(stage.len());
        if self.mutating {
            for mv in stage.drain(..) {
                self.mutate(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
        }
        if self.circe.is_some() {
            for mv in stage.drain(..) {
                self.rebirth_now(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
            for mv in stage.drain(..) {
                self.rebirth_delayed(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
        }
        if p.magic != 0 {
            for mv in stage.drain(..) {
                self.contacts(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
        }
        let mut legal = Vec::with_capacity(stage.len());
        for mv in stage {
            let after = self.make(p, &mv);
            if !self.in_check(&after, p.side) {
                legal.push((mv, after));
            }
        }
        if self.mutating {
            legal.sort_by(|a, b| a.0.cmp(&b.0));
            legal.dedup_by(|a, b| a.0 == b.0);
        }
        Ok(legal)
    }

    /// The check mark of the move that led to `after`.
    pub fn mark(&self, after: &BbPosition) -> CheckMark {
        if !self.in_check(after, after.side) {
            CheckMark::None
        } else if self.legal(after).is_ok_and(|l| l.is_empty()) {
            CheckMark::Mate
        } else {
            CheckMark::Check
        }
    }

    pub fn perft(&self, p: &BbPosition, depth: u32) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let moves = self.legal(p)?;
        if depth == 1 {
            return Ok(moves.len() as u64);
        }
        let mut n = 0;
        for (_, after) in &moves {
            n += self.perft(after, depth - 1)?;
        }
        Ok(n)
    }
}

fn push_rebirth(
    mv: MoveRecord,
    piece: Piece,
    s: Sq,
    delayed: bool,
    may_promote: bool,
    out: &mut Vec<MoveRecord>,
) {
    let promotes = may_promote && promotes_on(colour_index(piece.colour), piece.walk, s);
    let choices: &[Option<Walk>] = if promotes {
        &[
            Some(Walk::Queen),
            Some(Walk::Rook),
            Some(Walk::Bishop),
            Some(Walk::Knight),
        ]
    } else {
        &[None]
    };
    for &promotion in choices {
        let r = Some(Rebirth {
            piece,
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
