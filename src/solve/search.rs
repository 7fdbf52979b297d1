//! The search for each kind of play, over the [`Engine`] trait only, so that either engine
//! solves. Checkmate and stalemate are the engine's: a move's check mark says mate (in check,
//! no legal move, under the rules in force), and stalemate is asked of the engine's status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Status};

use super::stipulation::{Goal, Play, Stipulation};
use super::table::{Node, Table};

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
        // The last half-move must mate; a mate sooner leaves no move to go on with.
        let must_mate = left == 1 && self.stipulation.goal == Goal::Mate;
        let children = self
            .successors(after)?
            .into_iter()
            .filter(|(next, _)| !must_mate || next.check == CheckMark::Mate);
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
        for (reply, then) in self.successors(after)? {
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
        let children = self.successors(&after.passed())?;
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
        let children = self.successors(&after.passed())?;
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
        if let Some(known) = self.table.get(position, Node::Attack, n) {
            return Ok(known);
        }
        let answer = self.attack_wins_searched(position, n)?;
        self.table.put(position, Node::Attack, n, answer);
        Ok(answer)
    }

    fn attack_wins_searched(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        let children = self.successors(position)?;
        // Goals first: they end the search at once.
        for (mv, after) in &children {
            if self.reaches_goal(mv, after)? {
                return Ok(true);
            }
        }
        if n > 1 {
            for (_, after) in &children {
                if self.defence_fails(after, n - 1)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Direct play: whether every defence of the side to move (there must be one) lets the
    /// attacker reach the goal within `n` moves.
    pub fn defence_fails(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        if let Some(known) = self.table.get(position, Node::Defence, n) {
            return Ok(known);
        }
        let answer = self.defence_fails_searched(position, n)?;
        self.table.put(position, Node::Defence, n, answer);
        Ok(answer)
    }

    fn defence_fails_searched(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        let children = self.successors(position)?;
        if children.is_empty() {
            return Ok(false);
        }
        for (_, after) in &children {
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
        for (_, after) in self.successors(position)? {
            if self.self_defence_fails(&after, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
