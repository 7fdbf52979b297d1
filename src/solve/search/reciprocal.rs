//! Reciprocal help play (`reci-h#n`, `reci-h(=)#n`, `ser-reci-h#n`): help or series help play
//! whose lines end where the side that began, to move, can both reach its own goal with a move
//! and play a move after which the other side reaches the stipulation's goal
//! ([`crate::solve::stipulation::Stipulation::reci`]). Such a position ends lines of every
//! length up to the stipulated one (in series play, but for `ser-reci-h#1`, after one series
//! move at least), and the play goes on through it, as Popeye 4.104 plays it.

use feerie_oracle::{CheckMark, EngineError};

use super::Search;
use super::lines::{Found, Line, LineMove};
use crate::solve::stipulation::Play;
use crate::space::zobrist::Key;
use crate::space::{Children, Space, Want};

impl<'a, S: Space> Search<'a, S> {
    /// The lines that begin with the root move `first` (from `root`, leading to `after`; `line`
    /// holds it): those that end in the diagram, then those found further on. In series play
    /// the lines end in the diagram only in `ser-reci-h#1` (which is `reci-h#1`): Popeye 4.104
    /// plays `ser-reci-h#n` as a series of at least one move followed by `reci-h#1`.
    pub(super) fn reciprocal_from(
        &self,
        root: &S::Pos,
        first: &S::Mv,
        after: &S::Pos,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        let ends_in_diagram = self.stipulation.play == Play::Help || self.stipulation.moves == 1;
        let children = if ends_in_diagram {
            self.children(root, Want::Marked)?
        } else {
            Vec::new()
        };
        if ends_in_diagram && self.reciprocal_holds(&children)? {
            let mine = children
                .iter()
                .filter(|(mv, then)| mv == first && then == after);
            self.reciprocal_ends(mine, &[], false, out)?;
        }
        let key = self.space.key(after);
        if self.stipulation.play == Play::Help {
            self.reciprocal_help(first, after, key, self.stipulation.plies() - 1, line, out)
        } else {
            self.reciprocal_series(first, after, key, self.stipulation.moves - 1, line, out)
        }
    }

    /// Help play: `mv` was just played (leading to `after`), at most `left` half-moves remain.
    /// Where the side that began is to move (an even number left), the lines may end there.
    fn reciprocal_help(
        &self,
        _mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        // A line ends with two half-moves at most: one left is of no use.
        if left < 2 || self.dead_end(key, left) {
            return Ok(());
        }
        let before = out.count;
        // The side that began is to move when an even number is left: its moves' marks tell
        // whether one reaches its own goal.
        let ends_here = left.is_multiple_of(2);
        let want = if ends_here {
            Want::Marked
        } else {
            Want::Unmarked
        };
        let children = self.children(after, want)?;
        if ends_here && self.reciprocal_holds(&children)? {
            self.reciprocal_ends(children.iter(), line, false, out)?;
        }
        if left == 2 {
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
            Self::reciprocal_help,
        )
    }

    /// Series help play: the series side just played `mv` (leading to `after`), and may play
    /// `left` more moves, the other side passing; the lines may end after the pass. A series
    /// move that checks ends the series (the other side cannot pass in check).
    fn reciprocal_series(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        key: Key,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        if self.stopped()
            || left == 0
            || self.space.mark(mv) != CheckMark::None
            || self.dead_end(key, left)
        {
            return Ok(());
        }
        let before = out.count;
        let skipped = self.space.turn_skipped(after);
        let children = self.children(&skipped, Want::Marked)?;
        if self.reciprocal_holds(&children)? {
            self.reciprocal_ends(children.iter(), line, true, out)?;
        }
        if left == 1 {
            self.note_dead_end(key, left, before, out);
            return Ok(());
        }
        self.descend(
            key,
            before,
            children,
            true,
            left,
            line,
            out,
            Self::reciprocal_series,
        )
    }

    /// Whether the side to move, whose moves are `children`, can both reach its own goal with
    /// one of them and play one after which the other side can reach the stipulation's goal.
    fn reciprocal_holds(&self, children: &Children<S>) -> Result<bool, EngineError> {
        let own = self.stipulation.reci.expect("reciprocal help play");
        let mut reaches_own = false;
        for (mv, then) in children {
            if self.reaches_as(own, mv, then)? {
                reaches_own = true;
                break;
            }
        }
        if !reaches_own {
            return Ok(false);
        }
        for (_, then) in children {
            if self.reaches_now(then)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The lines that end with `moves` (of the side that began, played after `prefix`, after a
    /// pass when `after_pass`), in the order Popeye prints them: each move with each reply that
    /// reaches the stipulation's goal, then each move that reaches the side's own goal.
    fn reciprocal_ends<'m>(
        &self,
        moves: impl Iterator<Item = &'m (S::Mv, S::Pos)> + Clone,
        prefix: &[LineMove<S>],
        after_pass: bool,
        out: &mut Found<S>,
    ) -> Result<(), EngineError>
    where
        S: 'm,
    {
        let own = self.stipulation.reci.expect("reciprocal help play");
        let extended = |mv: &S::Mv, then: &S::Pos| {
            let mut line = prefix.to_vec();
            line.push(LineMove {
                mv: mv.clone(),
                after: then.clone(),
                after_pass,
            });
            line
        };
        for (mv, then) in moves.clone() {
            if self.stopped() {
                return Ok(());
            }
            self.goal_replies(then, &extended(mv, then), out)?;
        }
        for (mv, then) in moves {
            if self.stopped() {
                return Ok(());
            }
            if self.reaches_as(own, mv, then)? {
                self.record(out, extended(mv, then))?;
            }
        }
        Ok(())
    }
}
