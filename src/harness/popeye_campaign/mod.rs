//! Popeye as a live third opinion: fuzzed positions of every rule family Popeye can express,
//! under the `popeye` profile and each `rex` value, asked of a Popeye binary in batches and
//! compared with our engines: the legal moves with their check marks, and the number of
//! sequences of a few half-moves. A difference is followed down to the first node where the
//! move lists differ (asking Popeye again), shrunk there while Popeye still answers otherwise,
//! and written as a reproducer whose expectations are Popeye's answer.

use crate::error::Error;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use feerie_oracle::rules::Rex;
use feerie_oracle::{
    CheckMark, Engine, MoveRecord, Position, ReferenceEngine, Rules, Validation, Walk, fen,
    popeye_input,
};
use rayon::prelude::*;

use crate::{out, outln};

use super::fuzzed::{Bucket, Generator, case_rng};
use super::report::{Written, quote, rules_yaml, stem, write_new};
use crate::external::popeye_batch::{ListedMove, PopeyeRunner, Question, Reply};

/// Positions with at most this many units are compared one half-move deeper.
pub const SMALL_POSITION: usize = 8;

/// How many candidate positions one shrink may ask Popeye about.
const SHRINK_BUDGET: usize = 300;

/// What a Popeye campaign does.
#[derive(Clone, Debug)]
pub struct PopeyeCampaign {
    /// The families, under the `popeye` profile.
    pub buckets: Vec<Bucket>,
    /// Positions per family.
    pub count: u64,
    /// The seed: case `i` of a family is made from `(seed, family, i)` alone.
    pub seed: u64,
    /// Half-moves counted from each position.
    pub depth: u32,
    /// Half-moves counted from a position of at most [`SMALL_POSITION`] units.
    pub small_depth: u32,
    /// Positions asked of Popeye in one run.
    pub batch: usize,
    /// Popeye runs at the same time.
    pub jobs: usize,
    /// Where reproducers go (`None`: not written).
    pub reproducers: Option<PathBuf>,
    /// How many differences are followed, shrunk and reported in full.
    pub max_reports: usize,
    /// Show progress on stderr.
    pub progress: bool,
    /// The part of the cases this run asks (`--shard K/N`): case `i` of family `f` is number
    /// `f * count + i`.
    pub shard: super::Shard,
}

/// The families Popeye can express (no Bédoni magic pieces), under the `popeye` profile.
pub fn popeye_buckets(all: Vec<Bucket>) -> Vec<Bucket> {
    all.into_iter()
        .filter(|b| !b.magic && b.rules.profile() == feerie_oracle::Profile::Popeye)
        .collect()
}

/// One case: a position and the rules it is asked under.
#[derive(Clone, Debug)]
pub struct PopeyeCase {
    /// The family.
    pub bucket: String,
    /// Its index in the family.
    pub index: u64,
    /// The position.
    pub position: Position,
    /// The rules (the family's, with `rex` set on two cases in three).
    pub rules: Rules,
}

/// Counts for one family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeSummary {
    /// The family.
    pub name: String,
    /// Positions compared with Popeye.
    pub compared: u64,
    /// Sequences Popeye counted in all.
    pub lines: u64,
    /// Positions not sent, by reason.
    pub skipped: Vec<(String, u64)>,
    /// Positions Popeye refused.
    pub refused: u64,
    /// Positions where an engine and Popeye differ.
    pub differences: u64,
    /// The XOR of the [`fingerprint`](super::shard::fingerprint)s of the cases taken
    /// (compared, skipped or refused): the shards of a run combine to the whole run's.
    pub digest: u64,
}

/// A difference with Popeye, followed to the node where the move lists differ and shrunk.
#[derive(Clone, Debug)]
pub struct PopeyeDifference {
    /// The family and case.
    pub bucket: String,
    /// The case index.
    pub case: u64,
    /// The engine that differs.
    pub engine: String,
    /// The rules.
    pub rules: Rules,
    /// The case's position.
    pub root: Position,
    /// Moves from the root to the node where the difference was first seen.
    pub path: Vec<String>,
    /// The shrunk position where Popeye and the engine differ.
    pub node: Position,
    /// Depth of the comparison at the node (1: the move lists).
    pub depth: u32,
    /// Moves only Popeye lists (with ` +` when it marks check).
    pub only_popeye: Vec<String>,
    /// Moves only the engine lists.
    pub only_ours: Vec<String>,
    /// Popeye's count and the engine's, when the lists agree and the counts do not.
    pub counts: Option<(u64, u64)>,
    /// Popeye's moves at the node.
    pub popeye_moves: Vec<ListedMove>,
}

impl PopeyeDifference {
    /// The same case's difference seen at `found`'s node: the family, case, engine, root and
    /// path stay, the node and what differs there come from `found`.
    fn moved_to(self, found: PopeyeDifference) -> PopeyeDifference {
        PopeyeDifference {
            bucket: self.bucket,
            case: self.case,
            engine: self.engine,
            root: self.root,
            path: self.path,
            ..found
        }
    }
}

/// The outcome of a Popeye campaign.
#[derive(Clone, Debug, Default)]
pub struct PopeyeReport {
    /// Popeye's version, as its banner gives it.
    pub version: String,
    /// One line of counts per family.
    pub buckets: Vec<PopeyeSummary>,
    /// Refusals, with Popeye's words (the first few).
    pub refusals: Vec<String>,
    /// Differences reported in full.
    pub found: Vec<(PopeyeDifference, Option<Written>)>,
    /// Reproducers that could not be written.
    pub write_errors: Vec<String>,
    /// Time taken.
    pub elapsed: Duration,
}

impl PopeyeReport {
    /// Positions compared in all.
    pub fn compared(&self) -> u64 {
        self.buckets.iter().map(|b| b.compared).sum()
    }

    /// Positions with a difference in all.
    pub fn differences(&self) -> u64 {
        self.buckets.iter().map(|b| b.differences).sum()
    }

    /// Positions Popeye refused in all.
    pub fn refused(&self) -> u64 {
        self.buckets.iter().map(|b| b.refused).sum()
    }
}

/// Case `index` of `bucket` (number `bucket_index` among the campaign's families).
pub fn make_popeye_case(
    generator: &Generator,
    bucket: &Bucket,
    bucket_index: usize,
    seed: u64,
    index: u64,
) -> Result<PopeyeCase, Error> {
    let bucket_seed = seed ^ (bucket_index as u64 + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB);
    let fuzzed = generator.generate(&mut case_rng(bucket_seed, index), bucket)?;
    let mut rules = bucket.rules.clone();
    let rex_matters = rules.circe_model().is_some() || rules.captures_mutate();
    if rex_matters {
        match index % 3 {
            1 => rules.set("rex", "inclusive")?,
            2 => rules.set("rex", "exclusive")?,
            _ => {}
        }
    }
    Ok(PopeyeCase {
        bucket: bucket.name.clone(),
        index,
        position: without_marks(fuzzed.position),
        rules,
    })
}

/// The position with its capture-mutable marks taken away, so that whole-board Frankfurt and
/// Protean are asked of Popeye: it reads a partial form otherwise than the rules (RULES.md §5).
fn without_marks(position: Position) -> Position {
    if !position.board().pieces().any(|(_, p)| p.mutable) {
        return position;
    }
    let mut setup = position.setup().clone();
    for (square, piece) in position.board().pieces().collect::<Vec<_>>() {
        setup.board.set(square, Some(piece.with_mutable(false)));
    }
    Position::new(setup, Validation::Strict).unwrap_or(position)
}

/// Why a position is not asked of Popeye, if it is not: what its input cannot say, or a
/// rule where Popeye is known to differ on purpose.
pub fn not_for_popeye(position: &Position, rules: &Rules) -> Option<String> {
    let units: Vec<_> = position.board().pieces().collect();
    if units.iter().any(|(_, p)| p.magic) {
        return Some("magic pieces (Popeye has no Bédoni magic pieces)".into());
    }
    if units.iter().any(|(_, p)| p.mutable) {
        return Some(
            "marked capture-mutable units (Popeye mutates every unit once one is marked, \
             RULES.md §5)"
                .into(),
        );
    }
    let circe_rex_inclusive = rules.circe_model().is_some() && rules.circe_rex() == Rex::Inclusive;
    if circe_rex_inclusive && units.iter().any(|(_, p)| p.royal && p.walk != Walk::King) {
        return Some(
            "a royal unit other than a king under Circe rex inclusive (Popeye: \"no royal \
             pieces with PWC or rex inclusive\")"
                .into(),
        );
    }
    // Under Circe rex inclusive an attacked king may stand where it can be reborn, which the
    // rule-blind validation calls a check; Popeye judges those itself.
    if !circe_rex_inclusive
        && let Err(e) = Position::new(position.setup().clone(), Validation::Strict)
    {
        return Some(format!("not a legal position ({e})"));
    }
    if let Err(e) = ReferenceEngine.status(position, rules) {
        return Some(format!("not a position of these rules ({e})"));
    }
    popeye_input::write(position, rules, "stipulation ~1")
        .err()
        .map(|e| e.to_string())
}

/// Runs a Popeye campaign with `runner` against each of `engines`.
pub fn run_popeye_campaign(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
) -> Result<PopeyeReport, Error> {
    let started = Instant::now();
    let version = runner.version()?;
    let generator = Generator::standard();
    let summaries: Vec<Mutex<PopeyeSummary>> = campaign
        .buckets
        .iter()
        .map(|b| {
            Mutex::new(PopeyeSummary {
                name: b.name.clone(),
                ..Default::default()
            })
        })
        .collect();
    let raw: Mutex<Vec<PopeyeDifference>> = Mutex::new(Vec::new());
    let refusals: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let batch = campaign.batch.max(1) as u64;
    // Each job is one batch of one family's cases of this shard.
    let shard = campaign.shard;
    let jobs: Vec<(usize, Vec<u64>)> = (0..campaign.buckets.len())
        .flat_map(|b| {
            let first = b as u64 * campaign.count;
            let taken: Vec<u64> = (0..campaign.count)
                .filter(|&i| shard.takes(first + i))
                .collect();
            taken
                .chunks(batch as usize)
                .map(|chunk| (b, chunk.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect();
    let total = campaign.count * campaign.buckets.len() as u64;
    let progress =
        crate::progress::Progress::new("popeye", "positions", shard.size(total), campaign.progress);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(campaign.jobs.max(1))
        .build()
        .map_err(|e| Error::System(format!("thread pool: {e}")))?;
    pool.install(|| {
        jobs.par_iter()
            .try_for_each(|(b, indices)| -> Result<(), Error> {
                let b = *b;
                let bucket = &campaign.buckets[b];
                let mut cases = Vec::new();
                let mut skipped: Vec<String> = Vec::new();
                let mut summary = PopeyeSummary::default();
                for &index in indices {
                    let case = make_popeye_case(&generator, bucket, b, campaign.seed, index)?;
                    summary.digest ^= super::shard::fingerprint(&format!(
                        "{} {index} {} {}",
                        bucket.name,
                        fen::write(case.position.setup()),
                        case.rules
                    ));
                    match not_for_popeye(&case.position, &case.rules) {
                        Some(why) => skipped.push(why),
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
                for (case, (question, reply)) in cases.iter().zip(questions.iter().zip(&replies)) {
                    match reply {
                        Reply::Refused(words) => {
                            summary.refused += 1;
                            let mut r = refusals.lock().expect("not poisoned");
                            if r.len() < 10 {
                                r.push(format!(
                                    "{} case {}: {} under {}: {words}",
                                    case.bucket,
                                    case.index,
                                    fen::write(case.position.setup()),
                                    case.rules
                                ));
                            }
                        }
                        Reply::Answered { moves, lines } => {
                            summary.compared += 1;
                            summary.lines += lines.as_ref().map_or(0, |l| l.total);
                            let mut differs = false;
                            for engine in engines {
                                if let Some(d) = differ(*engine, question, moves, lines.as_ref())? {
                                    differs = true;
                                    raw.lock().expect("not poisoned").push(PopeyeDifference {
                                        bucket: case.bucket.clone(),
                                        case: case.index,
                                        engine: engine.name().to_string(),
                                        ..d
                                    });
                                }
                            }
                            summary.differences += u64::from(differs);
                        }
                    }
                }
                {
                    let mut s = summaries[b].lock().expect("not poisoned");
                    s.compared += summary.compared;
                    s.lines += summary.lines;
                    s.refused += summary.refused;
                    s.differences += summary.differences;
                    s.digest ^= summary.digest;
                    for why in skipped {
                        match s.skipped.iter_mut().find(|(w, _)| *w == why) {
                            Some((_, n)) => *n += 1,
                            None => s.skipped.push((why, 1)),
                        }
                    }
                }
                for _ in indices {
                    progress.step();
                }
                Ok(())
            })
    })?;
    progress.finish();
    let mut raw = raw.into_inner().expect("not poisoned");
    raw.sort_by(|a, b| (&a.bucket, a.case, &a.engine).cmp(&(&b.bucket, b.case, &b.engine)));
    let mut report = PopeyeReport {
        version: version.clone(),
        buckets: summaries
            .into_iter()
            .map(|s| s.into_inner().expect("not poisoned"))
            .collect(),
        refusals: refusals.into_inner().expect("not poisoned"),
        ..Default::default()
    };
    for d in raw.into_iter().take(campaign.max_reports) {
        let engine = engines
            .iter()
            .find(|e| e.name() == d.engine)
            .expect("one of the engines");
        let d = follow_and_shrink(runner, *engine, d)?;
        let written = match &campaign.reproducers {
            Some(dir) => {
                let origin = format!(
                    "feerie popeye fuzz --seed {} (family {}, case {}), {version}",
                    campaign.seed, d.bucket, d.case
                );
                match write_new(
                    dir,
                    &popeye_stem(&d),
                    &popeye_reproducer(&d, &version, &origin),
                ) {
                    Ok(w) => Some(w),
                    Err(e) => {
                        report
                            .write_errors
                            .push(format!("reproducer under {}: {e}", dir.display()));
                        None
                    }
                }
            }
            None => None,
        };
        report.found.push((d, written));
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

fn depth_for(campaign: &PopeyeCampaign, position: &Position) -> u32 {
    if position.board().unit_count() <= SMALL_POSITION {
        campaign.small_depth.max(campaign.depth)
    } else {
        campaign.depth
    }
}

/// The engine's moves as Popeye lists them: text without mark, check (or mate) or not.
fn our_moves(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
) -> Result<Vec<ListedMove>, Error> {
    let mut moves: Vec<ListedMove> = engine
        .legal_moves(position, rules)?
        .iter()
        .map(|m| ListedMove {
            text: m.notation_without_check(),
            check: m.check != CheckMark::None,
        })
        .collect();
    moves.sort();
    Ok(moves)
}

fn listed(m: &ListedMove) -> String {
    if m.check {
        format!("{} +", m.text)
    } else {
        m.text.clone()
    }
}

/// Where `engine` answers `question` otherwise than Popeye did, at the root.
fn differ(
    engine: &dyn Engine,
    question: &Question,
    popeye: &[ListedMove],
    lines: Option<&crate::external::popeye_batch::LineCount>,
) -> Result<Option<PopeyeDifference>, Error> {
    let ours = our_moves(engine, &question.position, &question.rules)?;
    let theirs: BTreeSet<&ListedMove> = popeye.iter().collect();
    let mine: BTreeSet<&ListedMove> = ours.iter().collect();
    let only_popeye: Vec<String> = theirs.difference(&mine).map(|m| listed(m)).collect();
    let only_ours: Vec<String> = mine.difference(&theirs).map(|m| listed(m)).collect();
    let mut counts = None;
    if only_popeye.is_empty() && only_ours.is_empty() {
        let Some(lines) = lines else {
            return Ok(None);
        };
        let n = engine.perft(&question.position, &question.rules, lines.depth)?;
        if n == lines.total {
            return Ok(None);
        }
        counts = Some((lines.total, n));
    }
    Ok(Some(PopeyeDifference {
        bucket: String::new(),
        case: 0,
        engine: String::new(),
        rules: question.rules.clone(),
        root: question.position.clone(),
        path: Vec::new(),
        node: question.position.clone(),
        depth: if counts.is_some() { question.depth } else { 1 },
        only_popeye,
        only_ours,
        counts,
        popeye_moves: popeye.to_vec(),
    }))
}

/// Follows a count difference down to a node whose move lists differ (Popeye's count under each
/// first move against the engine's), then shrinks that node while Popeye still answers
/// otherwise.
fn follow_and_shrink(
    runner: &PopeyeRunner,
    engine: &dyn Engine,
    mut d: PopeyeDifference,
) -> Result<PopeyeDifference, Error> {
    let rules = d.rules.clone();
    while d.counts.is_some() && d.depth > 1 {
        let question = Question {
            position: d.node.clone(),
            rules: rules.clone(),
            depth: d.depth,
        };
        let Some(Reply::Answered {
            lines: Some(lines), ..
        }) = runner.ask(std::slice::from_ref(&question))?.pop()
        else {
            break;
        };
        let legal = engine.legal_moves(&d.node, &rules)?;
        let mut next: Option<(MoveRecord, Position)> = None;
        for record in &legal {
            let child = engine.play(&d.node, &rules, record)?;
            let ours = engine.perft(&child, &rules, d.depth - 1)?;
            let text = record.notation_without_check();
            let theirs = lines.by_first_move.get(&text).copied().unwrap_or(0);
            if ours != theirs {
                next = Some((record.clone(), child));
                break;
            }
        }
        let Some((record, child)) = next else {
            break;
        };
        if not_for_popeye(&child, &rules).is_some() {
            break;
        }
        let child_question = Question {
            position: child.clone(),
            rules: rules.clone(),
            depth: d.depth - 1,
        };
        let Some(Reply::Answered { moves, lines }) =
            runner.ask(std::slice::from_ref(&child_question))?.pop()
        else {
            break;
        };
        let Some(found) = differ(engine, &child_question, &moves, lines.as_ref())? else {
            break;
        };
        d.path.push(record.notation_without_check());
        d = d.moved_to(found);
    }
    shrink_node(runner, engine, d)
}

/// Takes units, rights, the en passant square and the reserve away from the node while Popeye
/// and the engine still differ there.
fn shrink_node(
    runner: &PopeyeRunner,
    engine: &dyn Engine,
    mut d: PopeyeDifference,
) -> Result<PopeyeDifference, Error> {
    let mut asked = 0;
    'outer: while asked < SHRINK_BUDGET {
        let candidates: Vec<Position> = super::shrink::smaller(d.node.setup())
            .into_iter()
            .filter_map(|s| Position::new(s, Validation::Strict).ok())
            .filter(|p| not_for_popeye(p, &d.rules).is_none())
            .collect();
        if candidates.is_empty() {
            break;
        }
        asked += candidates.len();
        let questions: Vec<Question> = candidates
            .iter()
            .map(|p| Question {
                position: p.clone(),
                rules: d.rules.clone(),
                depth: d.depth,
            })
            .collect();
        let replies = runner.ask(&questions)?;
        for (question, reply) in questions.iter().zip(&replies) {
            if let Reply::Answered { moves, lines } = reply
                && let Some(found) = differ(engine, question, moves, lines.as_ref())?
            {
                d = d.moved_to(found);
                continue 'outer;
            }
        }
        break;
    }
    Ok(d)
}

/// The report of one difference, for people.
pub fn render_popeye(d: &PopeyeDifference, version: &str) -> String {
    let mut out = format!(
        "DIFFERENCE ({version} vs {}) under {}, {} case {}\n  root:  {}\n",
        d.engine,
        d.rules,
        d.bucket,
        d.case,
        fen::write(d.root.setup())
    );
    if !d.path.is_empty() {
        out += &format!("  after: {}\n", d.path.join(" "));
    }
    out += &format!("  node:  {} (shrunk)\n", fen::write(d.node.setup()));
    for m in &d.only_popeye {
        out += &format!("    only Popeye: {m}\n");
    }
    for m in &d.only_ours {
        out += &format!("    only {}: {m}\n", d.engine);
    }
    if let Some((theirs, ours)) = d.counts {
        out += &format!(
            "    sequences of {} half-moves: Popeye {theirs}, {} {ours}\n",
            d.depth, d.engine
        );
    }
    out
}

/// The reproducer of a difference: a scenario whose expectations are Popeye's answer.
pub fn popeye_reproducer(d: &PopeyeDifference, version: &str, origin: &str) -> String {
    let mut y = format!(
        "name: {}\n",
        quote(&format!(
            "{version} and the {} engine differ under {}",
            d.engine, d.rules
        ))
    );
    y += &format!("source: {}\n", quote(origin));
    let all: Vec<String> = d.popeye_moves.iter().map(listed).collect();
    let mut note = format!(
        "Written by the live comparison with {version}; the expectations are its answer. Its moves here: {}.",
        all.join(", ")
    );
    if !d.path.is_empty() {
        note += &format!(
            " Found after {} from {}.",
            d.path.join(" "),
            fen::write(d.root.setup())
        );
    }
    y += &format!("note: {}\n", quote(&note));
    y += &rules_yaml(&d.rules);
    y += &format!(
        "position: {{ fen: {} }}\n",
        quote(&fen::write(d.node.setup()))
    );
    y += "expect:\n";
    let strip = |m: &String| m.trim_end_matches(" +").to_string();
    if !d.only_popeye.is_empty() {
        y += "  include:\n";
        for m in &d.only_popeye {
            y += &format!("    - {}\n", quote(&strip(m)));
        }
    }
    let excluded: Vec<&String> = d
        .only_ours
        .iter()
        .filter(|m| !d.only_popeye.iter().any(|p| strip(p) == strip(m)))
        .collect();
    if !excluded.is_empty() {
        y += "  exclude:\n";
        for m in excluded {
            y += &format!("    - {}\n", quote(&strip(m)));
        }
    }
    if let Some((theirs, _)) = d.counts {
        y += &format!("  perft: {{ {}: {theirs} }}\n", d.depth);
    }
    y
}

fn popeye_stem(d: &PopeyeDifference) -> String {
    stem(&d.rules, "popeye", &fen::write(d.node.setup()), d.depth)
}

/// Runs a campaign and prints its summary: one line per family, the refusals, each difference
/// in full, and a verdict line. The exit code: 0 when all agree, 1 on a difference or a refusal.
pub fn run_and_print(
    campaign: &PopeyeCampaign,
    runner: &PopeyeRunner,
    engines: &[&dyn Engine],
) -> Result<i32, Error> {
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    outln!(
        "popeye fuzz: seed {}, {} positions per family{}, depth {} ({} from {} units or fewer), engines {}",
        campaign.seed,
        campaign.count,
        if campaign.shard.is_whole() {
            String::new()
        } else {
            format!(" (shard {})", campaign.shard)
        },
        campaign.depth,
        campaign.small_depth.max(campaign.depth),
        SMALL_POSITION,
        names.join(" and ")
    );
    let report = run_popeye_campaign(campaign, runner, engines)?;
    outln!("compared with {}:", report.version);
    for b in &report.buckets {
        let skipped: u64 = b.skipped.iter().map(|(_, n)| n).sum();
        outln!(
            "  {:<34} {:>6} compared {:>10} lines {:>5} skipped {:>3} refused {:>3} differ",
            b.name,
            b.compared,
            b.lines,
            skipped,
            b.refused,
            b.differences
        );
        for (why, n) in &b.skipped {
            outln!("      skipped {n}: {why}");
        }
    }
    for r in &report.refusals {
        outln!("REFUSED {r}");
    }
    for (d, written) in &report.found {
        out!("{}", render_popeye(d, &report.version));
        match written {
            Some(Written::New(path)) => outln!("  reproducer: {}", path.display()),
            Some(Written::AlreadyThere(path)) => {
                outln!("  reproducer: {} (already there)", path.display())
            }
            None => {}
        }
    }
    for e in &report.write_errors {
        outln!("could not write a {e}");
    }
    let secs = report.elapsed.as_secs_f64().max(1e-3);
    let ok = report.differences() == 0 && report.refused() == 0;
    outln!(
        "popeye fuzz result: {}. {} positions compared, {} differ, {} refused ({:.0} positions per second, {:.1} s)",
        if ok { "ok" } else { "FAILED" },
        report.compared(),
        report.differences(),
        report.refused(),
        report.compared() as f64 / secs,
        secs
    );
    Ok(if ok { 0 } else { 1 })
}
