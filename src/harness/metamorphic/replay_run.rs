//! The tree replay run: each claim of a problem's tree (read by [`super::replay`]) posed to
//! Popeye alone, all of a file's in one input, and each answer judged against what the tree
//! shows.

use std::collections::BTreeSet;

use feerie_oracle::popeye_input::PopeyeProblem;

use super::answers::answer_of;
use super::popeye_runs::{Settings, flags, run_problems};
use super::replay::{Claim, claims, posed};
use super::rewrite::{Change, rewrite};
use super::verdict::{Disagreement, Verdict};
use crate::external::popeye::DEFAULT_MAXMEM;
use crate::external::popeye_output::Chunk;

/// The words of a set of moves.
fn listed(moves: &BTreeSet<String>) -> String {
    match moves.is_empty() {
        true => "none".into(),
        // A line as answers write it (`0| 0:Bd5-f3 1:Kc2-d3#`) as it is printed.
        false => (moves.iter())
            .map(|l| {
                (l.trim_start_matches("0| ").split(' '))
                    .map(|w| w.split_once(':').map_or(w, |(_, m)| m))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The solutions Popeye gives the posed problem, as lines, or why there is no answer.
fn solutions(chunk: &Chunk) -> Result<BTreeSet<String>, String> {
    let answer = answer_of(chunk);
    if answer.cut {
        return Err("the run was cut short or left a move undecided".into());
    }
    let [twin] = answer.twins.as_slice() else {
        return Err(format!("{} twins printed", answer.twins.len()));
    };
    if let Some(why) = &twin.refused {
        return Err(format!("Popeye refused the position: {why}"));
    }
    Ok(twin.lines.iter().cloned().collect())
}

/// The verdict of the replay on each problem of `kept`, whose original answers are `original`.
pub(super) fn tree_replay(
    settings: &Settings,
    problems: &[PopeyeProblem],
    original: &[Chunk],
    kept: &[usize],
    bound: &Change,
) -> Vec<Verdict> {
    // Each problem's claims, each posed, or why the problem is not checked.
    let made: Vec<Result<Vec<(Claim, PopeyeProblem)>, String>> = (kept.iter())
        .map(|&i| {
            let posed: Vec<_> = claims(&problems[i], &original[i])?
                .into_iter()
                .filter_map(|(c, twin)| Some((c.clone(), posed(&twin, &c).ok()?)))
                .collect();
            match posed.is_empty() {
                true => Err("no claim of the tree to pose (none shown, or none replays)".into()),
                false => Ok(posed),
            }
        })
        .collect();
    let written: Vec<(&PopeyeProblem, Change)> = (made.iter().flatten().flatten())
        .map(|(_, p)| (p, bound.clone()))
        .collect();
    let answers = match written.is_empty() {
        true => Vec::new(),
        false => run_problems(settings, &written),
    };
    let mut answers = answers.into_iter();
    (kept.iter().zip(made))
        .map(|(&i, posed)| {
            let posed = match posed {
                Err(why) => return Verdict::NotChecked(why),
                Ok(posed) => posed,
            };
            let mut found = Vec::new();
            let mut unanswered = None;
            for ((claim, alone), answer) in posed.iter().zip(answers.by_ref()) {
                let chunk = match answer {
                    Ok(chunk) => chunk,
                    Err(e) if e.crashed() => {
                        found.push((
                            format!("{}: Popeye crashed on it posed alone: {e}", claim.what),
                            alone,
                            String::new(),
                        ));
                        continue;
                    }
                    Err(e) => {
                        unanswered.get_or_insert(format!("{}: {e}", claim.what));
                        continue;
                    }
                };
                let mates = match solutions(&chunk) {
                    Ok(mates) => mates,
                    Err(why) => {
                        unanswered.get_or_insert(format!("{}: {why}", claim.what));
                        continue;
                    }
                };
                let output = chunk.text.join("\n");
                if mates != claim.shown {
                    found.push((
                        format!(
                            "{}: the tree shows {}; the position posed alone has {}",
                            claim.what,
                            listed(&claim.shown),
                            listed(&mates)
                        ),
                        alone,
                        output,
                    ));
                } else if let Some(threats) = claim.threats.as_ref().filter(|t| !t.is_empty())
                    && threats.is_subset(&mates)
                {
                    found.push((
                        format!(
                            "{}: shown as a defence, yet every threat ({}) still mates after it",
                            claim.what,
                            listed(threats)
                        ),
                        alone,
                        output,
                    ));
                }
            }
            match (found.first(), unanswered) {
                (Some((why, alone, output)), _) => {
                    let more = match found.len() {
                        1 => String::new(),
                        n => format!(" (and {} more)", n - 1),
                    };
                    Verdict::Disagree(Box::new(Disagreement {
                        why: format!("{why}{more}"),
                        original_input: rewrite(&problems[i], &Change::default()),
                        original_flags: flags(DEFAULT_MAXMEM),
                        changed_input: rewrite(alone, &Change::default()),
                        changed_flags: flags(DEFAULT_MAXMEM),
                        original_output: original[i].text.join("\n"),
                        changed_output: output.clone(),
                    }))
                }
                (None, Some(why)) => Verdict::NotChecked(why),
                (None, None) => Verdict::Agree,
            }
        })
        .collect()
}
