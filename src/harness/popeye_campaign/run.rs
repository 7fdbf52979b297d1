//! Running a Popeye campaign: the cases of each family asked of Popeye in batches, on several
//! Popeye runs at once, each answer compared with every engine's; the differences followed,
//! shrunk and written as reproducers.

use std::time::Instant;

use feerie_oracle::{Engine, Position, ReferenceEngine, Validation, fen};

use super::cases::{fitted_for_popeye, make_popeye_case, not_for_popeye};
use super::golden::{GoldenRecord, golden_record};
use super::narrow::{differ, follow_and_shrink};
use super::output::{popeye_reproducer, popeye_stem};
use super::{
    PopeyeCampaign, PopeyeCase, PopeyeDifference, PopeyeReport, PopeyeSummary, SMALL_POSITION,
};
use crate::external::popeye_batch::{PopeyeRunner, Question, Reply};
use crate::harness::choices::Choices;
use crate::harness::error::CampaignError;
use crate::harness::events::Coverage;
use crate::harness::fuzzed::{Bucket, FuzzedPosition, Generator};
use crate::harness::runner::{Done, Reproducers, Runner, Tally, Units, family_batches, tallies};
use crate::harness::steer::{Aimed, Target, steer_toward};

/// Runs a Popeye campaign with `runner` against each of `engines`.
pub fn run_popeye_campaign(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
) -> Result<PopeyeReport, CampaignError> {
    let started = Instant::now();
    let version = runner.version()?;
    let generator = Generator::standard();
    // Each unit is one batch of one family's cases of this shard.
    let families = campaign.buckets.len();
    let mut batches = family_batches(families, campaign.count, campaign.shard, campaign.batch);
    for (_, cases) in &mut batches {
        cases.iter_mut().for_each(|case| *case += campaign.first);
    }
    let steps = batches.iter().map(|(_, cases)| cases.len() as u64).sum();
    let tallies = tallies(&campaign.buckets);
    let run = Runner::new("popeye", "positions", campaign.jobs, campaign.progress);
    let ran = run.run(Units::batches(batches.len(), steps), tallies, |i| {
        let (b, indices) = &batches[i as usize];
        ask_batch(campaign, runner, engines, &generator, *b, indices)
    })?;
    let mut steered_found = Vec::new();
    let steering_started = Instant::now();
    let found_any = (ran.found.iter()).any(|f| !matches!(f, Found::Golden(_)));
    let steered = if campaign.steer
        && campaign.shard.is_whole()
        && !past_deadline(campaign)
        && !(campaign.stop_at_finding && found_any)
    {
        let mut reached = Coverage::default();
        for t in &ran.tallies {
            reached.merge(&t.coverage);
        }
        let (built, aimed) = steered_cases(campaign, &reached);
        let (cases, plies): (Vec<PopeyeCase>, Vec<u32>) = built.into_iter().unzip();
        let mut summary = PopeyeSummary::family("steered");
        if aimed.out_of_time > 0 {
            summary.skip(STEERING_TIME_RAN_OUT.to_string(), aimed.out_of_time);
        }
        let size = campaign.batch.max(1);
        let chunks: Vec<(&[PopeyeCase], &[u32])> =
            cases.chunks(size).zip(plies.chunks(size)).collect();
        // The chunks run on the campaign's threads, as the families' batches do, and none
        // starts past the deadline: deep steered positions can take Popeye long.
        let pool = crate::pool::build(campaign.jobs).map_err(CampaignError::Pool)?;
        let asked: Vec<Result<(PopeyeSummary, Vec<Found>), CampaignError>> = pool.install(|| {
            use rayon::prelude::*;
            chunks
                .par_iter()
                .map(|(chunk, plies)| {
                    let mut part = PopeyeSummary::default();
                    let mut found = Vec::new();
                    if past_deadline(campaign) {
                        part.skip(TIME_RAN_OUT.to_string(), chunk.len() as u64);
                    } else {
                        ask_cases(
                            campaign,
                            runner,
                            engines,
                            chunk,
                            Some(plies),
                            &mut part,
                            &mut found,
                        )?;
                    }
                    Ok((part, found))
                })
                .collect()
        });
        for result in asked {
            let (part, found) = result?;
            summary.add(part);
            steered_found.extend(found);
        }
        Some(summary)
    } else {
        None
    };
    let steering = steering_started.elapsed();
    let mut refusals = Vec::new();
    let mut differences = Vec::new();
    let mut golden = Vec::new();
    for found in ran.found.into_iter().chain(steered_found) {
        match found {
            Found::Refusal(words) => refusals.push(words),
            Found::Difference(d) => differences.push(*d),
            Found::Golden(r) => golden.push(*r),
        }
    }
    golden.sort_by(|a: &GoldenRecord, b| a.id.cmp(&b.id));
    refusals.truncate(MAX_REFUSALS);
    differences.sort_by(|a, b| (&a.bucket, a.case, &a.engine).cmp(&(&b.bucket, b.case, &b.engine)));
    let mut reproducers = Reproducers::new(campaign.reproducers.clone());
    let mut found = Vec::new();
    for d in differences.into_iter().take(campaign.max_reports) {
        let engine = engines
            .iter()
            .find(|e| e.name() == d.engine)
            .expect("one of the engines");
        let d = follow_and_shrink(runner, *engine, d)?;
        let written = reproducers.write(|| {
            let origin = format!(
                "feerie popeye fuzz --seed {} (family {}, case {}), {version}",
                campaign.seed, d.bucket, d.case
            );
            (popeye_stem(&d), popeye_reproducer(&d, &version, &origin))
        });
        found.push((d, written));
    }
    Ok(PopeyeReport {
        version,
        buckets: ran.tallies,
        refusals,
        found,
        write_errors: reproducers.errors,
        golden,
        elapsed: started.elapsed(),
        steered,
        steering,
    })
}

/// The positions of the steered pass: for each rule event a family has not reached, one
/// position built around it that Popeye can be asked about, under the family's rules with
/// `rex` drawn as the cases draw it.
fn steered_cases(campaign: &PopeyeCampaign, reached: &Coverage) -> (Vec<(PopeyeCase, u32)>, Aimed) {
    let rules_of = |bucket: &Bucket, choices: &mut dyn Choices| {
        let mut rules = bucket.rules.clone();
        if (rules.circe_model().is_some() || rules.captures_mutate())
            && rules.switch_matters(feerie_oracle::Switch::Rex)
            && !rules.refuses_royal_rebirth()
        {
            let rex = ["", "inclusive", "exclusive"][choices.below(3)];
            if !rex.is_empty() {
                rules
                    .set("rex", rex)
                    .expect("rex is a switch of these rules");
            }
        }
        rules
    };
    // Popeye refuses a position where the side to play could take a king, even under rex
    // inclusive: only strictly valid positions are asked.
    let accept = |c: &FuzzedPosition| {
        Position::new(c.position.setup().clone(), Validation::Strict).is_ok()
            && not_for_popeye(&c.position, &c.rules).is_none()
    };
    let mut cases = Vec::new();
    let mut take = |t: Target| {
        let coverage = root_coverage(&t.case.position, &t.case.rules, t.ply);
        cases.push((
            PopeyeCase {
                bucket: format!(
                    "{} steered toward {}",
                    campaign.buckets[t.bucket].name, t.event
                ),
                index: t.draw,
                position: fitted_for_popeye(t.case.position, &t.case.rules),
                rules: t.case.rules,
            },
            t.ply,
        ));
        coverage
    };
    // Popeye is never asked about a position where a king can be taken at once, so the events
    // of taking one (a king reborn on its square) are looked for one half-move deeper.
    let aimed = steer_toward(
        &campaign.buckets,
        campaign.seed,
        2,
        crate::harness::events::Scope::PopeyeInput,
        reached,
        &rules_of,
        &accept,
        &mut take,
        campaign.steer_until.or(campaign.deadline),
    );
    (cases, aimed)
}

/// The rule events of the moves of `position` (by the reference engine), and with `plies` 2 of
/// the moves after each of them.
fn root_coverage(position: &Position, rules: &feerie_oracle::Rules, plies: u32) -> Coverage {
    let mut coverage = Coverage::default();
    if let Ok(moves) = ReferenceEngine.successors(position, rules) {
        for (mv, after) in &moves {
            coverage.record(rules, position, mv, after);
            if plies > 1 {
                coverage.merge(&root_coverage(after, rules, plies - 1));
            }
        }
    }
    coverage
}

/// Whether the campaign's deadline, if it has one, has passed: no more work is started.
fn past_deadline(campaign: &PopeyeCampaign) -> bool {
    campaign.deadline.is_some_and(|d| Instant::now() >= d)
}

/// Why the cases of a batch not started by the campaign's deadline were not asked.
pub const TIME_RAN_OUT: &str = "not asked: the stage's time ran out";

/// Why rule events were not aimed at by the steered pass: a cell each.
pub const STEERING_TIME_RAN_OUT: &str = "rule events not aimed at: the time for steering ran out";

/// How many refusals are quoted in full (the rest are counted).
const MAX_REFUSALS: usize = 10;

/// What a batch found: a case Popeye refused, with its words, a difference at its root, or
/// Popeye's answer kept as a golden record.
enum Found {
    Refusal(String),
    Difference(Box<PopeyeDifference>),
    Golden(Box<GoldenRecord>),
}

/// Asks Popeye about the cases `indices` of family `b` in one run and compares its answers
/// with each engine's.
fn ask_batch(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
    generator: &Generator,
    b: usize,
    indices: &[u64],
) -> Result<Done<PopeyeSummary, Found>, CampaignError> {
    let bucket = &campaign.buckets[b];
    let mut cases = Vec::new();
    let mut summary = PopeyeSummary::default();
    let mut found = Vec::new();
    if past_deadline(campaign) {
        summary.skip(TIME_RAN_OUT.to_string(), indices.len() as u64);
        return Ok(Done {
            tally: Some((b, summary)),
            found,
            steps: indices.len() as u64,
            failed: false,
        });
    }
    for &index in indices {
        let case = make_popeye_case(generator, bucket, b, campaign.seed, index)?;
        summary.digest ^= crate::shard::fingerprint(&format!(
            "{} {index} {} {}",
            bucket.name,
            fen::write(case.position.setup()),
            case.rules
        ));
        match not_for_popeye(&case.position, &case.rules) {
            Some(why) => summary.skip(why, 1),
            None => cases.push(case),
        }
    }
    ask_cases(
        campaign,
        runner,
        engines,
        &cases,
        None,
        &mut summary,
        &mut found,
    )?;
    Ok(Done {
        tally: Some((b, summary)),
        found,
        steps: indices.len() as u64,
        failed: false,
    })
}

/// Asks Popeye about `cases` in one run, compares its answers with each engine's, and counts
/// them into `summary` (with the rule events of each position compared). With `plies` (the
/// steered cases: the half-move where each one's event happens), each case is counted that
/// many half-moves beyond the event, so that the move after it (a castling) is compared.
fn ask_cases(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
    cases: &[PopeyeCase],
    plies: Option<&[u32]>,
    summary: &mut PopeyeSummary,
    found: &mut Vec<Found>,
) -> Result<(), CampaignError> {
    let questions: Vec<Question> = (cases.iter().enumerate())
        .map(|(i, c)| Question {
            position: c.position.clone(),
            rules: c.rules.clone(),
            depth: crate::external::popeye_batch::comparable_depth(
                match plies {
                    Some(plies) => plies[i] + 1,
                    None => depth_for(campaign, &c.position),
                },
                &c.rules,
            ),
        })
        .collect();
    let replies = runner.ask(&questions)?;
    for (index, (case, (question, reply))) in
        (cases.iter().zip(questions.iter().zip(&replies))).enumerate()
    {
        match reply {
            // A crash or a hang on a legal position is the binary's fault: counted and reported with the
            // refusals, which fail the campaign as they do.
            Reply::Refused(words) | Reply::Crashed(words) | Reply::Hung(words) => {
                summary.refused += 1;
                found.push(Found::Refusal(format!(
                    "{} case {}: {} under {}: {words}",
                    case.bucket,
                    case.index,
                    fen::write(case.position.setup()),
                    case.rules
                )));
            }
            Reply::NotAsked(why) => summary.skip(why.clone(), 1),
            Reply::Answered { moves, lines } => {
                summary.compared += 1;
                let deep = plies.map_or(1, |p| p[index]);
                (summary.coverage).merge(&root_coverage(&case.position, &case.rules, deep));
                summary.lines += lines.as_ref().map_or(0, |l| l.total);
                let mut differs = false;
                for engine in engines {
                    if let Some(d) = differ(*engine, question, moves, lines.as_ref())? {
                        differs = true;
                        found.push(Found::Difference(Box::new(PopeyeDifference {
                            bucket: case.bucket.clone(),
                            case: case.index,
                            engine: engine.name().to_string(),
                            ..d
                        })));
                    }
                }
                summary.differences += u64::from(differs);
                if campaign.golden.is_some()
                    && let Some(r) = golden_record(case, moves, lines.as_ref())
                {
                    found.push(Found::Golden(Box::new(r)));
                }
            }
        }
    }
    Ok(())
}

/// A batch's counts add to its family's; the reasons for skipping keep the order they were
/// first met in.
impl Tally for PopeyeSummary {
    fn family(name: &str) -> PopeyeSummary {
        PopeyeSummary {
            name: name.to_string(),
            ..Default::default()
        }
    }

    fn add(&mut self, other: PopeyeSummary) {
        self.compared += other.compared;
        self.lines += other.lines;
        self.refused += other.refused;
        self.differences += other.differences;
        self.digest ^= other.digest;
        self.coverage.merge(&other.coverage);
        for (why, n) in other.skipped {
            self.skip(why, n);
        }
    }
}

impl PopeyeSummary {
    /// `n` more cases not sent for the reason `why`.
    fn skip(&mut self, why: String, n: u64) {
        match self.skipped.iter_mut().find(|(w, _)| *w == why) {
            Some((_, count)) => *count += n,
            None => self.skipped.push((why, n)),
        }
    }
}

fn depth_for(campaign: &PopeyeCampaign, position: &Position) -> u32 {
    if position.board().unit_count() <= SMALL_POSITION {
        campaign.small_depth.max(campaign.depth)
    } else {
        campaign.depth
    }
}
