//! The solving campaign of `feerie check`: the two engines agree on problem-like positions of
//! every family; an engine with a planted bug (it never mates with a rook) is caught, the
//! difference shrunk to a position where the bug still shows, and written as a scenario that
//! fails with the planted engine and passes with the real one; shards make up the whole run.

use feerie::bitboard::BitboardEngine;
use feerie::engines::{SearchEngine, SearchSpace};
use feerie::harness::Bucket;
use feerie::harness::solving_campaign::{
    MAX_UNITS, SolvingCampaign, SolvingReport, make_problem, run_solving_campaign,
};
use feerie::oracle::{
    CheckMark, Engine, EngineError, MoveRecord, Position, ReferenceEngine, Rules, Setup, Status,
    Walk,
};
use feerie::shard::Shard;
use feerie::space::EngineSpace;

/// The bitboard engine with a planted bug: a rook's mating move is not generated.
struct BlindRooks;

fn seen(mv: &MoveRecord) -> bool {
    !(mv.mover.walk == Walk::Rook && mv.check == CheckMark::Mate)
}

impl Engine for BlindRooks {
    fn name(&self) -> &'static str {
        "blind-rooks"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        Ok(BitboardEngine
            .legal_moves(p, r)?
            .into_iter()
            .filter(seen)
            .collect())
    }
    fn successor_setups(
        &self,
        p: &Position,
        r: &Rules,
    ) -> Result<Vec<(MoveRecord, Setup)>, EngineError> {
        Ok(BitboardEngine
            .successor_setups(p, r)?
            .into_iter()
            .filter(|(mv, _)| seen(mv))
            .collect())
    }
    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        BitboardEngine.play_setup(p, r, mv)
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        BitboardEngine.perft(p, r, depth)
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<Status, EngineError> {
        BitboardEngine.status(p, r)
    }
}

/// The planted engine is walked through its moves, so that the search meets the bug.
impl SearchEngine for BlindRooks {
    fn space<'r>(&'r self, rules: &'r Rules) -> SearchSpace<'r> {
        SearchSpace::Records(EngineSpace::new(self, rules))
    }
}

fn campaign(buckets: Vec<Bucket>, count: u64, shard: Shard) -> SolvingCampaign {
    SolvingCampaign {
        buckets,
        count,
        seed: 11,
        jobs: 2,
        reproducers: None,
        max_reports: 2,
        progress: false,
        shard,
    }
}

/// Solves `count` fuzzed problems of every family through both engines and asserts that
/// they agree and that some solves find solutions.
fn engines_solve_alike_in_every_family(count: u64) {
    let report = run_solving_campaign(
        &campaign(Bucket::all(), count, Shard::WHOLE),
        &ReferenceEngine,
        &BitboardEngine,
    )
    .unwrap();
    assert_eq!(report.positions(), count * Bucket::all().len() as u64);
    assert_eq!(
        report.differences(),
        0,
        "{}",
        report.found.iter().map(|f| f.render()).collect::<String>()
    );
    // The comparison means something only if some solves find solutions.
    let with_solutions: u64 = report.buckets.iter().map(|b| b.with_solutions).sum();
    assert!(with_solutions > 0, "no solve found a solution");
}

#[test]
fn the_engines_solve_alike_in_every_family() {
    engines_solve_alike_in_every_family(1);
}

/// Four problems per family: the whole campaign the test above samples.
#[test]
#[ignore = "a minute or more: four fuzzed problems per family; ci/test.sh runs it"]
fn the_engines_solve_alike_on_more_problems_of_every_family() {
    engines_solve_alike_in_every_family(4);
}

#[test]
fn a_planted_bug_is_found_shrunk_and_written_as_a_failing_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let orthodox = Bucket::matching(&["orthodox".to_string()]).unwrap();
    let mut c = campaign(orthodox, 20, Shard::WHOLE);
    c.reproducers = Some(dir.path().to_path_buf());
    let report = run_solving_campaign(&c, &ReferenceEngine, &BlindRooks).unwrap();
    assert!(report.differences() > 0, "the blind rooks were not noticed");
    assert!(report.write_errors.is_empty(), "{:?}", report.write_errors);
    let found = &report.found[0];
    // Shrinking keeps the bug visible: a rook of the side that mates is still there.
    assert!(
        found
            .position
            .board()
            .pieces()
            .any(|(_, p)| p.walk == Walk::Rook)
    );
    assert!(found.position.board().unit_count() <= 2 + MAX_UNITS);
    assert!(found.render().contains("only reference"));
    let written = found.reproducer.as_ref().expect("a reproducer").path();
    let scenarios = feerie::scenario::load_dir(dir.path()).unwrap();
    assert_eq!(scenarios.len(), report.found.len());
    let scenario = scenarios
        .into_iter()
        .flatten()
        .find(|s| written.ends_with(&s.file) || s.file.ends_with(&*written.to_string_lossy()))
        .expect("the reproducer loads as a scenario");
    let planted: [&dyn SearchEngine; 2] = [&ReferenceEngine, &BlindRooks];
    let real: [&dyn SearchEngine; 2] = [&ReferenceEngine, &BitboardEngine];
    let with_bug = feerie::scenario::solutions::check(&scenario, &planted).unwrap();
    assert!(
        !with_bug.failures.is_empty(),
        "the reproducer passes with the bug"
    );
    let without = feerie::scenario::solutions::check(&scenario, &real).unwrap();
    assert!(
        without.failures.is_empty(),
        "the reproducer fails without the bug"
    );
}

#[test]
fn three_shards_make_up_the_whole_run() {
    let buckets = Bucket::matching(&["circe".to_string(), "magic".to_string()]).unwrap();
    let whole = run_solving_campaign(
        &campaign(buckets.clone(), 4, Shard::WHOLE),
        &ReferenceEngine,
        &BitboardEngine,
    )
    .unwrap();
    let shards: Vec<SolvingReport> = (1..=3)
        .map(|k| {
            run_solving_campaign(
                &campaign(buckets.clone(), 4, Shard::new(k, 3).unwrap()),
                &ReferenceEngine,
                &BitboardEngine,
            )
            .unwrap()
        })
        .collect();
    for (i, bucket) in whole.buckets.iter().enumerate() {
        let positions: u64 = shards.iter().map(|s| s.buckets[i].positions).sum();
        let digest = shards.iter().fold(0, |d, s| d ^ s.buckets[i].digest);
        assert_eq!(positions, bucket.positions, "{}", bucket.name);
        assert_eq!(digest, bucket.digest, "{}", bucket.name);
    }
}

#[test]
fn a_case_is_made_again_alone() {
    let buckets = Bucket::all();
    for bucket in 0..buckets.len() {
        let a = make_problem(&buckets, bucket, 5, 3);
        assert_eq!(a, make_problem(&buckets, bucket, 5, 3));
        assert!(a.position.board().unit_count() >= 2);
    }
}
