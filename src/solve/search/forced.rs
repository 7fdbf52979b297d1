//! Direct and self play: whether the attacker forces the goal (direct play) or forces the
//! defender to reach it (self play) within so many moves. Each question is a node kind of the
//! transposition table ([`Node`]), asked through [`Search::forced`].

use feerie_oracle::{CheckMark, EngineError, Position};

use super::Search;
use crate::solve::stipulation::{Goal, Play, Reflex};
use crate::solve::table::Node;
use crate::space::{Space, Want};

impl<'a, S: Space> Search<'a, S> {
    /// The answer to the question `node` with `n` moves about `position`: from the table,
    /// else searched (by the node's own walk below) and kept there. Every question of direct
    /// and self play comes through here, so that each is asked of the table first. The walks
    /// are kept out of line (`#[inline(never)]`): this probe, entered at every level of the
    /// recursion, stays a small frame (merged into one, the four cost 1% more instructions).
    pub(super) fn forced(
        &self,
        position: &S::Pos,
        node: Node,
        n: u32,
    ) -> Result<bool, EngineError> {
        let key = self.space.key(position);
        if let Some(known) = self.table.get_keyed(key, node, n) {
            return Ok(known);
        }
        let answer = match node {
            Node::Attack => self.attack_wins_searched(position, n)?,
            Node::Defence => self.defence_fails_searched(position, n)?,
            Node::SelfDefence => self.self_defence_fails_searched(position, n)?,
            Node::SelfAttack => self.self_attack_wins_searched(position, n)?,
            // Dead ends are the line searches' (`Search::dead_end`): below one, nothing.
            Node::DeadEnd => false,
        };
        self.table.put_keyed(key, node, n, answer);
        Ok(answer)
    }

    /// Direct play: whether the side to move reaches the goal within `n` moves against every
    /// defence (under `exact-`, with its `n`th move exactly).
    pub fn attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.forced(&self.space.enter(position)?, Node::Attack, n)
    }

    #[inline(never)]
    fn attack_wins_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        if n <= 1 {
            // Only a move that reaches the goal now can win.
            return self.reaches_now(position);
        }
        let children = self.children(position, Want::Marked)?;
        // Goals first: they end the search at once. Under `exact-` a goal before the last
        // move is none, and a move that mates or stalemates leaves no defence to go on with.
        if !self.stipulation.exact {
            for (mv, after) in &children {
                if self.reaches(mv, after)? {
                    return Ok(true);
                }
            }
        }
        // Then checks, then captures, then the quiet moves: the forcing moves leave the
        // defence fewest replies, and win most often.
        for (mv, after) in self.by_force(&children) {
            if self.attack_holds(self.space.mark(mv), after, n - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Direct play: whether an attacking move that does not reach the goal (checking the
    /// defender when `mark` says so) wins, leading to `after` with `n` attacking moves left
    /// after the defence: every defence fails, and the move threatens what
    /// [`Stipulation::threat_within`](crate::solve::stipulation::Stipulation::threat_within)
    /// asks.
    pub(super) fn attack_holds(
        &self,
        mark: CheckMark,
        after: &S::Pos,
        n: u32,
    ) -> Result<bool, EngineError> {
        Ok(!self.threat_too_long(mark, after, n)? && self.forced(after, Node::Defence, n)?)
    }

    /// Popeye's `option threat N`: whether the attacking move to `after` (the defender to
    /// move, `n` attacking moves left after its defence) gives no check, leaves at least N
    /// moves, and threatens nothing within N moves: the defender passing, the attacker cannot
    /// force the goal in N (in reflex play: force the defender to reach it in N; in plain self
    /// play in N - 1, as Popeye 4.104 counts it).
    fn threat_too_long(
        &self,
        mark: CheckMark,
        after: &S::Pos,
        n: u32,
    ) -> Result<bool, EngineError> {
        let Some(within) = self.stipulation.threat_within else {
            return Ok(false);
        };
        if mark != CheckMark::None || n < within {
            return Ok(false);
        }
        let (threat, length) = match (self.stipulation.play, self.stipulation.reflex) {
            // Popeye 4.104 gives the threat of plain self play the half-moves of a direct
            // threat of N moves, the defender's pass among them: the attacker's N moves and
            // the defender's N - 1, one short of the defender's closing move. A threat is
            // then a self play of N - 1 moves, and under `threat 1` there is none. In reflex
            // play the defender's closing move is a test of its moves, not a half-move of the
            // play: the threat is a reflex play of N moves.
            (Play::SelfPlay, Reflex::No) => (Node::SelfAttack, within.saturating_sub(1)),
            (Play::SelfPlay, _) => (Node::SelfAttack, within),
            _ => (Node::Attack, within),
        };
        if length == 0 {
            return Ok(true);
        }
        let passed = self.space.turn_skipped(after);
        Ok(!self.forced(&passed, threat, length)?)
    }

    /// Whether the set play (or the play after a key) from `position`, the defender to move
    /// and `n` attacking moves left after its move, is cut by Popeye's `option threat N`:
    /// Popeye asks the diagram the threat it asks after an attacking move, the defender
    /// passing, and shows no set play without one.
    pub fn threat_missing(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.threat_too_long(CheckMark::None, &self.space.enter(position)?, n)
    }

    /// Direct play: whether the attacking move that led to `position` (checking the side to
    /// move when `mark` says so) wins: every defence of the side to move (there must be one)
    /// lets the attacker reach the goal within `n` moves, and the move threatens what
    /// [`Stipulation::threat_within`](crate::solve::stipulation::Stipulation::threat_within)
    /// asks.
    pub fn defence_fails(
        &self,
        mark: CheckMark,
        position: &Position,
        n: u32,
    ) -> Result<bool, EngineError> {
        self.attack_holds(mark, &self.space.enter(position)?, n)
    }

    #[inline(never)]
    fn defence_fails_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        // The defender's marks are never read: it cannot reach the attacker's goal.
        let children = self.children(position, Want::Unmarked)?;
        if children.is_empty() {
            return Ok(false);
        }
        // Captures first: taking a unit of the attack refutes most often.
        for (_, after) in self.by_force(&children) {
            if !self.forced(after, Node::Attack, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    #[inline(never)]
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
                // Under `exact-` a goal before the last move refutes.
                if self.early_goal_refutes(n) {
                    return Ok(false);
                }
                continue;
            }
            if n <= 1 || !self.forced(after, Node::SelfAttack, n - 1)? {
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
            return Ok(!self.early_goal_refutes(n));
        }
        if n <= 1 {
            return Ok(false);
        }
        let children = self.children(position, Want::Unmarked)?;
        if children.is_empty() {
            return Ok(false);
        }
        for (_, after) in &children {
            if !self.forced(after, Node::SelfAttack, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`Search::self_defence_fails_searched`] toward mate: the defender's mating moves are
    /// asked apart (few, and none in most positions, which the engine tells cheaply), its
    /// other moves without marks; a move mates when its position is a mating move's.
    fn self_defence_fails_mate(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        let mates = self.children(position, Want::Mating)?;
        if !mates.is_empty() && self.early_goal_refutes(n) {
            return Ok(false);
        }
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
            if !self.forced(after, Node::SelfAttack, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Self play: whether the defender, reaching the goal with `n` moves of its own left (this
    /// one included), refutes: under `exact-`, before its last move.
    pub fn early_goal_refutes(&self, n: u32) -> bool {
        self.stipulation.exact && n > 1
    }

    /// Self play: whether the attacking move that led to `position` (checking the side to move
    /// when `mark` says so) wins: the defender, to move, is forced to reach the goal within `n`
    /// moves, and the move threatens what
    /// [`Stipulation::threat_within`](crate::solve::stipulation::Stipulation::threat_within)
    /// asks.
    pub fn self_attack_move_holds(
        &self,
        mark: CheckMark,
        position: &Position,
        n: u32,
    ) -> Result<bool, EngineError> {
        self.self_attack_holds(mark, &self.space.enter(position)?, n)
    }

    /// [`Search::self_attack_move_holds`] in the search's space: the threat asked of the
    /// attacker's `n - 1` moves left after the defence.
    pub(super) fn self_attack_holds(
        &self,
        mark: CheckMark,
        after: &S::Pos,
        n: u32,
    ) -> Result<bool, EngineError> {
        Ok(!self.threat_too_long(mark, after, n.saturating_sub(1))?
            && self.forced(after, Node::SelfDefence, n)?)
    }

    /// Self play: whether the attacker, to move, has a move after which the defender is forced
    /// to reach the goal within `n` moves.
    pub fn self_attack_wins(&self, position: &Position, n: u32) -> Result<bool, EngineError> {
        self.forced(&self.space.enter(position)?, Node::SelfAttack, n)
    }

    #[inline(never)]
    fn self_attack_wins_searched(&self, position: &S::Pos, n: u32) -> Result<bool, EngineError> {
        // Reflex play: an attacker that can reach the goal against the defender must, and
        // loses.
        if self.stipulation.reflex == Reflex::Full && self.reaches_now(position)? {
            return Ok(false);
        }
        // Quodlibet: reaching the goal against the defender wins too.
        if self.stipulation.attacker_goal_wins() && self.reaches_now(position)? {
            return Ok(true);
        }
        // The attacker's marks are read only for a bound on the threat (a check needs none):
        // its goal is the defender's move.
        let want = match self.stipulation.threat_within {
            Some(_) => Want::Marked,
            None => Want::Unmarked,
        };
        for (mv, after) in self.children(position, want)? {
            if self.self_attack_holds(self.space.mark(&mv), &after, n)? {
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
