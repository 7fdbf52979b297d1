//! Rule-event coverage reaches the two castling events that fuzzing used to miss: a black king
//! reborn on its home square under Circe rex inclusive, which gives its castling right back, and
//! a rook reborn or mutated onto its corner next to a partial castling field. The seeded cases
//! of a small campaign do not reach them; the steered pass does, whatever the seed, and so does
//! the Popeye campaign at `ci/popeye.sh`'s default count and seed. The same pass reaches a mate
//! with a rebirth under Circe Clone from positions built around a mate.

mod common;

use feerie::bitboard::BitboardEngine;
use feerie::harness::events::{Column, Coverage};
use feerie::harness::{Bucket, Campaign, run_campaign};
use feerie::oracle::{Condition, ReferenceEngine};

const CIRCE: Column = Column::Condition(Condition::Circe);

fn circe_campaign(seed: u64, steer: bool) -> Coverage {
    campaign_of(&["circe", "frankfurt"], seed, steer)
}

/// The coverage of an engine campaign of 10 cases per family over the families `families`.
fn campaign_of(families: &[&str], seed: u64, steer: bool) -> Coverage {
    let families: Vec<String> = families.iter().map(|f| f.to_string()).collect();
    let campaign = Campaign {
        buckets: Bucket::matching(&families).unwrap(),
        count: 10,
        seed,
        depth: 1,
        jobs: 2,
        reproducers: None,
        max_reports: 0,
        progress: false,
        shard: feerie::shard::Shard::WHOLE,
        steer,
    };
    let report = run_campaign(&campaign, &ReferenceEngine, &BitboardEngine).unwrap();
    assert_eq!(report.divergences(), 0);
    report.coverage()
}

/// The counts of the two misses' events.
fn misses(c: &Coverage) -> [u64; 3] {
    [
        c.count("black-king-regains-castling", CIRCE),
        c.count("rook-appears-home-partial", CIRCE),
        c.count(
            "rook-appears-home-partial",
            Column::Condition(Condition::Frankfurt),
        ),
    ]
}

#[test]
fn the_steered_pass_reaches_the_castling_events_the_seeded_cases_miss() {
    for seed in [1, 20261123] {
        let plain = circe_campaign(seed, false);
        assert!(
            misses(&plain).contains(&0),
            "seed {seed}: {:?}",
            misses(&plain)
        );
        let steered = circe_campaign(seed, true);
        let counts = misses(&steered);
        assert!(counts.iter().all(|n| *n > 0), "seed {seed}: {counts:?}");
        assert_eq!(
            steered,
            circe_campaign(seed, true),
            "a run is repeated by its seed"
        );
    }
}

/// A mating capture whose captured unit is reborn is rare under Circe Clone (the reborn unit,
/// with the capturer's walk, often takes the checker or blocks): the positions built around
/// castling do not show one, those built around a mate do, whatever the seed.
#[test]
fn the_steered_pass_reaches_a_mate_with_rebirth_under_circe_clone() {
    let clone = Column::Condition(Condition::CirceClone);
    for seed in [1, 20261123] {
        let steered = campaign_of(&["circe-clone"], seed, true);
        let mates = steered.count("mate-with-rebirth", clone);
        assert!(mates > 0, "seed {seed}: {steered:?}");
    }
}

#[test]
fn the_popeye_campaign_at_the_ci_defaults_reaches_them_too() {
    use feerie::external::popeye_batch::PopeyeRunner;
    use feerie::harness::popeye_campaign::{PopeyeCampaign, popeye_buckets, run_popeye_campaign};
    use feerie::oracle::Engine;
    let Some(binary) = common::shared_popeye() else {
        return;
    };
    let runner = PopeyeRunner {
        binary: &binary,
        timeout: std::time::Duration::from_secs(60),
    };
    // 40 positions per family, the campaign's default seed 20261123.
    let campaign = PopeyeCampaign {
        buckets: popeye_buckets(Bucket::matching(&["circe/popeye".into()]).unwrap()),
        count: 40,
        first: 0,
        seed: 20261123,
        depth: 1,
        small_depth: 1,
        batch: 25,
        jobs: 2,
        reproducers: None,
        max_reports: 0,
        golden: None,
        progress: false,
        shard: feerie::shard::Shard::WHOLE,
        steer: true,
        stop_at_finding: false,
        deadline: None,
        steer_until: None,
    };
    let engines: [&dyn Engine; 1] = [&ReferenceEngine];
    let report = run_popeye_campaign(&campaign, &runner, &engines).unwrap();
    assert_eq!(report.differences(), 0);
    let c = report.coverage();
    assert!(c.count("black-king-regains-castling", CIRCE) > 0);
    assert!(c.count("rook-appears-home-partial", CIRCE) > 0);
}
