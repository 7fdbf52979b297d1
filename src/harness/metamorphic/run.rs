//! The relations run over one Popeye input file: the file as given, then for each relation the
//! problems it applies to, changed, as one more input; each problem's answers compared.
//!
//! A relation that changes the input (all but `table-size`) writes the problem again from what
//! was read of it; the problems written again unchanged are run first, and a problem whose
//! answer then differs from the original's is not checked by those relations (what was read
//! of it is not the whole problem), and says so. Every problem written is bounded by Popeye's
//! own `maxtime`; a file Popeye does not answer whole in time is run again that way, and that
//! run is the original, so that one slow problem does not leave its file unchecked.

use std::path::Path;

use feerie_oracle::notation::popeye_twin::twins;
use feerie_oracle::notation::popeye_words::PopeyeOption;
use feerie_oracle::popeye_input::{self, PopeyeProblem};

use super::answers::{Answer, TwinAnswer, answer_of, departure, map_squares, swap_colour_letters};
use super::popeye_runs::{NoAnswerKind, Settings, flags, parts, run_input, run_problems};
use super::relations::{Expectation, RELATIONS, Relation};
use super::replay_run::tree_replay;
use super::rewrite::{Change, mirror_file, mirror_rank, rewrite, rewrite_all};
pub use super::verdict::{Disagreement, Verdict};
use crate::external::popeye::DEFAULT_MAXMEM;
use crate::external::popeye_output::Chunk;
use crate::playout::Rng;

/// The hash table of the `table-size` relation's second run.
pub const SMALL_MAXMEM: &str = "8M";

/// One problem's verdicts.
#[derive(Clone, Debug)]
pub struct ProblemReport {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line it starts on.
    pub line: usize,
    /// Its conditions' words, for the coverage table.
    pub conditions: Vec<String>,
    /// The language they are written in.
    pub language: feerie_oracle::notation::popeye_words::Language,
    /// Each relation run, with its verdict.
    pub verdicts: Vec<(Relation, Verdict)>,
}

/// One file's report.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file.
    pub path: std::path::PathBuf,
    /// Why the file could not be checked at all.
    pub error: Option<String>,
    /// Whether Popeye crashed on the file as given: a fault of its own, whatever the relations.
    pub crashed: bool,
    /// Its problems.
    pub problems: Vec<ProblemReport>,
}

/// The relations of `settings` over one file's text.
pub fn run_file(
    path: &Path,
    text: &str,
    settings: &Settings,
    progress: &mut dyn FnMut(&str),
) -> FileReport {
    let mut report = FileReport {
        path: path.to_path_buf(),
        error: None,
        crashed: false,
        problems: Vec::new(),
    };
    let file = match popeye_input::parse(text) {
        Ok(file) => file,
        Err(e) => {
            report.error = Some(format!("does not read: {e}"));
            return report;
        }
    };
    let problems = &file.problems;
    report.problems = problems
        .iter()
        .enumerate()
        .map(|(i, p)| ProblemReport {
            number: i + 1,
            line: p.line,
            conditions: p.conditions.clone(),
            language: p.language,
            verdicts: Vec::new(),
        })
        .collect();
    progress(&format!(
        "{}: {} problem(s)",
        path.display(),
        problems.len()
    ));
    // The file as given, run whole; when the process gives no answer (a slow problem), each
    // problem written again with Popeye's own bound on it, so that the others are still
    // checked. That input is then the original, and the relations compare with it. A crash,
    // or an output that does not read as the file's answer, is the file's error.
    let (original, bounded_text) =
        match run_input(settings, text, DEFAULT_MAXMEM, problems.len(), None) {
            Ok(chunks) => (chunks, None),
            Err(e) if e.kind != NoAnswerKind::Process => {
                report.error = Some(format!("the original run: {e}"));
                report.crashed = e.crashed();
                return report;
            }
            Err(whole) => {
                progress(&format!(
                    "{}: run whole, {whole}; each problem bounded instead",
                    path.display()
                ));
                let bounded_text = rewrite_all(problems.iter().map(|p| (p, bounded(settings))));
                match run_input(
                    settings,
                    &bounded_text,
                    DEFAULT_MAXMEM,
                    problems.len(),
                    Some(parts(problems)),
                ) {
                    Ok(chunks) => (chunks, Some(bounded_text)),
                    Err(e) => {
                        report.error = Some(format!(
                            "the original run: {whole}; each problem bounded: {e}"
                        ));
                        return report;
                    }
                }
            }
        };
    // Whether the original is the problems written again, each bounded.
    let run_bounded = bounded_text.is_some();
    let base_text = bounded_text.as_deref().unwrap_or(text);
    let answers: Vec<Answer> = original.iter().map(answer_of).collect();
    // Run bounded, the original is each problem as written: one that cannot be written whole
    // (a zero position, invisible units) was not run as it is, and no relation checks it.
    let lost: Vec<Option<String>> = (problems.iter())
        .map(|p| match run_bounded {
            false => None,
            true => super::relations::rewritable(p).err().map(|why| {
                format!("the file was run problem by problem, and this one cannot be written whole: {why}")
            }),
        })
        .collect();
    // For each problem, why it cannot be checked by the relations that write it again (`None`
    // when its rewrite answers as the original): found once, for the first such relation.
    let mut unfaithful: Option<Vec<Option<String>>> = match run_bounded {
        // The original is written already: what was lost in the writing is `lost`, which no
        // relation checks.
        true => Some(vec![None; problems.len()]),
        false => None,
    };
    // The original as it was run, for a reproducer: the file's problem, or as written with
    // its bound.
    let original_change = match run_bounded {
        false => Change::default(),
        true => bounded(settings),
    };
    for &relation in &settings.relations {
        let mut batch: Vec<usize> = Vec::new();
        for (i, problem) in problems.iter().enumerate() {
            let verdict = match relation.applies(problem) {
                Err(why) => Some(Verdict::NotApplicable(why)),
                Ok(()) if lost[i].is_some() => lost[i].clone().map(Verdict::NotChecked),
                // Cut short (interrupted by maxtime, or stopped on short solutions), the
                // original is not the whole answer: even a solution limit's few lines may be
                // others than those it found.
                Ok(()) if answers[i].cut => Some(Verdict::NotChecked(
                    "the original run was cut short or left a move undecided".into(),
                )),
                Ok(()) if relation == Relation::MaxSolutions && answers[i].line_count() < 2 => {
                    Some(Verdict::NotApplicable("fewer than two solutions".into()))
                }
                Ok(()) => None,
            };
            match verdict {
                Some(v) => report.problems[i].verdicts.push((relation, v)),
                None => batch.push(i),
            }
        }
        if batch.is_empty() {
            continue;
        }
        progress(&format!(
            "{}: {} on {} problem(s)",
            path.display(),
            relation.name(),
            batch.len()
        ));
        if relation == Relation::TableSize {
            let bounded = run_bounded.then(|| parts(problems));
            let verdicts = table_size(settings, base_text, bounded, &original, &answers, &batch);
            for (i, v) in batch.iter().zip(verdicts) {
                report.problems[*i].verdicts.push((relation, v));
            }
            continue;
        }
        let unfaithful = unfaithful.get_or_insert_with(|| {
            let written: Vec<_> = problems.iter().map(|p| (p, bounded(settings))).collect();
            let chunks = run_problems(settings, &written);
            (answers.iter().zip(&chunks))
                .map(|(ours, chunk)| match chunk {
                    Err(why) => Some(format!("written again: {why}")),
                    Ok(chunk) => departure(ours, &answer_of(chunk), false).map(|d| {
                        format!("written again from what was read, it answers otherwise: {d}")
                    }),
                })
                .collect()
        });
        let mut kept = Vec::new();
        for &i in &batch {
            match &unfaithful[i] {
                Some(why) => report.problems[i]
                    .verdicts
                    .push((relation, Verdict::NotChecked(why.clone()))),
                None => kept.push(i),
            }
        }
        if kept.is_empty() {
            continue;
        }
        if relation == Relation::TreeReplay {
            let bound = bounded(settings);
            let verdicts = tree_replay(settings, problems, &original, &kept, &bound);
            for (i, v) in kept.iter().zip(verdicts) {
                report.problems[*i].verdicts.push((relation, v));
            }
            continue;
        }
        if relation == Relation::TwinsApart {
            let verdicts = twins_apart(settings, problems, &original, &answers, &kept);
            for (i, v) in kept.iter().zip(verdicts) {
                report.problems[*i].verdicts.push((relation, v));
            }
            continue;
        }
        let changes: Vec<Change> = kept
            .iter()
            .map(|&i| Change {
                max_seconds: max_seconds(settings),
                ..change_for(relation, &problems[i], &answers[i], settings.seed, i)
            })
            .collect();
        let written: Vec<_> = (kept.iter().zip(&changes))
            .map(|(&i, c)| (&problems[i], c.clone()))
            .collect();
        let chunks = run_problems(settings, &written);
        let expects_subset = relation.row().expects == Expectation::Subset;
        for (k, &i) in kept.iter().enumerate() {
            let disagreement = |why: String, changed_output: String| Disagreement {
                why,
                original_input: rewrite(&problems[i], &original_change),
                original_flags: flags(DEFAULT_MAXMEM),
                changed_input: rewrite(&problems[i], &changes[k]),
                changed_flags: flags(DEFAULT_MAXMEM),
                original_output: original[i].text.join("\n"),
                changed_output,
            };
            let verdict = match &chunks[k] {
                // The problem as given was answered: a crash on its changed form is Popeye's
                // fault, which the relation has found.
                Err(e) if e.crashed() => Verdict::Disagree(Box::new(disagreement(
                    format!("Popeye crashed on the changed input: {e}"),
                    String::new(),
                ))),
                Err(why) => Verdict::NotChecked(why.to_string()),
                Ok(chunk) => {
                    let mut theirs = answer_of(chunk);
                    if relation == Relation::FileMirror {
                        theirs = theirs.mapped(mirror_file);
                    }
                    if relation == Relation::ColourReversal {
                        let language = problems[i].language;
                        theirs = theirs.mapped_lines(|l| {
                            swap_colour_letters(&map_squares(l, mirror_rank), language)
                        });
                    }
                    // Two languages are compared by what they write alike.
                    let mut ours = answers[i].clone();
                    if relation == Relation::Language {
                        ours = ours.without_letters();
                        theirs = theirs.without_letters();
                    }
                    judge(&ours, &theirs, expects_subset, |why| {
                        disagreement(why, chunk.text.join("\n"))
                    })
                }
            };
            report.problems[i].verdicts.push((relation, verdict));
        }
    }
    report
}

/// Popeye's own bound on each problem written: the run's timeout, in seconds.
fn max_seconds(settings: &Settings) -> Option<u64> {
    // Popeye reads maxtime as an unsigned 32-bit number.
    Some(settings.run_timeout.as_secs().clamp(1, u64::from(u32::MAX)))
}

/// No change but Popeye's own bound on each problem written.
fn bounded(settings: &Settings) -> Change {
    Change {
        max_seconds: max_seconds(settings),
        ..Change::default()
    }
}

/// The verdict on `theirs` (the changed run's answer, mapped back) against `ours`: not checked
/// when the changed run was cut short (but for a subset, which a solution limit cuts), else
/// agree, or the disagreement `disagreement` makes of how they differ.
fn judge(
    ours: &Answer,
    theirs: &Answer,
    subset: bool,
    disagreement: impl FnOnce(String) -> Disagreement,
) -> Verdict {
    if theirs.cut && !subset {
        return Verdict::NotChecked(
            "the changed run was cut short or left a move undecided".into(),
        );
    }
    match departure(ours, theirs, subset) {
        None => Verdict::Agree,
        Some(why) => Verdict::Disagree(Box::new(disagreement(why))),
    }
}

/// The `table-size` verdicts of the problems of `batch`: the file run again with a small table.
fn table_size(
    settings: &Settings,
    text: &str,
    bounded: Option<usize>,
    original: &[Chunk],
    answers: &[Answer],
    batch: &[usize],
) -> Vec<Verdict> {
    let chunks = match run_input(settings, text, SMALL_MAXMEM, original.len(), bounded) {
        Ok(chunks) => chunks,
        Err(why) => {
            return batch
                .iter()
                .map(|_| Verdict::NotChecked(why.to_string()))
                .collect();
        }
    };
    batch
        .iter()
        .map(|&i| {
            judge(&answers[i], &answer_of(&chunks[i]), false, |why| {
                Disagreement {
                    why: format!("problem {} of the file: {why}", i + 1),
                    original_input: text.to_string(),
                    original_flags: flags(DEFAULT_MAXMEM),
                    changed_input: text.to_string(),
                    changed_flags: flags(SMALL_MAXMEM),
                    original_output: original[i].text.join("\n"),
                    changed_output: chunks[i].text.join("\n"),
                }
            })
        })
        .collect()
}

/// The `twins-apart` verdicts of the problems `kept`: each twin of each written as a problem of
/// its own, all in one input, and each problem's twins' answers taken together as its answer.
fn twins_apart(
    settings: &Settings,
    problems: &[PopeyeProblem],
    original: &[Chunk],
    answers: &[Answer],
    kept: &[usize],
) -> Vec<Verdict> {
    let made: Vec<Vec<(String, PopeyeProblem)>> = (kept.iter())
        .map(|&i| {
            (twins(&problems[i]).into_iter())
                .filter_map(|t| Some((t.label, t.problem.ok()?)))
                .collect()
        })
        .collect();
    let all = || made.iter().flatten().map(|(_, p)| (p, bounded(settings)));
    let input = rewrite_all(all());
    let count = all().count();
    let chunks = run_input(settings, &input, DEFAULT_MAXMEM, count, Some(count));
    let mut first = 0;
    (kept.iter().zip(&made))
        .map(|(&i, twins)| {
            let range = first..first + twins.len();
            first = range.end;
            let chunks = match &chunks {
                Err(why) => return Verdict::NotChecked(why.to_string()),
                Ok(chunks) => &chunks[range],
            };
            let mut theirs = Answer {
                twins: Vec::new(),
                cut: false,
            };
            for ((label, _), chunk) in twins.iter().zip(chunks) {
                let answer = answer_of(chunk);
                theirs.cut |= answer.cut;
                match answer.twins.into_iter().next() {
                    Some(twin) => theirs.twins.push(TwinAnswer {
                        label: label.clone(),
                        ..twin
                    }),
                    None => {
                        return Verdict::NotChecked(format!(
                            "twin {label} as a problem of its own: no answer printed"
                        ));
                    }
                }
            }
            judge(&answers[i], &theirs, false, |why| Disagreement {
                why,
                original_input: rewrite(&problems[i], &Change::default()),
                original_flags: flags(DEFAULT_MAXMEM),
                changed_input: rewrite_all(twins.iter().map(|(_, p)| (p, Change::default()))),
                changed_flags: flags(DEFAULT_MAXMEM),
                original_output: original[i].text.join("\n"),
                changed_output: (chunks.iter())
                    .map(|c| c.text.join("\n"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            })
        })
        .collect()
}

/// The change a relation makes to problem `index` of a file, drawn from the seed and the
/// problem's number only (so that a problem's change does not depend on the others).
fn change_for(
    relation: Relation,
    problem: &PopeyeProblem,
    answer: &Answer,
    seed: u64,
    index: usize,
) -> Change {
    let mut rng = Rng::new(seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    match relation {
        Relation::TableSize => Change::default(),
        Relation::UnitOrder => {
            let n = problem.units.len();
            let mut order: Vec<usize> = (0..n).collect();
            for k in (1..n).rev() {
                order.swap(k, rng.below(k + 1));
            }
            if n > 1 && order.iter().enumerate().all(|(k, &v)| k == v) {
                order.reverse();
            }
            Change {
                unit_order: Some(order),
                ..Change::default()
            }
        }
        Relation::OptionOrder => Change {
            reverse_options: true,
            ..Change::default()
        },
        Relation::ConditionOrder => Change {
            reverse_conditions: true,
            ..Change::default()
        },
        Relation::Language => Change {
            language: Some(super::mapping::other_language(problem.language)),
            ..Change::default()
        },
        // Each twin is written as it is made, unchanged.
        Relation::TwinsApart | Relation::TreeReplay => Change::default(),
        Relation::FileMirror => Change {
            mirror_files: true,
            ..Change::default()
        },
        Relation::ColourReversal => Change {
            reverse_colours: true,
            extra_options: vec![
                PopeyeOption::HalfDuplex
                    .word(problem.language)
                    .to_ascii_lowercase(),
            ],
            ..Change::default()
        },
        Relation::MaxSolutions => {
            let n = 1 + rng.below(answer.line_count() - 1);
            let word = PopeyeOption::MaxSolutions.word(problem.language);
            Change {
                extra_options: vec![word.to_ascii_lowercase(), n.to_string()],
                ..Change::default()
            }
        }
        Relation::Intelligent => Change {
            extra_options: vec![
                PopeyeOption::Intelligent
                    .word(problem.language)
                    .to_ascii_lowercase(),
            ],
            ..Change::default()
        },
    }
}

/// The relations in the table's order, as named (`None`: all).
pub fn relations_named(names: Option<&[String]>) -> Result<Vec<Relation>, String> {
    let Some(names) = names else {
        return Ok(Relation::all());
    };
    let mut out = Vec::new();
    for name in names {
        let relation = Relation::named(name).ok_or_else(|| {
            let known: Vec<&str> = RELATIONS.iter().map(|r| r.name).collect();
            format!("no relation named {name} (relations: {})", known.join(", "))
        })?;
        if !out.contains(&relation) {
            out.push(relation);
        }
    }
    out.sort();
    Ok(out)
}
