//! The fairy path: the move pipeline of RULES.md on bitboards, for every condition and any
//! unit. Pseudo-legal displacements from attack tables (under Take&Make, completed by their
//! makes); then capturer mutation, immediate and delayed rebirth, contact mutations, the
//! mover's change of colour, each a function of the move alone; then the move is made on a
//! copy and kept if the mover's royal units are safe (under Isardam, if no unit is then
//! observed; under Ohneschach, if it gives no check or mates).
//!
//! One module a job: [`generate`] the displacements, [`stages`] the later stages, [`make`]
//! the position after a record, [`attacks`] attacks and check, [`mars`] Mars Circe's moves and
//! checks from the rebirth square, [`observation`] units of one walk observing each other
//! (Madrasi, Isardam), [`take_make`] the make that completes a capture (Take&Make),
//! [`make_take`] the make that precedes a capture and the checks it gives (Make&Take),
//! [`checkless`] the checks that must mate (Ohneschach), [`koeko`] where a unit may end by its
//! neighbours (Koeko, AntiKoeko, NewKoeko), [`danger`] an observed unit's move to its rebirth
//! square and the check it gives (Danger Circe), [`patrol`] a unit's moves and checks by its
//! support (Patrol chess, Ultra-Patrol chess, Lortap), [`kobul`] the enemy royal unit's new
//! walk after a capture (Kobul Kings), [`breton`] the second unit a capture takes (Breton
//! chess), [`imitator`] the imitators that follow every move (Imitator chess).

mod attacks;
mod breton;
mod cage;
mod checkless;
mod danger;
mod generate;
mod geneva;
mod imitator;
mod kobul;
mod koeko;
mod make;
mod make_take;
mod mars;
mod observation;
mod patrol;
mod stages;
mod take_make;

use feerie_oracle::rules::{FairyPromotion, RebirthTime, ResolvedRules};
use feerie_oracle::{Colour, EngineError, MoveRecord, Piece, Walk};

use super::board::{BbPosition, colour_index};
use super::rules::attacks::Attacks;
use super::rules::circe::{RebirthSquares, rebirth_squares};
use super::rules::mutation::Mutation;
use super::rules::{moves_up, promotes_on};
use super::tables::{Tables, bit, tables};

use super::rules::PROMOTION_WALKS as PROMOTIONS;

/// The record path under one rule set: the rules as resolved, and the tables and rules of the
/// kernel it reads them through.
pub struct Game {
    rules: ResolvedRules,
    t: &'static Tables,
    rebirth_squares: &'static RebirthSquares,
    mutation: Mutation,
    attacks: Attacks,
    /// Under Grid chess, for each square the squares of its own cell: a move or an attack
    /// from it must arrive outside them.
    grid_cells: Option<[u64; 64]>,
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

/// The walks a pawn promotes to in `p`: queen, rook, bishop, knight, then the diagram's fairy
/// walks under `fairy_promotion: present_walks` (RULES.md §9).
fn promotions(rules: &ResolvedRules, p: &BbPosition) -> Vec<Walk> {
    let mut walks = PROMOTIONS.to_vec();
    if rules.switches.fairy_promotion == FairyPromotion::PresentWalks {
        walks.extend(p.fairy_walks().iter());
    }
    walks
}

/// The record `r`, once per promotion of `walks` when `unit` (the mover as it arrives),
/// moving for `colour` (its own, or the side moving it when neutral), promotes on its
/// arrival square.
fn push_with_promotions(
    r: MoveRecord,
    unit: Piece,
    colour: Colour,
    walks: &dyn Fn() -> Vec<Walk>,
    out: &mut Vec<MoveRecord>,
) {
    if promotes_on(colour_index(colour), unit.walk, r.to.index()) {
        for w in walks() {
            let mut x = r.clone();
            x.promotion = Some(unit.with_walk(w));
            out.push(x);
        }
    } else {
        out.push(r);
    }
}

impl Game {
    /// The record path under these rules.
    pub fn new(rules: &ResolvedRules) -> Game {
        Game {
            rules: *rules,
            t: tables(),
            // Mars Circe reads the rebirth squares of the units that move; it has no Circe
            // model of its own beside.
            rebirth_squares: rebirth_squares(
                rules
                    .circe
                    .as_ref()
                    .or(rules.mars.as_ref().map(|m| &m.rebirth))
                    .or(rules.geneva.as_ref().map(|m| &m.rebirth)),
            ),
            mutation: Mutation::of(rules),
            attacks: Attacks::new(rules.switches.first_rank_pawns),
            grid_cells: rules.grid.map(|g| g.cell_masks()),
        }
    }

    /// The squares that `from` shares its cell with under Grid chess (none otherwise): a move
    /// or an attack from `from` arriving there crosses no grid line.
    #[inline]
    fn own_cell(&self, from: usize) -> u64 {
        self.grid_cells.map_or(0, |cells| cells[from])
    }

    /// Whether a captured unit waits in a reserve until the next move (Circe Parrain).
    #[inline]
    fn parrain(&self) -> bool {
        self.rules
            .circe
            .is_some_and(|m| m.time == RebirthTime::NextMove)
    }

    /// Whether the position after a move of side `mover` keeps it: its royal units out of
    /// check and, under Isardam, no unit observed by an enemy unit of its walk.
    #[inline]
    fn leaves_mover_safe(&self, after: &BbPosition, mover: usize) -> bool {
        !self.in_check(after, mover)
            && !self.any_observed(after)
            && after.imitators() & after.occupied() == 0
    }

    /// Every legal move with the position it leads to (check marks not set).
    /// The position must fit the rules (checked once at the engine's door, by
    /// [`feerie_oracle::engine::check_rules_fit`]); every position reached from it does.
    pub fn legal(&self, p: &BbPosition) -> Result<Vec<(MoveRecord, BbPosition)>, EngineError> {
        let candidates = self.candidates(p, !0);
        let mut legal = Vec::with_capacity(candidates.len());
        for mv in candidates {
            let after = self.make(p, &mv);
            if self.leaves_mover_safe(&after, p.side)
                && self.koeko_allows(p, &mv, &after)
                && self.checkless_allows(&after, p.side, 0)
            {
                legal.push((mv, after));
            }
        }
        // A capturer that mutates, or under Breton chess is itself the second unit before it
        // promotes, no longer promotes: its promotion records have become one.
        if self.rules.captures_mutate || self.rules.breton.is_some() {
            legal.sort_by(|a, b| a.0.cmp(&b.0));
            legal.dedup_by(|a, b| a.0 == b.0);
        }
        if let Some(measure) = self.rules.mummer[p.side] {
            measure.keep_best(&mut legal, |(mv, _)| mv);
        }
        Ok(legal)
    }

    /// The legal moves from `p` that lead to a position `same` accepts (check marks not
    /// set), in [`Game::legal`]'s order: what a solution's record needs, without keeping the
    /// positions of the other moves or asking whether they leave the mover in check. Only
    /// the moves arriving on a square of `arrivals` are made (a necessary condition the caller
    /// knows cheaply: `!0` when it knows none).
    pub fn legal_leading_to(
        &self,
        p: &BbPosition,
        arrivals: u64,
        same: impl Fn(&BbPosition) -> bool,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        // Under a mummer condition a move leading there is legal only if it scores the best
        // of all the legal moves, which asks for them all.
        let best = match self.rules.mummer[p.side] {
            Some(measure) => {
                let all = self.legal(p)?;
                let best = all.iter().map(|(mv, _)| measure.score(mv)).max();
                Some((measure, best.unwrap_or(0)))
            }
            None => None,
        };
        let mut legal: Vec<MoveRecord> = Vec::new();
        for mv in self.candidates(p, arrivals) {
            if best.is_some_and(|(measure, best)| measure.score(&mv) != best) {
                continue;
            }
            let after = self.make(p, &mv);
            if same(&after)
                && self.leaves_mover_safe(&after, p.side)
                && self.koeko_allows(p, &mv, &after)
                && self.checkless_allows(&after, p.side, 0)
            {
                legal.push(mv);
            }
        }
        if self.rules.captures_mutate || self.rules.breton.is_some() {
            legal.sort();
            legal.dedup();
        }
        Ok(legal)
    }

    /// Every move from `p` arriving on a square of `arrivals` through the pipeline's stages
    /// (displacement and its make under Take&Make, capturer mutation, immediate and delayed
    /// rebirth, contact mutations, the change of colour), not yet made nor tested for check.
    /// `arrivals` are the squares the move arrives on before its rebirths (where the make
    /// ends), wherever a later stage takes the mover (Anticirce's rebirth of the capturer).
    fn candidates(&self, p: &BbPosition, arrivals: u64) -> Vec<MoveRecord> {
        let mut stage = Vec::with_capacity(64);
        self.displacements(p, &mut stage);
        // Under NoCapture a capture is no move of the side it binds.
        if self.rules.no_capture[p.side] {
            stage.retain(|mv| mv.capture.is_none());
        }
        // Under Patrol chess, Ultra-Patrol chess and Lortap, by the mover's support.
        if self.rules.patrol.is_some() {
            stage.retain(|mv| self.patrol_allows(p, mv));
        }
        // Under Geneva chess a capture only where the capturer could be reborn.
        if self.rules.geneva.is_some() {
            stage.retain(|mv| self.geneva_allows(p, mv));
        }
        // Under Grid chess a move that crosses no grid line is no move.
        if self.grid_cells.is_some() {
            stage.retain(|mv| self.own_cell(mv.from.index()) & bit(mv.to.index()) == 0);
        }
        // Under Imitator chess a pawn may also promote into an imitator; a move is one only
        // if the imitators can follow it.
        if self.rules.imitator {
            let into_imitator: Vec<MoveRecord> = stage
                .iter()
                .filter(|mv| mv.promotion.is_some_and(|q| q.walk == Walk::Queen))
                .map(|mv| MoveRecord {
                    promotion: None,
                    imitator_promotion: true,
                    ..mv.clone()
                })
                .collect();
            stage.extend(into_imitator);
            stage = stage
                .into_iter()
                .filter_map(|mv| self.imitated(p, mv))
                .collect();
        }
        if self.rules.take_and_make {
            // Each capture goes on by its make, which decides where the move arrives (and which
            // squares a royal rider is judged to cross, as the reference engine judges them); a
            // capture on the promotion rank was generated once per promotion.
            for mv in std::mem::take(&mut stage) {
                self.makes(p, mv, &mut stage);
            }
            stage.sort();
            stage.dedup();
        }
        stage.retain(|mv| self.castling_safe(p, mv) && self.passage_safe(p, mv));
        let mut next = Vec::with_capacity(stage.len());
        if self
            .rules
            .mars
            .is_some_and(|m| m.rook_goes_to_first_castling())
        {
            // A castling made with no rook put anywhere had its path judged with a rook put on
            // its corner: the square that rook left may lie on the king's way.
            let occ = p.occupied();
            let king_way_free = |mv: &MoveRecord| {
                let (from, to) = (mv.from.index(), mv.to.index());
                let start = mv.via.map_or(from, |v| v.index());
                (self.t.between(start, to) | bit(to)) & occ & !bit(from) & !bit(start) == 0
            };
            mars::first_generated_castlings(&mut stage, king_way_free);
        }
        // A castling king may end where it stood (from its Mars rebirth square back to g1).
        stage.retain(|mv| mv.castling.is_some() || arrivals & (1 << mv.to.index()) != 0);
        if self.rules.captures_mutate {
            for mv in stage.drain(..) {
                self.mutate(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
        }
        if self.rules.circe.is_some() {
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
        // Kobul Kings: the royal unit of the side that loses a unit takes the walk taken.
        if self.rules.kobul[1 - p.side] {
            stage = stage.into_iter().map(|mv| self.kobul(p, mv)).collect();
        }
        if let Some(moves) = self.rules.colour_change {
            for mv in &mut stage {
                // Andernach: the mover's colour changes last; a royal one's
                // never.
                if !mv.mover.royal && moves.recolours(mv.capture.is_some()) {
                    mv.colour_change = Some(!mv.mover.colour);
                }
            }
        }
        if self.rules.breton.is_some() {
            for mv in stage.drain(..) {
                self.breton(p, mv, &mut next);
            }
            std::mem::swap(&mut stage, &mut next);
        }
        stage
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
