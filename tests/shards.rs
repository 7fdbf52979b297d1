//! `--shard K/N` splits a campaign so that N runs with the same seed check together exactly the
//! cases of the unsharded run, on `check`'s fuzz campaign, `popeye fuzz`, `popeye compare
//! --scenarios` and `popeye verify` (the problems and twins of a file); `feerie merge` joins the
//! shards' documents into the whole run's and refuses documents of other runs or commands; bad
//! shards are refused in one line.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::feerie_in;
use feerie::harness::{Bucket, Campaign};
use feerie::shard::Shard;
use serde_json::Value;

fn shard(k: u64, n: u64) -> Shard {
    Shard::new(k, n).unwrap()
}

/// The shared Popeye binary, or `None` with a `skipped` line (a failure under CI).
fn popeye() -> Option<PathBuf> {
    common::shared_popeye()
}

#[test]
fn the_cases_of_the_shards_partition_the_campaign() {
    let campaign = |s: Shard| Campaign {
        buckets: Bucket::matching(&["circe".into(), "magic/popeye".into()]).unwrap(),
        count: 10,
        seed: 4,
        depth: 1,
        jobs: 1,
        reproducers: None,
        max_reports: 1,
        progress: false,
        shard: s,
        steer: false,
    };
    let whole: Vec<(usize, u64)> = campaign(Shard::WHOLE).cases().collect();
    assert_eq!(whole.len(), 30);
    let mut union = BTreeSet::new();
    for k in 1..=3 {
        let part: Vec<(usize, u64)> = campaign(shard(k, 3)).cases().collect();
        assert_eq!(part.len(), 10, "shard {k}/3");
        for case in part {
            assert!(union.insert(case), "{case:?} in two shards");
        }
    }
    assert_eq!(union, whole.into_iter().collect::<BTreeSet<_>>());
}

/// Runs `feerie check` in an empty folder (no perft suites, no scenarios: the fuzz and solving
/// campaigns alone) and returns its JSON document.
fn check_document(dir: &Path, shard: &str) -> Value {
    let (code, out, err) = feerie_in(
        dir,
        &[
            "check",
            "--fuzz-solve",
            "2",
            "--fuzz",
            "9",
            "--seed",
            "31",
            "--only",
            "circe-clone",
            "--only",
            "frankfurt/popeye",
            "--jobs",
            "1",
            "--quiet",
            "--format",
            "json",
            "--shard",
            shard,
        ],
    );
    assert_eq!(code, 0, "{err}");
    // Standard output is the document alone; the text went to stderr.
    assert!(err.contains("check result: ok."), "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// Family name → (positions, digest) of a check document's fuzz campaign.
fn families(doc: &Value) -> Vec<(String, u64, u64)> {
    families_of(doc, "fuzz_families")
}

/// Family name → (positions, digest) of one campaign (`fuzz_families`, `solving_families`).
fn families_of(doc: &Value, key: &str) -> Vec<(String, u64, u64)> {
    doc[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["positions"].as_u64().unwrap(),
                u64::from_str_radix(f["digest"].as_str().unwrap(), 16).unwrap(),
            )
        })
        .collect()
}

#[test]
fn check_shards_together_compare_exactly_the_unsharded_positions_and_merge_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let whole = check_document(dir.path(), "1/1");
    let whole_families = families(&whole);
    assert_eq!(whole_families.len(), 3);
    let mut combined: Vec<(String, u64, u64)> = whole_families
        .iter()
        .map(|(name, _, _)| (name.clone(), 0, 0))
        .collect();
    let mut files = Vec::new();
    for k in 1..=3 {
        let doc = check_document(dir.path(), &format!("{k}/3"));
        assert_eq!(doc["shard"], format!("{k}/3"));
        let parts = families(&doc);
        assert!(
            parts.iter().map(|p| p.1).sum::<u64>() > 0,
            "shard {k}/3 is empty"
        );
        for (total, part) in combined.iter_mut().zip(parts) {
            assert_eq!(total.0, part.0);
            total.1 += part.1;
            total.2 ^= part.2;
        }
        let file = dir.path().join(format!("shard-{k}.json"));
        std::fs::write(&file, doc.to_string()).unwrap();
        files.push(file);
    }
    assert_eq!(combined, whole_families);

    let name = |k: usize| files[k].file_name().unwrap().to_str().unwrap().to_string();
    let (code, out, err) = feerie_in(
        dir.path(),
        &[
            "merge",
            &name(2),
            &name(0),
            &name(1),
            "--junit",
            "merged.xml",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(families(&merged), whole_families);
    assert_eq!(merged["counts"]["compared"], whole["counts"]["compared"]);
    // The solving campaign is in the merged document too, family by family.
    let solving = families_of(&whole, "solving_families");
    assert_eq!(solving.len(), 3, "{whole}");
    assert!(whole["counts"]["solved"].as_u64().unwrap() > 0, "{whole}");
    assert_eq!(families_of(&merged, "solving_families"), solving);
    assert_eq!(merged["counts"]["solved"], whole["counts"]["solved"]);
    assert_eq!(merged["fuzz_solve"], 2);
    assert_eq!(merged["merged"], serde_json::json!(["1/3", "2/3", "3/3"]));
    let junit = std::fs::read_to_string(dir.path().join("merged.xml")).unwrap();
    assert!(
        junit.contains("<testsuite name=\"fuzz\" tests=\"9\""),
        "{junit}"
    );

    // A merged report covers the whole run: a missing or repeated shard is refused.
    let (code, _, err) = feerie_in(dir.path(), &["merge", &name(0), &name(1)]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shard 3/3"), "{err}");
    let (code, _, err) = feerie_in(dir.path(), &["merge", &name(0), &name(0), &name(1)]);
    assert_eq!(code, 2);
    assert!(err.contains("twice"), "{err}");
}

#[test]
fn merge_judges_shards_by_their_contents_and_writes_over_none_of_its_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, doc: &Value| {
        std::fs::write(dir.path().join(name), doc.to_string()).unwrap();
    };
    // A check shard that found a divergence, its verdict edited to say that it passed.
    write("check-1.json", &check_document(dir.path(), "1/2"));
    let mut edited = check_document(dir.path(), "2/2");
    edited["counts"]["divergences"] = 1.into();
    edited["failures"] = serde_json::json!(["fuzz circe/documented: 1 divergence"]);
    assert_eq!(
        (edited["verdict"].as_str(), edited["exit_code"].as_i64()),
        (Some("ok"), Some(0))
    );
    write("check-2.json", &edited);
    let (code, out, err) = feerie_in(dir.path(), &["merge", "check-1.json", "check-2.json"]);
    assert_eq!(code, 1, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["verdict"], "failed");
    assert_eq!(merged["exit_code"], 1);

    // A verify shard whose case differs, its counts and verdict edited to say that it agrees.
    write(
        "verify-1.json",
        &common::verify_shard(1, "agree", feerie::report::json::SCHEMA_VERSION.into()),
    );
    write(
        "verify-2.json",
        &common::verify_shard(2, "differ", feerie::report::json::SCHEMA_VERSION.into()),
    );
    let (code, out, err) = feerie_in(dir.path(), &["merge", "verify-1.json", "verify-2.json"]);
    assert_eq!(code, 1, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            merged["verdict"].as_str(),
            merged["counts"]["differ"].as_u64()
        ),
        (Some("failed"), Some(1))
    );

    // A difference wins over a file that cannot be written at the end: exit 1, the error said.
    let (code, _, err) = feerie_in(
        dir.path(),
        &["merge", "verify-1.json", "verify-2.json", "-o", "/dev/full"],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-o: cannot write /dev/full"), "{err}");
    let long = format!("{}.html", "x".repeat(300));
    let (code, _, err) = feerie_in(
        dir.path(),
        &["merge", "verify-1.json", "verify-2.json", "--report", &long],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot write the report"), "{err}");
    // Without a difference the failed write is the exit code.
    write(
        "verify-2.json",
        &common::verify_shard(2, "agree", feerie::report::json::SCHEMA_VERSION.into()),
    );
    let (code, _, err) = feerie_in(
        dir.path(),
        &["merge", "verify-1.json", "verify-2.json", "--junit", &long],
    );
    assert_eq!(code, 2, "{err}");

    // An input, a link and a device as --report or --junit are refused before anything is read,
    // and left as they were.
    let before = std::fs::read_to_string(dir.path().join("verify-1.json")).unwrap();
    std::os::unix::fs::symlink("verify-1.json", dir.path().join("link.html")).unwrap();
    std::fs::write(dir.path().join("other.html"), "other").unwrap();
    std::os::unix::fs::symlink("other.html", dir.path().join("other-link.html")).unwrap();
    for (flag, path, says) in [
        ("--report", "verify-1.json", "one of the command's inputs"),
        ("--junit", "./verify-2.json", "one of the command's inputs"),
        ("-o", "verify-1.json", "one of the command's inputs"),
        // A link to an input is the input, also for -o (which may be a device).
        ("--report", "link.html", "one of the command's inputs"),
        ("-o", "link.html", "one of the command's inputs"),
        ("--report", "other-link.html", "is a symbolic link"),
        ("--junit", "/dev/null", "is a device"),
    ] {
        let (code, out, err) = feerie_in(
            dir.path(),
            &["merge", "verify-1.json", "verify-2.json", flag, path],
        );
        assert_eq!(code, 2, "{flag} {path}: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{flag} {path}: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("verify-1.json")).unwrap(),
        before
    );
    assert!(
        std::fs::symlink_metadata(dir.path().join("link.html"))
            .unwrap()
            .file_type()
            .is_symlink()
    );

    // A shard larger than the bound is refused before it is read.
    let huge = std::fs::File::create(dir.path().join("huge.json")).unwrap();
    huge.set_len(feerie::merge::MAX_SHARD_BYTES + 1).unwrap();
    let (code, _, err) = feerie_in(dir.path(), &["merge", "huge.json", "verify-2.json"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("huge.json") && err.contains("read at most"),
        "{err}"
    );
}

#[test]
fn bad_shards_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    for command in [
        &["check", "--fuzz-solve", "0", "--fuzz", "1"][..],
        &["popeye", "fuzz", "--py", "/nonexistent"],
        &[
            "popeye",
            "compare",
            "--scenarios",
            "x",
            "--py",
            "/nonexistent",
        ],
        &["popeye", "verify", "x.inp", "x.out"],
    ] {
        for (bad, words) in [
            ("0/3", "from 1 to 3"),
            ("4/3", "from 1 to 3"),
            ("1/0", "number of shards"),
            ("garbage", "expected K/N"),
        ] {
            let mut args = command.to_vec();
            args.extend(["--shard", bad]);
            let (code, out, err) = feerie_in(dir.path(), &args);
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.contains(words) && err.contains("--shard"),
                "{args:?}: {err}"
            );
        }
    }
    let (code, _, err) = feerie_in(
        dir.path(),
        &[
            "popeye",
            "compare",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "--shard",
            "1/2",
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("goes with --scenarios"), "{err}");
}

#[test]
fn popeye_compare_shards_split_the_scenarios_and_merge_into_the_unsharded_run() {
    let Some(py) = popeye() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |shard: &str| -> Value {
        let (code, out, err) = feerie_in(
            root,
            &[
                "popeye",
                "compare",
                "--scenarios",
                "scenarios/circe",
                "--profile",
                "popeye",
                "--py",
                py.to_str().unwrap(),
                "--format",
                "json",
                "--shard",
                shard,
            ],
        );
        assert!(code == 0 || code == 1, "{err}");
        let doc: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
        assert_eq!(doc["shard"], shard);
        doc
    };
    let cases = |doc: &Value| -> Vec<(String, String)> {
        doc["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap().to_string(),
                    c["verdict"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let whole_doc = run("1/1");
    let whole = cases(&whole_doc);
    assert!(whole.len() >= 6, "{whole:?}");
    let dir = tempfile::tempdir().unwrap();
    let mut union = BTreeSet::new();
    let mut names = Vec::new();
    for k in 1..=3 {
        let doc = run(&format!("{k}/3"));
        let part = cases(&doc);
        assert!(!part.is_empty());
        for case in part {
            assert!(union.insert(case.clone()), "{case:?} in two shards");
        }
        let name = format!("compare-{k}.json");
        std::fs::write(dir.path().join(&name), doc.to_string()).unwrap();
        names.push(name);
    }
    assert_eq!(union, whole.iter().cloned().collect::<BTreeSet<_>>());
    let (code, out, err) = feerie_in(dir.path(), &["merge", &names[2], &names[0], &names[1]]);
    assert_eq!(
        code,
        whole_doc["exit_code"].as_i64().unwrap() as i32,
        "{err}"
    );
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(cases(&merged), whole, "the scenarios' order");
    assert_eq!(merged["tally"], whole_doc["tally"]);
}

#[test]
fn popeye_fuzz_shards_ask_exactly_the_unsharded_cases() {
    use feerie::external::popeye_batch::PopeyeRunner;
    use feerie::harness::popeye_campaign::{PopeyeCampaign, popeye_buckets, run_popeye_campaign};
    use feerie::oracle::{Engine, ReferenceEngine};
    let Some(binary) = popeye() else { return };
    let runner = PopeyeRunner {
        binary: &binary,
        timeout: std::time::Duration::from_secs(60),
    };
    let buckets = popeye_buckets(
        Bucket::matching(&["circe/popeye".into(), "frankfurt/popeye".into()]).unwrap(),
    );
    assert_eq!(buckets.len(), 2);
    let engines: [&dyn Engine; 1] = [&ReferenceEngine];
    let run = |s: Shard| {
        let campaign = PopeyeCampaign {
            buckets: buckets.clone(),
            count: 7,
            first: 0,
            seed: 12,
            depth: 1,
            small_depth: 1,
            batch: 3,
            jobs: 1,
            reproducers: None,
            max_reports: 0,
            golden: None,
            progress: false,
            shard: s,
            steer: true,
            stop_at_finding: false,
            deadline: None,
            steer_until: None,
        };
        let report = run_popeye_campaign(&campaign, &runner, &engines).unwrap();
        report
            .buckets
            .iter()
            .map(|b| {
                let skipped: u64 = b.skipped.iter().map(|(_, n)| n).sum();
                (b.name.clone(), b.compared + b.refused + skipped, b.digest)
            })
            .collect::<Vec<_>>()
    };
    let whole = run(Shard::WHOLE);
    assert_eq!(whole.iter().map(|b| b.1).sum::<u64>(), 14);
    let mut combined: Vec<(String, u64, u64)> =
        whole.iter().map(|(n, _, _)| (n.clone(), 0, 0)).collect();
    for k in 1..=3 {
        for (total, part) in combined.iter_mut().zip(run(shard(k, 3))) {
            total.1 += part.1;
            total.2 ^= part.2;
        }
    }
    assert_eq!(combined, whole);
}

/// The Popeye input and Popeye's expected output the verification shard test reads.
const VERIFY_INPUT: &str = "BEISPIEL__parrain.inp";
const VERIFY_OUTPUT: &str = "BEISPIEL__parrain.out";

/// Runs `feerie popeye verify` on a shared Popeye input and its expected output (no Popeye
/// binary needed) as shard `shard`, and returns its JSON document.
fn verify_document(dir: &Path, popeye: &Path, shard: &str) -> Value {
    let (code, out, err) = feerie_in(
        dir,
        &[
            "popeye",
            "verify",
            popeye.join(VERIFY_INPUT).to_str().unwrap(),
            popeye.join(VERIFY_OUTPUT).to_str().unwrap(),
            "--engine",
            "bitboard",
            "--format",
            "json",
            "--shard",
            shard,
        ],
    );
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// (index, name, outcome) of each case of a verification document.
fn verify_cases(doc: &Value) -> Vec<(u64, String, String)> {
    doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["index"].as_u64().unwrap(),
                c["name"].as_str().unwrap().to_string(),
                c["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn popeye_verify_shards_compare_each_case_once_and_merge_into_the_unsharded_run() {
    let Some(popeye) = common::shared_dir("popeye") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let whole = verify_document(dir.path(), &popeye, "1/1");
    let whole_cases = verify_cases(&whole);
    assert!(whole_cases.len() >= 6, "{whole_cases:?}");
    assert!(
        whole_cases.iter().filter(|c| c.2 == "agree").count() >= 3,
        "cases actually solved and compared: {whole_cases:?}"
    );
    let mut union = BTreeSet::new();
    let mut files = Vec::new();
    for k in 1..=3u64 {
        let doc = verify_document(dir.path(), &popeye, &format!("{k}/3"));
        assert_eq!(doc["shard"], format!("{k}/3"));
        let part = verify_cases(&doc);
        assert!(!part.is_empty(), "shard {k}/3 is empty");
        for case in part {
            // Case i is shard i mod 3 + 1's.
            assert_eq!(case.0 % 3, k - 1, "{case:?} in shard {k}/3");
            assert!(union.insert(case.clone()), "{case:?} in two shards");
        }
        let file = dir.path().join(format!("verify-{k}.json"));
        std::fs::write(&file, doc.to_string()).unwrap();
        files.push(file);
    }
    assert_eq!(union, whole_cases.iter().cloned().collect::<BTreeSet<_>>());

    let name = |k: usize| files[k].file_name().unwrap().to_str().unwrap().to_string();
    let (code, out, err) = feerie_in(
        dir.path(),
        &[
            "merge",
            &name(1),
            &name(2),
            &name(0),
            "--junit",
            "verify.xml",
            "--report",
            "verify.html",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["command"], "popeye verify");
    assert_eq!(merged["merged"], serde_json::json!(["1/3", "2/3", "3/3"]));
    // The very cases of the unsharded run, in its order, with its counts and verdict.
    assert_eq!(merged["cases"], whole["cases"]);
    assert_eq!(merged["counts"], whole["counts"]);
    assert_eq!(merged["verdict"], whole["verdict"]);
    let junit = std::fs::read_to_string(dir.path().join("verify.xml")).unwrap();
    assert!(
        junit.contains(&format!("tests=\"{}\"", whole_cases.len())),
        "{junit}"
    );
    let html = std::fs::read_to_string(dir.path().join("verify.html")).unwrap();
    assert!(html.contains("merged: 1/3, 2/3, 3/3"), "{html}");

    // Shards of another input, or documents of another command, are refused in one line.
    let mut other: Value =
        serde_json::from_str(&std::fs::read_to_string(&files[2]).unwrap()).unwrap();
    other["input_fingerprint"] = "0123456789abcdef".into();
    std::fs::write(dir.path().join("other.json"), other.to_string()).unwrap();
    let (code, out, err) = feerie_in(dir.path(), &["merge", &name(0), &name(1), "other.json"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("not shards of one run"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let check = feerie::report::json::CheckDocument {
        command: "check".into(),
        schema: feerie::report::json::SCHEMA_VERSION,
        shard: "3/3".into(),
        ..Default::default()
    };
    std::fs::write(
        dir.path().join("check.json"),
        serde_json::to_string(&check).unwrap(),
    )
    .unwrap();
    let (code, _, err) = feerie_in(dir.path(), &["merge", &name(0), &name(1), "check.json"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("documents of `popeye verify` and of `check` cannot be merged"),
        "{err}"
    );
    let (code, _, err) = feerie_in(dir.path(), &["merge", &name(0), &name(1)]);
    assert_eq!(code, 2);
    assert!(err.contains("missing shard 3/3"), "{err}");
}
