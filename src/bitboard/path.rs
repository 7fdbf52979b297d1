//! The three paths of the bitboard engine, and the one place that chooses among them.
//!
//! The orthodox fast path ([`super::orthodox`]) answers when no condition is in force and the
//! position holds only the units its generator knows; else the compact path
//! ([`super::compact`]) when the rules have one; else the record path ([`super::fairy`]).
//! [`Plan`] holds what each path needs under one rule set, made once from the resolved rules
//! for as long as the engine works under them; [`Plan::path`] makes the choice for a position,
//! and the [`Path`] it gives answers every question the engine asks of that position and of
//! every position reached from it: a move keeps a position the fast path takes within that
//! path's reach, and the other two paths take any position under their rules. A move's check
//! mark is computed in one place, [`Path::mark`].

use feerie_oracle::rules::ResolvedRules;
use feerie_oracle::{Capture, CheckMark, EngineError, MoveRecord};

use super::board::{BbPosition, WALKS, square};
use super::compact::Compact;
use super::fairy::Game;
use super::moves::MoveKind;
use super::orthodox::{self, Counter, MoveList, Mv};
use super::rules::attacks::Attacks;
use super::rules::checks::CheckSquares;
use super::tables::Sq;

/// The paths under one rule set: what each needs, made once.
pub struct Plan {
    /// The rules, for the fast path's test of a position.
    rules: ResolvedRules,
    /// The attack rule under these rules, by which the fast path sifts the moves that may mate.
    attacks: Attacks,
    compact: Option<Compact>,
    game: Game,
}

/// The path that answers for a position (and for every position reached from it), chosen by
/// [`Plan::path`].
#[derive(Clone, Copy)]
pub enum Path<'a> {
    /// The orthodox fast path, with the attack rule its mating moves are sifted by.
    Orthodox(&'a Attacks),
    /// The compact path, with the record path beside it to name the moves.
    Compact(&'a Compact, &'a Game),
    /// The record path.
    Record(&'a Game),
}

impl Plan {
    /// The paths under these rules.
    pub fn new(rules: &ResolvedRules) -> Plan {
        Plan {
            rules: *rules,
            attacks: Attacks::new(rules.switches.first_rank_pawns),
            compact: Compact::new(rules),
            game: Game::new(rules),
        }
    }

    /// The path for `p`: the fast path when the rules and the position allow it, else the
    /// compact path when the rules have one, else the record path. The only place the choice
    /// is made.
    #[inline]
    pub fn path(&self, p: &BbPosition) -> Path<'_> {
        if orthodox::applies(p, &self.rules) {
            Path::Orthodox(&self.attacks)
        } else if let Some(compact) = self
            .compact
            .as_ref()
            .filter(|_| !p.may_hold_fairy_units() && p.neutral() == 0)
        {
            Path::Compact(compact, &self.game)
        } else {
            Path::Record(&self.game)
        }
    }
}

/// The record of an orthodox move from `p`.
fn orthodox_record(p: &BbPosition, mv: Mv) -> MoveRecord {
    let mover = p.piece_at(mv.from as usize).expect("a mover");
    let mut r = MoveRecord::displacement(mover, square(mv.from as usize), square(mv.to as usize));
    match mv.kind {
        MoveKind::Castle(side) => r.castling = Some(side),
        MoveKind::EnPassant => {
            let (_, pawn) = p.ep().expect("en passant");
            r.en_passant = true;
            r.capture = Some(Capture {
                piece: p.piece_at(pawn as usize).expect("the pawn taken"),
                square: square(pawn as usize),
            });
        }
        MoveKind::Promotion(w) => r.promotion = Some(mover.with_walk(WALKS[w as usize])),
        MoveKind::Normal | MoveKind::DoublePush => {}
    }
    if !matches!(mv.kind, MoveKind::EnPassant | MoveKind::Castle(_))
        && let Some(victim) = p.piece_at(mv.to as usize)
    {
        r.capture = Some(Capture {
            piece: victim,
            square: square(mv.to as usize),
        });
    }
    r
}

impl Path<'_> {
    /// The number of move sequences of `depth` half-moves from `p`.
    pub fn perft(self, p: &BbPosition, depth: u32) -> Result<u64, EngineError> {
        match self {
            Path::Orthodox(_) => Ok(orthodox::perft(p, depth)),
            Path::Compact(compact, _) => Ok(compact.perft(p, depth)),
            Path::Record(game) => game.perft(p, depth),
        }
    }

    /// Every legal move from `p` with its record (check mark left `None`) and the position it
    /// leads to, in the path's order.
    pub fn records(self, p: &BbPosition) -> Result<Vec<(MoveRecord, BbPosition)>, EngineError> {
        match self {
            Path::Orthodox(_) => {
                let mut list = MoveList::new();
                orthodox::generate(p, &mut list);
                Ok(list
                    .as_slice()
                    .iter()
                    .map(|&mv| (orthodox_record(p, mv), orthodox::make(p, mv)))
                    .collect())
            }
            Path::Compact(_, game) | Path::Record(game) => game.legal(p),
        }
    }

    /// The records of the legal moves from `p` that lead to a position `same` accepts (check
    /// marks left `None`), in [`Path::records`]' order: a solution's moves written without
    /// keeping every move's position. Only the moves arriving on a square of `arrivals` are
    /// made ([`Game::legal_leading_to`]).
    pub fn records_leading_to(
        self,
        p: &BbPosition,
        arrivals: u64,
        same: impl Fn(&BbPosition) -> bool,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        match self {
            Path::Orthodox(_) => {
                let mut list = MoveList::new();
                orthodox::generate(p, &mut list);
                Ok(list
                    .as_slice()
                    .iter()
                    .filter(|&&mv| arrivals & (1 << mv.to) != 0 && same(&orthodox::make(p, mv)))
                    .map(|&mv| orthodox_record(p, mv))
                    .collect())
            }
            Path::Compact(_, game) | Path::Record(game) => game.legal_leading_to(p, arrivals, same),
        }
    }

    /// Gives each legal move from `p` to `take` as (whether it captures, the position after),
    /// by the fastest means the path has: without a record but on the record path. A capture
    /// is told there by the record, elsewhere by a change in the other side's units (a rebirth
    /// puts one elsewhere).
    pub fn each_child(
        self,
        p: &BbPosition,
        mut take: impl FnMut(bool, BbPosition),
    ) -> Result<(), EngineError> {
        // The other side's own units: a neutral one moving is no capture. A capture empties
        // one of their squares (or gives it to the mover), which no other move does: a Parrain
        // rebirth on a move that takes nothing adds a unit of theirs, it takes none away.
        let them = p.own(1 - p.side);
        let captures = |after: &BbPosition| them & !after.own(1 - p.side) != 0;
        match self {
            Path::Orthodox(_) => {
                let mut list = MoveList::new();
                orthodox::generate(p, &mut list);
                for &mv in list.as_slice() {
                    let after = orthodox::make(p, mv);
                    take(captures(&after), after);
                }
            }
            Path::Compact(compact, _) => {
                compact.each_child(p, &mut |after: BbPosition| take(captures(&after), after))
            }
            Path::Record(game) => {
                for (r, after) in game.legal(p)? {
                    take(r.capture.is_some(), after);
                }
            }
        }
        Ok(())
    }

    /// The positions after each legal move from `p` that mates, found without a record: the
    /// fast path makes only the moves that may check, the compact path tests only checks for
    /// legality and a reply.
    pub fn mating(self, p: &BbPosition) -> Result<Vec<BbPosition>, EngineError> {
        match self {
            Path::Orthodox(attacks) => {
                let mut list = MoveList::new();
                orthodox::generate(p, &mut list);
                let checks = CheckSquares::of(p, attacks);
                let mut out = Vec::new();
                for &mv in list.as_slice() {
                    if let Some(c) = &checks {
                        let promotes = matches!(mv.kind, MoveKind::Promotion(_));
                        if !c.may_check(p, mv.from as Sq, mv.to as Sq, mv.kind, promotes) {
                            continue;
                        }
                    }
                    let after = orthodox::make(p, mv);
                    if self.mark(&after)? == CheckMark::Mate {
                        out.push(after);
                    }
                }
                Ok(out)
            }
            Path::Compact(compact, _) => Ok(compact.mating_children(p)),
            Path::Record(game) => {
                let mut out = Vec::new();
                for (_, after) in game.legal(p)? {
                    if self.mark(&after)? == CheckMark::Mate {
                        out.push(after);
                    }
                }
                Ok(out)
            }
        }
    }

    /// Whether some legal move from `p` may mate: `false` only when none does, which the fast
    /// and the compact paths tell without a record; the record path answers `true`, since
    /// telling would cost it as much as the records themselves.
    pub fn may_mate(self, p: &BbPosition) -> Result<bool, EngineError> {
        match self {
            Path::Record(_) => Ok(true),
            Path::Orthodox(_) | Path::Compact(..) => Ok(!self.mating(p)?.is_empty()),
        }
    }

    /// Whether the side to move in `p` is in check.
    #[inline]
    pub fn in_check(self, p: &BbPosition) -> bool {
        match self {
            Path::Orthodox(_) => orthodox::in_check(p),
            Path::Compact(compact, _) => compact.checked(p),
            Path::Record(game) => game.in_check(p, p.side),
        }
    }

    /// Whether the side to move in `p` has no legal move: told at once where its king has a
    /// quiet flight, else counted.
    pub fn stuck(self, p: &BbPosition) -> Result<bool, EngineError> {
        Ok(match self {
            Path::Orthodox(_) => {
                if orthodox::has_quiet_flight(p) {
                    return Ok(false);
                }
                let mut replies = Counter::<4>(0);
                orthodox::generate(p, &mut replies);
                replies.0 == 0
            }
            Path::Compact(compact, _) => compact.stuck(p),
            Path::Record(game) => game.legal(p)?.is_empty(),
        })
    }

    /// The check mark of the move that led to `after`: none when the side to move there is not
    /// in check, mate when it also has no legal move, else check. The one function that
    /// computes a check mark, on every path.
    pub fn mark(self, after: &BbPosition) -> Result<CheckMark, EngineError> {
        Ok(if !self.in_check(after) {
            CheckMark::None
        } else if self.stuck(after)? {
            CheckMark::Mate
        } else {
            CheckMark::Check
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::{Engine, ReferenceEngine, Rules, Validation, fen};

    /// Every path that takes a position tells check as the reference engine does, the royal
    /// pawn that has just double-stepped included: it is the other side's, so no check to the
    /// side to move, whatever pawns of its own side stand behind it.
    #[test]
    fn every_path_tells_check_as_the_reference_does() {
        let cases = [
            ("7k/8/8/8/2p(wrP)4/8/2P5/8 b - d3 0 1", "frankfurt"),
            ("7k/8/8/8/2p(wrP)4/8/2P5/8 b - d3 0 1", "protean"),
            ("4k3/8/8/8/8/8/8/4K2R b K - 0 1", "circe"),
            ("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", "circe-parrain"),
            ("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", "orthodox"),
        ];
        for (text, slug) in cases {
            let position = fen::parse(text, Validation::Strict).unwrap();
            let rules = Rules::from_words(&[slug], Some("popeye"), &[]).unwrap();
            let p = BbPosition::from_setup(position.setup());
            let plan = Plan::new(rules.resolve());
            let game = Game::new(rules.resolve());
            let expected = ReferenceEngine.status(&position, &rules).unwrap();
            let in_check = game.in_check(&p, p.side);
            assert_eq!(
                feerie_oracle::Status::of(in_check, !game.legal(&p).unwrap().is_empty()),
                expected,
                "{text} {slug}"
            );
            assert_eq!(plan.path(&p).in_check(&p), in_check, "{text} {slug}");
            if let Some(compact) = Compact::new(rules.resolve()) {
                assert_eq!(compact.checked(&p), in_check, "{text} {slug}");
            }
        }
    }
}
