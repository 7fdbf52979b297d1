//! The rounds of the fuzz stages: each sized by the pace of the one before so that the stage
//! ends by its deadline, and a run of the binary that the deadline cut told from one that failed.

use std::time::{Duration, Instant};

use super::context::{Context, left};
use crate::report::campaign::StageReport;

/// Whether a run that failed now was ended by the stage's deadline: it is past, and a run's own
/// deadline is never later than the stage's ([`Context::run_timeout`]).
pub(super) fn cut_by(deadline: Instant) -> bool {
    left(deadline).is_zero()
}

/// Records a run of the binary that gave no answer: when the stage's deadline ended it, a note
/// (the stage ran out of time and the run's cases are not counted: a slow machine is not a
/// fault of the binary's); otherwise an error. True when it was a note.
pub(super) fn push_failure(stage: &mut StageReport, cut: bool, name: &str, why: &str) -> bool {
    let why = crate::limits::error_line(why);
    if cut {
        stage.notes.push(format!(
            "{name}: a run cut by the stage's deadline, its cases not counted: {why}"
        ));
    } else {
        stage.errors.push(why);
    }
    cut
}

/// A round is started only when the last round's pace says it ends within this share of the
/// time left.
const ROUND_MARGIN: f64 = 0.8;

/// The size of the next round (cases per family), or none: the cap is reached, or the time
/// left does not fit a round of one case per family at the pace of the last round (`pace`:
/// seconds per case per family). The first round has `first` cases; a round is at most four
/// times the one before, so that one slow round cannot overshoot by much.
fn next_round(
    done: u64,
    cap: Option<u64>,
    time_left: Duration,
    pace: Option<(f64, u64)>,
    first: u64,
) -> Option<u64> {
    let by_cap = cap.map_or(u64::MAX, |c| c.saturating_sub(done));
    if by_cap == 0 || time_left < Duration::from_secs(1) {
        return None;
    }
    let n = match pace {
        None => first,
        Some((seconds_per_case, last)) => {
            let fit = time_left.as_secs_f64() * ROUND_MARGIN / seconds_per_case.max(1e-3);
            (fit as u64).min(last.saturating_mul(4))
        }
    };
    let n = n.min(by_cap);
    (n > 0).then_some(n)
}

/// One round of a fuzz stage: cases `first..first + count` of each family (`index`: 0 for the
/// first round).
pub(super) struct Round {
    pub(super) index: u64,
    pub(super) first: u64,
    pub(super) count: u64,
}

/// Runs a fuzz stage's rounds while its time, its cap and `--fail-fast` allow, each sized by
/// the pace of the one before ([`next_round`]), and sets the stage's count and rounds. `round`
/// asks one round and tallies it into the stage, returning the part of its time that is not its
/// cases' (a steered pass), or says why it could not (the stage then ends with that error); `name` is the stage's word in the progress lines.
pub(super) fn run_rounds(
    ctx: &Context,
    stage: &mut StageReport,
    name: &str,
    cap: Option<u64>,
    deadline: Instant,
    first_round: u64,
    mut round: impl FnMut(&mut StageReport, &Round) -> Result<Duration, String>,
) {
    let (mut done, mut rounds, mut pace) = (0, 0, None);
    while !ctx.stopped()
        && let Some(n) = next_round(done, cap, left(deadline), pace, first_round)
    {
        ctx.say(&format!(
            "{name} round {}: cases {done}..{} of each family",
            rounds + 1,
            done + n
        ));
        let started = Instant::now();
        let this = Round {
            index: rounds,
            first: done,
            count: n,
        };
        let apart = match round(stage, &this) {
            Ok(apart) => apart,
            Err(why) => {
                push_failure(stage, cut_by(deadline), name, &why);
                break;
            }
        };
        // The time of a round's steered pass is not the pace of its cases.
        let cases_took = started.elapsed().saturating_sub(apart);
        pace = Some((cases_took.as_secs_f64() / n as f64, n));
        done += n;
        rounds += 1;
    }
    stage.count = Some(done);
    stage.rounds = Some(rounds);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_stop_at_the_cap_and_when_the_time_left_does_not_fit_one() {
        let long = Duration::from_secs(100);
        assert_eq!(next_round(0, None, long, None, 2), Some(2));
        // 0.5 s a case: 80 fit, but a round is at most four times the last.
        assert_eq!(next_round(2, None, long, Some((0.5, 2)), 2), Some(8));
        assert_eq!(next_round(10, None, long, Some((0.5, 50)), 2), Some(160));
        assert_eq!(next_round(10, Some(12), long, Some((0.5, 8)), 2), Some(2));
        assert_eq!(next_round(12, Some(12), long, Some((0.5, 8)), 2), None);
        // 3 s left at 5 s a case: not even one case fits.
        assert_eq!(
            next_round(4, None, Duration::from_secs(3), Some((5.0, 4)), 2),
            None
        );
        assert_eq!(
            next_round(0, None, Duration::from_millis(500), None, 2),
            None
        );
    }

    #[test]
    fn a_run_cut_by_the_deadline_is_a_note_and_any_other_failure_an_error() {
        let mut stage = StageReport::default();
        assert!(push_failure(
            &mut stage,
            true,
            "fuzz",
            "Popeye: past its deadline"
        ));
        assert!(!push_failure(
            &mut stage,
            false,
            "fuzz",
            "Popeye: no such file"
        ));
        assert_eq!(stage.errors, ["Popeye: no such file"]);
        assert_eq!(stage.notes.len(), 1);
        assert!(stage.notes[0].contains("cut by the stage's deadline"));
        assert!(cut_by(Instant::now()));
        assert!(!cut_by(Instant::now() + Duration::from_secs(60)));
    }
}
