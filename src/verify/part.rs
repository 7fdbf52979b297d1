//! A part of a case: one position solved under one stipulation, its lines printed in the
//! problem's numbering. A case has one part, or two: under `option duplex` (help and series
//! play) the same stipulation with the other side beginning; under `option setplay` in help
//! and series play the set play, printed before the actual play, with the other side beginning
//! ([`Stipulation::set_play`]).

use feerie_oracle::{Engine, MoveRecord, Position, Rules};

use crate::engines::SearchEngine;
use crate::solve::error::SolveError;
use crate::solve::layout;
use crate::solve::stipulation::Stipulation;
use crate::solve::{Options, Solved, solve_each};

/// One part of a case.
#[derive(Clone, Copy, Debug)]
pub struct Part<'c> {
    /// The position it begins from (the side that begins to move).
    pub position: &'c Position,
    /// What it is solved as.
    pub stipulation: Stipulation,
    /// Whether it is the set play of a help or series problem, numbered as the problem's lines
    /// are (in help play its first half-move left out).
    pub set_play: bool,
}

impl<'c> Part<'c> {
    /// A part solved and numbered as `stipulation` says.
    pub fn plain(position: &'c Position, stipulation: Stipulation) -> Part<'c> {
        Part {
            position,
            stipulation,
            set_play: false,
        }
    }

    /// One solution line of this part, as Popeye prints it.
    pub fn line(&self, moves: &[MoveRecord], last_reaches: bool) -> String {
        if self.set_play {
            // Set play is help play: numbered from the problem's half-move it begins at.
            layout::help_line(&self.stipulation, self.first_ply(), moves, last_reaches)
        } else {
            layout::line(&self.stipulation, moves, last_reaches)
        }
    }

    /// One solution line of this part, whether its last move reaches the goal asked of the
    /// engine ([`layout::ends_at_goal`]).
    pub fn line_of(&self, engine: &dyn Engine, rules: &Rules, moves: &[MoveRecord]) -> String {
        let reaches = layout::ends_at_goal(engine, self.position, rules, &self.stipulation, moves);
        self.line(moves, reaches)
    }

    /// Every line of what was solved of this part, as [`layout::lines`] writes them.
    pub fn lines(&self, engine: &dyn Engine, rules: &Rules, solved: &Solved) -> Vec<String> {
        if !self.set_play {
            return layout::lines(engine, self.position, rules, &self.stipulation, solved);
        }
        (solved.solutions.iter())
            .map(|moves| self.line_of(engine, rules, moves))
            .collect()
    }

    /// Solves this part, handing `each` every line it prints in order: the lines as the search
    /// finds them, then the rest of [`Part::lines`] (a solution's refutations, a note that the
    /// search stopped).
    pub fn solve_lines(
        &self,
        engine: &dyn SearchEngine,
        rules: &Rules,
        options: &Options,
        each: &(dyn Fn(String) + Sync),
    ) -> Result<Solved, SolveError> {
        let hand = |moves: Vec<MoveRecord>| each(self.line_of(engine, rules, &moves));
        let solved = solve_each(
            engine,
            self.position,
            rules,
            self.stipulation,
            options,
            &hand,
        )?;
        for line in self.lines(engine, rules, &solved) {
            each(line);
        }
        Ok(solved)
    }

    /// The half-move of the problem its lines' first move is printed at (0: `1.`, 1: `1...`,
    /// 2: `1...  ...  2.`).
    pub fn first_ply(&self) -> usize {
        match (self.set_play, self.stipulation.half) {
            // The set play of h#n.5 (h#n): the problem's White half-move is left out.
            (true, false) => 2,
            (_, half) => usize::from(half),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_play_is_numbered_from_the_problems_second_half_move() {
        let position = Position::start();
        let part = |stipulation: &str, set_play| Part {
            position: &position,
            stipulation: stipulation.parse().unwrap(),
            set_play,
        };
        // h#2 begins at `1.`, its set play (h#1.5) at `1...`; h#1.5 at `1...`, its set play
        // (h#1) at `2.`.
        assert_eq!(part("h#2", false).first_ply(), 0);
        assert_eq!(part("h#1.5", true).first_ply(), 1);
        assert_eq!(part("h#1.5", false).first_ply(), 1);
        assert_eq!(part("h#1", true).first_ply(), 2);
    }
}
