//! The search for each kind of play, over the [`Engine`] trait only, so that either engine
//! solves. Checkmate and stalemate are the engine's: a move's check mark says mate (in check,
//! no legal move, under the rules in force), and stalemate is asked of the engine's status.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules};

use super::Each;
use super::stipulation::{Goal, Play, Reflex, Stipulation};
use super::table::{Node, Table};
use crate::space::zobrist::Key;
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

/// One move of a line: the move, the position it leads to, and whether it was made after a
/// pass (a series move after the first), so that the line can be played again for its records.
struct LineMove<S: Space> {
    mv: S::Mv,
    after: S::Pos,
    after_pass: bool,
}

impl<S: Space> Clone for LineMove<S> {
    fn clone(&self) -> LineMove<S> {
        LineMove {
            mv: self.mv.clone(),
            after: self.after.clone(),
            after_pass: self.after_pass,
        }
    }
}

type Line<S> = Vec<LineMove<S>>;

/// The solutions found below a first move: kept as lines, or handed on as soon as found when
/// the search streams ([`Search::stream_to`]); counted either way, so that a search can tell
/// whether it found one below a position.
struct Found<S: Space> {
    lines: Vec<Line<S>>,
    count: usize,
    /// The moves of the last line handed on, with their records.
    prefix: Prefix<S>,
}

impl<S: Space> Found<S> {
    fn new() -> Found<S> {
        Found {
            lines: Vec::new(),
            count: 0,
            prefix: Vec::new(),
        }
    }
}

/// The moves of the last line turned into records, each with the position it led to and its
/// records: the next line, found below the same first moves most of the time (the search goes
/// depth first), plays again only the moves where it parts from it.
type Prefix<S> = Vec<(<S as Space>::Mv, <S as Space>::Pos, Vec<MoveRecord>)>;

/// One level of a line search: the move just played, the position it leads to and its key,
/// what is left, the line so far and the solutions found.
type Step<'a, S> = fn(
    &Search<'a, S>,
    &<S as Space>::Mv,
    &<S as Space>::Pos,
    Key,
    u32,
    &mut Line<S>,
    &mut Found<S>,
) -> Result<(), EngineError>;

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

    fn record(&self, solutions: &mut Found<S>, line: Line<S>) -> Result<(), EngineError> {
        solutions.count += 1;
        match &self.stream {
            Some((root, each)) => {
                for records in self.line_records(root, &line, &mut solutions.prefix)? {
                    if self.handed.fetch_add(1, Ordering::Relaxed) < self.max_solutions {
                        each(records);
                    }
                }
            }
            None => solutions.lines.push(line),
        }
        if self.found.fetch_add(1, Ordering::Relaxed) + 1 >= self.max_solutions {
            self.stopped.store(true, Ordering::Relaxed);
        }
        Ok(())
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
        let goal = self.stipulation.goal;
        let mark = self.space.mark(mv);
        if goal.tests_stalemate() {
            return self.position_reaches(mark, after);
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

    /// Whether a move marked `mark` that led to `after` reaches a goal of the stalemate kind
    /// ([`Goal::tests_stalemate`]): a mate for `#=`; else, the move giving no check, the side
    /// to move without a legal move (`=`, `#=`, `==`) and the side that moved too (`==`,
    /// `!=`).
    fn position_reaches(&self, mark: CheckMark, after: &S::Pos) -> Result<bool, EngineError> {
        let goal = self.stipulation.goal;
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
            None => self.position_reaches(mv.check, &self.space.enter(after)?),
        }
    }

    /// The legal moves from the start position `root` (marked), with the positions they lead
    /// to: the first moves to search with [`Search::solutions_from`]. None in reflex play
    /// whose attacker can reach the goal in the diagram: it is bound to, and no first move of
    /// its solves.
    pub fn roots(&self, root: &S::Pos) -> Result<Children<S>, EngineError> {
        if self.stipulation.play == Play::SelfPlay
            && self.stipulation.reflex == Reflex::Full
            && self.reaches_now(root)?
        {
            return Ok(Vec::new());
        }
        self.children(root, Want::Marked)
    }

    /// The solutions that begin with the root move `first` from `root` (leading to `after`):
    /// whole lines in help and series play, the key alone in direct and self play.
    pub fn solutions_from(
        &self,
        root: &S::Pos,
        first: &S::Mv,
        after: &S::Pos,
    ) -> Result<Vec<Vec<MoveRecord>>, EngineError> {
        let mut out = Found::new();
        if self.stopped() {
            return Ok(Vec::new());
        }
        let n = self.stipulation.moves;
        let mut line = vec![LineMove {
            mv: first.clone(),
            after: after.clone(),
            after_pass: false,
        }];
        match self.stipulation.play {
            Play::Direct => {
                if self.reaches(first, after)? || n > 1 && self.defence_fails_in(after, n - 1)? {
                    self.record(&mut out, line)?;
                }
            }
            Play::SelfPlay => {
                if self.self_defence_fails_in(after, n)? {
                    self.record(&mut out, line)?;
                }
            }
            Play::Help => {
                let left = self.stipulation.plies() - 1;
                let key = self.space.key(after);
                self.help(first, after, key, left, &mut line, &mut out)?;
            }
            Play::SeriesHelp => {
                let key = self.space.key(after);
                self.series_help(first, after, key, n - 1, &mut line, &mut out)?;
            }
            Play::SeriesDirect => {
                let key = self.space.key(after);
                self.series_direct(first, after, key, n - 1, &mut line, &mut out)?;
            }
            Play::HelpSelf => {
                let left = self.stipulation.plies() - 1;
                if self.reflex_bound(root)? {
                    // In hr#n.5 the side to be mated begins with the half-move: bound to reach
                    // the goal, it must, and each such move is a line of its own. (In hr#n
                    // the side that begins is bound to lose: no line; the moves that bind it
                    // are the solve's `bound`.)
                    if self.stipulation.half && self.reaches(first, after)? {
                        self.record(&mut out, line)?;
                    }
                    return self.lines_from(root, &out.lines);
                }
                // Without a half-move the side that plays the self move begins: its first
                // move may be that move already (the shortest line).
                if !self.stipulation.half {
                    self.self_move_ends(&mut line, &mut out)?;
                }
                if left > 1 {
                    let key = self.space.key(after);
                    self.help_self(first, after, key, left, &mut line, &mut out)?;
                }
            }
        }
        self.lines_from(root, &out.lines)
    }

    /// The records of the lines `found` from `root`.
    fn lines_from(
        &self,
        root: &S::Pos,
        found: &[Line<S>],
    ) -> Result<Vec<Vec<MoveRecord>>, EngineError> {
        let mut solutions = Vec::new();
        let mut prefix = Vec::new();
        for line in found {
            solutions.extend(self.line_records(root, line, &mut prefix)?);
        }
        Ok(solutions)
    }

    /// The records of a line found from `root`: one line per record of each move (more than
    /// one only when two moves lead to the same position).
    /// The moves `line` shares with the last line turned (`prefix`) take their records from
    /// it; `prefix` becomes this line's.
    fn line_records(
        &self,
        root: &S::Pos,
        line: &Line<S>,
        prefix: &mut Prefix<S>,
    ) -> Result<Vec<Vec<MoveRecord>>, EngineError> {
        let mut lines = vec![Vec::with_capacity(line.len())];
        let mut skipped;
        let mut shared = true;
        for (i, step) in line.iter().enumerate() {
            shared = shared
                && prefix
                    .get(i)
                    .is_some_and(|(mv, after, _)| *mv == step.mv && *after == step.after);
            if !shared {
                let previous = if i == 0 { root } else { &line[i - 1].after };
                let before = if step.after_pass {
                    skipped = self.space.turn_skipped(previous);
                    &skipped
                } else {
                    previous
                };
                prefix.truncate(i);
                let records = self.space.records(before, &step.mv, &step.after)?;
                if records.is_empty() {
                    return Err(EngineError::IllegalMove(
                        "a solution's move, played again, is not found".to_string(),
                    ));
                }
                prefix.push((step.mv.clone(), step.after.clone(), records));
            }
            match prefix[i].2.as_slice() {
                // Mostly one move leads to the position: every line takes it.
                [only] => lines.iter_mut().for_each(|l| l.push(only.clone())),
                records => {
                    lines = lines
                        .into_iter()
                        .flat_map(|l| {
                            records.iter().map(move |r| {
                                let mut l = l.clone();
                                l.push(r.clone());
                                l
                            })
                        })
                        .collect();
                }
            }
        }
        Ok(lines)
    }

    /// Remembers that no solution lies below the position of `key` with `left` moves, when
    /// none was found there (since `before`) and the search was complete (not stopped by the
    /// solution limit).
    fn note_dead_end(&self, key: Key, left: u32, before: usize, out: &Found<S>) {
        if out.count == before && !self.stopped() {
            self.table.put_dead_end(key, left);
        }
    }

    /// Whether the position of `key` was searched without a solution with `left` moves or
    /// more (in help play, two half-moves more at a time: the same side to move).
    fn dead_end(&self, key: Key, left: u32) -> bool {
        let stride = if matches!(self.stipulation.play, Play::Help | Play::HelpSelf) {
            2
        } else {
            1
        };
        self.table.dead_end(key, left, stride)
    }

    /// Help play: `mv` was just played (leading to `after`), at most `left` half-moves remain.
    fn help(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        // The side that reaches the goal has just moved when an even number of half-moves
        // remains: a shorter solution ends here (Popeye prints those of h#2 in h#3), and a
        // goal leaves no move to go on with.
        if left.is_multiple_of(2) && self.reaches(mv, after)? {
            self.record(out, line.clone())?;
            return Ok(());
        }
        if left == 0 || self.dead_end(key, left) {
            return Ok(());
        }
        // The last half-move must reach the goal (only the mating moves are asked for); a
        // side that cannot reach it with its move (an even number of half-moves left after it
        // is the other side's) needs no check marks; the goal side's earlier moves do, for a
        // shorter solution.
        let children = if left == 1 {
            self.goal_children(after)?
        } else if left.is_multiple_of(2) {
            self.children(after, Want::Unmarked)?
        } else {
            self.children(after, Want::Marked)?
        };
        let before = out.count;
        self.descend(key, before, children, false, left, line, out, Self::help)
    }

    /// Help-self play: `mv` was just played (leading to `after`), at most `left` half-moves
    /// remain, the last two the self move and the reply that reaches the goal. When an even
    /// number remains, the side that plays the self move is to move: each of its moves may be
    /// that move (a line ends there, shorter ones too) as well as a help move.
    fn help_self(
        &self,
        _mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        if left == 0 || self.dead_end(key, left) || self.reflex_bound(after)? {
            return Ok(());
        }
        let before = out.count;
        let children = self.children(after, Want::Unmarked)?;
        if left.is_multiple_of(2) {
            for (next, then) in &children {
                if self.stopped() {
                    break;
                }
                line.push(LineMove {
                    mv: next.clone(),
                    after: then.clone(),
                    after_pass: false,
                });
                self.self_move_ends(line, out)?;
                line.pop();
            }
        }
        if left <= 2 {
            self.note_dead_end(key, left, before, out);
            return Ok(());
        }
        self.descend(
            key,
            before,
            children,
            false,
            left,
            line,
            out,
            Self::help_self,
        )
    }

    /// Whether in `hr#n` the side to move in `position` can reach the goal, which binds it to:
    /// the side to be mated ends the play so (a line that ends there is found one move
    /// before, its last move the self move), the other side loses by it. Either way no line
    /// goes on from `position`. Popeye binds both sides so in the help moves too.
    fn reflex_bound(&self, position: &S::Pos) -> Result<bool, EngineError> {
        Ok(self.stipulation.reflex == Reflex::Full && self.reaches_now(position)?)
    }

    /// The ends of a help-self line whose last move is the self move: when the other side,
    /// now to move, must reach the goal (every one of its moves does, or in `hr#n` it can),
    /// one line for each of its moves that does.
    fn self_move_ends(&self, line: &mut Line<S>, out: &mut Found<S>) -> Result<(), EngineError> {
        let after = line.last().expect("the self move").after.clone();
        if !self.self_defence_fails_in(&after, 1)? {
            return Ok(());
        }
        self.goal_replies(&after, line, out)
    }

    /// Records `line` followed by each move of the side to move in `after` (where the line
    /// leads) that reaches the goal, until the solution limit stops the search.
    fn goal_replies(
        &self,
        after: &S::Pos,
        line: &Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        for (reply, then) in self.goal_children(after)? {
            if self.stopped() {
                break;
            }
            if self.reaches(&reply, &then)? {
                let mut whole = line.clone();
                whole.push(LineMove {
                    mv: reply,
                    after: then,
                    after_pass: false,
                });
                self.record(out, whole)?;
            }
        }
        Ok(())
    }

    /// Tries each of `children` of the position of `key` in turn on the line (made after a
    /// pass when `after_pass`), with `left - 1` half-moves (or series moves) to go, by `step`;
    /// stops when enough solutions are found, and remembers the position as a dead end when no
    /// solution was found since `before` (the number of solutions when its search began). The
    /// children's table slots are fetched ahead, while the first of them is searched.
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &self,
        key: Key,
        before: usize,
        children: Vec<(S::Mv, S::Pos)>,
        after_pass: bool,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
        step: Step<'a, S>,
    ) -> Result<(), EngineError> {
        let keys: Vec<Key> = children.iter().map(|(_, p)| self.space.key(p)).collect();
        if left > 1 {
            for &k in &keys {
                self.table.prefetch(k, Node::DeadEnd, left - 1);
            }
        }
        if self.split_below_root && line.len() == 1 {
            // Below a first move the replies are shared out among the threads too: one first
            // move often holds most of the tree.
            let results: Vec<Result<Found<S>, EngineError>> = children
                .into_par_iter()
                .zip(keys)
                .map(|((next, then), k)| {
                    let mut found = Found::new();
                    if self.stopped() {
                        return Ok(found);
                    }
                    let mut line = vec![
                        line[0].clone(),
                        LineMove {
                            mv: next.clone(),
                            after: then.clone(),
                            after_pass,
                        },
                    ];
                    step(self, &next, &then, k, left - 1, &mut line, &mut found)?;
                    Ok(found)
                })
                .collect();
            for found in results {
                let found = found?;
                out.count += found.count;
                out.lines.extend(found.lines);
            }
            self.note_dead_end(key, left, before, out);
            return Ok(());
        }
        for ((next, then), k) in children.into_iter().zip(keys) {
            if self.stopped() {
                break;
            }
            line.push(LineMove {
                mv: next.clone(),
                after: then.clone(),
                after_pass,
            });
            step(self, &next, &then, k, left - 1, line, out)?;
            line.pop();
        }
        self.note_dead_end(key, left, before, out);
        Ok(())
    }

    /// Series help play: the series side just played `mv` (leading to `after`), and may play
    /// `left` more moves. The other side may reach the goal now; otherwise, when `mv` did not
    /// check (the other side passes, which it cannot do in check), the series goes on.
    fn series_help(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        if self.dead_end(key, left) {
            return Ok(());
        }
        let before = out.count;
        self.goal_replies(after, line, out)?;
        if self.stopped() || left == 0 || self.space.mark(mv) != CheckMark::None {
            return Ok(());
        }
        // A series move that checks ends the series: whether it mates is not asked.
        let children = self.children(&self.space.turn_skipped(after), Want::Checks)?;
        self.descend(
            key,
            before,
            children,
            true,
            left,
            line,
            out,
            Self::series_help,
        )
    }

    /// Series direct play: the series side just played `mv`, and may play `left` more moves;
    /// only the last may check, and it must reach the goal.
    fn series_direct(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        if self.reaches(mv, after)? {
            self.record(out, line.clone())?;
            return Ok(());
        }
        if left == 0 || self.space.mark(mv) != CheckMark::None || self.dead_end(key, left) {
            return Ok(());
        }
        let before = out.count;
        // The last series move must reach the goal: only the mating moves are asked for.
        let skipped = self.space.turn_skipped(after);
        let children = if left == 1 {
            self.goal_children(&skipped)?
        } else {
            self.children(&skipped, Want::Marked)?
        };
        self.descend(
            key,
            before,
            children,
            true,
            left,
            line,
            out,
            Self::series_direct,
        )
    }

    /// The answer to the question `node` with `n` moves about `position`: from the table,
    /// else found by `search` and kept there.
    fn remembered(
        &self,
        position: &S::Pos,
        node: Node,
        n: u32,
        search: fn(&Self, &S::Pos, u32) -> Result<bool, EngineError>,
    ) -> Result<bool, EngineError> {
        let key = self.space.key(position);
        if let Some(known) = self.table.get_keyed(key, node, n) {
            return Ok(known);
        }
        let answer = search(self, position, n)?;
        self.table.put_keyed(key, node, n, answer);
        Ok(answer)
    }

    /// Direct play: whether the side to move reaches the goal within `n` moves against every
    /// defence.
    pub fn attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.attack_wins_in(&self.space.enter(position)?, n)
    }

    fn attack_wins_in(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        self.remembered(position, Node::Attack, n, Self::attack_wins_searched)
    }

    fn attack_wins_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        if n <= 1 {
            // Only a move that reaches the goal now can win.
            return self.reaches_now(position);
        }
        let children = self.children(position, Want::Marked)?;
        // Goals first: they end the search at once.
        for (mv, after) in &children {
            if self.reaches(mv, after)? {
                return Ok(true);
            }
        }
        // Then checks, then captures, then the quiet moves: the forcing moves leave the
        // defence fewest replies, and win most often.
        for (_, after) in self.by_force(&children) {
            if self.defence_fails_in(after, n - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Direct play: whether every defence of the side to move (there must be one) lets the
    /// attacker reach the goal within `n` moves.
    pub fn defence_fails(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.defence_fails_in(&self.space.enter(position)?, n)
    }

    fn defence_fails_in(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        self.remembered(position, Node::Defence, n, Self::defence_fails_searched)
    }

    fn defence_fails_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        // The defender's marks are never read: it cannot reach the attacker's goal.
        let children = self.children(position, Want::Unmarked)?;
        if children.is_empty() {
            return Ok(false);
        }
        // Captures first: taking a unit of the attack refutes most often.
        for (_, after) in self.by_force(&children) {
            if !self.attack_wins_in(after, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Self play: whether the defender, to move in `position`, has a move and every one of its
    /// moves either reaches the goal against the attacker or lets the attacker force it within
    /// `n - 1` more moves.
    pub fn self_defence_fails(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.self_defence_fails_in(&self.space.enter(position)?, n)
    }

    fn self_defence_fails_in(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        self.remembered(
            position,
            Node::SelfDefence,
            n,
            Self::self_defence_fails_searched,
        )
    }

    fn self_defence_fails_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        if self.stipulation.reflex != Reflex::No {
            return self.reflex_defence_fails(position, n);
        }
        if self.stipulation.goal == Goal::Mate {
            return self.self_defence_fails_mate(position, n);
        }
        let children = self.children(position, Want::Marked)?;
        if children.is_empty() {
            return Ok(false);
        }
        for (mv, after) in &children {
            if self.reaches(mv, after)? {
                continue;
            }
            if n <= 1 || !self.self_attack_wins_in(after, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Reflex and semi-reflex play: the defender, to move, must reach the goal when it can,
    /// which ends the play to the attacker's gain; when it cannot, it has a move and every one
    /// lets the attacker force the goal within `n - 1` more moves.
    fn reflex_defence_fails(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        if self.reaches_now(position)? {
            return Ok(true);
        }
        if n <= 1 {
            return Ok(false);
        }
        let children = self.children(position, Want::Unmarked)?;
        if children.is_empty() {
            return Ok(false);
        }
        for (_, after) in &children {
            if !self.self_attack_wins_in(after, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
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

    /// [`Search::self_defence_fails_searched`] toward mate: the defender's mating moves are
    /// asked apart (few, and none in most positions, which the engine tells cheaply), its
    /// other moves without marks; a move mates when its position is a mating move's.
    fn self_defence_fails_mate(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        let mates = self.children(position, Want::Mating)?;
        if n <= 1 && mates.is_empty() {
            // Every move must mate, and there is a move to make or the defender is stuck.
            return Ok(false);
        }
        let children = self.children(position, Want::Unmarked)?;
        if children.is_empty() {
            return Ok(false);
        }
        if n <= 1 {
            // The mating moves are among the legal moves: as many means all of them.
            return Ok(children.len() == mates.len());
        }
        for (_, after) in &children {
            if mates.iter().any(|(_, mated)| mated == after) {
                continue;
            }
            if !self.self_attack_wins_in(after, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Self play: whether the attacker, to move, has a move after which the defender is forced
    /// to reach the goal within `n` moves.
    pub fn self_attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.self_attack_wins_in(&self.space.enter(position)?, n)
    }

    fn self_attack_wins_in(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        self.remembered(
            position,
            Node::SelfAttack,
            n,
            Self::self_attack_wins_searched,
        )
    }

    fn self_attack_wins_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        // Reflex play: an attacker that can reach the goal against the defender must, and
        // loses.
        if self.stipulation.reflex == Reflex::Full && self.reaches_now(position)? {
            return Ok(false);
        }
        // The attacker's marks are never read: its goal is the defender's move.
        for (_, after) in self.children(position, Want::Unmarked)? {
            if self.self_defence_fails_in(&after, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The children in order of force: checks (and mates), then captures, then the other
    /// moves, each group in the space's order. Unmarked children come as captures, then the
    /// others.
    fn by_force<'c>(
        &'c self,
        children: &'c [(S::Mv, S::Pos)],
    ) -> impl Iterator<Item = &'c (S::Mv, S::Pos)> + 'c {
        let rank = move |mv: &S::Mv| match (self.space.mark(mv), self.space.captures(mv)) {
            (CheckMark::Check | CheckMark::Mate, _) => 0,
            (CheckMark::None, true) => 1,
            (CheckMark::None, false) => 2,
        };
        (0..3).flat_map(move |r| children.iter().filter(move |(mv, _)| rank(mv) == r))
    }
}
