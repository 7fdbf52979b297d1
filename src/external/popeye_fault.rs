//! The faults of a Popeye binary that are its own, not the input's nor the machine's: a fatal
//! stop of its own (`-- aborting.`) and a hang over one position's moves. A campaign reports
//! them as findings, as a crash or a wrong answer.

use std::time::Duration;

/// How long Popeye may take over the legal moves of one position (a listing, or the lines of
/// a few half-moves) before it is taken to hang: far beyond what any position takes it (a few
/// milliseconds; a busy position counted three half-moves deep, under a second).
pub const HANG_AFTER: Duration = Duration::from_secs(10);

/// Whether Popeye, stopped after `after` without an answer about one position's moves, hangs:
/// the deadline was [`HANG_AFTER`] or more. A shorter one (cut by a stage's end) says nothing.
///
/// ```
/// use std::time::Duration;
/// use feerie::external::popeye_fault::hangs;
/// assert!(hangs(Duration::from_secs(10)));
/// assert!(!hangs(Duration::from_secs(3)));
/// ```
pub fn hangs(after: Duration) -> bool {
    after >= HANG_AFTER
}

/// `Popeye hung on this position: no answer within 10 s`.
pub fn hung_after(after: Duration) -> String {
    format!(
        "Popeye hung on this position: no answer within {} s",
        after.as_secs_f64()
    )
}

/// Whether Popeye's standard error says it stopped itself on a fatal error of its own
/// (`OUT OF SPACE: Unable to copy slice … -- aborting.`: its stipulation's structure could not
/// be built), which no input it accepts should cause. Want of memory for the hash table
/// (`Unable to create hash table`) is the machine's, not the solver's.
///
/// ```
/// use feerie::external::popeye_fault::aborted;
/// assert!(aborted("\nOUT OF SPACE: Unable to copy slice in insert_before in stipulation/slice_insertion.c -- aborting.\n"));
/// assert!(!aborted("\nOUT OF SPACE: Unable to create hash table in inithash in optimisations/hash.c -- aborting.\n"));
/// assert!(!aborted("input-error:unknown stipulation"));
/// ```
pub fn aborted(stderr: &str) -> bool {
    stderr
        .lines()
        .any(|l| l.contains("-- aborting") && !l.contains("hash table"))
}
