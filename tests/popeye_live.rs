//! Popeye as a live third opinion, against the shared Popeye binary
//! (`../shared/tools/popeye/py`): fuzzed positions of every family Popeye can express agree with
//! both engines, and a planted engine bug (reverse pawns never take en passant) is found,
//! followed to its node, shrunk and written as a reproducer that the reference engine passes and
//! the buggy engine fails. New problems of every family have Popeye's solutions, and an engine
//! that never mates with a rook is caught by the solving comparison. Without the binary the tests say they skipped; under CI
//! (`FEERIE_REQUIRE_POPEYE` or `CI` set) they fail instead. The two that take minutes (every
//! family's positions, every family's problems) are `--ignored`: `ci/popeye.sh` runs them.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use feerie::bitboard::BitboardEngine;
use feerie::engines::{SearchEngine, SearchSpace};
use feerie::external::popeye_batch::PopeyeRunner;
use feerie::harness::Bucket;
use feerie::harness::popeye_campaign::{
    PopeyeCampaign, PopeyeSolving, popeye_buckets, run_popeye_campaign, run_popeye_solving,
};
use feerie::oracle::{
    CheckMark, Engine, EngineError, MoveRecord, Position, ReferenceEngine, Rules, Setup, Walk,
};
use feerie::space::EngineSpace;

/// The shared Popeye binary, or `None` with a `skipped` line (a failure under CI).
fn popeye() -> Option<PathBuf> {
    common::shared_popeye()
}

fn campaign(
    buckets: Vec<Bucket>,
    count: u64,
    seed: u64,
    reproducers: Option<PathBuf>,
) -> PopeyeCampaign {
    PopeyeCampaign {
        buckets,
        count,
        first: 0,
        seed,
        depth: 2,
        small_depth: 3,
        batch: 20,
        jobs: 2,
        reproducers,
        max_reports: 1,
        golden: None,
        progress: false,
        shard: feerie::shard::Shard::WHOLE,
        steer: true,
        stop_at_finding: false,
        deadline: None,
        steer_until: None,
    }
}

/// Past its deadline a campaign starts no batch and no steered pass: every case is counted as
/// skipped because the time ran out, none as compared.
#[test]
fn no_batch_is_started_past_the_deadline() {
    let Some(binary) = popeye() else { return };
    let runner = PopeyeRunner {
        binary: &binary,
        timeout: Duration::from_secs(60),
    };
    let buckets = popeye_buckets(Bucket::matching(&["circe/popeye".into()]).unwrap());
    let mut late = campaign(buckets, 6, 5, None);
    late.deadline = Some(std::time::Instant::now());
    let engines: [&dyn Engine; 1] = [&ReferenceEngine];
    let report = run_popeye_campaign(&late, &runner, &engines).unwrap();
    let b = &report.buckets[0];
    assert_eq!(b.compared, 0);
    let time_ran_out = feerie::harness::popeye_campaign::TIME_RAN_OUT;
    assert_eq!(b.skipped, [(time_ran_out.to_string(), 6)]);
    assert!(report.steered.is_none());
}

#[test]
#[ignore = "minutes: every family against Popeye; ci/popeye.sh runs it"]
fn every_family_agrees_with_popeye() {
    let Some(binary) = popeye() else { return };
    let runner = PopeyeRunner {
        binary: &binary,
        timeout: Duration::from_secs(120),
    };
    let buckets = popeye_buckets(Bucket::all());
    let families = buckets.len();
    assert!(families >= 8, "{families} families Popeye can express");
    let engines: [&dyn Engine; 2] = [&ReferenceEngine, &BitboardEngine];
    let report =
        run_popeye_campaign(&campaign(buckets, 15, 20261123, None), &runner, &engines).unwrap();
    assert!(
        report.version.starts_with("Popeye 4."),
        "{}",
        report.version
    );
    let mut problems = Vec::new();
    for b in &report.buckets {
        if b.compared < 8 {
            problems.push(format!(
                "{}: only {} compared, {:?}",
                b.name, b.compared, b.skipped
            ));
        }
    }
    problems.extend(report.refusals.iter().cloned());
    for (d, _) in &report.found {
        problems.push(feerie::harness::popeye_campaign::render_popeye(
            d,
            &report.version,
        ));
    }
    assert!(
        problems.is_empty() && report.differences() == 0 && report.refused() == 0,
        "{}",
        problems.join("\n")
    );
}

/// The reference engine with a planted bug: reverse pawns never take en passant.
struct NoReverseEnPassant;

impl NoReverseEnPassant {
    fn spoiled(m: &MoveRecord) -> bool {
        m.en_passant && m.mover.walk == Walk::ReversePawn
    }
}

impl Engine for NoReverseEnPassant {
    fn name(&self) -> &'static str {
        "no-reverse-en-passant"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        let mut moves = ReferenceEngine.legal_moves(p, r)?;
        moves.retain(|m| !Self::spoiled(m));
        Ok(moves)
    }
    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        ReferenceEngine.play_setup(p, r, mv)
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut total = 0;
        for m in self.legal_moves(p, r)? {
            total += self.perft(&self.play(p, r, &m)?, r, depth - 1)?;
        }
        Ok(total)
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<feerie::oracle::Status, EngineError> {
        ReferenceEngine.status(p, r)
    }
}

#[test]
fn a_planted_bug_is_found_shrunk_and_reproduced() {
    let Some(binary) = popeye() else { return };
    let runner = PopeyeRunner {
        binary: &binary,
        timeout: Duration::from_secs(120),
    };
    let buckets = Bucket::matching(&["protean/popeye".to_string()]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let engines: [&dyn Engine; 1] = [&NoReverseEnPassant];
    let report = run_popeye_campaign(
        &campaign(buckets, 120, 7, Some(dir.path().to_path_buf())),
        &runner,
        &engines,
    )
    .unwrap();
    assert!(report.differences() > 0, "the planted bug was not found");
    let (d, written) = &report.found[0];
    assert!(
        d.only_popeye.iter().any(|m| m.contains(" ep.")),
        "{}",
        feerie::harness::popeye_campaign::render_popeye(d, &report.version)
    );
    assert!(d.node.board().unit_count() <= 5, "not shrunk: {:?}", d.node);
    let path = written.as_ref().expect("a reproducer").path().to_path_buf();
    let scenario = feerie::scenario::load_file(&path).unwrap();
    let good = feerie::scenario::run(&scenario, &ReferenceEngine).unwrap();
    assert!(
        good.failures.is_empty(),
        "the reference engine fails {}",
        path.display()
    );
    let bad = feerie::scenario::run(&scenario, &NoReverseEnPassant).unwrap();
    assert!(
        !bad.failures.is_empty(),
        "the buggy engine passes {}",
        path.display()
    );
}

/// The reference engine with a planted bug: a rook never gives mate.
struct NoRookMates;

impl Engine for NoRookMates {
    fn name(&self) -> &'static str {
        "no-rook-mates"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        let mut moves = ReferenceEngine.legal_moves(p, r)?;
        moves.retain(|m| !(m.mover.walk == Walk::Rook && m.check == CheckMark::Mate));
        Ok(moves)
    }
    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        ReferenceEngine.play_setup(p, r, mv)
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        ReferenceEngine.perft(p, r, depth)
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<feerie::oracle::Status, EngineError> {
        ReferenceEngine.status(p, r)
    }
}

impl SearchEngine for NoRookMates {
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r> {
        SearchSpace::Records(EngineSpace::new(self, rules))
    }
}

fn solving(buckets: Vec<Bucket>, count: u64, seed: u64) -> PopeyeSolving {
    PopeyeSolving {
        buckets,
        count,
        first: 0,
        seed,
        batch: 20,
        jobs: 2,
        timeout: Duration::from_secs(120),
        progress: false,
        shard: feerie::shard::Shard::WHOLE,
        stipulations: Vec::new(),
        deadline: None,
    }
}

#[test]
#[ignore = "minutes: new problems of every family solved by Popeye; ci/popeye.sh runs it"]
fn solutions_of_new_problems_agree_with_popeye_and_a_planted_bug_is_caught() {
    let Some(binary) = popeye() else { return };
    let every = solving(popeye_buckets(Bucket::all()), 6, 20261124);
    let report = run_popeye_solving(&every, &binary, &BitboardEngine).unwrap();
    assert!(
        report.differ.is_empty() && report.failed.is_empty(),
        "{}",
        report.render()
    );
    assert!(
        report.agree.0 >= 100 && report.agree.1 > 0,
        "{}",
        report.render()
    );

    let orthodox = solving(
        Bucket::matching(&["orthodox/popeye".to_string()]).unwrap(),
        30,
        3,
    );
    let report = run_popeye_solving(&orthodox, &binary, &NoRookMates).unwrap();
    assert_eq!(report.exit_code(), 1, "{}", report.render());
    let text = report.render();
    assert!(
        text.contains("only Popeye: ") && text.contains("R"),
        "{text}"
    );
    assert!(text.contains("beginproblem"), "{text}");
}
