//! Popeye as a live third opinion on solutions: problem-like positions of every family Popeye
//! can express (the solving campaign's, with the marks Popeye reads otherwise taken away),
//! each under the short stipulations its side to move can begin, written as Popeye problems,
//! solved by Popeye in batches and by one of our engines, and compared solution set for
//! solution set by `popeye verify`'s comparison. The problems are new on every seed: this is
//! how agreement is checked on positions nobody has seen. A problem that differs is asked
//! again under each other value of each switch that matters to its rules: when one value gives
//! Popeye's solutions, the difference is a known reading (a switch), reported apart from the
//! differences.

use std::time::{Duration, Instant};

use crate::engines::SearchEngine;
use feerie_oracle::rules::Switch;
use feerie_oracle::{Colour, Rules, popeye_input};

use super::cases::{fitted_for_popeye, not_for_popeye};
use super::run::TIME_RAN_OUT;
use crate::external::popeye::{PopeyeError, run_popeye_file, run_popeye_to_file};
use crate::external::popeye_output_source::OutputSource;
use crate::harness::error::{BatchFailure, CampaignError};
use crate::harness::fuzzed::Bucket;
use crate::harness::runner::{Done, Runner, Units, family_cases};
use crate::harness::solving_campaign::make_problem;
use crate::shard::Shard;
use crate::solve::Options;
use crate::verify::{CaseReport, Outcome, Selection, verify_each, verify_under_switches};

/// The stipulations asked when White is to move: Popeye lets White begin these.
pub const WHITE_BEGINS: [&str; 24] = [
    "#2",
    "s#2",
    "h#1.5",
    "=2",
    "x2",
    "+1",
    "~1",
    "%1",
    "001",
    "#=1",
    "r#2",
    "semi-r#1",
    "hs#2",
    "hr#2",
    "ser-s#2",
    "ser-r#2",
    "exact-#2",
    "exact-=2",
    "1->ser-h#2",
    "phser-s#2",
    "phser-r#2",
    "exact-s#2",
    "exact-r#2",
    "exact-hs#2",
];
/// The stipulations asked when Black is to move: Popeye lets Black begin these.
pub const BLACK_BEGINS: [&str; 19] = [
    "h#2",
    "ser-h#3",
    "h=2",
    "hx1",
    "h+1",
    "ser-hx2",
    "h==1",
    "h!=1",
    "ser-h#=2",
    "hs#1.5",
    "hr#1.5",
    "exact-h#2",
    "exact-ser-h#3",
    "reci-h#2",
    "reci-h(=)#2",
    "ser-reci-h#2",
    "2->ser-#2",
    "1->ser-s#1",
    "pser-h#3",
];

/// Stipulations asked again with an option that changes what is solved or printed, each where
/// its stipulation is asked ([`WHITE_BEGINS`] or [`BLACK_BEGINS`]): the set play of a
/// helpmate (`h#1.5`'s is an `h#1` with Black beginning, `h#2`'s an `h#1.5` with White
/// beginning, refused when the side to move is in check), the play after the key, which
/// Popeye ignores in help play, a bound on the threat (a key that threatens no mate in one
/// fails; in `s#2`, no selfmate in one), the tree of `exact-#2` (its threats and
/// variations of exactly the moves left), quodlibet in `semi-r#1` (the attacker mating
/// itself too; in two moves or more Popeye 4.104 lets the attacker's goal overrun the
/// stipulation: `verify::known`),
/// the set play of self and reflex play (shown whole, with the defender's closing moves,
/// even without `option variation`), the tries and tree of `exact-s#2` (a defence that
/// mates before the last move refutes), and `h#2` and `ser-h#3` stopped on short solutions
/// (the shortest ones alone, then `Partial solution`).
pub const WITH_OPTION: [(&str, &str); 14] = [
    ("h#1.5", "setplay"),
    ("h#2", "setplay"),
    ("h#2", "postkeyplay"),
    ("#2", "threat 1"),
    ("s#2", "threat 1"),
    ("exact-#2", "variation"),
    ("#2", "threat 1 try"),
    ("s#2", "threat 1 try"),
    ("semi-r#1", "quodlibet variation"),
    ("s#2", "setplay"),
    ("r#2", "setplay"),
    ("exact-s#2", "try variation"),
    ("h#2", "stoponshortsolutions"),
    ("ser-h#3", "stoponshortsolutions"),
];

/// One problem asked of Popeye.
#[derive(Clone, Debug)]
pub struct SolvingProblem {
    /// The family.
    pub bucket: String,
    /// The case in the family.
    pub case: u64,
    /// The stipulation, as Popeye reads it.
    pub stipulation: &'static str,
    /// The option given with it ([`WITH_OPTION`]), if any.
    pub option: Option<&'static str>,
    /// The problem as Popeye's input, from `beginproblem` to `endproblem`.
    pub text: String,
    /// The rules it was made under.
    pub rules: Rules,
}

impl SolvingProblem {
    /// The stipulation, and the option given with it: `h#2`, `h#2 (option setplay)`.
    pub fn label(&self) -> String {
        match self.option {
            Some(option) => format!("{} (option {option})", self.stipulation),
            None => self.stipulation.to_string(),
        }
    }
}

/// What a solving campaign against Popeye does.
#[derive(Clone, Debug)]
pub struct PopeyeSolving {
    /// The families, under the `popeye` profile.
    pub buckets: Vec<Bucket>,
    /// Positions per family.
    pub count: u64,
    /// The first case of each family: the cases asked are `first..first + count` (0 for a
    /// whole run; `popeye campaign` asks the cases in rounds under its time budget).
    pub first: u64,
    /// The seed: case `i` of a family is made from `(seed, family, i)` alone.
    pub seed: u64,
    /// Problems asked of Popeye in one run.
    pub batch: usize,
    /// Popeye runs at the same time.
    pub jobs: usize,
    /// How long one Popeye run may take.
    pub timeout: Duration,
    /// Show progress on stderr.
    pub progress: bool,
    /// The part of the cases this run asks: case `i` of family `f` is number `f * count + i`.
    pub shard: Shard,
    /// Only the problems of these stipulations (with and without an option; each one of
    /// [`WHITE_BEGINS`] or [`BLACK_BEGINS`]); every one when empty.
    pub stipulations: Vec<String>,
    /// No batch is started past this instant, and none runs past it (`popeye campaign`'s stage
    /// deadline): the problems of a batch not asked are skipped, since the time ran out
    /// (`None`: every batch is asked, each within `timeout`).
    pub deadline: Option<Instant>,
}

/// The stipulations `--stipulation` may name: those of [`WHITE_BEGINS`] and [`BLACK_BEGINS`].
///
/// ```
/// use feerie::harness::popeye_campaign::unknown_stipulation;
/// assert_eq!(unknown_stipulation(&["ser-s#2".into(), "h#2".into()]), None);
/// assert!(unknown_stipulation(&["h#7".into()]).unwrap().contains("h#7"));
/// ```
pub fn unknown_stipulation(asked: &[String]) -> Option<String> {
    let known = || WHITE_BEGINS.iter().chain(&BLACK_BEGINS);
    let unknown = asked.iter().find(|s| !known().any(|k| k == s))?;
    Some(format!(
        "--stipulation {unknown}: not one fuzz-solve asks (it asks {})",
        known().copied().collect::<Vec<_>>().join(", ")
    ))
}

/// The outcome of a solving campaign against Popeye.
#[derive(Debug, Default)]
pub struct PopeyeSolvingReport {
    /// Problems whose solutions agree, and the solutions they have in all.
    pub agree: (u64, u64),
    /// Of those, how many of each stipulation, and of each asked with an option
    /// ([`WITH_OPTION`]), by label ([`SolvingProblem::label`]).
    pub agree_by_label: Vec<(String, u64)>,
    /// How many of each label agree in each family (`family label`).
    pub agree_by_family: Vec<(String, u64)>,
    /// How many of each label were asked in each family, keyed as
    /// [`PopeyeSolvingReport::agree_by_family`]: a key asked that is not there agreed 0 times.
    pub asked_by_family: Vec<(String, u64)>,
    /// Problems compared and found to differ, or that Popeye crashes on: the problem and the
    /// comparison's lines (for a crash, one line that starts `Popeye crashed`).
    pub differ: Vec<(SolvingProblem, Vec<String>)>,
    /// Problems that differ under the popeye profile but agree under another value of a
    /// switch (`KEY=VALUE`): a reading of Popeye's that the profile's value does not cover.
    pub switch_explained: Vec<(SolvingProblem, String)>,
    /// Problems or positions not compared, by reason.
    pub skipped: Vec<(String, u64)>,
    /// Batches Popeye did not answer, with the reason and the problems in them.
    pub failed: Vec<(BatchFailure, usize)>,
    /// Time taken.
    pub elapsed: Duration,
}

impl PopeyeSolvingReport {
    /// Counts `problem` as agreeing, with `solutions` solutions.
    fn agreed(&mut self, problem: &SolvingProblem, solutions: u64) {
        self.agree.0 += 1;
        self.agree.1 += solutions;
        tally(&mut self.agree_by_label, problem.label());
        tally(&mut self.agree_by_family, family_label(problem));
    }

    fn skip(&mut self, why: String) {
        tally(&mut self.skipped, why);
    }

    /// The exit code: 1 on a difference, else 2 when a batch failed, else 0.
    pub fn exit_code(&self) -> i32 {
        if !self.differ.is_empty() {
            1
        } else if !self.failed.is_empty() {
            2
        } else {
            0
        }
    }

    /// The report as text: each difference with its problem, then the counts.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (problem, lines) in &self.differ {
            out.push_str(&format!(
                "DIFFER {} case {} {}:\n",
                problem.bucket,
                problem.case,
                problem.label()
            ));
            for line in lines {
                out.push_str(&format!("  {line}\n"));
            }
            out.push_str("  the problem (Popeye's input):\n");
            for line in problem.text.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
        for (problem, setting) in &self.switch_explained {
            out.push_str(&format!(
                "agrees only under {setting}: {} case {} {} (Popeye reads it so here, not as the popeye profile's value)\n",
                problem.bucket,
                problem.case,
                problem.label()
            ));
            for line in problem.text.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
        for (why, n) in &self.failed {
            out.push_str(&format!(
                "failed: a batch of {n} problem(s) not answered: {why}\n"
            ));
        }
        for (why, n) in &self.skipped {
            out.push_str(&format!("skipped {n}: {why}\n"));
        }
        if !self.agree_by_label.is_empty() {
            let counts: Vec<String> = (self.agree_by_label.iter())
                .map(|(label, n)| format!("{label} {n}"))
                .collect();
            out.push_str(&format!("agree by stipulation: {}\n", counts.join(", ")));
        }
        let agreed = |which: &String| {
            (self.agree_by_family.iter())
                .find(|(k, _)| k == which)
                .map_or(0, |(_, n)| *n)
        };
        let counts: Vec<(&String, u64, u64)> = (self.asked_by_family.iter())
            .map(|(which, asked)| (which, agreed(which), *asked))
            .collect();
        if let Some(&(which, n, asked)) = counts.iter().min_by_key(|(_, n, _)| *n) {
            let alike = counts.iter().filter(|(_, m, _)| *m == n).count();
            out.push_str(&format!(
                "fewest agreeing of one stipulation in one family: {n} of {asked} asked \
                 ({which}; {alike} stipulation(s) and famil(ies) at {n})\n"
            ));
        }
        out.push_str(&format!(
            "popeye solving: {} agree ({} solutions), {} agree under another switch value, {} differ, {} skipped, {} in failed batches; {:.1} s\n",
            self.agree.0,
            self.agree.1,
            self.switch_explained.len(),
            self.differ.len(),
            self.skipped.iter().map(|(_, n)| n).sum::<u64>(),
            self.failed.iter().map(|(_, n)| n).sum::<usize>(),
            self.elapsed.as_secs_f64()
        ));
        out
    }
}

/// The family and label of `problem`, as [`PopeyeSolvingReport::agree_by_family`] keys them.
fn family_label(problem: &SolvingProblem) -> String {
    format!("{} {}", problem.bucket, problem.label())
}

/// Counts one more of `key` in `counts` (in the order the keys first came).
fn tally(counts: &mut Vec<(String, u64)>, key: String) {
    match counts.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => counts.push((key, 1)),
    }
}

/// The problems of the campaign's cases (in this shard), and the positions not asked with the
/// reason.
pub fn solving_problems(campaign: &PopeyeSolving) -> (Vec<SolvingProblem>, Vec<String>) {
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for (b, case) in family_cases(campaign.buckets.len(), campaign.count, campaign.shard) {
        let case = campaign.first + case;
        let bucket = &campaign.buckets[b];
        let fuzzed = make_problem(&campaign.buckets, b, campaign.seed, case);
        let position = fitted_for_popeye(fuzzed.position, &fuzzed.rules);
        if let Some(why) = not_for_popeye(&position, &fuzzed.rules) {
            skipped.push(why);
            continue;
        }
        let stipulations: &[&'static str] = match position.side_to_move() {
            Colour::White => &WHITE_BEGINS,
            Colour::Black => &BLACK_BEGINS,
        };
        let with_option = (WITH_OPTION.iter())
            .filter(|(s, _)| stipulations.contains(s))
            .map(|&(s, o)| (s, Some(o)));
        let asked = (stipulations.iter().map(|&s| (s, None))).chain(with_option);
        let wanted = |s: &str| {
            campaign.stipulations.is_empty() || campaign.stipulations.iter().any(|w| w == s)
        };
        for (stipulation, option) in asked.filter(|(s, _)| wanted(s)) {
            let mut line = format!("stipulation {stipulation}");
            if let Some(option) = option {
                line.push_str(&format!("\noption {option}"));
            }
            match popeye_input::write(&position, &fuzzed.rules, &line) {
                Ok(text) => problems.push(SolvingProblem {
                    bucket: bucket.name.clone(),
                    case,
                    stipulation,
                    option,
                    text,
                    rules: fuzzed.rules.clone(),
                }),
                Err(why) => skipped.push(format!("not expressible in Popeye's input ({why})")),
            }
        }
    }
    (problems, skipped)
}

/// The problems as one Popeye input, separated by `nextproblem`.
pub fn batch_input(problems: &[SolvingProblem]) -> String {
    let bodies: Vec<&str> = problems
        .iter()
        .map(|p| {
            p.text
                .trim_start_matches("beginproblem\n")
                .trim_end_matches("endproblem\n")
        })
        .collect();
    format!("beginproblem\n{}endproblem\n", bodies.join("nextproblem\n"))
}

/// Runs the campaign: Popeye (`binary`) and `engine` solve every problem; batches run on
/// `jobs` threads.
pub fn run_popeye_solving(
    campaign: &PopeyeSolving,
    binary: &std::path::Path,
    engine: &dyn SearchEngine,
) -> Result<PopeyeSolvingReport, CampaignError> {
    let started = Instant::now();
    let (problems, not_asked) = solving_problems(campaign);
    let mut report = PopeyeSolvingReport::default();
    for why in not_asked {
        report.skip(why);
    }
    for problem in &problems {
        tally(&mut report.asked_by_family, family_label(problem));
    }
    let batches: Vec<&[SolvingProblem]> = problems.chunks(campaign.batch.max(1)).collect();
    // Our solving ends by the deadline too: a case still solving then is skipped for its time.
    let options = Options {
        deadline: campaign.deadline,
        ..Options::default()
    };
    let runner = Runner::new(
        "popeye solving",
        "problems",
        campaign.jobs,
        campaign.progress,
    );
    // A batch that gets no answer is part of the report, not the end of the campaign.
    let units = Units::batches(batches.len(), problems.len() as u64);
    let ran = runner.run(units, Vec::<()>::new(), |i| {
        let batch = batches[i as usize];
        // A batch is not started with less than a second left: its problems are skipped.
        let timeout = match campaign.deadline {
            None => Some(campaign.timeout),
            Some(deadline) => deadline
                .checked_duration_since(Instant::now())
                .filter(|left| *left >= Duration::from_secs(1))
                .map(|left| campaign.timeout.min(left)),
        };
        let answer = match timeout {
            Some(timeout) => {
                solve_batch(binary, &batch_input(batch), timeout, engine, &options).map(Some)
            }
            None => Ok(None),
        };
        Ok(Done {
            tally: None,
            found: vec![answer],
            steps: batch.len() as u64,
            failed: false,
        })
    })?;
    let answers = ran.found;
    for (batch, answer) in batches.iter().zip(answers) {
        let cases = match answer {
            Ok(None) => {
                for _ in batch.iter() {
                    report.skip(TIME_RAN_OUT.to_string());
                }
                continue;
            }
            Ok(Some(cases)) if cases.len() == batch.len() => cases,
            Ok(Some(cases)) => {
                let unmatched = BatchFailure::Unmatched {
                    compared: cases.len(),
                    problems: batch.len(),
                };
                report.failed.push((unmatched, batch.len()));
                continue;
            }
            Err(BatchFailure::Popeye(PopeyeError::Crashed(how))) => {
                // A crash is the binary's fault, laid at the door of each problem it crashes
                // on alone; a batch none of whose problems does so failed as a whole.
                let crashed = crashing_problems(binary, batch, campaign.timeout);
                if crashed.is_empty() {
                    report
                        .failed
                        .push((BatchFailure::Popeye(PopeyeError::Crashed(how)), batch.len()));
                }
                report.differ.extend(crashed);
                continue;
            }
            Err(why) => {
                report.failed.push((why, batch.len()));
                continue;
            }
        };
        for (problem, case) in batch.iter().zip(cases) {
            match case.outcome {
                Outcome::Agree(n) => report.agreed(problem, n as u64),
                Outcome::Differ { missing, extra } => {
                    let lines = missing
                        .iter()
                        .map(|l| format!("only Popeye: {}", l.trim()))
                        .chain(extra.iter().map(|l| format!("only ours:   {}", l.trim())))
                        .collect();
                    match explaining_switch(problem, binary, campaign.timeout, engine) {
                        Some(setting) => report.switch_explained.push((problem.clone(), setting)),
                        None => report.differ.push((problem.clone(), lines)),
                    }
                }
                Outcome::Skipped(why) => report.skip(why),
                Outcome::InputError(why) => report.skip(format!("input error: {why}")),
                Outcome::BothRefuse(_) => report.agreed(problem, 0),
            }
        }
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

/// The problems of a batch Popeye crashed on that it crashes on when asked alone, each with
/// the line that says so.
fn crashing_problems(
    binary: &std::path::Path,
    batch: &[SolvingProblem],
    timeout: Duration,
) -> Vec<(SolvingProblem, Vec<String>)> {
    batch
        .iter()
        .filter_map(
            |problem| match run_popeye_file(binary, &problem.text, timeout) {
                Err(PopeyeError::Crashed(how)) => Some((
                    problem.clone(),
                    vec![format!("Popeye crashed on this problem alone: {how}")],
                )),
                _ => None,
            },
        )
        .collect()
}

/// One batch: Popeye's output written to a temporary file and compared from there, so that a
/// problem of millions of solutions is compared with the memory `popeye verify` takes (its
/// sections streamed, long ones by digests), not held whole.
/// How long our solving of one fuzzed problem may take: past it the problem is skipped for its
/// time budget (the problems are short; one that takes longer is a search to look into, not a
/// batch to wait for).
pub const CASE_BUDGET: Duration = Duration::from_secs(20);

fn solve_batch(
    binary: &std::path::Path,
    input: &str,
    timeout: Duration,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Result<Vec<CaseReport>, BatchFailure> {
    let unread = |why: String| BatchFailure::Popeye(PopeyeError::Failed(why));
    let file = tempfile::NamedTempFile::new()
        .map_err(|e| {
            unread(format!(
                "cannot make a temporary file for Popeye's output: {e}"
            ))
        })?
        .into_temp_path();
    let _registered = crate::external::process::cleanup::remove_on_signal(&file);
    run_popeye_to_file(binary, input, timeout, &file).map_err(BatchFailure::Popeye)?;
    let source = OutputSource::file(&file).map_err(|e| unread(format!("Popeye's output: {e}")))?;
    // A case of ours past its budget is skipped for it, named, rather than holding the batch.
    let selection = Selection {
        case_timeout: Some(CASE_BUDGET),
        ..Selection::default()
    };
    verify_each(
        input,
        &source,
        selection,
        engine,
        options,
        &mut |_, _, _| {},
    )
    .map_err(BatchFailure::Verify)
}

/// The first other value of a switch that matters to `problem`'s rules under which our
/// solutions are Popeye's, as `KEY=VALUE`; Popeye is asked again for the problem alone.
fn explaining_switch(
    problem: &SolvingProblem,
    binary: &std::path::Path,
    timeout: Duration,
    engine: &dyn SearchEngine,
) -> Option<String> {
    let (output, _) = run_popeye_file(binary, &problem.text, timeout).ok()?;
    let options = Options::default();
    Switch::ALL
        .into_iter()
        .filter(|s| problem.rules.switch_matters(*s))
        .flat_map(|s| {
            let popeye_value =
                Rules::new(problem.rules.conditions(), feerie_oracle::Profile::Popeye)
                    .map(|r| r.value(s))
                    .ok();
            s.values()
                .iter()
                .filter(move |v| Some(**v) != popeye_value)
                .map(move |v| format!("{}={v}", s.key()))
        })
        .find(|setting| {
            verify_under_switches(
                &problem.text,
                &output,
                std::slice::from_ref(setting),
                engine,
                &options,
            )
            .is_ok_and(|cases| cases.len() == 1 && matches!(cases[0].outcome, Outcome::Agree(_)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::popeye_campaign::popeye_buckets;

    fn campaign(count: u64, seed: u64) -> PopeyeSolving {
        PopeyeSolving {
            stipulations: Vec::new(),
            deadline: None,
            buckets: popeye_buckets(Bucket::all()),
            count,
            first: 0,
            seed,
            batch: 10,
            jobs: 1,
            timeout: Duration::from_secs(60),
            progress: false,
            shard: Shard::WHOLE,
        }
    }

    #[test]
    fn each_problem_reads_back_with_its_stipulation_and_no_marks() {
        let (problems, _) = solving_problems(&campaign(3, 7));
        assert!(problems.len() > 20, "{}", problems.len());
        let file = popeye_input::parse(&batch_input(&problems)).unwrap();
        assert_eq!(file.problems.len(), problems.len());
        for (read, made) in file.problems.iter().zip(&problems) {
            assert_eq!(read.stipulation.as_deref(), Some(made.stipulation));
            // The option's words are given, and no word of another option (`threat 1` and
            // `threat 1 try` share two).
            let made_words: Vec<&str> = made
                .option
                .iter()
                .flat_map(|o| o.split_whitespace())
                .collect();
            for (_, option) in WITH_OPTION {
                for word in option.split_whitespace() {
                    let given = read.options.iter().any(|o| o == word);
                    assert_eq!(given, made_words.contains(&word), "{}", made.text);
                }
            }
            assert!(!made.text.contains("protean"), "{}", made.text);
        }
    }

    #[test]
    fn the_seed_decides_the_problems_and_shards_share_them_out() {
        let texts = |c: &PopeyeSolving| -> Vec<String> {
            solving_problems(c).0.into_iter().map(|p| p.text).collect()
        };
        assert_eq!(texts(&campaign(2, 5)), texts(&campaign(2, 5)));
        assert_ne!(texts(&campaign(2, 5)), texts(&campaign(2, 6)));
        let whole = texts(&campaign(4, 5));
        let mut shards: Vec<String> = (1..=2)
            .flat_map(|k| {
                let mut c = campaign(4, 5);
                c.shard = format!("{k}/2").parse().unwrap();
                texts(&c)
            })
            .collect();
        let mut sorted = whole.clone();
        sorted.sort();
        shards.sort();
        assert_eq!(shards, sorted);
    }
}
