//! Help, help-self and series play: the lines that reach the goal, searched depth first
//! (in parallel below each first move when asked), the positions without a solution kept as
//! dead ends, and each line found turned into move records.

use std::sync::atomic::Ordering;

use rayon::prelude::*;

use feerie_oracle::{CheckMark, EngineError, MoveRecord};

use super::Search;
use crate::solve::stipulation::{Play, Reflex};
use crate::solve::table::Node;
use crate::space::zobrist::Key;
use crate::space::{Space, Want};

/// One move of a line: the move, the position it leads to, and whether it was made after a
/// pass (a series move after the first), so that the line can be played again for its records.
pub(super) struct LineMove<S: Space> {
    pub(super) mv: S::Mv,
    pub(super) after: S::Pos,
    pub(super) after_pass: bool,
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

pub(super) type Line<S> = Vec<LineMove<S>>;

/// The solutions found below a first move: kept as lines, or handed on as soon as found when
/// the search streams ([`Search::stream_to`]); counted either way, so that a search can tell
/// whether it found one below a position.
pub(super) struct Found<S: Space> {
    lines: Vec<Line<S>>,
    pub(super) count: usize,
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
    pub(super) fn record(
        &self,
        solutions: &mut Found<S>,
        line: Line<S>,
    ) -> Result<(), EngineError> {
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
            _ if self.stipulation.intro > 0 => {
                self.intro_series(
                    first,
                    after,
                    self.stipulation.intro - 1,
                    &mut line,
                    &mut out,
                )?;
            }
            Play::Direct => {
                let early = n == 1 || !self.stipulation.exact;
                if early && self.reaches(first, after)?
                    || n > 1 && self.attack_holds(self.space.mark(first), after, n - 1)?
                {
                    self.record(&mut out, line)?;
                }
            }
            Play::SelfPlay => {
                if self.self_attack_holds(self.space.mark(first), after, n)? {
                    self.record(&mut out, line)?;
                }
            }
            Play::Help | Play::SeriesHelp if self.stipulation.reci.is_some() => {
                self.reciprocal_from(root, first, after, &mut line, &mut out)?;
            }
            Play::Help => {
                let left = self.stipulation.plies() - 1;
                let key = self.space.key(after);
                self.help(first, after, key, left, &mut line, &mut out)?;
            }
            Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf => {
                self.series_from(first, after, &mut line, &mut out)?;
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
                // move may be that move already (the shortest line). With one, the side to
                // reach the goal begins: when every move of its reaches it (it is bound to), each
                // such move is a line already, as Popeye prints it (`1...AMc8*c3 #`).
                if !self.stipulation.half {
                    if self.ends_here(left - 1) {
                        self.self_move_ends(&mut line, &mut out)?;
                    }
                } else if self.ends_here(left)
                    && self.forced(root, Node::SelfDefence, 1)?
                    && self.reaches(first, after)?
                {
                    self.record(&mut out, line.clone())?;
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
    pub(super) fn note_dead_end(&self, key: Key, left: u32, before: usize, out: &Found<S>) {
        if out.count == before && !self.stopped() {
            self.table.put_dead_end(key, left);
        }
    }

    /// Whether the position of `key` was searched without a solution with `left` moves or
    /// more (in help play, two half-moves more at a time: the same side to move). Under
    /// `exact-` only a search with `left` itself tells: a line of exactly more moves says
    /// nothing of one of exactly fewer.
    pub(super) fn dead_end(&self, key: Key, left: u32) -> bool {
        let stride = if self.stipulation.exact {
            u32::MAX
        } else if matches!(self.stipulation.play, Play::Help | Play::HelpSelf) {
            2
        } else {
            1
        };
        self.table.dead_end(key, left, stride)
    }

    /// Whether a line that reaches its end with `left` moves (or half-moves) still to go is a
    /// solution: any such line, but under `exact-` only one that has used them all.
    fn ends_here(&self, left: u32) -> bool {
        !self.stipulation.exact || left == 0
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
            if self.ends_here(left) {
                self.record(out, line.clone())?;
            }
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
        // Under `exact-` only the last two half-moves may be the self move and the goal.
        if left.is_multiple_of(2) && self.ends_here(left - 2) {
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

    /// Whether in `hr#n` or `ser-r#n` the side to move in `position` can reach the goal, which
    /// binds it to: the side to be mated ends the play so (a line that ends there is found one
    /// move before, its last move the self move), the other side loses by it. Either way no
    /// line goes on from `position`. Popeye binds both sides so in the help moves too.
    fn reflex_bound(&self, position: &S::Pos) -> Result<bool, EngineError> {
        Ok(self.stipulation.reflex == Reflex::Full && self.reaches_now(position)?)
    }

    /// The ends of a help-self line whose last move is the self move: when the other side,
    /// now to move, must reach the goal (every one of its moves does, or in `hr#n` it can),
    /// one line for each of its moves that does.
    fn self_move_ends(&self, line: &mut Line<S>, out: &mut Found<S>) -> Result<(), EngineError> {
        let after = line.last().expect("the self move").after.clone();
        if !self.forced(&after, Node::SelfDefence, 1)? {
            return Ok(());
        }
        self.goal_replies(&after, line, out)
    }

    /// Records `line` followed by each move of the side to move in `after` (where the line
    /// leads) that reaches the goal, until the solution limit stops the search.
    pub(super) fn goal_replies(
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
    pub(super) fn descend(
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

    /// Series play after its first move `first` (leading to `after`, the last move of `line`):
    /// the series of the stipulation's play goes on with its moves left.
    pub(super) fn series_from(
        &self,
        first: &S::Mv,
        after: &S::Pos,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        let step: Step<'a, S> = match self.stipulation.play {
            Play::SeriesDirect => Self::series_direct,
            Play::SeriesSelf => Self::series_self,
            // Series help play; the other plays have no series (parsing gives none an intro).
            _ => Self::series_help,
        };
        let key = self.space.key(after);
        step(
            self,
            first,
            after,
            key,
            self.stipulation.moves - 1,
            line,
            out,
        )
    }

    /// Series help play: the series side just played `mv` (leading to `after`), and may play
    /// `left` more moves. The other side may reach the goal now; and the series goes on
    /// ([`Search::series_goes_on`]).
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
        if self.ends_here(left) {
            self.goal_replies(after, line, out)?;
        }
        self.series_goes_on(mv, after, key, before, left, line, out, Self::series_help)
    }

    /// The series going on after the series side's `mv` (to `after`, the position of `key`,
    /// `before` solutions found when its search began) by `step`, the other side passing:
    /// unless the search stopped, no move is left, or `mv` checks (the other side cannot pass
    /// in check: in parry series it parries instead, [`Search::parried`]); in `ser-r#n`,
    /// unless the series side can reach the goal against the other side itself (it is bound
    /// to, and loses). A series move that checks ends the series (but in parry series), so the
    /// next moves are marked for checks only: whether one mates is not asked.
    #[allow(clippy::too_many_arguments)]
    fn series_goes_on(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        before: usize,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
        step: Step<'a, S>,
    ) -> Result<(), EngineError> {
        if self.stopped() || left == 0 {
            return Ok(());
        }
        if self.space.mark(mv) != CheckMark::None {
            return if self.stipulation.parry {
                self.parried(after, left, line, out, step)
            } else {
                Ok(())
            };
        }
        let skipped = self.space.turn_skipped(after);
        if self.reflex_bound(&skipped)? {
            return Ok(());
        }
        let children = self.children(&skipped, Want::Checks)?;
        self.descend(key, before, children, true, left, line, out, step)
    }

    /// Parry series (`pser-h#n`): the series side's move to `after` checks, and the other side
    /// parries with each of its moves in turn (a help move), after which the series goes on by
    /// `step` with the series side's moves from there (in `phser-r#n`, unless it is bound to
    /// reach the goal then).
    fn parried(
        &self,
        after: &S::Pos,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
        step: Step<'a, S>,
    ) -> Result<(), EngineError> {
        for (parry, parried) in self.children(after, Want::Unmarked)? {
            if self.stopped() {
                break;
            }
            if self.reflex_bound(&parried)? {
                continue;
            }
            line.push(LineMove {
                mv: parry,
                after: parried.clone(),
                after_pass: false,
            });
            // Keyed by the position after the parry, the series side to move: no position
            // after a series move (the other side to move) shares its key.
            let key = self.space.key(&parried);
            if !self.dead_end(key, left) {
                let children = self.children(&parried, Want::Checks)?;
                let before = out.count;
                self.descend(key, before, children, false, left, line, out, step)?;
            }
            line.pop();
        }
        Ok(())
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
            if self.ends_here(left) {
                self.record(out, line.clone())?;
            }
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

    /// Series self play: the series side just played `mv` (leading to `after`), and may play
    /// `left` more moves. Where the other side, now to move, must reach the goal against it
    /// (every move of its does; in `ser-r#n`, one can), the line ends with each such move, and
    /// Popeye 4.104 plays no series on from there. Otherwise the series goes on
    /// ([`Search::series_goes_on`]).
    fn series_self(
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
        if self.forced(after, Node::SelfDefence, 1)? {
            if self.ends_here(left) {
                self.goal_replies(after, line, out)?;
            }
            return Ok(());
        }
        let before = out.count;
        self.series_goes_on(mv, after, key, before, left, line, out, Self::series_self)
    }
}
