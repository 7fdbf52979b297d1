//! The search for each kind of play, over the [`Engine`] trait only, so that either engine
//! solves. Checkmate and stalemate are the engine's: a move's check mark says mate (in check,
//! no legal move, under the rules in force), and stalemate is asked of the engine's status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules};

mod forced;
mod intro;
mod lines;
mod reciprocal;

use super::Each;
use super::stipulation::{Goal, Play, Reflex, Stipulation};
use super::table::Table;
use crate::space::{Children, Space, Want};

/// One search: the space it walks (an engine's positions), the rules, the goal, and a shared
/// count of solutions found so that every thread stops once enough are found.
pub struct Search<'a, S: Space> {
    /// The engine the tree builder asks for the moves it shows.
    pub engine: &'a dyn Engine,
    /// The rules in force.
    pub rules: &'a Rules,
    /// What is walked.
    pub space: S,
    /// What is asked.
    pub stipulation: Stipulation,
    /// Stop once this many solutions are found (over all threads).
    pub max_solutions: usize,
    found: AtomicUsize,
    stopped: AtomicBool,
    table: Table,
    /// Where each solution goes as soon as it is found, with the root its lines start from;
    /// `None`: the lines are kept and returned.
    stream: Option<(S::Pos, Each<'a>)>,
    handed: AtomicUsize,
    /// Whether the replies to each first move are shared out among threads as well.
    split_below_root: bool,
    /// When the search gives up ([`Search::stop_at`]), and whether it did.
    deadline: Option<Instant>,
    timed_out: AtomicBool,
}

impl<'a, S: Space> Search<'a, S> {
    /// A search for `stipulation` under `rules` over `space` (which walks `engine`'s
    /// positions), stopping after `max_solutions` solutions, with a transposition table of at
    /// most `hash_megabytes` MB.
    pub fn new(
        engine: &'a dyn Engine,
        rules: &'a Rules,
        space: S,
        stipulation: Stipulation,
        max_solutions: usize,
        hash_megabytes: usize,
    ) -> Search<'a, S> {
        Search {
            engine,
            rules,
            space,
            stipulation,
            max_solutions,
            found: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            table: Table::with_megabytes(hash_megabytes),
            stream: None,
            handed: AtomicUsize::new(0),
            split_below_root: false,
            deadline: None,
            timed_out: AtomicBool::new(false),
        }
    }

    /// From now on the search gives up at `deadline`: the next position it expands after it
    /// fails (an engine error), and [`Search::timed_out`] says why.
    pub fn stop_at(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the deadline ([`Search::stop_at`]) stopped the search.
    pub fn timed_out(&self) -> bool {
        self.timed_out.load(Ordering::Relaxed)
    }

    /// From now on the replies to each first move of a line search (help, help-self and
    /// series play) are searched in parallel too, on the current thread pool.
    pub fn split_below_root(&mut self) {
        self.split_below_root = true;
    }

    /// From now on each solution found from `root` is handed to `each` at once (at most
    /// `max_solutions` of them) instead of being kept: memory does not grow with the number of
    /// solutions.
    pub fn stream_to(&mut self, root: S::Pos, each: Each<'a>) {
        self.stream = Some((root, each));
    }

    /// How many solutions were handed on ([`Search::stream_to`]).
    pub fn handed(&self) -> usize {
        self.handed.load(Ordering::Relaxed)
    }

    /// Whether the solution limit stopped the search.
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    fn children(&self, p: &S::Pos, want: Want) -> Result<Children<S>, EngineError> {
        // Every kind of play expands its positions here: the one place a deadline is looked
        // at (a clock read is small beside making the moves).
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out.store(true, Ordering::Relaxed);
            return Err(EngineError::Unsupported(
                "the search's time budget ran out".into(),
            ));
        }
        self.space.children(p, want)
    }

    /// The children where only the moves that reach the goal count: the mating moves alone
    /// for a mate, every move (marked) for the other goals, which [`Search::reaches`] sorts.
    fn goal_children(&self, p: &S::Pos) -> Result<Children<S>, EngineError> {
        match self.stipulation.goal {
            Goal::Mate => self.children(p, Want::Mating),
            _ => self.children(p, Want::Marked),
        }
    }

    /// Whether `mv`, which led to `after`, reaches the goal against the side now to move.
    fn reaches(&self, mv: &S::Mv, after: &S::Pos) -> Result<bool, EngineError> {
        self.reaches_as(self.stipulation.goal, mv, after)
    }

    /// Whether `mv`, which led to `after`, reaches `goal` against the side now to move (the
    /// stipulation's goal, or in reciprocal help play the goal of the side that begins).
    fn reaches_as(&self, goal: Goal, mv: &S::Mv, after: &S::Pos) -> Result<bool, EngineError> {
        let mark = self.space.mark(mv);
        if goal.tests_stalemate() {
            return self.position_reaches(goal, mark, after);
        }
        if goal.needs_record() {
            return Ok(goal.reached_by(self.record_of(mv)?) == Some(true));
        }
        Ok(match goal {
            Goal::Mate => mark == CheckMark::Mate,
            Goal::Check => mark != CheckMark::None,
            Goal::Capture => self.space.captures(mv),
            _ => true,
        })
    }

    /// Whether a move marked `mark` that led to `after` reaches `goal`, a goal of the
    /// stalemate kind ([`Goal::tests_stalemate`]): a mate for `#=`; else, the move giving no
    /// check, the side to move without a legal move (`=`, `#=`, `==`) and the side that moved
    /// too (`==`, `!=`).
    fn position_reaches(
        &self,
        goal: Goal,
        mark: CheckMark,
        after: &S::Pos,
    ) -> Result<bool, EngineError> {
        if mark != CheckMark::None {
            return Ok(goal == Goal::MateOrStalemate && mark == CheckMark::Mate);
        }
        let side_to_move_stuck = |s: &Self| s.space.stalemated(after);
        let mover_stuck = |s: &Self| {
            s.children(&s.space.turn_skipped(after), Want::Unmarked)
                .map(|moves| moves.is_empty())
        };
        Ok(match goal {
            Goal::DoubleStalemate => side_to_move_stuck(self)? && mover_stuck(self)?,
            Goal::AutoStalemate => mover_stuck(self)?,
            _ => side_to_move_stuck(self)?,
        })
    }

    /// The record of `mv`, for the goals that read it ([`Goal::needs_record`]): the solver
    /// searches them over records.
    fn record_of<'m>(&self, mv: &'m S::Mv) -> Result<&'m MoveRecord, EngineError> {
        self.space.record(mv).ok_or_else(|| {
            EngineError::Unsupported(format!(
                "the goal of {} read in a search space without move records",
                self.stipulation
            ))
        })
    }

    /// Whether the move recorded as `mv`, which led to `after`, reaches the goal against the
    /// side now to move.
    pub fn reaches_goal(&self, mv: &MoveRecord, after: &Position) -> Result<bool, EngineError> {
        match self.stipulation.goal.reached_by(mv) {
            Some(reached) => Ok(reached),
            None => {
                self.position_reaches(self.stipulation.goal, mv.check, &self.space.enter(after)?)
            }
        }
    }

    /// The legal moves from the start position `root` (marked), with the positions they lead
    /// to: the first moves to search with [`Search::solutions_from`]. None in reflex play
    /// (`r#n`, `ser-r#n`) whose attacker can reach the goal in the diagram: it is bound to, and
    /// no first move of its solves.
    pub fn roots(&self, root: &S::Pos) -> Result<Children<S>, EngineError> {
        if matches!(self.stipulation.play, Play::SelfPlay | Play::SeriesSelf)
            && self.stipulation.reflex == Reflex::Full
            && self.reaches_now(root)?
        {
            return Ok(Vec::new());
        }
        self.children(root, Want::Marked)
    }

    /// Whether the side to move in `position` has a move that reaches the goal.
    fn reaches_now(&self, position: &S::Pos) -> Result<bool, EngineError> {
        for (mv, after) in &self.goal_children(position)? {
            if self.reaches(mv, after)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The moves of the side to move in `position` that reach the goal, in the engine's order.
    pub fn goal_moves(&self, position: &Position) -> Result<Vec<MoveRecord>, EngineError> {
        let mut out = Vec::new();
        for (mv, after) in self.engine.successors(position, self.rules)? {
            if self.reaches_goal(&mv, &after)? {
                out.push(mv);
            }
        }
        Ok(out)
    }

    /// Whether the side to move in `position` can reach the goal in one move, in which case
    /// reflex play binds it to: the defender must (see [`Search::reflex_defence_fails`]), the
    /// attacker of `r#n` loses by it.
    pub fn reaches_in_one(&self, position: &Position) -> Result<bool, EngineError> {
        self.reaches_now(&self.space.enter(position)?)
    }
}
