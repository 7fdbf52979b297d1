//! The interface both engines implement.

use std::fmt;

use crate::{Colour, MoveRecord, Position, Rules, Setup, Walk};

/// The state of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Not in check, with a legal move.
    Normal,
    /// In check, with a legal move.
    Check,
    /// In check, without a legal move.
    Checkmate,
    /// Not in check, without a legal move.
    Stalemate,
}

impl Status {
    /// The status of a side that is or is not in check and has or has no legal move.
    ///
    /// ```
    /// use feerie_oracle::Status;
    /// assert_eq!(Status::of(true, false), Status::Checkmate);
    /// assert_eq!(Status::of(false, false), Status::Stalemate);
    /// ```
    pub fn of(in_check: bool, has_move: bool) -> Status {
        match (in_check, has_move) {
            (false, true) => Status::Normal,
            (true, true) => Status::Check,
            (true, false) => Status::Checkmate,
            (false, false) => Status::Stalemate,
        }
    }

    /// Whether the side to move is in check (mated or not).
    ///
    /// ```
    /// use feerie_oracle::Status;
    /// assert!(Status::Checkmate.in_check() && Status::Check.in_check());
    /// assert!(!Status::Stalemate.in_check() && !Status::Normal.in_check());
    /// ```
    pub fn in_check(self) -> bool {
        matches!(self, Status::Check | Status::Checkmate)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Normal => "normal",
            Status::Check => "check",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
        })
    }
}

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The engine does not implement this rule (yet).
    Unsupported(String),
    /// A move given to `play` is not a legal move of the position.
    IllegalMove(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(what) => write!(f, "not supported: {what}"),
            EngineError::IllegalMove(m) => write!(f, "illegal move: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Rejects what a position cannot mean under these rules, whatever the engine: a Parrain
/// reserve without `circe-parrain`, a unit marked mutable without `frankfurt` or `protean`, a
/// magic unit under a colour change (`andernach`), an observation rule (`madrasi`, `isardam`),
/// `take-and-make`, `make-and-take`, `checkless`, `sat`, a Koeko condition, `annan`, a NoCapture condition, a
/// Patrol condition or `grid`, under `sat` a side without exactly one royal unit, a king (a flight is
/// a king's step), and under `make-and-take` a royal unit that is not a king or a king that is not
/// royal.
/// Engines call it before answering, so that both refuse the same positions with the same
/// words.
///
/// ```
/// use feerie_oracle::{engine::check_rules_fit, fen, Rules, Validation};
/// let parrain = fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 bSd3", Validation::Strict).unwrap();
/// assert!(check_rules_fit(&parrain, &Rules::orthodox()).unwrap_err().to_string().contains("circe-parrain"));
/// ```
pub fn check_rules_fit(position: &Position, rules: &Rules) -> Result<(), EngineError> {
    if position.reserve().is_some() && !rules.keeps_reserve() {
        return Err(EngineError::Unsupported(format!(
            "a Parrain reserve without {}",
            crate::Condition::slugs_where(crate::Condition::keeps_reserve)
        )));
    }
    if !position.imitators().is_empty() && !rules.imitator() {
        return Err(EngineError::Unsupported(
            "imitators on the board, which need imitator".into(),
        ));
    }
    // How imitators follow a magic unit's contact is a question no source answers, and
    // Popeye 4.104 refuses imitators with the Chinese pieces and the lion ("conditions too
    // fairy for imitator"): refused rather than guessed.
    if rules.imitator() {
        if let Some((sq, _)) = position.board().pieces().find(|(_, p)| p.magic) {
            return Err(EngineError::Unsupported(format!(
                "the unit on {sq} is magic, which imitator does not combine with"
            )));
        }
        if let Some(w) = position
            .setup()
            .fairy_walks
            .iter()
            .find(|&w| !rules.takes_walk(w))
        {
            return Err(EngineError::Unsupported(format!(
                "imitator with the {}: Popeye 4.104 takes no Chinese piece nor lion there",
                w.name()
            )));
        }
    }
    if let Some((sq, _)) = position.board().pieces().find(|(_, p)| p.mutable)
        && !rules.captures_mutate()
    {
        return Err(EngineError::Unsupported(format!(
            "the unit on {sq} is marked mutable, which needs frankfurt or protean"
        )));
    }
    // Which colour a magic unit's contact reads once a unit changes colour, and whether a
    // magic unit observes or is observed by a unit of its walk, are questions no source
    // answers: refused rather than guessed.
    if let Some((sq, _)) = position.board().pieces().find(|(_, p)| p.magic)
        && let Some(c) = rules.conditions().find(|c| c.has_listed_combinations())
    {
        return Err(EngineError::Unsupported(format!(
            "the unit on {sq} is magic, which {c} does not combine with"
        )));
    }
    // Cage Circe judges a cage by the reborn unit's moves once the move is made: whether a
    // magic unit's contact, made with the rebirth, changes them first is a question Popeye's
    // answers have not been compared on: refused rather than guessed.
    if let Some((sq, _)) = position.board().pieces().find(|(_, p)| p.magic)
        && rules
            .circe_model()
            .is_some_and(|m| m.place == crate::rules::RebirthPlace::Cage)
    {
        return Err(EngineError::Unsupported(format!(
            "the unit on {sq} is magic, which circe-cage does not combine with"
        )));
    }
    // Under Circe Take&Make a king taken would come back by a make of its own, under Cage
    // Circe in a cage of its own, and an attack on it be a check only when it could not; under
    // SAT with Plain Circe Popeye gives other moves when kings are reborn: not modelled,
    // refused rather than guessed.
    if rules.refuses_royal_rebirth() && rules.circe_model().is_some_and(|m| m.reborn_royals()) {
        let names: Vec<&str> = rules.conditions().map(|c| c.slug()).collect();
        return Err(EngineError::Unsupported(format!(
            "{} with rex=inclusive (a king taken coming back) is not modelled",
            names.join(" with ")
        )));
    }
    // Under Breton chess a capture of a non-royal king, or of a unit of a royal unit's walk,
    // would take a royal unit along: what then becomes of its side no source answers.
    if rules.breton().is_some()
        && let Some((sq, _)) =
            (position.board().pieces()).find(|(_, p)| p.royal != (p.walk == Walk::King))
    {
        return Err(EngineError::Unsupported(format!(
            "the unit on {sq} is a royal unit other than a king, or a king that is not royal, \
             which Breton chess does not take"
        )));
    }
    if rules.sat() {
        for colour in [Colour::White, Colour::Black] {
            let mut royals = position.board().pieces_of(colour).filter(|(_, p)| p.royal);
            let king = royals.next().filter(|(_, p)| p.walk == Walk::King);
            if king.is_none() || royals.next().is_some() {
                return Err(EngineError::Unsupported(format!(
                    "under sat each side needs one royal unit, a king: {colour} has not"
                )));
            }
        }
    }
    // Popeye 4.104 judges a Make&Take check by a make of the royal unit's walk and tries
    // castling as a make only for a king: royal units of other walks, and kings that are not
    // royal, have not been compared with it.
    if rules.make_and_take()
        && let Some((sq, _)) =
            (position.board().pieces()).find(|(_, p)| p.royal != (p.walk == Walk::King))
    {
        return Err(EngineError::Unsupported(format!(
            "under make-and-take every royal unit is a king and every king royal: the unit on \
             {sq} is not"
        )));
    }
    if let Some(reserve) = position.reserve().filter(|r| r.piece.mutable)
        && !rules.captures_mutate()
    {
        return Err(EngineError::Unsupported(format!(
            "the unit in the reserve ({reserve}) is marked mutable, which needs frankfurt or protean"
        )));
    }
    Ok(())
}

/// A move generator for positions under rules. Both engines implement it; the harness only
/// ever talks to engines through it.
///
/// ```
/// use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};
/// let engine = ReferenceEngine;
/// let start = Position::start();
/// assert_eq!(engine.legal_moves(&start, &Rules::orthodox()).unwrap().len(), 20);
/// assert_eq!(engine.perft(&start, &Rules::orthodox(), 2).unwrap(), 400);
/// ```
pub trait Engine: Sync {
    /// A short name (`reference`, `bitboard`).
    fn name(&self) -> &'static str;

    /// True when the engine's perft is by construction the walk of its own move lists, so that
    /// checking its counts against those lists proves nothing (the reference engine). False by
    /// default: an engine with a faster counting path has its counts checked at every node.
    fn perft_walks_move_lists(&self) -> bool {
        false
    }

    /// Every legal move of the side to move, with check marks, sorted.
    fn legal_moves(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<MoveRecord>, EngineError>;

    /// The setup after `mv`, which must be one of the legal moves (check mark included or left
    /// as `None`). Engines implement this; callers use [`Engine::play`], which gives it as a
    /// position.
    fn play_setup(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Setup, EngineError>;

    /// The position after `mv`, which must be one of the legal moves (check mark included
    /// or left as `None`).
    ///
    /// A position reached by a legal move of a valid position is not judged again by the
    /// diagram rules of [`Position::new`] (a legal Circe move can leave more than 32 units, a
    /// Parrain rebirth a pawn on its last rank): outside this crate, a position comes from
    /// [`Position::new`] or from an engine's move, never from a bare setup.
    fn play(
        &self,
        position: &Position,
        rules: &Rules,
        mv: &MoveRecord,
    ) -> Result<Position, EngineError> {
        self.play_setup(position, rules, mv)
            .map(Position::from_played)
    }

    /// Every legal move (as [`Engine::legal_moves`] gives them, sorted) with the setup it
    /// leads to. The default plays each move; engines override it to generate only once.
    fn successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        self.legal_moves(position, rules)?
            .into_iter()
            .map(|mv| {
                let after = self.play_setup(position, rules, &mv)?;
                Ok((mv, after))
            })
            .collect()
    }

    /// Every legal move (as [`Engine::legal_moves`] gives them, sorted) with the position it
    /// leads to, from [`Engine::successor_setups`].
    ///
    /// ```
    /// use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};
    /// let start = Position::start();
    /// let children = ReferenceEngine.successors(&start, &Rules::orthodox()).unwrap();
    /// assert_eq!(children.len(), 20);
    /// for (mv, after) in &children {
    ///     assert_eq!(&ReferenceEngine.play(&start, &Rules::orthodox(), mv).unwrap(), after);
    /// }
    /// ```
    fn successors(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        Ok(played(self.successor_setups(position, rules)?))
    }

    /// Every legal move with the setup it leads to, as [`Engine::successor_setups`] gives them
    /// and in the same order, but with every check mark left [`crate::CheckMark::None`].
    /// Engines implement this; callers use [`Engine::successors_unmarked`]. The default drops
    /// the marks of [`Engine::successor_setups`]; engines override it to skip the work.
    fn unmarked_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        Ok(self
            .successor_setups(position, rules)?
            .into_iter()
            .map(|(mv, after)| {
                let mv = MoveRecord {
                    check: crate::CheckMark::None,
                    ..mv
                };
                (mv, after)
            })
            .collect())
    }

    /// Every legal move with the position it leads to, as [`Engine::successors`] gives them
    /// and in the same order, but with every check mark left [`crate::CheckMark::None`]: for
    /// callers that never read the marks (a solver at the nodes where no goal can be reached),
    /// so that an engine need not find out whether each check is mate.
    ///
    /// ```
    /// use feerie_oracle::{CheckMark, Engine, Position, ReferenceEngine, Rules};
    /// let start = Position::start();
    /// let children = ReferenceEngine.successors_unmarked(&start, &Rules::orthodox()).unwrap();
    /// assert_eq!(children.len(), 20);
    /// assert!(children.iter().all(|(mv, _)| mv.check == CheckMark::None));
    /// ```
    fn successors_unmarked(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        Ok(played(self.unmarked_successor_setups(position, rules)?))
    }

    /// The legal moves that give mate, with the setups they lead to, in the order of
    /// [`Engine::successor_setups`]. Engines implement this; callers use
    /// [`Engine::mating_successors`]. The default filters [`Engine::successor_setups`];
    /// engines override it to build the record and the setup of the mating moves only.
    fn mating_successor_setups(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        Ok(self
            .successor_setups(position, rules)?
            .into_iter()
            .filter(|(mv, _)| mv.check == crate::CheckMark::Mate)
            .collect())
    }

    /// The legal moves that give mate (check mark [`crate::CheckMark::Mate`]) with the
    /// positions they lead to, in the order of [`Engine::successors`]: what a solver asks at
    /// the last move of a mate stipulation.
    ///
    /// ```
    /// use feerie_oracle::{fen, Engine, ReferenceEngine, Rules, Validation};
    /// let position = fen::parse("k7/8/1K6/8/8/8/8/7R w - - 0 1", Validation::Strict).unwrap();
    /// let mates = ReferenceEngine.mating_successors(&position, &Rules::orthodox()).unwrap();
    /// assert_eq!(mates.len(), 1);
    /// assert_eq!(mates[0].0.to_string(), "Rh1-h8 #");
    /// ```
    fn mating_successors(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        Ok(played(self.mating_successor_setups(position, rules)?))
    }

    /// Plays one legal move chosen by `choose` among the legal moves, given without check
    /// marks in the engine's own order (which is fixed for a position); `None` when `choose`
    /// declines or there is no legal move. Random playouts use it: it computes no check mark
    /// and makes only the chosen move.
    ///
    /// ```
    /// use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};
    /// let start = Position::start();
    /// let after = ReferenceEngine
    ///     .play_chosen(&start, &Rules::orthodox(), &mut |moves| {
    ///         moves.iter().position(|m| m.to_string() == "e2-e4")
    ///     })
    ///     .unwrap()
    ///     .unwrap();
    /// assert!(after.board().get("e4".parse().unwrap()).is_some());
    /// ```
    fn play_chosen(
        &self,
        position: &Position,
        rules: &Rules,
        choose: &mut dyn FnMut(&[MoveRecord]) -> Option<usize>,
    ) -> Result<Option<Position>, EngineError> {
        let moves: Vec<MoveRecord> = self
            .legal_moves(position, rules)?
            .into_iter()
            .map(|mv| MoveRecord {
                check: crate::CheckMark::None,
                ..mv
            })
            .collect();
        match choose(&moves) {
            Some(i) => self.play(position, rules, &moves[i]).map(Some),
            None => Ok(None),
        }
    }

    /// The number of legal move sequences of `depth` half-moves.
    fn perft(&self, position: &Position, rules: &Rules, depth: u32) -> Result<u64, EngineError>;

    /// Check, mate, stalemate or none of them.
    fn status(&self, position: &Position, rules: &Rules) -> Result<Status, EngineError>;

    /// Perft split by root move: each legal move with the count below it.
    fn divide(
        &self,
        position: &Position,
        rules: &Rules,
        depth: u32,
    ) -> Result<Vec<(MoveRecord, u64)>, EngineError> {
        let mut out = Vec::new();
        for mv in self.legal_moves(position, rules)? {
            let next = self.play(position, rules, &mv)?;
            let count = if depth <= 1 {
                1
            } else {
                self.perft(&next, rules, depth - 1)?
            };
            out.push((mv, count));
        }
        Ok(out)
    }
}

/// Moves with the positions they lead to, from moves with the setups an engine made: an
/// engine's setups are positions by construction, so no validation is repeated.
fn played(children: Vec<(MoveRecord, Setup)>) -> Vec<(MoveRecord, Position)> {
    children
        .into_iter()
        .map(|(mv, after)| (mv, Position::from_played(after)))
        .collect()
}
