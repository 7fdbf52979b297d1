//! Compact fairy perft: the pipeline of RULES.md on small copyable moves, specialised at compile
//! time on which stages exist (const generics), for perft. It covers every rule except
//! `royal_rider_passage: safe` and Circe with `rex: inclusive`, which stay on the record path
//! ([`super::fairy`]). The golden perft counts and tests/engines_agree.rs check it.

use feerie_oracle::rules::{
    CirceModel, CloneRoyalVictim, CloneWalkWhenPromoting, FirstRankPawns, MagicContactScope,
    MagicKeptContact, MagicPawnEdge, MagicRebirthContact, MagicSteps, ParrainLongCastling,
    ParrainOtherSidePromotion, RebirthTime, RoyalEnPassant, RoyalRiderPassage,
};
use feerie_oracle::{CastlingSide, Colour, Reserve, Rules, Walk};

use super::bits::{Bits, lowest};
use super::board::{
    BISHOP, BbPosition, KING, KNIGHT, PAWN, QUEEN, REVERSE_PAWN, ROOK, WALKS, colour_index,
    colour_of, square, walk_index,
};
use super::moves::MoveKind;
use super::rules::circe::{self, Rebirth, RebirthSquares, rebirth_squares};
use super::rules::mutation::Mutation;
use super::rules::{at, file, magic, moves_up, parrain, promotes_on, rank};
use super::tables::{Sq, Tables, bit, tables};

const NONE: u8 = 255;
const PROMOTIONS: [u8; 4] = [QUEEN as u8, ROOK as u8, BISHOP as u8, KNIGHT as u8];

/// A move with every stage, in a few bytes.
#[derive(Clone, Copy, Debug)]
struct CMove {
    from: u8,
    to: u8,
    kind: MoveKind,
    /// Square of the unit taken, or NONE.
    cap: u8,
    /// Walk of the mover after mutation and promotion, or NONE when unchanged.
    walk: u8,
    /// Set when the new walk comes from a promotion (for castling regain, as a mutation).
    changed: bool,
    /// Immediate rebirth: square and walk (after promotion), or NONE.
    reb_sq: u8,
    reb_walk: u8,
    /// Parrain rebirth: square and walk (after promotion), or NONE.
    del_sq: u8,
    del_walk: u8,
    /// Contact mutations: square and new walk, `contact_count` of them.
    contacts: [(u8, u8); MAX_CONTACTS],
    contact_count: u8,
}

impl CMove {
    /// Stage 1 alone: the displacement, with the captured square and the promotion (or NONE).
    fn displacement(from: Sq, to: Sq, kind: MoveKind, cap: u8, promo: u8) -> CMove {
        CMove {
            from: from as u8,
            to: to as u8,
            kind,
            cap,
            walk: promo,
            changed: promo != NONE,
            reb_sq: NONE,
            reb_walk: NONE,
            del_sq: NONE,
            del_walk: NONE,
            contacts: [(NONE, NONE); MAX_CONTACTS],
            contact_count: 0,
        }
    }
}

/// A move changes at most the units around the squares it touches.
const MAX_CONTACTS: usize = 10;

/// The sets the contact stage reads after a move's displacement and rebirths: cheaper than a
/// whole position, since that stage runs for every move near a magic unit.
struct Placed {
    colours: [u64; 2],
    magic: u64,
    royal: u64,
}

impl Placed {
    fn of(p: &BbPosition, mv: &CMove) -> Placed {
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
            let r = p.reserve.expect("a reserve");
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

    fn occupied(&self) -> u64 {
        self.colours[0] | self.colours[1]
    }

    /// The walk of the unit on `s` after the move (`s` occupied then).
    fn walk_at(&self, p: &BbPosition, mv: &CMove, s: Sq) -> usize {
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
                Compact::walk_at(p, mv.from as Sq)
            } else {
                mv.walk as usize
            };
        }
        Compact::walk_at(p, s)
    }
}

/// The rules in the form the compact path needs.
pub struct Compact {
    t: &'static Tables,
    rebirth_squares: &'static RebirthSquares,
    circe: Option<CirceModel>,
    first_rank: FirstRankPawns,
    captures_mutate: bool,
    mutation: Mutation,
    clone_promoted: bool,
    clone_royal_victim: CloneRoyalVictim,
    long_castling: ParrainLongCastling,
    other_side_promotion: ParrainOtherSidePromotion,
    royal_ep: bool,
    magic_all_contacts: bool,
    magic_steps: MagicSteps,
    magic_kept: MagicKeptContact,
    magic_edge_promotes: bool,
    magic_rebirth_mutates: bool,
}

#[inline]
fn fr(sq: Sq) -> (i32, i32) {
    (file(sq), rank(sq))
}

#[inline]
fn is_pawnlike(w: usize) -> bool {
    super::rules::is_pawnlike(WALKS[w])
}

/// Whether a unit of colour index `c` and walk index `w` on `s` promotes there.
#[inline]
fn promotes(c: usize, w: usize, s: Sq) -> bool {
    promotes_on(c, WALKS[w], s)
}

impl Compact {
    /// The compact path for these rules, or `None` when they need the record path.
    pub fn new(rules: &Rules) -> Option<Compact> {
        let circe = rules.circe_model();
        let clone_promoted = rules.clone_walk_when_promoting() == CloneWalkWhenPromoting::Promoted;
        if circe.is_some_and(|m| m.reborn_royals())
            || rules.royal_rider_passage() == RoyalRiderPassage::Safe
            || (clone_promoted && rules.captures_mutate())
        {
            return None;
        }
        Some(Compact {
            t: tables(),
            rebirth_squares: rebirth_squares(),
            circe,
            first_rank: rules.first_rank_pawns(),
            captures_mutate: rules.captures_mutate(),
            mutation: Mutation::of(rules),
            clone_promoted,
            clone_royal_victim: rules.clone_royal_victim(),
            long_castling: rules.parrain_long_castling(),
            other_side_promotion: rules.parrain_other_side_promotion(),
            royal_ep: rules.royal_en_passant() == RoyalEnPassant::Yes,
            magic_all_contacts: rules.magic_contact_scope() == MagicContactScope::AllContacts,
            magic_steps: rules.magic_steps(),
            magic_kept: rules.magic_kept_contact(),
            magic_edge_promotes: rules.magic_pawn_edge() == MagicPawnEdge::Promote,
            magic_rebirth_mutates: rules.magic_rebirth_contact() == MagicRebirthContact::Mutates,
        })
    }

    /// Whether the orthodox generator's sinks may meet pawns on their own first rank: they step
    /// and take from it as from any other rank, and no capture mutates (a unit that takes such
    /// a pawn would become a pawn on its promotion rank, which the sinks do not count).
    fn first_rank_steps(&self) -> bool {
        self.first_rank == FirstRankPawns::Step && !self.captures_mutate
    }

    /// Perft, dispatched to the variant the rules need.
    pub fn perft(&self, p: &BbPosition, depth: u32, rules: &Rules) -> u64 {
        let mutate = rules.captures_mutate();
        let now = self.circe.is_some_and(|m| m.time == RebirthTime::Immediate);
        let later = self.circe.is_some_and(|m| m.time == RebirthTime::NextMove);
        match (mutate, now, later) {
            (false, false, false) => self.count::<false, false, false>(p, depth),
            (false, true, _) => self.count::<false, true, false>(p, depth),
            (false, false, true) => self.count::<false, false, true>(p, depth),
            (true, false, false) => self.count::<true, false, false>(p, depth),
            (true, true, _) => self.count::<true, true, false>(p, depth),
            (true, false, true) => self.count::<true, false, true>(p, depth),
        }
    }

    /// The positions after each legal move (for cross-checking the path against the record
    /// path).
    pub fn children(&self, p: &BbPosition, rules: &Rules) -> Vec<BbPosition> {
        let mutate = rules.captures_mutate();
        let now = self.circe.is_some_and(|m| m.time == RebirthTime::Immediate);
        let later = self.circe.is_some_and(|m| m.time == RebirthTime::NextMove);
        let mut out = Vec::new();
        match (mutate, now, later) {
            (false, false, false) => self.collect::<false, false, false>(p, &mut out),
            (false, true, _) => self.collect::<false, true, false>(p, &mut out),
            (false, false, true) => self.collect::<false, false, true>(p, &mut out),
            (true, false, false) => self.collect::<true, false, false>(p, &mut out),
            (true, true, _) => self.collect::<true, true, false>(p, &mut out),
            (true, false, true) => self.collect::<true, false, true>(p, &mut out),
        }
        out
    }

    fn collect<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        out: &mut Vec<BbPosition>,
    ) {
        self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                out.push(after);
            }
        });
    }

    fn count<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        depth: u32,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth > 1
            && super::orthodox::shaped_with_magic(p, self.first_rank_steps())
            && !(LATER && p.reserve.is_some())
        {
            return self.count_hybrid::<MUTATE, NOW, LATER>(p, depth);
        }
        let mut n = 0u64;
        if depth == 1
            && LATER
            && let Some(reserve) = p.reserve
        {
            let mut board = p.clone();
            board.reserve = None;
            if super::orthodox::shaped(&board, self.first_rank_steps())
                && reserve.piece.colour == colour_of(p.side)
                && !self.in_check(p, p.side)
            {
                // Out of check, a move by an unpinned unit other than the king (not en passant)
                // is legal, and the rebirth of a unit of its own side cannot make it illegal:
                // count it once per rebirth choice. The others go through the pipeline, and so
                // does every move when the unit waiting is an enemy one (a setup may put it
                // there), whose rebirth may give check.
                let us = p.side;
                let king_sq = lowest(p.walks[KING] & p.colours[us]);
                let excluded = p.walks[KING] & p.colours[us] | self.pinned(p, king_sq);
                let mut parrain = ParrainCounter {
                    c: self,
                    p,
                    reserve,
                    excluded,
                    mutate: MUTATE,
                    n: 0,
                };
                super::orthodox::generate(&board, &mut parrain);
                return parrain.n + self.count_left::<MUTATE, NOW, LATER>(p, false, excluded);
            }
        }
        if depth == 1
            && LATER
            && p.reserve.is_none()
            && super::orthodox::shaped(p, self.first_rank_steps())
        {
            // Parrain with nothing waiting: every move is an orthodox one (its capture only
            // fills the reserve), with Frankfurt's captures counted as such.
            if MUTATE {
                let mut c = super::orthodox::MutationCounter(0);
                super::orthodox::generate(p, &mut c);
                return c.0;
            }
            let mut c = super::orthodox::Counter(0);
            super::orthodox::generate(p, &mut c);
            return c.0;
        }
        if depth == 1 && !LATER && super::orthodox::shaped(p, self.first_rank_steps()) {
            // On an orthodox board a move that captures nothing is judged as in orthodox chess,
            // and under Frankfurt and Protean captures are too: count those with the orthodox
            // generator; judge only the Circe captures one by one.
            if !NOW && MUTATE {
                let mut c = super::orthodox::MutationCounter(0);
                super::orthodox::generate(p, &mut c);
                return c.0;
            }
            if !NOW {
                let mut c = super::orthodox::Counter(0);
                super::orthodox::generate(p, &mut c);
                return c.0;
            }
            // Out of check, a capture by an unpinned unit other than the king (not en passant)
            // opens no line to the king: it is legal unless the unit reborn attacks the king.
            // The other captures (every one in check) are made and tested one by one.
            let us = p.side;
            let king_sq = lowest(p.walks[KING] & p.colours[us]);
            if !MUTATE {
                let excluded = if self.in_check(p, us) {
                    !0
                } else {
                    p.walks[KING] & p.colours[us] | self.pinned(p, king_sq)
                };
                let mut circe = CirceCounter {
                    c: self,
                    p,
                    enemy: p.colours[1 - us] & !p.magic,
                    excluded,
                    king_sq,
                    n: 0,
                };
                super::orthodox::generate(p, &mut circe);
                n = circe.n;
                self.circe_captures_by(p, excluded, true, |_| n += 1);
                return n;
            }
            // Under Frankfurt too: the moves that capture nothing are orthodox ones; the captures
            // go through the pipeline.
            let mut quiet = super::orthodox::QuietCounter {
                enemy: p.colours[1 - p.side],
                n: 0,
            };
            super::orthodox::generate(p, &mut quiet);
            n = quiet.n;
            self.generate_from::<MUTATE, NOW, LATER>(p, true, &mut |mv| {
                if self.safe(&self.place_units(p, &mv), p.side) {
                    n += 1;
                }
            });
            return n;
        }
        if depth == 1
            && !MUTATE
            && !NOW
            && !LATER
            && p.magic != 0
            && super::orthodox::shaped_with_magic(p, self.first_rank_steps())
        {
            // Moves that make no contact are orthodox moves (magic units only block): count them
            // with the orthodox generator, and judge the others one by one. Out of check, the
            // orthodox generator also gives every contact move of an unpinned unit other than
            // the king (not en passant); the moves it may leave out (the magic units', the
            // others' into the zone, en passant and castling there) come from the pipeline.
            let zone = self.magic_zone(p);
            let us = p.side;
            let king_sq = lowest(p.walks[KING] & p.colours[us]);
            // Unpinned units other than the king, out of check: their moves are orthodox-legal,
            // so only an enemy unit mutated into an attacker of the king can make them illegal.
            let unpinned = if self.in_check(p, us) {
                0
            } else {
                p.colours[us] & !p.walks[KING] & !self.pinned(p, king_sq)
            };
            let simple = unpinned & !p.magic;
            let mut judged = 0u64;
            let mut judge = |mv: CMove| {
                let legal = if unpinned & bit(mv.from as Sq) != 0
                    && (mv.kind == MoveKind::Normal || mv.kind == MoveKind::DoublePush)
                {
                    !self.contacts_attack(p, &mv, king_sq)
                } else {
                    self.safe(&self.place_units(p, &mv), p.side)
                };
                if legal {
                    judged += 1;
                }
            };
            // A simple unit's move is orthodox-legal, and its contacts change only the mover
            // itself (no magic unit moves, nothing is reborn): each variant the contact stage
            // makes is legal.
            let mut simple_variants = 0u64;
            let mut split = MagicLeafSplit {
                zone,
                magic: p.magic,
                simple,
                magic_simple: unpinned & p.magic,
                castles: [CastlingSide::King, CastlingSide::Queen]
                    .map(|side| side.squares(colour_of(us)).map(|s| s.index())),
                n: 0,
                contact: |from: Sq, to: Sq, promo: u8| {
                    let walk = if promo == NONE {
                        Self::walk_at(p, from)
                    } else {
                        promo as usize
                    };
                    simple_variants += self.mover_contact_variants(p, from, to, walk);
                },
                magic_move: |from: Sq, to: Sq, kind: MoveKind, promo: u8| {
                    // Nothing is reborn here: the displacement goes straight to the contacts.
                    self.contacts(
                        p,
                        CMove::displacement(from, to, kind, NONE, promo),
                        &mut judge,
                    )
                },
            };
            super::orthodox::generate(p, &mut split);
            let (plain, castles) = (split.n, split.castles);
            let counted = plain + simple_variants;
            let movers = (p.colours[us] & !simple & !p.magic) | Self::en_passant_takers(p);
            self.generate_filtered::<MUTATE, NOW, LATER>(
                p,
                false,
                p.magic & !unpinned,
                &|_, _, _| true,
                &mut judge,
            );
            self.generate_arriving::<MUTATE, NOW, LATER>(
                p,
                false,
                movers & !p.magic,
                zone,
                &|from, to, kind| match kind {
                    MoveKind::Castle(side) => {
                        let [_, _, rf, rt] = castles[(side == CastlingSide::Queen) as usize];
                        p.magic & bit(rf) != 0 || zone & bit(rt) != 0
                    }
                    _ => {
                        zone & bit(to) != 0
                            && (simple & bit(from) == 0 || kind == MoveKind::EnPassant)
                    }
                },
                &mut judge,
            );
            return counted + judged;
        }
        if depth == 1 {
            // The last ply needs only the units' places to judge the mover's safety.
            self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
                if self.safe(&self.place_units(p, &mv), p.side) {
                    n += 1;
                }
            });
            return n;
        }
        self.generate::<MUTATE, NOW, LATER>(p, &mut |mv| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
            }
        });
        n
    }

    /// Perft on an orthodox board (magic units allowed, nothing in a Parrain reserve): the moves
    /// that neither capture under a condition where captures do more, nor make a contact with a
    /// magic unit, are orthodox moves, generated legal and made as such; the others go through
    /// the whole pipeline.
    fn count_hybrid<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        depth: u32,
    ) -> u64 {
        let us = p.side;
        let enemy = p.colours[1 - us];
        let captures_special = MUTATE || NOW || LATER;
        let zone = self.magic_zone(p);
        let plain = |from: Sq, to: Sq, kind: MoveKind| -> bool {
            let capture = kind == MoveKind::EnPassant || enemy & bit(to) != 0;
            if capture && captures_special {
                return false;
            }
            if p.magic == 0 {
                return true;
            }
            if p.magic & bit(from) != 0 {
                return false;
            }
            if let Some(side) = kind.castling() {
                let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
                return p.magic & bit(rf) == 0 && zone & bit(rt) == 0;
            }
            zone & bit(to) == 0
        };
        // Out of check under Circe alone, a capture by an unpinned unit other than the king (not
        // en passant) is an orthodox move plus a rebirth that must not attack the king.
        let king_sq = lowest(p.walks[KING] & p.colours[us]);
        let circe_alone = NOW && !MUTATE && !LATER && p.magic == 0;
        let excluded = if circe_alone && !self.in_check(p, us) {
            p.walks[KING] & p.colours[us] | self.pinned(p, king_sq)
        } else {
            !0
        };
        let mut n = 0u64;
        let mut list = super::orthodox::MoveList::new();
        super::orthodox::generate(p, &mut list);
        for &mv in list.as_slice() {
            let kind = mv.kind;
            let (from, to) = (mv.from as Sq, mv.to as Sq);
            if plain(from, to, kind) {
                n += self.count::<MUTATE, NOW, LATER>(&super::orthodox::make(p, mv), depth - 1);
            } else if kind != MoveKind::EnPassant && excluded & bit(from) == 0 {
                let promoted = match mv.kind {
                    MoveKind::Promotion(w) => Some(w as usize),
                    _ => None,
                };
                let Some((s, walks, count)) = self.circe_rebirth(p, from, to, promoted) else {
                    continue;
                };
                let after = super::orthodox::make(p, mv);
                if s == NONE {
                    n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
                    continue;
                }
                for &w in &walks[..count] {
                    if self.reborn_attacks(p, from, to, s as Sq, w as usize, king_sq) {
                        continue;
                    }
                    let mut child = after.clone();
                    self.place_reborn(&mut child, 1 - us, s as Sq, w as usize);
                    n += self.count::<MUTATE, NOW, LATER>(&child, depth - 1);
                }
            }
        }
        // Under Circe alone, the captures the orthodox list could not judge (the excluded units',
        // every one in check, en passant) are made directly.
        if circe_alone {
            self.circe_captures_by(p, excluded, true, |child| {
                n += self.count::<MUTATE, NOW, LATER>(child, depth - 1)
            });
            return n;
        }
        let admit = |from, to, kind| !plain(from, to, kind);
        let mut descend = |mv: CMove| {
            let after = self.make::<LATER>(p, &mv);
            if self.safe(&after, p.side) {
                n += self.count::<MUTATE, NOW, LATER>(&after, depth - 1);
            }
        };
        // A unit other than a magic one makes a move that is not plain only by a capture (under
        // a condition where captures do more), by arriving next to a magic unit, or by castling.
        let ep_target = p.ep().map_or(0, |(target, _)| bit(target as Sq));
        let special = if captures_special {
            enemy | ep_target
        } else {
            0
        } | zone;
        self.generate_filtered::<MUTATE, NOW, LATER>(p, false, p.magic, &admit, &mut descend);
        self.generate_arriving::<MUTATE, NOW, LATER>(
            p,
            false,
            !p.magic,
            special,
            &admit,
            &mut descend,
        );
        n
    }

    /// The immediate rebirth a capture from `from` to `to` makes on an orthodox board: `None`
    /// when the capture is forbidden (`rebirth_occupied: strict`), else the square (NONE when
    /// the unit is lost) and the walks it may be reborn with (one per promotion choice).
    fn circe_rebirth(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        promoted: Option<usize>,
    ) -> Option<(u8, [u8; 4], usize)> {
        self.circe_rebirth_of(p, from, to, to, promoted)
    }

    /// As [`Self::circe_rebirth`], the unit taken standing on `cap` (en passant: not `to`).
    fn circe_rebirth_of(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        cap: Sq,
        promoted: Option<usize>,
    ) -> Option<(u8, [u8; 4], usize)> {
        let model = self.circe.expect("a Circe model");
        let them = 1 - p.side;
        let walk = self.reborn_walk(
            &model,
            p,
            from,
            cap,
            promoted.filter(|_| self.clone_promoted),
        );
        let s = self
            .rebirth_squares
            .square(model.place, them, walk, cap, from, to);
        let occ = (p.occupied() & !bit(from) & !bit(cap)) | bit(to);
        match circe::rebirth(s, occ, model.occupied, p.royal & bit(cap) != 0) {
            Rebirth::On(s) if promotes(them, walk, s) => Some((s as u8, PROMOTIONS, 4)),
            Rebirth::On(s) => Some((s as u8, [walk as u8, NONE, NONE, NONE], 1)),
            Rebirth::Lost => Some((NONE, [NONE; 4], 1)),
            Rebirth::Forbidden => None,
        }
    }

    /// The walk index of the unit taken on `cap` by the unit on `from` comes back with
    /// (`promoted`: the capturer's walk after its promotion, when that is the walk cloned).
    #[inline]
    fn reborn_walk(
        &self,
        model: &CirceModel,
        p: &BbPosition,
        from: Sq,
        cap: Sq,
        promoted: Option<usize>,
    ) -> usize {
        walk_index(circe::reborn_walk(
            model.walk,
            self.clone_royal_victim,
            WALKS[Self::walk_at(p, from)],
            p.royal & bit(from) != 0,
            WALKS[Self::walk_at(p, cap)],
            p.royal & bit(cap) != 0,
            promoted.map(|w| WALKS[w]),
        ))
    }

    /// Under Circe alone on an orthodox board (no magic unit), every legal capture by the units
    /// on `units`, and every en passant capture when `en_passant`, as the position it leads to:
    /// the orthodox displacement, then the rebirth, then the mover's safety. Cheaper than the
    /// pipeline for the captures the orthodox generator cannot judge (the king's, pinned
    /// units', en passant, every one in check).
    fn circe_captures_by(
        &self,
        p: &BbPosition,
        units: u64,
        en_passant: bool,
        mut f: impl FnMut(&BbPosition),
    ) {
        use super::orthodox::Mv;
        let t = self.t;
        let us = p.side;
        let own = p.colours[us];
        let occ = p.occupied();
        let takeable = p.colours[1 - us] & !p.royal & !p.magic;
        let mut capture = |from: Sq, to: Sq, cap: Sq, promoted: Option<usize>| {
            let Some((s, walks, count)) = self.circe_rebirth_of(p, from, to, cap, promoted) else {
                return;
            };
            let kind = match promoted {
                Some(w) => MoveKind::Promotion(w as u8),
                None if cap != to => MoveKind::EnPassant,
                None => MoveKind::Normal,
            };
            let after = super::orthodox::make(
                p,
                Mv {
                    from: from as u8,
                    to: to as u8,
                    kind,
                },
            );
            if s == NONE {
                if self.safe(&after, us) {
                    f(&after);
                }
                return;
            }
            for &w in &walks[..count] {
                let mut child = after.clone();
                self.place_reborn(&mut child, 1 - us, s as Sq, w as usize);
                if self.safe(&child, us) {
                    f(&child);
                }
            }
        };
        for from in Bits(own & units) {
            let w = Self::walk_at(p, from);
            let (targets, last) = match WALKS[w] {
                Walk::King => (t.king[from], 0),
                Walk::Knight => (t.knight[from], 0),
                Walk::Bishop => (t.bishop(from, occ), 0),
                Walk::Rook => (t.rook(from, occ), 0),
                Walk::Queen => (t.rook(from, occ) | t.bishop(from, occ), 0),
                walk @ (Walk::Pawn | Walk::ReversePawn) => {
                    let up = moves_up(us, walk);
                    let last = if up { 0xFF00_0000_0000_0000 } else { 0xFF };
                    (t.pawn[usize::from(!up)][from], last)
                }
            };
            for to in Bits(targets & takeable) {
                if last & bit(to) != 0 {
                    for promotion in PROMOTIONS {
                        capture(from, to, to, Some(promotion as usize));
                    }
                } else {
                    capture(from, to, to, None);
                }
            }
        }
        if !en_passant {
            return;
        }
        if let Some((target, pawn, takers)) = super::orthodox::en_passant(t, p, takeable) {
            for from in Bits(takers) {
                capture(from, target, pawn, None);
            }
        }
    }

    /// Puts a reborn unit of colour `c` on `s`; a rook on a corner of its own first rank gains
    /// that corner's castling right while its king keeps its own.
    fn place_reborn(&self, n: &mut BbPosition, c: usize, s: Sq, w: usize) {
        n.colours[c] |= bit(s);
        n.walks[w] |= bit(s);
        let colour = colour_of(c);
        let corner = [CastlingSide::King, CastlingSide::Queen]
            .iter()
            .any(|side| side.squares(colour)[2].index() == s);
        if w == ROOK && corner && n.castling.king_may_castle(colour) {
            n.castling.insert(square(s));
        }
    }

    /// The last ply's moves (captures only, when `captures_only`) that a counter from the
    /// orthodox generator left out: those of the `excluded` units and en passant, each judged
    /// after the whole pipeline.
    fn count_left<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        excluded: u64,
    ) -> u64 {
        let mut n = 0;
        let movers = excluded | Self::en_passant_takers(p);
        if movers == 0 {
            return 0;
        }
        self.generate_filtered::<MUTATE, NOW, LATER>(
            p,
            captures_only,
            movers,
            &|from, _, kind| excluded & bit(from) != 0 || kind == MoveKind::EnPassant,
            &mut |mv| {
                if self.safe(&self.place_units(p, &mv), p.side) {
                    n += 1;
                }
            },
        );
        n
    }

    /// Stages 4 and 5 on a board: the Parrain rebirth (with the reserved unit's attributes) and
    /// the contact mutations.
    fn place_delayed_and_contacts(n: &mut BbPosition, p: &BbPosition, mv: &CMove) {
        if mv.del_sq != NONE {
            let r = p.reserve.expect("a reserve");
            n.put(
                mv.del_sq as Sq,
                r.piece.with_walk(WALKS[mv.del_walk as usize]),
            );
        }
        for &(s, w) in &mv.contacts[..mv.contact_count as usize] {
            let b = bit(s as Sq);
            for walk in &mut n.walks {
                *walk &= !b;
            }
            n.walks[w as usize] |= b;
        }
    }

    /// The squares next to a magic unit: a unit arriving there may make a contact.
    fn magic_zone(&self, p: &BbPosition) -> u64 {
        let mut zone = 0u64;
        for sq in Bits(p.magic) {
            zone |= self.t.king[sq];
        }
        zone
    }

    /// The pawn-like units of the side to move, when an en passant capture exists (else none).
    fn en_passant_takers(p: &BbPosition) -> u64 {
        if p.ep().is_some() {
            (p.walks[PAWN] | p.walks[REVERSE_PAWN]) & p.colours[p.side]
        } else {
            0
        }
    }

    /// Units of the side to move pinned to the king on `king_sq` by enemy riders.
    fn pinned(&self, p: &BbPosition, king_sq: Sq) -> u64 {
        let t = self.t;
        let us = p.side;
        let enemy = p.colours[1 - us] & !p.magic;
        let occ = p.occupied();
        let snipers = t.rook(king_sq, 0) & (p.walks[ROOK] | p.walks[QUEEN]) & enemy
            | t.bishop(king_sq, 0) & (p.walks[BISHOP] | p.walks[QUEEN]) & enemy;
        let mut pinned = 0;
        for s in Bits(snipers) {
            let blockers = t.between(king_sq, s) & occ;
            if blockers.count_ones() == 1 {
                pinned |= blockers & p.colours[us];
            }
        }
        pinned
    }

    /// Whether the unit reborn on `s` with walk `w` after a capture from `from` to `to` attacks
    /// the capturer's king on `king_sq`.
    fn reborn_attacks(
        &self,
        p: &BbPosition,
        from: Sq,
        to: Sq,
        s: Sq,
        w: usize,
        king_sq: Sq,
    ) -> bool {
        let occ = (p.occupied() & !bit(from)) | bit(to) | bit(s);
        self.unit_attacks(1 - p.side, s, w, king_sq, occ)
    }

    /// Whether a unit of colour `c` and walk `w` on `s` attacks `target`, `occ` blocking.
    fn unit_attacks(&self, c: usize, s: Sq, w: usize, target: Sq, occ: u64) -> bool {
        let t = self.t;
        let k = bit(target);
        // A rider attacks along its lines only: most squares are on none, and the others need
        // only the squares between to be empty.
        let (df, dr) = ((s % 8).abs_diff(target % 8), (s / 8).abs_diff(target / 8));
        let orthogonal = df == 0 || dr == 0;
        let diagonal = df == dr;
        match WALKS[w] {
            Walk::Knight => t.knight[s] & k != 0,
            Walk::King => t.king[s] & k != 0,
            Walk::Rook => orthogonal && t.between(s, target) & occ == 0,
            Walk::Bishop => diagonal && t.between(s, target) & occ == 0,
            Walk::Queen => (orthogonal || diagonal) && t.between(s, target) & occ == 0,
            walk @ (Walk::Pawn | Walk::ReversePawn) => {
                let up = moves_up(c, walk);
                let rear = if up { 0 } else { 7 };
                if self.first_rank == FirstRankPawns::Inert && fr(s).1 == rear {
                    return false;
                }
                t.pawn[if up { 0 } else { 1 }][s] & k != 0
            }
        }
    }

    /// Whether an enemy unit the move mutates by contact attacks the mover's king on `king_sq`
    /// with its new walk. For a move that orthodox chess allows without looking (an unpinned
    /// unit other than the king, out of check), this is all that can make it illegal: the
    /// mutations change no square's occupation, and the unmutated enemy units attack as before.
    fn contacts_attack(&self, p: &BbPosition, mv: &CMove, king_sq: Sq) -> bool {
        let them = 1 - p.side;
        let enemy = p.colours[them] & !p.magic & !bit(mv.to as Sq);
        let occ = (p.occupied() & !bit(mv.from as Sq)) | bit(mv.to as Sq);
        mv.contacts[..mv.contact_count as usize]
            .iter()
            .any(|&(s, w)| {
                enemy & bit(s as Sq) != 0
                    && self.unit_attacks(them, s as Sq, w as usize, king_sq, occ)
            })
    }

    /// The units after a move, with only what the safety test reads: the sets of colours,
    /// walks and royal units, and the en passant square of a royal pawn's double step.
    fn place_units(&self, p: &BbPosition, mv: &CMove) -> BbPosition {
        let mut n = p.clone();
        let us = p.side;
        let them = 1 - us;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        let (fb, tb) = (bit(from), bit(to));
        let mover_walk = Self::walk_at(p, from);
        let royal = p.royal & fb != 0;
        let magic = p.magic & fb != 0;
        if mv.cap != NONE {
            let cb = bit(mv.cap as Sq);
            n.colours[them] &= !cb;
            n.walks[Self::walk_at(p, mv.cap as Sq)] &= !cb;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            n.colours[us] ^= fb | tb | bit(rf) | bit(rt);
            n.walks[KING] ^= fb | tb;
            n.walks[ROOK] ^= bit(rf) | bit(rt);
        } else {
            let w = if mv.walk == NONE {
                mover_walk
            } else {
                mv.walk as usize
            };
            n.colours[us] ^= fb | tb;
            n.walks[mover_walk] &= !fb;
            n.walks[w] |= tb;
        }
        if royal {
            n.royal ^= fb | tb;
        }
        if magic {
            n.magic ^= fb | tb;
        }
        if let Some(side) = mv.kind.castling() {
            let [_, _, rf, rt] = side.squares(colour_of(us)).map(|s| s.index());
            if p.magic & bit(rf) != 0 {
                n.magic ^= bit(rf) | bit(rt);
            }
        }
        if mv.reb_sq != NONE {
            let s = mv.reb_sq as Sq;
            n.colours[them] |= bit(s);
            n.walks[mv.reb_walk as usize] |= bit(s);
        }
        Self::place_delayed_and_contacts(&mut n, p, mv);
        n.set_ep(
            if self.royal_ep && royal && mv.kind == MoveKind::DoublePush {
                self.en_passant(&n, from, to, them)
            } else {
                None
            },
        );
        n
    }

    /// The en passant square after a double step from `from` to `to`, when a pawn of colour
    /// `them` could take there.
    fn en_passant(&self, n: &BbPosition, from: Sq, to: Sq, them: usize) -> Option<(u8, u8)> {
        let passed = (from + to) / 2;
        // A rebirth (Parrain) may fill the passed square: then no pawn can take there.
        (n.occupied() & bit(passed) == 0
            && super::orthodox::pawns_attacking(self.t, n, them, passed) != 0)
            .then_some((passed as u8, to as u8))
    }

    #[inline]
    fn walk_at(p: &BbPosition, sq: Sq) -> usize {
        let b = bit(sq);
        // The commonest walks first.
        for w in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            if p.walks[w] & b != 0 {
                return w;
            }
        }
        REVERSE_PAWN
    }

    /// Pawn-like units of colour `c` moving up (or down) whose attacks count.
    #[inline]
    fn pawn_set(&self, p: &BbPosition, c: usize, up: bool) -> u64 {
        let w = if up == (c == 0) { PAWN } else { REVERSE_PAWN };
        let set = p.walks[w] & p.colours[c] & !p.magic;
        if self.first_rank == FirstRankPawns::Inert {
            set & !(if up { 0xFFu64 } else { 0xFF << 56 })
        } else {
            set
        }
    }

    #[inline]
    fn attacked(&self, p: &BbPosition, sq: Sq, occ: u64, by: usize) -> bool {
        let t = self.t;
        let them = p.colours[by] & !p.magic;
        let q = p.walks[QUEEN];
        (t.knight[sq] & p.walks[KNIGHT]
            | t.king[sq] & p.walks[KING]
            | t.rook(sq, occ) & (p.walks[ROOK] | q)
            | t.bishop(sq, occ) & (p.walks[BISHOP] | q))
            & them
            != 0
            || t.pawn[1][sq] & self.pawn_set(p, by, true) != 0
            || t.pawn[0][sq] & self.pawn_set(p, by, false) != 0
    }

    /// After a move of colour `c`: its royal units are not attacked (and, with
    /// `royal_en_passant: yes`, a royal pawn that just double-stepped cannot be taken e.p.).
    fn safe(&self, p: &BbPosition, c: usize) -> bool {
        if self.in_check(p, c) {
            return false;
        }
        if self.royal_ep
            && let Some((target, pawn)) = p.ep()
            && p.royal & bit(pawn as Sq) != 0
        {
            let t = target as Sq;
            let takers = self.t.pawn[1][t] & self.pawn_set(p, 1 - c, true)
                | self.t.pawn[0][t] & self.pawn_set(p, 1 - c, false);
            if takers != 0 {
                return false;
            }
        }
        true
    }

    fn in_check(&self, p: &BbPosition, c: usize) -> bool {
        let occ = p.occupied();
        for r in Bits(p.royal & p.colours[c]) {
            if self.attacked(p, r, occ, 1 - c) {
                return true;
            }
        }
        false
    }

    /// Every pseudo-legal move with all its stages, given to `emit`.
    fn generate<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_from::<MUTATE, NOW, LATER>(p, false, emit);
    }

    /// Every pseudo-legal move (only the captures when `captures_only`), stages included.
    fn generate_from<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_filtered::<MUTATE, NOW, LATER>(p, captures_only, !0, &|_, _, _| true, emit);
    }

    /// As [`Self::generate_from`], for the units on `movers` only, keeping the displacements
    /// `admit` accepts (from, to, kind).
    fn generate_filtered<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        movers: u64,
        admit: &impl Fn(Sq, Sq, MoveKind) -> bool,
        emit: &mut impl FnMut(CMove),
    ) {
        self.generate_arriving::<MUTATE, NOW, LATER>(p, captures_only, movers, !0, admit, emit);
    }

    /// As [`Self::generate_filtered`], the displacements other than castling arriving on
    /// `arrivals` only (which spares generating the others).
    fn generate_arriving<const MUTATE: bool, const NOW: bool, const LATER: bool>(
        &self,
        p: &BbPosition,
        captures_only: bool,
        movers: u64,
        arrivals: u64,
        admit: &impl Fn(Sq, Sq, MoveKind) -> bool,
        emit: &mut impl FnMut(CMove),
    ) {
        let t = self.t;
        let us = p.side;
        let own = p.colours[us];
        let enemy = p.colours[1 - us];
        let occ = own | enemy;
        // Royal units cannot be taken on this path (no Circe rex inclusive); magic units
        // neither take nor are taken.
        let enemy_takeable = enemy & !p.royal & !p.magic;
        let mut stages = |from: Sq, to: Sq, kind: MoveKind, cap: u8, promo: u8| {
            let arrives = arrivals & bit(to) != 0 || kind.castling().is_some();
            if arrives && admit(from, to, kind) {
                self.stages::<MUTATE, NOW, LATER>(p, from, to, kind, cap, promo, emit);
            }
        };
        for w in [KING, QUEEN, ROOK, BISHOP, KNIGHT] {
            for from in Bits(p.walks[w] & own & movers) {
                let takeable = if p.magic & bit(from) != 0 {
                    0
                } else {
                    enemy_takeable
                };
                let reach = match w {
                    KING => t.king[from],
                    KNIGHT => t.knight[from],
                    ROOK => t.rook(from, occ),
                    BISHOP => t.bishop(from, occ),
                    _ => t.rook(from, occ) | t.bishop(from, occ),
                };
                let reach = reach & arrivals;
                for to in Bits(if captures_only { 0 } else { reach & !occ }) {
                    stages(from, to, MoveKind::Normal, NONE, NONE);
                }
                for to in Bits(reach & takeable) {
                    stages(from, to, MoveKind::Normal, to as u8, NONE);
                }
                if w == KING && !captures_only {
                    self.castlings(p, from, occ, &mut stages);
                }
            }
        }
        for up in [true, false] {
            let w = if up == (us == 0) { PAWN } else { REVERSE_PAWN };
            let pawns = p.walks[w] & own & movers;
            let dir = if up { 1 } else { -1 };
            let (rear, last, double_rank) = if up { (0, 7, 1) } else { (7, 0, 6) };
            for from in Bits(pawns) {
                let takeable = if p.magic & bit(from) != 0 {
                    0
                } else {
                    enemy_takeable
                };
                let (f, r) = fr(from);
                if r == rear && self.first_rank != FirstRankPawns::Step {
                    continue;
                }
                let with_promotions =
                    |to: Sq, cap: u8, stages: &mut dyn FnMut(Sq, Sq, MoveKind, u8, u8)| {
                        // A capturer that mutates does not promote: the stage decides.
                        if fr(to).1 == last && (cap == NONE || !MUTATE) {
                            for pr in PROMOTIONS {
                                stages(from, to, MoveKind::Normal, cap, pr);
                            }
                        } else {
                            stages(from, to, MoveKind::Normal, cap, NONE);
                        }
                    };
                if let Some(one) = at(f, r + dir).filter(|&s| occ & bit(s) == 0 && !captures_only) {
                    with_promotions(one, NONE, &mut stages);
                    if r == double_rank
                        && let Some(two) = at(f, r + 2 * dir).filter(|&s| occ & bit(s) == 0)
                    {
                        stages(from, two, MoveKind::DoublePush, NONE, NONE);
                    }
                }
                for df in [-1, 1] {
                    let Some(to) = at(f + df, r + dir) else {
                        continue;
                    };
                    if takeable & bit(to) != 0 {
                        with_promotions(to, to as u8, &mut stages);
                    } else if let Some((target, pawn)) = p.ep()
                        && target as Sq == to
                        && occ & bit(to) == 0
                        && takeable & (p.walks[PAWN] | p.walks[REVERSE_PAWN]) & bit(pawn as Sq) != 0
                    {
                        stages(from, to, MoveKind::EnPassant, pawn, NONE);
                    }
                }
            }
        }
    }

    fn castlings(
        &self,
        p: &BbPosition,
        from: Sq,
        occ: u64,
        stages: &mut impl FnMut(Sq, Sq, MoveKind, u8, u8),
    ) {
        let us = p.side;
        let colour = colour_of(us);
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let [kf, kt, rf, rt] = side.squares(colour).map(|s| s.index());
            if from != kf || !p.castling.contains(square(rf)) {
                continue;
            }
            if p.walks[ROOK] & p.colours[us] & bit(rf) == 0 {
                continue;
            }
            let span = (self.t.between(kf, rf) | bit(kt) | bit(rt)) & !bit(kf) & !bit(rf);
            if span & occ != 0 || self.in_check(p, us) {
                continue;
            }
            let crossed = self.t.between(kf, kt) | bit(kf);
            let mut safe = true;
            for s in Bits(crossed) {
                if self.attacked(p, s, occ, 1 - us) {
                    safe = false;
                    break;
                }
            }
            if safe {
                stages(kf, kt, MoveKind::Castle(side), NONE, NONE);
            }
        }
    }

    /// Stages 2 to 4 for one displacement.
    #[allow(clippy::too_many_arguments)]
    fn stages<const MUTATE: bool, const NOW: bool, const LATER: bool>(
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
        let mover_walk = Self::walk_at(p, from);
        let us = p.side;
        // Stage 2: mutation, then a promotion when the new pawn stands on its last rank.
        let mut walks: [u8; 4] = [mv.walk, NONE, NONE, NONE];
        let mut walk_count = 1;
        if MUTATE && cap != NONE {
            let victim = Self::walk_at(p, cap as Sq);
            let new = self
                .mutation
                .new_walk(
                    WALKS[mover_walk],
                    p.royal & bit(from) != 0,
                    p.mutable != 0,
                    p.mutable & bit(from) != 0,
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

    fn rebirths<const NOW: bool, const LATER: bool>(
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
            let model = self.circe.expect("a Circe model");
            let cap = mv.cap as Sq;
            let promoted = (self.clone_promoted && is_pawnlike(mover_walk) && mv.walk != NONE)
                .then_some(mv.walk as usize);
            let walk = self.reborn_walk(&model, p, from, cap, promoted);
            let sq = self
                .rebirth_squares
                .square(model.place, them, walk, cap, from, to);
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
            if LATER && let Some(reserve) = p.reserve {
                let s = parrain::rebirth_square(
                    reserve.square.index(),
                    m.kind.castling(),
                    from,
                    to,
                    self.long_castling,
                );
                if let Some(s) = s.filter(|&s| occ & bit(s) == 0) {
                    let c = colour_index(reserve.piece.colour);
                    let w = walk_index(reserve.piece.walk);
                    m.del_sq = s as u8;
                    let may_promote = parrain::may_promote(c, p.side, self.other_side_promotion);
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
    fn contacts(&self, p: &BbPosition, mv: CMove, emit: &mut impl FnMut(CMove)) {
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
        for s in Bits(candidates) {
            let was = origin(s);
            if was.is_none() && !self.magic_rebirth_mutates {
                continue;
            }
            let touching = after.magic & t.king[s];
            if touching == 0 {
                continue;
            }
            let mut new = 0u64;
            for m in Bits(touching) {
                if magic::is_new_contact(was, s, origin(m), m, self.magic_kept) {
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
    fn contact_change(
        &self,
        s: Sq,
        c: usize,
        walk: usize,
        touching: u64,
        new: u64,
        colours: &[u64; 2],
    ) -> Option<([u8; 4], u8)> {
        let scope = if self.magic_all_contacts {
            touching
        } else {
            new
        };
        let own = (scope & colours[c]).count_ones();
        let w = walk_index(magic::contact_walk(
            WALKS[walk],
            own,
            scope.count_ones(),
            self.magic_steps,
        )?);
        if promotes(c, w, s) && self.magic_edge_promotes {
            Some((PROMOTIONS, 4))
        } else {
            Some(([w as u8, NONE, NONE, NONE], 1))
        }
    }

    /// The number of moves a displacement from `from` to `to` by a unit of the side to move
    /// that is not magic makes by contact, when nothing else moves and nothing is reborn (so
    /// that the mover, of walk `walk` on arrival, is the only unit that may change).
    fn mover_contact_variants(&self, p: &BbPosition, from: Sq, to: Sq, walk: usize) -> u64 {
        let touching = p.magic & self.t.king[to];
        if touching == 0 {
            return 1;
        }
        // Nothing but the mover moves: each magic unit stays where it was.
        let new = Bits(touching)
            .filter(|&m| magic::is_new_contact(Some(from), to, Some(m), m, self.magic_kept))
            .fold(0u64, |set, m| set | bit(m));
        if new == 0 {
            return 1;
        }
        let mut colours = p.colours;
        colours[p.side] ^= bit(from) | bit(to);
        colours[1 - p.side] &= !bit(to);
        self.contact_change(to, p.side, walk, touching, new, &colours)
            .map_or(1, |(_, n)| u64::from(n))
    }

    fn expand_contacts(
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

    /// The position after a move (every stage).
    fn make<const LATER: bool>(&self, p: &BbPosition, mv: &CMove) -> BbPosition {
        let mut n = p.clone();
        let us = p.side;
        let them = 1 - us;
        let (from, to) = (mv.from as Sq, mv.to as Sq);
        let colour = colour_of(us);
        let mover_walk = Self::walk_at(p, from);
        let mover = p.piece_at(from).expect("a mover");
        let mover_royal = mover.royal;
        let mut captured = None;
        if mv.cap != NONE {
            let c = mv.cap as Sq;
            captured = p.piece_at(c);
            n.clear(c);
        }
        if let Some(side) = mv.kind.castling() {
            n.castle(colour, side);
        } else {
            n.clear(from);
            let w = if mv.walk == NONE {
                mover_walk
            } else {
                mv.walk as usize
            };
            n.put(to, mover.with_walk(WALKS[w]));
        }
        if mv.reb_sq != NONE {
            let s = mv.reb_sq as Sq;
            n.colours[them] |= bit(s);
            n.walks[mv.reb_walk as usize] |= bit(s);
            if captured.is_some_and(|c| c.mutable) {
                n.mutable |= bit(s);
            }
        }
        Self::place_delayed_and_contacts(&mut n, p, mv);
        // Castling rights, as the shared convention has them.
        if !n.castling.is_empty() {
            if mover_walk == KING {
                n.castling.clear(colour);
            }
            for s in [from, to] {
                n.castling.remove(square(s));
            }
            if mv.cap != NONE {
                n.castling.remove(square(mv.cap as Sq));
            }
            if let Some(side) = mv.kind.castling() {
                n.castling.remove(side.squares(colour)[2]);
            }
            for c in 0..2 {
                let cc = colour_of(c);
                for corner in [CastlingSide::King, CastlingSide::Queen] {
                    let rs = corner.squares(cc)[2];
                    if n.castling.contains(rs)
                        && n.colours[c] & n.walks[ROOK] & bit(rs.index()) == 0
                    {
                        n.castling.remove(rs);
                    }
                }
                let ks = CastlingSide::King.squares(cc)[0].index();
                if n.colours[c] & n.walks[KING] & n.royal & bit(ks) == 0 {
                    n.castling.remove_king(cc);
                }
            }
        }
        // Regain: a unit that becomes a rook on its own corner.
        let mut regain = |s: Sq, c: usize, w: usize, royal: bool| {
            let cc = colour_of(c);
            let corner = [CastlingSide::King, CastlingSide::Queen]
                .iter()
                .any(|side| side.squares(cc)[2].index() == s);
            if w == ROOK && !royal && corner && n.castling.king_may_castle(cc) {
                n.castling.insert(square(s));
            }
        };
        if mv.reb_sq != NONE {
            regain(mv.reb_sq as Sq, them, mv.reb_walk as usize, false);
        }
        if mv.del_sq != NONE {
            let royal = p.reserve.is_some_and(|r| r.piece.royal);
            let c = p.reserve.map_or(us, |r| colour_index(r.piece.colour));
            regain(mv.del_sq as Sq, c, mv.del_walk as usize, royal);
        }
        if mv.changed && mv.walk != NONE && mv.kind == MoveKind::Normal {
            regain(to, us, mv.walk as usize, mover_royal);
        }
        // En passant after a double step, when an enemy pawn could take.
        n.set_ep(if mv.kind == MoveKind::DoublePush {
            self.en_passant(&n, from, to, them)
        } else {
            None
        });
        if LATER {
            n.reserve = captured.map(|c| Reserve {
                piece: c,
                square: square(mv.cap as Sq),
            });
        }
        let resets = mv.cap != NONE || is_pawnlike(mover_walk);
        n.halfmove = if resets { 0 } else { p.halfmove + 1 };
        if colour == Colour::Black {
            n.fullmove += 1;
        }
        n.side = them;
        n
    }
}

/// Counts, from the orthodox generator out of check, every quiet move and every Circe capture by
/// an unpinned unit other than the king: such a capture is legal unless the unit it brings back
/// attacks the king (one move per promotion of a reborn pawn, each judged). Captures by the king,
/// by pinned units and en passant are left to the pipeline.
struct CirceCounter<'a> {
    c: &'a Compact,
    p: &'a BbPosition,
    enemy: u64,
    excluded: u64,
    king_sq: Sq,
    n: u64,
}

impl CirceCounter<'_> {
    /// The legal moves one capture makes (promotion of the capturer aside).
    fn capture(&self, from: Sq, to: Sq, promoted: Option<usize>) -> u64 {
        let Some((s, walks, count)) = self.c.circe_rebirth(self.p, from, to, promoted) else {
            return 0;
        };
        if s == NONE {
            return 1;
        }
        walks[..count]
            .iter()
            .filter(|&&w| {
                !self
                    .c
                    .reborn_attacks(self.p, from, to, s as Sq, w as usize, self.king_sq)
            })
            .count() as u64
    }

    fn captures(&mut self, targets: u64, delta: Option<i32>, from: Sq, promotions: bool) {
        for to in Bits(targets) {
            let from = delta.map_or(from, |d| (to as i32 - d) as Sq);
            if self.excluded & bit(from) != 0 {
                continue;
            }
            if promotions {
                if self.c.clone_promoted {
                    for w in PROMOTIONS {
                        self.n += self.capture(from, to, Some(w as usize));
                    }
                } else {
                    self.n += 4 * self.capture(from, to, None);
                }
            } else {
                self.n += self.capture(from, to, None);
            }
        }
    }
}

impl super::orthodox::Sink for CirceCounter<'_> {
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        match kind {
            MoveKind::EnPassant => {}
            _ if self.enemy & bit(to) == 0 => self.n += 1,
            MoveKind::Promotion(w) => {
                // One of four: count the capture's variants for this promotion only.
                if self.excluded & bit(from) == 0 {
                    let promoted = self.c.clone_promoted.then_some(w as usize);
                    self.n += self.capture(from, to, promoted);
                }
            }
            _ => self.captures(bit(to), None, from, false),
        }
    }
    fn add_targets(&mut self, from: Sq, targets: u64) {
        self.n += (targets & !self.enemy).count_ones() as u64;
        self.captures(targets & self.enemy, None, from, false);
    }
    fn add_shifted(&mut self, targets: u64, delta: i32, _: MoveKind) {
        self.n += (targets & !self.enemy).count_ones() as u64;
        self.captures(targets & self.enemy, Some(delta), 0, false);
    }
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        self.n += 4 * (targets & !self.enemy).count_ones() as u64;
        self.captures(targets & self.enemy, Some(delta), 0, true);
    }
    fn add_capture_promotions(&mut self, targets: u64, delta: i32) {
        self.captures(targets, Some(delta), 0, true);
    }
}

/// Splits the orthodox generator's moves at the last ply with magic units on the board: the
/// moves that make no contact are counted; the contact moves of `simple` units (unpinned, not
/// the king, not magic, out of check), en passant aside, go to `contact` one by one (from, to,
/// promotion or NONE); the moves of `magic_simple` units (unpinned magic units other than the
/// king, out of check) go to `magic_move` (from, to, kind, promotion or NONE); the others are
/// left out.
struct MagicLeafSplit<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> {
    zone: u64,
    magic: u64,
    simple: u64,
    magic_simple: u64,
    /// The squares of each castling of the side to move: king's side, queen's side.
    castles: [[Sq; 4]; 2],
    n: u64,
    contact: F,
    magic_move: G,
}

impl<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> MagicLeafSplit<F, G> {
    fn sources(&self, set: u64, delta: i32) -> u64 {
        if delta > 0 {
            set << delta
        } else {
            set >> -delta
        }
    }

    /// A move of a magic unit.
    fn magic_add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        if self.magic_simple & bit(from) == 0 {
            return;
        }
        match kind {
            MoveKind::Normal => (self.magic_move)(from, to, MoveKind::Normal, NONE),
            MoveKind::DoublePush => (self.magic_move)(from, to, MoveKind::DoublePush, NONE),
            MoveKind::Promotion(w) => (self.magic_move)(from, to, MoveKind::Normal, w as u8),
            // A magic unit takes nothing, and castling is the king's move.
            MoveKind::EnPassant | MoveKind::Castle(_) => {}
        }
    }
}

impl<F: FnMut(Sq, Sq, u8), G: FnMut(Sq, Sq, MoveKind, u8)> super::orthodox::Sink
    for MagicLeafSplit<F, G>
{
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        if self.magic & bit(from) != 0 {
            self.magic_add(from, to, kind);
            return;
        }
        match kind {
            MoveKind::Castle(side) => {
                let [_, _, rf, rt] = self.castles[(side == CastlingSide::Queen) as usize];
                if self.magic & bit(rf) == 0 && self.zone & bit(rt) == 0 {
                    self.n += 1;
                }
            }
            _ if self.zone & bit(to) == 0 => self.n += 1,
            MoveKind::EnPassant => {}
            _ if self.simple & bit(from) == 0 => {}
            MoveKind::Promotion(w) => (self.contact)(from, to, w as u8),
            MoveKind::Normal | MoveKind::DoublePush => (self.contact)(from, to, NONE),
        }
    }
    fn add_targets(&mut self, from: Sq, targets: u64) {
        if self.magic & bit(from) != 0 {
            for to in Bits(targets) {
                self.magic_add(from, to, MoveKind::Normal);
            }
            return;
        }
        self.n += (targets & !self.zone).count_ones() as u64;
        if self.simple & bit(from) != 0 {
            for to in Bits(targets & self.zone) {
                (self.contact)(from, to, NONE);
            }
        }
    }
    fn add_shifted(&mut self, targets: u64, delta: i32, kind: MoveKind) {
        let from_magic = targets & self.sources(self.magic, delta);
        let targets = targets & !from_magic;
        self.n += (targets & !self.zone).count_ones() as u64;
        for to in Bits((targets & self.zone) | from_magic) {
            self.add((to as i32 - delta) as Sq, to, kind);
        }
    }
    #[inline]
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        if targets == 0 {
            return;
        }
        let from_magic = targets & self.sources(self.magic, delta);
        let targets = targets & !from_magic;
        self.n += 4 * (targets & !self.zone).count_ones() as u64;
        for to in Bits((targets & self.zone) | from_magic) {
            for w in PROMOTIONS {
                self.add((to as i32 - delta) as Sq, to, MoveKind::Promotion(w));
            }
        }
    }
}

/// Counts, from the orthodox generator out of check, the moves of unpinned units other than the
/// king under Parrain with a unit waiting: each is legal, once per rebirth choice (four when a
/// reborn pawn promotes). The king's moves, pinned units' and en passant are left to the
/// pipeline.
struct ParrainCounter<'a> {
    c: &'a Compact,
    p: &'a BbPosition,
    reserve: Reserve,
    excluded: u64,
    /// Captures mutate (Frankfurt, Protean): a pawn taking on its last rank takes the captured
    /// walk instead of promoting, one move.
    mutate: bool,
    n: u64,
}

impl ParrainCounter<'_> {
    /// Rebirth choices of a move (castling, or from `from` to `to`) whose units stand on `occ`
    /// afterwards: four when a reborn pawn promotes (the unit waiting is of the side to move).
    fn choices(&self, castling: Option<CastlingSide>, from: Sq, to: Sq, occ: u64) -> u64 {
        let square = parrain::rebirth_square(
            self.reserve.square.index(),
            castling,
            from,
            to,
            self.c.long_castling,
        );
        match square.filter(|&s| occ & bit(s) == 0) {
            Some(s)
                if promotes_on(
                    colour_index(self.reserve.piece.colour),
                    self.reserve.piece.walk,
                    s,
                ) =>
            {
                4
            }
            Some(_) | None => 1,
        }
    }

    fn step(&mut self, from: Sq, to: Sq, times: u64) {
        if self.excluded & bit(from) != 0 {
            return;
        }
        let occ = self.p.occupied() & !bit(from) | bit(to);
        self.n += times * self.choices(None, from, to, occ);
    }
}

impl super::orthodox::Sink for ParrainCounter<'_> {
    fn add(&mut self, from: Sq, to: Sq, kind: MoveKind) {
        match kind {
            MoveKind::EnPassant => {}
            MoveKind::Castle(side) => {
                if self.excluded & bit(from) != 0 {
                    return;
                }
                let colour = colour_of(self.p.side);
                let [kf, kt, rf, rt] = side.squares(colour).map(|s| s.index());
                let occ = self.p.occupied() & !bit(kf) & !bit(rf) | bit(kt) | bit(rt);
                self.n += self.choices(Some(side), kf, kt, occ);
            }
            _ => self.step(from, to, 1),
        }
    }
    fn add_targets(&mut self, from: Sq, targets: u64) {
        for to in Bits(targets) {
            self.step(from, to, 1);
        }
    }
    fn add_shifted(&mut self, targets: u64, delta: i32, _: MoveKind) {
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, 1);
        }
    }
    fn add_promotions(&mut self, targets: u64, delta: i32) {
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, 4);
        }
    }
    fn add_capture_promotions(&mut self, targets: u64, delta: i32) {
        let times = if self.mutate { 1 } else { 4 };
        for to in Bits(targets) {
            self.step((to as i32 - delta) as Sq, to, times);
        }
    }
}
