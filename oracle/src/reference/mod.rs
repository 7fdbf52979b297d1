//! The reference engine: a mailbox board, each move made on a copy, kept if the mover's royal
//! piece is then safe. Written to be checked against RULES.md by reading, not to be fast.
//!
//! One module per stage of the move pipeline (RULES.md §0), each stating the rule it implements
//! with its switches and their values under each profile:
//! - `displacement`: stage 1, the orthodox part of every move, pseudo-legal (with the pawns on
//!   their first rank), under Take&Make the make that completes a capture (`take_make`), under
//!   Make&Take the make that precedes it (`make_take`);
//! - `mutation`: stage 2, the capturer's change of walk (Frankfurt, Protean);
//! - `rebirth`: stages 3 and 4, the Circe family (immediate and Parrain rebirths), with Cage
//!   Circe's cages (`cage`);
//! - `contact`: stage 5, mutations by contact with magic pieces;
//! - `kobul`: the royal unit of the side that lost a unit takes the walk taken (Kobul Kings);
//! - `colour_change`: the mover's change of colour (Andernach);
//! - `breton`: the second unit a capture takes (Breton chess), last;
//! - `legality`: stage 6, runs the stages and keeps the moves after which the mover is safe;
//! - `make`: plays a move record on a setup;
//! - `check`: which squares a side attacks, whether a royal piece is in check;
//! - `observation`: units of one walk observing each other (Madrasi, Isardam);
//! - `koeko`: where a unit may end, by its neighbours (Koeko, AntiKoeko, NewKoeko);
//! - `imitator`: the imitators that follow every move (Imitator chess).
//!
//! The stage modules are private to this crate: other crates reach the engine through
//! [`Engine`] alone (and [`ReferenceEngine::in_check`], the check test for either side). Their
//! documentation is rendered by `cargo doc -p feerie-oracle --document-private-items`.

pub(crate) mod breton;
pub(crate) mod cage;
pub(crate) mod check;
pub(crate) mod colour_change;
pub(crate) mod contact;
pub mod danger;
pub(crate) mod displacement;
pub(crate) mod imitator;
pub(crate) mod kobul;
pub(crate) mod koeko;
pub(crate) mod legality;
pub(crate) mod make;
pub(crate) mod make_take;
pub(crate) mod mutation;
pub(crate) mod observation;
pub(crate) mod rebirth;
pub(crate) mod take_make;

use crate::engine::check_rules_fit;
use crate::{CheckMark, Colour, Engine, EngineError, MoveRecord, Position, Rules, Setup, Status};

/// The reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceEngine;

impl ReferenceEngine {
    /// Whether `side` is in check in `position` (RULES.md §0, "Check", with the Circe
    /// `rex: inclusive` and `royal_en_passant` exceptions), whichever side is to move: after a
    /// move, the side that made it must not be.
    ///
    /// ```
    /// use feerie_oracle::{fen, Colour, ReferenceEngine, Rules, Validation};
    /// let p = fen::parse("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", Validation::Strict).unwrap();
    /// assert!(ReferenceEngine.in_check(&p, Colour::Black, &Rules::orthodox()));
    /// assert!(!ReferenceEngine.in_check(&p, Colour::White, &Rules::orthodox()));
    /// ```
    pub fn in_check(&self, position: &Position, side: Colour, rules: &Rules) -> bool {
        check::in_check(position.setup(), side, rules)
    }

    /// Whether `piece`, standing on `from`, attacks `target` on `board` by its walk (a magic
    /// piece attacks nothing).
    pub fn attacks(
        &self,
        board: &crate::Board,
        from: crate::Square,
        piece: crate::Piece,
        target: crate::Square,
        rules: &Rules,
    ) -> bool {
        check::attacks(board, from, piece, target, rules)
    }

    /// For a move from `position` whose capture (or, under Parrain, whose reserve) brought no
    /// rebirth, the square the unit would have been reborn on: `Some(Some(square))` when it is
    /// on the board (so occupied), `Some(None)` when it falls off the board; `None` when the
    /// move had no rebirth to make or made it.
    ///
    /// ```
    /// use feerie_oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
    /// let rules = Rules::from_words(&["circe-equipollents"], None, &[] as &[&str]).unwrap();
    /// let p = fen::parse("7k/8/4n3/8/8/8/B7/7K w - - 0 1", Validation::Strict).unwrap();
    /// let moves = ReferenceEngine.legal_moves(&p, &rules).unwrap();
    /// let take = moves.iter().find(|m| m.capture.is_some()).unwrap();
    /// assert_eq!(ReferenceEngine.lost_rebirth_square(&p, &rules, take), Some(None));
    /// ```
    pub fn lost_rebirth_square(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Option<Option<crate::Square>> {
        rebirth::lost_rebirth_square(position.setup(), rules, mv)
    }

    /// The square where `reborn`, taken on `capture` by `capturer` moving from `from` to `to`,
    /// comes back at once under the Circe model of `rules` (`None` off the board, without an
    /// immediate rebirth, or where the place is a choice among squares: Super Circe), whether or
    /// not that square is free.
    ///
    /// ```
    /// use feerie_oracle::{Colour, Piece, ReferenceEngine, Rules, Square, Walk};
    /// let rules = Rules::from_words(&["circe-symmetry"], None, &[] as &[&str]).unwrap();
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let rook = Piece::new(Colour::Black, Walk::Rook);
    /// let knight = Piece::new(Colour::White, Walk::Knight);
    /// let square = ReferenceEngine.rebirth_square(&rules, rook, knight, sq("c2"), (sq("a1"), sq("c2")));
    /// assert_eq!(square, Some(sq("f7")));
    /// ```
    pub fn rebirth_square(
        &self,
        rules: &Rules,
        reborn: crate::Piece,
        capturer: crate::Piece,
        capture: crate::Square,
        move_squares: (crate::Square, crate::Square),
    ) -> Option<crate::Square> {
        let model = rules
            .circe_model()
            .filter(|m| m.time == crate::rules::RebirthTime::Immediate)?;
        rebirth::rebirth_square(&model, reborn, capturer, capture, move_squares)
    }
}

/// The legal moves of a setup, with check marks when `marks` is set.
fn legal_moves_of(setup: &Setup, rules: &Rules, marks: bool) -> Vec<MoveRecord> {
    let mut moves = legality::legal_moves(setup, rules);
    if marks {
        for mv in &mut moves {
            mv.check = check_mark(setup, rules, mv);
        }
    }
    moves.sort();
    moves
}

fn check_mark(setup: &Setup, rules: &Rules, mv: &MoveRecord) -> CheckMark {
    mark_of(&make::make(setup, mv, rules), rules)
}

/// The check mark of the move that led to `after`.
fn mark_of(after: &Setup, rules: &Rules) -> CheckMark {
    if !check::in_check(after, after.side_to_move, rules) {
        CheckMark::None
    } else if legality::has_legal_move(after, rules) {
        CheckMark::Check
    } else {
        CheckMark::Mate
    }
}

fn perft_of(setup: &Setup, rules: &Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legality::legal_moves(setup, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft_of(&make::make(setup, mv, rules), rules, depth - 1))
        .sum()
}

impl Engine for ReferenceEngine {
    fn name(&self) -> &'static str {
        "reference"
    }

    fn perft_walks_move_lists(&self) -> bool {
        true
    }

    /// The moves in the order the stages generate them, unsorted; only the chosen one is made.
    fn play_chosen(
        &self,
        position: &Position,
        rules: &Rules,
        choose: &mut dyn FnMut(&[MoveRecord]) -> Option<usize>,
    ) -> Result<Option<Position>, EngineError> {
        check_rules_fit(position, rules)?;
        let moves = legality::legal_moves(position.setup(), rules);
        Ok(choose(&moves)
            .map(|i| Position::from_played(make::make(position.setup(), &moves[i], rules))))
    }

    fn legal_moves(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        check_rules_fit(position, rules)?;
        Ok(legal_moves_of(position.setup(), rules, true))
    }

    fn play_setup(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Setup, EngineError> {
        check_rules_fit(position, rules)?;
        let unmarked = MoveRecord {
            check: CheckMark::None,
            ..mv.clone()
        };
        let legal = legal_moves_of(position.setup(), rules, false);
        if !legal.contains(&unmarked) {
            return Err(EngineError::IllegalMove(mv.to_string()));
        }
        Ok(make::make(position.setup(), &unmarked, rules))
    }

    fn successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        check_rules_fit(position, rules)?;
        let setup = position.setup();
        Ok(legal_moves_of(setup, rules, false)
            .into_iter()
            .map(|mut mv| {
                let after = make::make(setup, &mv, rules);
                mv.check = mark_of(&after, rules);
                (mv, after)
            })
            .collect())
    }

    fn perft(&self, position: &Position, rules: &Rules, depth: u32) -> Result<u64, EngineError> {
        check_rules_fit(position, rules)?;
        Ok(perft_of(position.setup(), rules, depth))
    }

    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError> {
        check_rules_fit(position, rules)?;
        let setup = position.setup();
        let in_check = check::in_check(setup, setup.side_to_move, rules);
        let has_move = !legality::legal_moves(setup, rules).is_empty();
        Ok(Status::of(in_check, has_move))
    }
}
