//! The intro series of series play (`2->ser-#3`, `1->ser-h#4`): the side that does not play
//! the series first plays moves in a row, the series side passing, and after each of them the
//! series may begin ([`Stipulation::intro`](crate::solve::stipulation::Stipulation::intro)).

use feerie_oracle::{CheckMark, EngineError};

use super::Search;
use super::lines::{Found, Line, LineMove};
use crate::space::{Space, Want};

impl<'a, S: Space> Search<'a, S> {
    /// The intro side just played `mv` (leading to `after`), and may play `left` more intro
    /// moves. The series begins here, from any intro of one move or more, as Popeye 4.104
    /// plays it; and unless `mv` checks (the series side cannot pass in check), the intro goes
    /// on. The intro positions are not kept as dead ends: the series' table slots are keyed by
    /// the series moves left, which an intro's count would mix with.
    pub(super) fn intro_series(
        &self,
        mv: &S::Mv,
        after: &S::Pos,
        left: u32,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        self.series_after_intro(after, line, out)?;
        if left == 0 || self.stopped() || self.space.mark(mv) != CheckMark::None {
            return Ok(());
        }
        let skipped = self.space.turn_skipped(after);
        for (next, then) in self.children(&skipped, Want::Checks)? {
            if self.stopped() {
                break;
            }
            line.push(LineMove {
                mv: next.clone(),
                after: then.clone(),
                after_pass: true,
            });
            self.intro_series(&next, &then, left - 1, line, out)?;
            line.pop();
        }
        Ok(())
    }

    /// The series from `after`, the series side to move after the intro: each of its moves
    /// begins the series as the first move of a series problem does.
    fn series_after_intro(
        &self,
        after: &S::Pos,
        line: &mut Line<S>,
        out: &mut Found<S>,
    ) -> Result<(), EngineError> {
        for (first, then) in self.children(after, Want::Marked)? {
            if self.stopped() {
                break;
            }
            line.push(LineMove {
                mv: first.clone(),
                after: then.clone(),
                after_pass: false,
            });
            self.series_from(&first, &then, line, out)?;
            line.pop();
        }
        Ok(())
    }
}
