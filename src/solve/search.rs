//! The search for each kind of play, over the [`Engine`] trait only, so that either engine
//! solves. Checkmate and stalemate are the engine's: a move's check mark says mate (in check,
//! no legal move, under the rules in force), and stalemate is asked of the engine's status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Status};

use super::stipulation::{Goal, Play, Stipulation};
use super::table::{Node, Table};
use super::zobrist;

/// One search: the engine, the rules, the goal, and a shared count of solutions found so that
/// every thread stops once enough are found.
pub struct Search<'a> {
    /// The engine asked for moves and status.
    pub engine: &'a dyn Engine,
    /// The rules in force.
    pub rules: &'a Rules,
    /// What is asked.
    pub stipulation: Stipulation,
    /// Stop once this many solutions are found (over all threads).
    pub max_solutions: usize,
    found: AtomicUsize,
    stopped: AtomicBool,
    table: Table,
}

type Found = Result<Vec<Vec<MoveRecord>>, EngineError>;

/// One level of a line search: the move just played, the position it leads to, what is left,
/// the line so far and the solutions found.
type Step<'a> = fn(
    &Search<'a>,
    &MoveRecord,
    &Position,
    u32,
    &mut Vec<MoveRecord>,
    &mut Vec<Vec<MoveRecord>>,
) -> Result<(), EngineError>;

impl<'a> Search<'a> {
    /// A search for `stipulation` under `rules`, stopping after `max_solutions` solutions,
    /// with a transposition table of at most `hash_megabytes` MB.
    pub fn new(
        engine: &'a dyn Engine,
        rules: &'a Rules,
        stipulation: Stipulation,
        max_solutions: usize,
        hash_megabytes: usize,
    ) -> Search<'a> {
        Search {
            engine,
            rules,
            stipulation,
            max_solutions,
            found: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            table: Table::with_megabytes(hash_megabytes),
        }
    }

    /// Whether the solution limit stopped the search.
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    fn record(&self, solutions: &mut Vec<Vec<MoveRecord>>, line: Vec<MoveRecord>) {
        solutions.push(line);
        if self.found.fetch_add(1, Ordering::Relaxed) + 1 >= self.max_solutions {
            self.stopped.store(true, Ordering::Relaxed);
        }
    }

    fn successors(&self, position: &Position) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        self.engine.successors(position, self.rules)
    }

    /// The successors where no check mark is read (a side that cannot reach the goal with
    /// this move): the engine need not find out whether each check is mate.
    fn successors_unmarked(
        &self,
        position: &Position,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        self.engine.successors_unmarked(position, self.rules)
    }

    /// The successors where only the moves that reach the goal count: the mating moves alone
    /// for a mate, every move (marked) for a stalemate.
    fn goal_successors(
        &self,
        position: &Position,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        match self.stipulation.goal {
            Goal::Mate => self.engine.mating_successors(position, self.rules),
            Goal::Stalemate => self.successors(position),
        }
    }

    /// Whether `mv`, which led to `after`, reaches the goal against the side now to move.
    pub fn reaches_goal(&self, mv: &MoveRecord, after: &Position) -> Result<bool, EngineError> {
        Ok(match self.stipulation.goal {
            Goal::Mate => mv.check == CheckMark::Mate,
            Goal::Stalemate => {
                mv.check == CheckMark::None
                    && self.engine.status(after, self.rules)? == Status::Stalemate
            }
        })
    }

    /// The solutions that begin with the root move `first` (leading to `after`): whole lines
    /// in help and series play, the key alone in direct and self play.
    pub fn solutions_from(&self, first: &MoveRecord, after: &Position) -> Found {
        let mut out = Vec::new();
        if self.stopped() {
            return Ok(out);
        }
        let n = self.stipulation.moves;
        match self.stipulation.play {
            Play::Direct => {
                if self.reaches_goal(first, after)? || n > 1 && self.defence_fails(after, n - 1)? {
                    self.record(&mut out, vec![first.clone()]);
                }
            }
            Play::SelfPlay => {
                if self.self_defence_fails(after, n)? {
                    self.record(&mut out, vec![first.clone()]);
                }
            }
            Play::Help => {
                let mut line = vec![first.clone()];
                self.help(
                    first,
                    after,
                    self.stipulation.plies() - 1,
                    &mut line,
                    &mut out,
                )?;
            }
            Play::SeriesHelp => {
                let mut line = vec![first.clone()];
                self.series_help(first, after, n - 1, &mut line, &mut out)?;
            }
            Play::SeriesDirect => {
                let mut line = vec![first.clone()];
                self.series_direct(first, after, n - 1, &mut line, &mut out)?;
            }
        }
        Ok(out)
    }

    /// Remembers that no solution lies below `after` with `left` moves, when none was found
    /// there (since `before`) and the search was complete (not stopped by the solution limit).
    fn note_dead_end(&self, after: &Position, left: u32, before: usize, out: &[Vec<MoveRecord>]) {
        if out.len() == before && !self.stopped() {
            self.table.put(after, Node::DeadEnd, left, false);
        }
    }

    /// Help play: `mv` was just played (leading to `after`), at most `left` half-moves remain.
    fn help(
        &self,
        mv: &MoveRecord,
        after: &Position,
        left: u32,
        line: &mut Vec<MoveRecord>,
        out: &mut Vec<Vec<MoveRecord>>,
    ) -> Result<(), EngineError> {
        // The side that reaches the goal has just moved when an even number of half-moves
        // remains: a shorter solution ends here (Popeye prints those of h#2 in h#3), and a
        // goal leaves no move to go on with.
        if left % 2 == 0 && self.reaches_goal(mv, after)? {
            self.record(out, line.clone());
            return Ok(());
        }
        if left == 0 || self.table.get(after, Node::DeadEnd, left).is_some() {
            return Ok(());
        }
        // The last half-move must reach the goal (only the mating moves are asked for); a
        // side that cannot reach it with its move (an even number of half-moves left after it
        // is the other side's) needs no check marks; the goal side's earlier moves do, for a
        // shorter solution.
        let children = if left == 1 {
            self.goal_successors(after)?
        } else if left % 2 == 0 {
            self.successors_unmarked(after)?
        } else {
            self.successors(after)?
        };
        let before = out.len();
        self.descend(after, before, children, left, line, out, Self::help)
    }

    /// Tries each of `children` after `after` in turn on the line, with `left - 1` half-moves
    /// (or series moves) to go, by `step`; stops when enough solutions are found, and remembers
    /// `after` as a dead end when no solution was found since `before` (the number of
    /// solutions when the search of `after` began).
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &self,
        after: &Position,
        before: usize,
        children: impl IntoIterator<Item = (MoveRecord, Position)>,
        left: u32,
        line: &mut Vec<MoveRecord>,
        out: &mut Vec<Vec<MoveRecord>>,
        step: Step<'a>,
    ) -> Result<(), EngineError> {
        for (next, then) in children {
            if self.stopped() {
                break;
            }
            line.push(next.clone());
            step(self, &next, &then, left - 1, line, out)?;
            line.pop();
        }
        self.note_dead_end(after, left, before, out);
        Ok(())
    }

    /// Series help play: the series side just played `mv` (leading to `after`), and may play
    /// `left` more moves. The other side may reach the goal now; otherwise, when `mv` did not
    /// check (the other side passes, which it cannot do in check), the series goes on.
    fn series_help(
        &self,
        mv: &MoveRecord,
        after: &Position,
        left: u32,
        line: &mut Vec<MoveRecord>,
        out: &mut Vec<Vec<MoveRecord>>,
    ) -> Result<(), EngineError> {
        if self.table.get(after, Node::DeadEnd, left).is_some() {
            return Ok(());
        }
        let before = out.len();
        for (reply, then) in self.goal_successors(after)? {
            if self.stopped() {
                return Ok(());
            }
            if self.reaches_goal(&reply, &then)? {
                let mut whole = line.clone();
                whole.push(reply);
                self.record(out, whole);
            }
        }
        if left == 0 || mv.check != CheckMark::None {
            return Ok(());
        }
        let children = self.successors(&after.turn_skipped())?;
        self.descend(after, before, children, left, line, out, Self::series_help)
    }

    /// Series direct play: the series side just played `mv`, and may play `left` more moves;
    /// only the last may check, and it must reach the goal.
    fn series_direct(
        &self,
        mv: &MoveRecord,
        after: &Position,
        left: u32,
        line: &mut Vec<MoveRecord>,
        out: &mut Vec<Vec<MoveRecord>>,
    ) -> Result<(), EngineError> {
        if self.reaches_goal(mv, after)? {
            self.record(out, line.clone());
            return Ok(());
        }
        if left == 0
            || mv.check != CheckMark::None
            || self.table.get(after, Node::DeadEnd, left).is_some()
        {
            return Ok(());
        }
        let before = out.len();
        // The last series move must reach the goal: only the mating moves are asked for.
        let children = if left == 1 {
            self.goal_successors(&after.turn_skipped())?
        } else {
            self.successors(&after.turn_skipped())?
        };
        self.descend(
            after,
            before,
            children,
            left,
            line,
            out,
            Self::series_direct,
        )
    }

    /// Direct play: whether the side to move reaches the goal within `n` moves against every
    /// defence.
    pub fn attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        let key = zobrist::key(position);
        if let Some(known) = self.table.get_keyed(key, Node::Attack, n) {
            return Ok(known);
        }
        let answer = self.attack_wins_searched(position, n)?;
        self.table.put_keyed(key, Node::Attack, n, answer);
        Ok(answer)
    }

    fn attack_wins_searched(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        if n <= 1 {
            // Only a move that reaches the goal now can win.
            for (mv, after) in &self.goal_successors(position)? {
                if self.reaches_goal(mv, after)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        let children = self.successors(position)?;
        // Goals first: they end the search at once.
        for (mv, after) in &children {
            if self.reaches_goal(mv, after)? {
                return Ok(true);
            }
        }
        // Then checks, then captures, then the quiet moves: the forcing moves leave the
        // defence fewest replies, and win most often.
        for (_, after) in by_force(&children) {
            if self.defence_fails(after, n - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Direct play: whether every defence of the side to move (there must be one) lets the
    /// attacker reach the goal within `n` moves.
    pub fn defence_fails(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        let key = zobrist::key(position);
        if let Some(known) = self.table.get_keyed(key, Node::Defence, n) {
            return Ok(known);
        }
        let answer = self.defence_fails_searched(position, n)?;
        self.table.put_keyed(key, Node::Defence, n, answer);
        Ok(answer)
    }

    fn defence_fails_searched(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        // The defender's marks are never read: it cannot reach the attacker's goal.
        let children = self.successors_unmarked(position)?;
        if children.is_empty() {
            return Ok(false);
        }
        // Captures first: taking a unit of the attack refutes most often.
        for (_, after) in by_force(&children) {
            if !self.attack_wins(after, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Self play: whether the defender, to move in `position`, has a move and every one of its
    /// moves either reaches the goal against the attacker or lets the attacker force it within
    /// `n - 1` more moves.
    pub fn self_defence_fails(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        if let Some(known) = self.table.get(position, Node::SelfDefence, n) {
            return Ok(known);
        }
        let answer = self.self_defence_fails_searched(position, n)?;
        self.table.put(position, Node::SelfDefence, n, answer);
        Ok(answer)
    }

    fn self_defence_fails_searched(
        &self,
        position: &Position,
        n: u32,
    ) -> Result<bool, EngineError> {
        if self.stipulation.goal == Goal::Mate {
            return self.self_defence_fails_mate(position, n);
        }
        let children = self.successors(position)?;
        if children.is_empty() {
            return Ok(false);
        }
        for (mv, after) in &children {
            if self.reaches_goal(mv, after)? {
                continue;
            }
            if n <= 1 || !self.self_attack_wins(after, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`Search::self_defence_fails_searched`] toward mate: the defender's mating moves are
    /// asked of the engine apart (few, and none in most positions, which the engine tells
    /// cheaply), its other moves without marks.
    fn self_defence_fails_mate(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        let mates = self.engine.mating_successors(position, self.rules)?;
        if n <= 1 && mates.is_empty() {
            // Every move must mate, and there is a move to make or the defender is stuck.
            return Ok(false);
        }
        let children = self.successors_unmarked(position)?;
        if children.is_empty() {
            return Ok(false);
        }
        if n <= 1 {
            // The mating moves are among the legal moves: as many means all of them.
            return Ok(children.len() == mates.len());
        }
        let mates_with = |mv: &MoveRecord| {
            mates.iter().any(|(m, _)| {
                m.from == mv.from
                    && m.to == mv.to
                    && *m
                        == MoveRecord {
                            check: CheckMark::Mate,
                            ..mv.clone()
                        }
            })
        };
        for (mv, after) in &children {
            if mates_with(mv) {
                continue;
            }
            if !self.self_attack_wins(after, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Self play: whether the attacker, to move, has a move after which the defender is forced
    /// to reach the goal within `n` moves.
    pub fn self_attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        if let Some(known) = self.table.get(position, Node::SelfAttack, n) {
            return Ok(known);
        }
        let answer = self.self_attack_wins_searched(position, n)?;
        self.table.put(position, Node::SelfAttack, n, answer);
        Ok(answer)
    }

    fn self_attack_wins_searched(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        // The attacker's marks are never read: its goal is the defender's move.
        for (_, after) in self.successors_unmarked(position)? {
            if self.self_defence_fails(&after, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The children in order of force: checks (and mates), then captures, then the other moves,
/// each group in the engine's order. Unmarked children come as captures, then the others.
fn by_force(children: &[(MoveRecord, Position)]) -> impl Iterator<Item = &(MoveRecord, Position)> {
    let rank = |mv: &MoveRecord| match (mv.check, mv.capture.is_some()) {
        (CheckMark::Check | CheckMark::Mate, _) => 0,
        (CheckMark::None, true) => 1,
        (CheckMark::None, false) => 2,
    };
    (0..3).flat_map(move |r| children.iter().filter(move |(mv, _)| rank(mv) == r))
}
