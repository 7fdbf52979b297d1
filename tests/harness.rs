//! The differential harness catches what it is for: an engine bug planted in a test build is
//! found by a fuzz campaign, shrunk to a small position and written as a reproducer that the
//! specification passes and the buggy engine fails; a wrong expectation fails `feerie check`;
//! `feerie dispute` shows the moves that differ between two readings of the rules.

mod common;

use common::planted::LostKnights;
use feerie::bitboard::BitboardEngine;
use feerie::harness::{Bucket, Campaign, Difference, Written, run_campaign};
use feerie::oracle::{
    Engine, EngineError, MoveRecord, Position, ReferenceEngine, Rules, Setup, Status,
};

/// The bitboard engine whose perft miscounts by one whenever a Parrain reserve is waiting.
struct ReserveMiscount;

impl Engine for ReserveMiscount {
    fn name(&self) -> &'static str {
        "reserve-miscount"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        BitboardEngine.legal_moves(p, r)
    }
    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        BitboardEngine.play_setup(p, r, mv)
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        let n = BitboardEngine.perft(p, r, depth)?;
        Ok(if p.reserve().is_some() && depth == 1 {
            n + 1
        } else {
            n
        })
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<Status, EngineError> {
        BitboardEngine.status(p, r)
    }
}

fn campaign(family: &str, dir: &std::path::Path) -> Campaign {
    Campaign {
        buckets: Bucket::matching(&[family.to_string()]).unwrap(),
        count: 60,
        seed: 3,
        depth: 2,
        jobs: 2,
        reproducers: Some(dir.to_path_buf()),
        max_reports: 2,
        progress: false,
        shard: feerie::shard::Shard::WHOLE,
        steer: false,
    }
}

#[test]
fn a_planted_position_bug_is_caught_shrunk_and_written_as_a_reproducer() {
    let dir = tempfile::tempdir().unwrap();
    let report = run_campaign(
        &campaign("circe", dir.path()),
        &ReferenceEngine,
        &LostKnights,
    )
    .unwrap();
    assert!(report.divergences() > 0, "the planted bug went unseen");
    let found = &report.found[0];
    let d = &found.divergence;
    assert!(
        matches!(d.difference, Difference::After { .. }),
        "{}",
        found.report
    );
    assert!(
        d.path.is_empty(),
        "shrinking starts from the node: {}",
        found.report
    );
    // The shrunk position keeps the kings, the capturer and its victim, and little else.
    assert!(d.node.board().unit_count() <= 5, "{}", found.report);
    assert!(
        found
            .report
            .contains("DIVERGENCE (after: reference vs lost-knights)")
    );
    assert!(
        found.report.contains("@@"),
        "a unified diff: {}",
        found.report
    );

    let Some(Written::New(path)) = &found.reproducer else {
        panic!("no reproducer written");
    };
    assert!(path.starts_with(dir.path()));
    let scenario = feerie::scenario::load_file(path).unwrap();
    let ok = feerie::scenario::run(&scenario, &ReferenceEngine).unwrap();
    assert!(ok.failures.is_empty(), "{:?}", ok.failures);
    assert!(ok.checked >= 2);
    let bad = feerie::scenario::run(&scenario, &LostKnights).unwrap();
    assert!(
        !bad.failures.is_empty(),
        "the reproducer must fail on the buggy engine"
    );

    // The same divergence found again is not written twice, and nothing is overwritten.
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    let again = run_campaign(
        &campaign("circe", dir.path()),
        &ReferenceEngine,
        &LostKnights,
    )
    .unwrap();
    assert!(matches!(
        again.found[0].reproducer,
        Some(Written::AlreadyThere(_))
    ));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), files);
}

#[test]
fn a_planted_perft_bug_is_caught_where_the_count_goes_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let report = run_campaign(
        &campaign("circe-parrain", dir.path()),
        &ReferenceEngine,
        &ReserveMiscount,
    )
    .unwrap();
    assert!(report.divergences() > 0);
    let d = &report.found[0].divergence;
    let Difference::Perft {
        depth,
        walked,
        counted,
        ..
    } = d.difference
    else {
        panic!("{}", report.found[0].report);
    };
    assert_eq!((depth, counted), (1, walked + 1));
    assert!(d.node.reserve().is_some());
}

#[test]
fn the_engines_agree_on_a_campaign_of_every_family() {
    let report = run_campaign(
        &Campaign {
            buckets: Bucket::all(),
            count: 25,
            seed: 17,
            depth: 2,
            jobs: 2,
            reproducers: None,
            max_reports: 3,
            progress: false,
            shard: feerie::shard::Shard::WHOLE,
            steer: false,
        },
        &ReferenceEngine,
        &BitboardEngine,
    )
    .unwrap();
    let reports: Vec<&str> = report.found.iter().map(|f| f.report.as_str()).collect();
    assert_eq!(report.divergences(), 0, "{}", reports.join("\n"));
    assert_eq!(report.positions(), 25 * Bucket::all().len() as u64);
    // Every family is compared below its root but those compared at the root only (Super
    // Circe: `comparable_depth`).
    let root_only: Vec<String> = (Bucket::all().into_iter())
        .filter(|b| feerie::harness::compare::comparable_depth(&b.rules, 2) < 2)
        .map(|b| b.name)
        .collect();
    assert!(!root_only.is_empty());
    for b in &report.buckets {
        match root_only.contains(&b.name) {
            true => assert_eq!(b.nodes, b.positions, "{}", b.name),
            false => assert!(b.nodes > b.positions, "{}", b.name),
        }
    }
}

fn feerie(args: &[&str], dir: &std::path::Path) -> (i32, String, String) {
    common::feerie_in(dir, args)
}

#[test]
fn check_runs_both_engines_fuzzes_and_writes_junit() {
    let tmp = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let scenarios = format!("{root}/scenarios");
    let junit = tmp.path().join("check.xml");
    let (code, out, err) = feerie(
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--scenarios",
            &scenarios,
            "--perft",
            &format!("{root}/corpus/perft"),
            "--max-depth",
            "2",
            "--fuzz",
            "10",
            "--seed",
            "4",
            "--only",
            "circe-parrain",
            "--only",
            "magic/popeye",
            "--junit",
            junit.to_str().unwrap(),
        ],
        tmp.path(),
    );
    assert_eq!(code, 0, "{out}\n{err}");
    let loaded = feerie::scenario::load_dir(std::path::Path::new(&scenarios)).unwrap();
    assert!(loaded.len() >= 60, "{} scenarios", loaded.len());
    // Every scenario also runs in its mirrors.
    let shipped = feerie::scenario::mirror::with_mirrors(loaded).0.len();
    assert!(
        out.contains(&format!(
            "scenarios (reference): {shipped} passed, 0 failed"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("scenarios (bitboard): {shipped} passed, 0 failed")),
        "{out}"
    );
    assert!(out.contains("0 divergence(s)"), "{out}");
    assert!(out.contains("circe-parrain/documented"), "{out}");
    assert!(out.contains("magic/popeye"), "{out}");
    assert!(!out.contains("magic/documented"), "{out}");
    assert!(out.contains("30 positions"), "{out}");
    let verdict = out.lines().last().unwrap();
    let perft_positions =
        feerie::corpus::load_perft_dir(std::path::Path::new(&format!("{root}/corpus/perft")))
            .unwrap()
            .len();
    assert!(
        verdict.starts_with(&format!(
            "check result: ok. {perft_positions} perft positions, {shipped} scenarios,"
        )),
        "{verdict}"
    );
    assert!(!out.contains("failures:"), "{out}");
    assert!(out.contains("positions/s"), "{out}");
    assert!(
        err.contains("fuzz: 30/30 positions"),
        "plain progress lines: {err}"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.starts_with("<?xml"));
    assert!(
        xml.contains(r#"<testsuite name="fuzz" tests="3" failures="0""#),
        "{xml}"
    );
    assert!(xml.contains("scenarios (bitboard)"), "{xml}");
}

/// Failures in full and listed above the verdict; passes only counted.
#[test]
fn check_report_lists_failures_above_a_failed_verdict() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s");
    std::fs::create_dir(&dir).unwrap();
    let kings = "position: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nsource: test\n";
    std::fs::write(
        dir.join("good.yaml"),
        format!("name: five moves\n{kings}expect: {{ perft: {{ 1: 5 }} }}\n"),
    )
    .unwrap();
    std::fs::write(
        dir.join("wrong.yaml"),
        format!("name: six moves\n{kings}expect: {{ perft: {{ 1: 6 }} }}\n"),
    )
    .unwrap();
    let (code, out, err) = feerie(
        &[
            "check",
            "--fuzz-solve",
            "0",
            "--scenarios",
            "s",
            "--fuzz",
            "0",
            "--quiet",
        ],
        tmp.path(),
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(err.is_empty(), "--quiet: {err}");
    assert!(!out.lines().any(|l| l.starts_with("ok ")), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    // Each scenario also runs colour- and file-mirrored: six in all.
    assert!(
        lines[n - 1].starts_with("check result: FAILED. 6 scenarios,"),
        "{out}"
    );
    // Both engines fail it and its two mirrors: six failures, listed just above the verdict,
    // each naming the scenario and the mirror.
    assert_eq!(lines[n - 8], "failures:", "{out}");
    for line in &lines[n - 7..n - 1] {
        assert!(line.contains("s/wrong.yaml: six moves"), "{line}");
    }
    for mirror in ["[colour-mirrored]", "[file-mirrored]"] {
        let named = lines[n - 7..n - 1].iter().filter(|l| l.contains(mirror));
        assert_eq!(named.count(), 2, "{mirror}: {out}");
    }
    assert!(
        out.contains("perft suites: skipped (corpus/perft is not here"),
        "{out}"
    );
}

#[test]
fn check_flags_are_validated() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            vec!["check", "--fuzz-solve", "0", "--depth", "0"],
            "--depth",
        ),
        (vec!["check", "--fuzz-solve", "0", "--jobs", "0"], "--jobs"),
        (
            vec!["check", "--fuzz-solve", "0", "--only", "chess960"],
            "no fuzz family",
        ),
        (
            vec!["check", "--fuzz-solve", "0", "--fuzz", "many"],
            "invalid value",
        ),
    ] {
        let scenarios = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
        let mut all = args.clone();
        all.extend(["--scenarios", &scenarios, "--max-depth", "0"]);
        let (code, _, err) = feerie(&all, tmp.path());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn dispute_shows_the_moves_each_reading_has() {
    let tmp = tempfile::tempdir().unwrap();
    // Protean chess: the bishop that takes the pawn becomes a pawn of its own direction
    // (WinChloe) or of the opposing one (Popeye).
    let (code, out, err) = feerie(
        &[
            "dispute",
            "--fen",
            "4k3/8/8/3p4/4B3/8/8/4K3 w - - 0 1",
            "--rules",
            "protean",
            "--switch",
            "pawn_direction",
            "--depth",
            "3",
        ],
        tmp.path(),
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(
        out.contains("only under pawn_direction=own: Be4*d5=P\n"),
        "{out}"
    );
    assert!(
        out.contains("only under pawn_direction=opposing: Be4*d5=PP\n"),
        "{out}"
    );
    assert!(out.contains("after Be4*d5=P | Be4*d5=PP  Ke8-d7"), "{out}");
    assert!(
        out.contains("only under pawn_direction=opposing: PPd5-d4"),
        "{out}"
    );

    // Parrain: the long castling right after a capture, under each profile.
    let (code, out, err) = feerie(
        &[
            "dispute",
            "--fen",
            "7k/8/8/5n2/3P4/8/8/R3K3 b Q - 0 1",
            "--rules",
            "circe-parrain",
            "--profiles",
            "documented,popeye",
        ],
        tmp.path(),
    );
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("after Sf5*d4\n"), "{out}");
    // Each reading has its own profile: the header names none.
    let header = out.lines().next().unwrap();
    assert!(
        header.contains("circe-parrain") && !header.contains("profile="),
        "{header}"
    );
    assert!(out.contains("only under documented: 0-0-0[+wPc4]"), "{out}");
    assert!(out.contains("only under popeye: 0-0-0[+wPe4]"), "{out}");

    // A switch that changes nothing here.
    let (code, out, _) = feerie(
        &[
            "dispute",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "--switch",
            "rex",
        ],
        tmp.path(),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the same moves at every node"), "{out}");

    let (code, _, err) = feerie(
        &[
            "dispute",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--switch",
            "colour",
        ],
        tmp.path(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("unknown switch"), "{err}");
}

/// Every reproducer committed under corpus/divergences (divergences found and fixed) passes with
/// both engines.
#[test]
fn committed_reproducers_pass_with_both_engines() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/divergences");
    let loaded = feerie::scenario::load_dir(&dir).unwrap();
    assert!(!loaded.is_empty());
    for item in loaded {
        let s = item.unwrap();
        for engine in [&ReferenceEngine as &dyn Engine, &BitboardEngine] {
            let outcome = feerie::scenario::run(&s, engine).unwrap();
            assert!(outcome.checked > 0, "{}", s.file);
            assert!(
                outcome.failures.is_empty(),
                "{} ({}): {:?}",
                s.file,
                engine.name(),
                outcome.failures
            );
        }
    }
}
