//! Running a Popeye campaign: the cases of each family asked of Popeye in batches, on several
//! Popeye runs at once, each answer compared with every engine's; the differences followed,
//! shrunk and written as reproducers.

use std::time::Instant;

use feerie_oracle::{Engine, Position, fen};

use super::cases::{make_popeye_case, not_for_popeye};
use super::golden::{GoldenRecord, golden_record};
use super::narrow::{differ, follow_and_shrink};
use super::output::{popeye_reproducer, popeye_stem};
use super::{PopeyeCampaign, PopeyeDifference, PopeyeReport, PopeyeSummary, SMALL_POSITION};
use crate::external::popeye_batch::{PopeyeRunner, Question, Reply};
use crate::harness::error::CampaignError;
use crate::harness::fuzzed::Generator;
use crate::harness::runner::{Done, Reproducers, Runner, Tally, Units, family_batches, tallies};

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
    let mut refusals = Vec::new();
    let mut differences = Vec::new();
    let mut golden = Vec::new();
    for found in ran.found {
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
    })
}

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
    let questions: Vec<Question> = cases
        .iter()
        .map(|c| Question {
            position: c.position.clone(),
            rules: c.rules.clone(),
            depth: depth_for(campaign, &c.position),
        })
        .collect();
    let replies = runner.ask(&questions)?;
    let mut found = Vec::new();
    for (case, (question, reply)) in cases.iter().zip(questions.iter().zip(&replies)) {
        match reply {
            Reply::Refused(words) => {
                summary.refused += 1;
                found.push(Found::Refusal(format!(
                    "{} case {}: {} under {}: {words}",
                    case.bucket,
                    case.index,
                    fen::write(case.position.setup()),
                    case.rules
                )));
            }
            Reply::Answered { moves, lines } => {
                summary.compared += 1;
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
    Ok(Done {
        tally: Some((b, summary)),
        found,
        steps: indices.len() as u64,
        failed: false,
    })
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
