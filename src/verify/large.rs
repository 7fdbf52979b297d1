//! A help or series play twin whose section of Popeye's output is too long to hold
//! ([`hold_lines`]), compared without holding either side's lines: Popeye's lines were
//! digested as its output was read ([`LineDigest`]), ours are digested as the search finds
//! them. The same count and digest is an agreement: every line of Popeye's is then one of
//! ours, which are solutions by construction, so its lines need not be replayed. Otherwise the
//! buckets that differ are read again on both sides (Popeye's output re-read, the problem
//! solved again), their lines kept up to [`LISTED_LINES`], Popeye's among them replayed, and
//! the lines of each side the other lacks reported.

use std::sync::Mutex;

use feerie_oracle::Rules;
use feerie_oracle::notation::popeye_input::Language;

use crate::engines::SearchEngine;
use crate::external::popeye_output::{self, SolutionMove, StreamedLine};
use crate::external::popeye_output_source::OutputSource;
use crate::external::popeye_replay::english_line;
use crate::solve::Options;
use crate::solve::error::SolveError;

use super::Outcome;
use super::digest::{BUCKETS, LineDigest, bucket, line_hash};
use super::part::Part;
use super::replay::replaying_part;
use super::section::{Printed, Section, beyond, printed};

/// The chunks of Popeye's output of at most this many lines are held whole and compared line
/// by line; longer ones are digested. The environment variable `FEERIE_VERIFY_HOLD_LINES`
/// sets another bound (a test knob: a small bound sends small outputs down the digest path).
pub const HOLD_LINES: usize = 20_000;

/// The lines of the buckets that differ kept on each side, at most (about): the buckets are
/// listed in turn until their lines would pass it (the first one always).
pub const LISTED_LINES: u64 = 100_000;

/// [`HOLD_LINES`], or `FEERIE_VERIFY_HOLD_LINES` when it is set to a number.
pub fn hold_lines() -> usize {
    std::env::var("FEERIE_VERIFY_HOLD_LINES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(HOLD_LINES)
}

/// What the large path needs beside the section: Popeye's digest of the twin, and where to
/// read its lines again.
pub(super) struct Streamed<'a> {
    /// Popeye's lines of the twin, digested (none when it printed none).
    pub(super) digest: Option<&'a LineDigest>,
    /// Popeye's output.
    pub(super) source: &'a OutputSource<'a>,
    /// The chunk's index in the output.
    pub(super) chunk: usize,
    /// The twin's index in the chunk.
    pub(super) twin: usize,
}

/// Popeye's digested lines of a twin against ours (the twin's parts solved anew), for a
/// section that ends `solution finished.`.
pub(super) fn compare_digested(
    parts: &[Part],
    rules: &Rules,
    section: &Section,
    streamed: &Streamed,
    language: Language,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Outcome {
    let empty = LineDigest::default();
    let theirs = streamed.digest.unwrap_or(&empty);
    let ours = Mutex::new((LineDigest::default(), vec![0usize; parts.len()]));
    let solved = our_lines(engine, parts, rules, options, &|part, line| {
        let mut ours = ours.lock().unwrap_or_else(|e| e.into_inner());
        ours.0.add(&line);
        ours.1[part] += 1;
    });
    if let Err(why) = solved {
        return Outcome::Skipped(why.to_string());
    }
    let (ours, per_part) = ours.into_inner().unwrap_or_else(|e| e.into_inner());
    if theirs.agrees(&ours) {
        // The same lines: each replays in one part only (its first move is of the side that
        // begins), so Popeye's count per part is ours.
        if let Some(limit) = section.limit
            && let Some(n) = per_part.iter().find(|n| **n >= limit)
        {
            return Outcome::Differ {
                missing: vec![format!(
                    "{n} solution(s) printed under maxsolutions {limit}, but `solution \
                     finished.` where Popeye says `Partial solution`"
                )],
                extra: Vec::new(),
            };
        }
        return Outcome::Agree(ours.count as usize);
    }
    // The buckets that differ, as many as the bound on lines kept allows.
    let differing = theirs.differing(&ours);
    let mut listed = vec![false; BUCKETS];
    let (mut kept, mut left_out) = (0u64, 0usize);
    for &(b, lines) in &differing {
        if kept > 0 && kept + lines > LISTED_LINES {
            left_out += 1;
            continue;
        }
        kept += lines;
        listed[b] = true;
    }
    let in_listed = |line: &str| listed[bucket(line_hash(line))];
    // Popeye's lines of those buckets, each replayed in its order in the output.
    let mut their_lines: Vec<(String, Vec<SolutionMove>)> = Vec::new();
    let reread = popeye_output::reread_streamed(
        streamed.source,
        streamed.chunk,
        section.chunk,
        &mut |l: StreamedLine| {
            if l.twin == streamed.twin {
                let line = english_line(l.raw, language);
                if in_listed(&line) {
                    their_lines.push((line, l.moves));
                }
            }
        },
    );
    if let Err(why) = reread {
        return Outcome::Differ {
            missing: vec![format!("Popeye's output could not be read again: {why}")],
            extra: Vec::new(),
        };
    }
    for (_, moves) in &their_lines {
        let group: Vec<&SolutionMove> = moves.iter().collect();
        if let Err(why) = replaying_part(&group, parts, rules, language, engine) {
            return Outcome::Differ {
                missing: vec![format!("a line that does not replay: {why}")],
                extra: Vec::new(),
            };
        }
    }
    let our_listed = Mutex::new(Vec::new());
    let solved = our_lines(engine, parts, rules, options, &|_, line| {
        if in_listed(&line) {
            our_listed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(line);
        }
    });
    if let Err(why) = solved {
        return Outcome::Skipped(why.to_string());
    }
    let our_listed: Printed = printed(our_listed.into_inner().unwrap_or_else(|e| e.into_inner()));
    let their_listed: Printed = printed(their_lines.into_iter().map(|(line, _)| line));
    let mut missing = beyond(&their_listed, &our_listed);
    let extra = beyond(&our_listed, &their_listed);
    if missing.is_empty() && extra.is_empty() {
        missing.push(format!(
            "Popeye prints {} line(s), we {}, and their digests differ, but the lines read \
             again do not (an output or a search that changed between two readings)",
            theirs.count, ours.count
        ));
    }
    if left_out > 0 {
        missing.push(format!(
            "(not listed: the lines of {left_out} of the {} hash bucket(s) (of {BUCKETS}) \
             where the two sides differ; Popeye prints {} line(s) in all, we {})",
            differing.len(),
            theirs.count,
            ours.count
        ));
    }
    Outcome::Differ { missing, extra }
}

/// Each line we print for the twin's parts (`solve::layout::lines`, in English words),
/// handed to `each` with its part as the search finds it.
pub(super) fn our_lines(
    engine: &dyn SearchEngine,
    parts: &[Part],
    rules: &Rules,
    options: &Options,
    each: &(dyn Fn(usize, String) + Sync),
) -> Result<(), SolveError> {
    for (i, part) in parts.iter().enumerate() {
        part.solve_lines(engine, rules, options, &|line: String| {
            each(i, english_line(&line, Language::English))
        })?;
    }
    Ok(())
}
