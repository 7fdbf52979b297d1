//! Against the real Popeye binary at ../shared/tools/popeye/py: its output is read right (stock
//! endings, German, partial solutions, en passant with effects), every condition name and
//! attribute the export writes is accepted, `popeye compare` on the scenarios ends with a table
//! and exit 0, a relative --py works, and replaying a fresh run of Popeye gives the same counts
//! as replaying the outputs shipped in ../shared/popeye. Skipped with a message when the binary
//! is absent, unless FEERIE_REQUIRE_POPEYE is set (CI sets it): then a missing binary fails.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use feerie::external::popeye::{self, PopeyeError};
use feerie::external::popeye_output;
use feerie::external::popeye_replay::{ReplayReport, replay};
use feerie::oracle::{Profile, ReferenceEngine, Rules, Validation, fen};

const TIMEOUT: Duration = Duration::from_secs(120);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shared Popeye binary, or `None` with a `skipped` line (a failure under CI).
fn popeye_binary() -> Option<PathBuf> {
    common::shared_popeye()
}

fn feerie_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(args)
        .current_dir(dir)
        .env_remove("POPEYE")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn rules(slugs: &[&str], sets: &[&str]) -> Rules {
    Rules::from_words(slugs, None, sets).unwrap()
}

#[test]
fn stock_output_endings_and_en_passant_with_effects_are_read() {
    let Some(py) = popeye_binary() else { return };
    let position = fen::parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Validation::Strict).unwrap();
    for (slugs, capture) in [
        (&["circe"][..], "e5*d6 ep.[+bPd7]"),
        (&["protean"][..], "e5*d6 ep.=PP"),
    ] {
        let r = rules(slugs, &[]);
        let input = popeye::input_for(&position, &r, 1).unwrap();
        let output = popeye::run_popeye(&py, &input, TIMEOUT).unwrap();
        // A stock run: the time after the ending words.
        assert!(output.contains("solution finished. Time ="), "{output}");
        let chunks = popeye_output::parse(&output);
        assert_eq!(chunks.len(), 1, "{output}");
        let moves: Vec<&str> = chunks[0].twins[0]
            .segments
            .iter()
            .flatten()
            .map(|m| m.text.as_str())
            .collect();
        assert!(moves.contains(&capture), "{slugs:?}: {moves:?}");
        assert!(
            moves.iter().all(|m| !m.starts_with("ep.")),
            "{slugs:?}: {moves:?}"
        );
        // And the comparison agrees, at depth 3 too.
        let theirs = popeye::compare_moves(&py, &ReferenceEngine, &position, &r, TIMEOUT).unwrap();
        assert!(theirs.is_empty(), "{slugs:?}: {theirs:?}");
        let (p, ours) =
            popeye::compare_perft(&py, &ReferenceEngine, &position, &r, 3, TIMEOUT).unwrap();
        assert_eq!(p, ours, "{slugs:?}");
    }

    // German keywords end with `Loesung beendet. Zeit = …`; a solution limit with a partial
    // ending, in each language.
    let english = "beginproblem\npieces white ke1 rd1 black ke8\nstipulation ~1\n\
                   option noboard maxsolutions 2\nendproblem\n";
    let german = "anfang\nsteine weiss ke1 td1 schwarz ke8\nforderung ~1\n\
                  option ohnebrett maxloesungen 2\nweiteresproblem\nsteine weiss ke1 schwarz ke8\n\
                  forderung ~1\noption ohnebrett\nende\n";
    let out = popeye::run_popeye(&py, english, TIMEOUT).unwrap();
    assert!(out.contains("Partial solution"), "{out}");
    let chunks = popeye_output::parse(&out);
    assert_eq!(chunks.len(), 1, "{out}");
    assert!(chunks[0].partial);
    assert_eq!(chunks[0].twins[0].segments.iter().flatten().count(), 2);
    let out = popeye::run_popeye(&py, german, TIMEOUT).unwrap();
    assert!(
        out.contains("Partielle Loesung") && out.contains("Loesung beendet. Zeit"),
        "{out}"
    );
    let chunks = popeye_output::parse(&out);
    assert_eq!(chunks.len(), 2, "{out}");
    assert!(chunks[0].partial && !chunks[1].partial);
    assert_eq!(chunks[1].twins[0].segments.iter().flatten().count(), 5);
}

#[test]
fn every_condition_and_attribute_the_export_writes_is_accepted() {
    let Some(py) = popeye_binary() else { return };
    // A royal bishop (White has no king) and a marked bishop: both attributes, and a Parrain
    // reserve where the rules have Parrain.
    let plain = "4k3/8/8/3(wrB)4/8/1(wpB)6/8/3R4 w - - 0 1";
    let families: [&[&str]; 10] = [
        &["circe"],
        &["circe-clone"],
        &["circe-equipollents"],
        &["circe-parrain"],
        &["frankfurt"],
        &["protean"],
        &["circe-parrain", "frankfurt"],
        &["circe", "protean"],
        &["circe-clone", "frankfurt"],
        &["circe-equipollents", "protean"],
    ];
    let mut checked = 0;
    for slugs in families {
        for rex in [None, Some("rex=inclusive"), Some("rex=exclusive")] {
            let sets: Vec<&str> = rex.into_iter().collect();
            let r = rules(slugs, &sets);
            let mut setup = fen::parse_setup(plain).unwrap();
            if slugs.contains(&"circe-parrain") {
                setup.reserve = Some(fen::parse_reserve("bSd3").unwrap());
            }
            let position = feerie::oracle::Position::new(setup, Validation::Lenient).unwrap();
            let inclusive = r.circe().is_some() && r.circe_rex().to_string() == "inclusive";
            let input = match popeye::input_for(&position, &r, 1) {
                Ok(input) => input,
                // Under a Circe whose rebirth depends on the capture, with rex inclusive, Popeye
                // takes no royal piece but kings: the export says so instead.
                Err(e) => {
                    assert!(
                        inclusive
                            && !slugs.contains(&"circe")
                            && e.to_string()
                                .contains("Popeye takes no royal piece other than a king"),
                        "{slugs:?} {rex:?}: {e}"
                    );
                    checked += 1;
                    continue;
                }
            };
            assert!(
                input.contains("white royal bd5") && input.contains("white protean bb3"),
                "{input}"
            );
            assert_eq!(input.contains("RexInclusive"), inclusive, "{input}");
            let exclusive = r.captures_mutate() && r.mutation_rex().to_string() == "exclusive";
            assert_eq!(input.contains("RexExclusive"), exclusive, "{input}");
            match popeye::run_popeye(&py, &input, TIMEOUT) {
                Ok(out) => assert!(!popeye_output::parse(&out).is_empty(), "{input}\n{out}"),
                Err(e) => panic!("{input}\n{e}"),
            }
            // The input reads back as the same rules.
            let back = feerie::oracle::popeye_input::parse(&input).unwrap();
            let (_, again) = back.problems[0]
                .to_position(Profile::Popeye, Validation::Lenient)
                .unwrap();
            assert_eq!(
                again.conditions().collect::<Vec<_>>(),
                r.conditions().collect::<Vec<_>>()
            );
            if r.circe().is_some() {
                assert_eq!(again.circe_rex(), r.circe_rex(), "{input}");
            }
            if r.captures_mutate() {
                assert_eq!(again.mutation_rex(), r.mutation_rex(), "{input}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 30);

    // What the export refuses to write, Popeye refuses to solve.
    for condition in ["CirceClone", "EquipollentsCirce", "Circe Parrain"] {
        let input = format!(
            "beginproblem\npieces white ke1 rd1 black royal bd5 pg4\n\
             condition {condition} RexInclusive\nsstipulation white 1s[~]\noption noboard\n\
             endproblem\n"
        );
        match popeye::run_popeye(&py, &input, TIMEOUT) {
            Err(PopeyeError::Refused(words)) => assert!(
                words.contains("no royal pieces with PWC or rex inclusive"),
                "{words}"
            ),
            other => panic!("{condition}: {other:?}"),
        }
    }
}

#[test]
fn rex_exclusive_under_frankfurt_is_written_and_not_a_profile_difference() {
    let Some(py) = popeye_binary() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let py = py.to_str().unwrap();
    // The king captures: under rex exclusive it stays a king.
    let (code, out, err) = feerie_in(
        tmp.path(),
        &[
            "popeye",
            "compare",
            "--py",
            py,
            "--fen",
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            "--rules",
            "frankfurt",
            "--set",
            "rex=exclusive",
            "--depth",
            "2",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("agree the position"), "{out}");
    assert!(!err.contains("rex=") && !out.contains("rex="), "{out}{err}");
    let (code, out, err) = feerie_in(
        tmp.path(),
        &[
            "popeye",
            "export",
            "--fen",
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            "--rules",
            "frankfurt",
            "--set",
            "rex=exclusive",
        ],
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("condition FrankfurtChess RexExclusive"),
        "{out}"
    );
    assert!(!err.contains("rex="), "{err}");
}

#[test]
fn scenarios_compare_with_a_table_and_no_refusal_of_our_input() {
    let Some(py) = popeye_binary() else { return };
    let (code, out, err) = feerie_in(
        &root(),
        &[
            "popeye",
            "compare",
            "--scenarios",
            "scenarios",
            "--py",
            py.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    for row in [
        "agree",
        "profile difference",
        "refused by Popeye",
        "skipped",
        "differ ",
        "failed",
    ] {
        assert!(out.contains(&format!("\n  {row}")), "{row}: {out}");
    }
    assert!(!out.contains("input errors"), "{out}");
    assert!(
        !out.contains("\nDIFFER") && !out.contains("\nFAILED"),
        "{out}"
    );
    // Under --profile popeye no difference is left to the profile.
    let (code, out, err) = feerie_in(
        &root(),
        &[
            "popeye",
            "compare",
            "--scenarios",
            "scenarios",
            "--profile",
            "popeye",
            "--py",
            py.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("profile difference      0"), "{out}");
}

#[test]
fn a_refused_scenario_is_reported_with_popeyes_words_and_the_run_goes_on() {
    let Some(py) = popeye_binary() else { return };
    let tmp = tempfile::tempdir().unwrap();
    // White to move can take the black king: Popeye refuses; the second scenario still runs.
    std::fs::write(
        tmp.path().join("a.yaml"),
        "name: king en prise\nsource: test\n\
         position: { fen: '4k3/8/8/8/8/8/8/4RK2 w - - 0 1', lenient: true }\n\
         expect: { include: ['Re1*e8'] }\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("b.yaml"),
        "name: kings\nsource: test\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\n\
         expect: { perft: { 1: 5 } }\n",
    )
    .unwrap();
    let (code, out, err) = feerie_in(
        tmp.path(),
        &[
            "popeye",
            "compare",
            "--scenarios",
            ".",
            "--py",
            py.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("REFUSED by Popeye") && out.contains("the side to play can capture the king"),
        "{out}"
    );
    assert!(
        out.contains("agree ./b.yaml") || out.contains("b.yaml (kings)"),
        "{out}"
    );
    // Each scenario with its two mirrors (colours, files).
    assert!(out.contains("refused by Popeye       3"), "{out}");
    assert!(out.contains("agree                   3"), "{out}");
}

#[test]
fn a_relative_popeye_path_works() {
    let Some(py) = popeye_binary() else { return };
    let tmp = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&py, tmp.path().join("py")).unwrap();
    let kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let (code, out, err) = feerie_in(
        tmp.path(),
        &["popeye", "compare", "--py", "./py", "--fen", kings],
    );
    assert_eq!(code, 0, "{out}{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(["popeye", "compare", "--fen", kings])
        .current_dir(tmp.path())
        .env("POPEYE", "py")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The files of ../shared/popeye whose problems use this project's conditions, those Popeye
/// solves within seconds (the default run) and the slow ones.
const QUICK: [&str; 6] = [
    "BEISPIEL__parrain",
    "BEISPIEL__twin",
    "BEISPIEL__cirpiece",
    "EXAMPLES__frankfurt",
    "EXAMPLES__lastcap",
    "EXAMPLES__proteanp",
];
const SLOW: [&str; 2] = ["BEISPIEL__circe", "BEISPIEL__cirsquar"];

fn counts(r: &ReplayReport) -> (usize, usize, usize, usize, usize, usize) {
    (
        r.problems,
        r.replayed,
        r.moves,
        r.skipped.len(),
        r.rejected.len(),
        r.missing.len(),
    )
}

fn fresh_run_replays_like_the_shipped_output(names: &[&str]) {
    let Some(py) = popeye_binary() else { return };
    let dir = root().join("../shared/popeye");
    for name in names {
        let inp = dir.join(format!("{name}.inp"));
        let input = std::fs::read_to_string(&inp).unwrap();
        let shipped = ["out", "ref", "tst", "reg"]
            .iter()
            .map(|e| dir.join(format!("{name}.{e}")))
            .find(|p| p.exists())
            .unwrap();
        let shipped = std::fs::read_to_string(shipped).unwrap();
        let (fresh, _) = popeye::run_popeye_file(&py, &input, Duration::from_secs(300))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            !fresh.contains("\nsolution finished.\n"),
            "{name}: a stock run prints the time"
        );
        let a = replay(&input, &shipped, &ReferenceEngine).unwrap();
        let b = replay(&input, &fresh, &ReferenceEngine).unwrap();
        eprintln!("{name}: shipped {:?}, fresh {:?}", counts(&a), counts(&b));
        assert_eq!(
            counts(&a),
            counts(&b),
            "{name}: {:?}\n{:?}",
            b.rejected,
            b.missing
        );
        assert!(b.passed(), "{name}: {:?} {:?}", b.rejected, b.missing);
        assert!(b.replayed > 0 && b.moves > 0, "{name}: nothing replayed");

        // The output cut short after its first problem (each of these files has problems
        // we replay after the first), or emptied: the replay fails.
        let first_end = fresh
            .lines()
            .position(|l| {
                let l = l.trim().to_ascii_lowercase();
                l.starts_with("solution finished") || l.starts_with("loesung beendet")
            })
            .expect("a problem's ending");
        let cut: String = fresh
            .lines()
            .take(first_end + 1)
            .map(|l| format!("{l}\n"))
            .collect();
        let cut = cut.as_str();
        assert!(
            !replay(&input, cut, &ReferenceEngine).unwrap().passed(),
            "{name}: truncated"
        );
        assert!(
            !replay(&input, "", &ReferenceEngine).unwrap().passed(),
            "{name}: empty"
        );
    }
}

#[test]
fn fresh_popeye_output_replays_like_the_shipped_one() {
    fresh_run_replays_like_the_shipped_output(&QUICK);
}

#[test]
#[ignore = "several minutes: Popeye solves long problems"]
fn fresh_popeye_output_replays_like_the_shipped_one_slow_files() {
    fresh_run_replays_like_the_shipped_output(&SLOW);
}

#[test]
fn replay_skips_what_it_cannot_replay_and_fails_on_a_missing_section() {
    let Some(py) = popeye_binary() else { return };
    let input = "beginproblem\n\
        title mate\npieces white kb6 qd1 black ka8\nstipulation #1\nnext\n\
        title proof game\npieces white ke1 qd1 black ke8\nstipulation dia1.5\nnext\n\
        title reci\npieces white kc6 qb6 black ka8 rb8\nstipulation reci-h#1\nnext\n\
        title other side begins\npieces white kc6 qd1 black ka8\nstipulation h#1.5\nnext\n\
        title duplex\npieces white kc6 qd1 black ka8 qh8\nstipulation h#1\noption duplex\nnext\n\
        title total invisible\npieces white kc6 qd1 black ka8\nstipulation #1\n\
        condition TotalInvisible 1\nnext\n\
        title colourless\npieces white kc6 qb1 black ka8 total 4\nstipulation #1\nnext\n\
        title twin conditions\npieces white kc6 qd1 black ka8 rh7\nstipulation #1\n\
        twin condition circe\n rexinclusive\nnext\n\
        title unknown piece\npieces white kc6 qd1 zzf3 black ka8\nstipulation #1\nnext\n\
        title structured\npieces white kb6 qd1 black ka8\nsstipulation white 1s[#]\nnext\n\
        title mate again\npieces white kb6 qd1 black ka8\nstipulation #1\nendproblem\n";
    let (output, _) = popeye::run_popeye_file(&py, input, TIMEOUT).unwrap();
    let r = replay(input, &output, &ReferenceEngine).unwrap();
    assert!(r.passed(), "{:?} {:?}", r.rejected, r.missing);
    assert_eq!(r.problems, 11);
    assert!(r.moves >= 2, "{r:?}");
    for why in [
        "problem 2: stipulation dia1.5 (a proof game",
        "problem 3: stipulation reci-h#1",
        "problem 4: stipulation h#1.5 (help play where the other side begins)",
        "problem 5: duplex",
        "problem 6: unsupported: 'TotalInvisible' is not one of Popeye's English conditions",
        "problem 7: colourless",
        "problem 9: unsupported: fairy piece 'zz'",
    ] {
        assert!(
            r.skipped.iter().any(|s| s.starts_with(why)),
            "{why}: {:?}",
            r.skipped
        );
    }
    // A twin's condition goes on over the next line, as Popeye reads it (`rexinclusive`).
    assert!(
        !r.skipped.iter().any(|s| s.starts_with("problem 8")),
        "{:?}",
        r.skipped
    );
    // A German file reads German words only (a structured stipulation is `sforderung`): an
    // English command does not read, and that problem alone is skipped.
    let german = "anfang\nsteine weiss kb6 dd1 schwarz ka8\nforderung #1\nweiteresproblem\n\
                   steine weiss kb6 dd1 schwarz ka8\nsforderung weiss 1s[#]\nweiteresproblem\n\
                   steine weiss kb6 dd1 schwarz ka8\nstipulation #1\nende\n";
    let (output, _) = popeye::run_popeye_file(&py, german, TIMEOUT).unwrap();
    let r = replay(german, &output, &ReferenceEngine).unwrap();
    assert!(r.passed(), "{:?} {:?}", r.rejected, r.missing);
    assert_eq!(
        (r.problems, r.replayed, r.skipped.len()),
        (3, 2, 1),
        "{r:?}"
    );
    assert!(r.skipped[0].contains("'stipulation'"), "{r:?}");

    // The command: the same replay with Popeye run by feerie; an empty output exits 1.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("p.inp"), input).unwrap();
    std::fs::write(tmp.path().join("empty.out"), "").unwrap();
    let (code, out, err) = feerie_in(
        tmp.path(),
        &[
            "popeye",
            "replay",
            "p.inp",
            "--py",
            py.to_str().unwrap(),
            "--timeout",
            "60",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, _) = feerie_in(tmp.path(), &["popeye", "replay", "p.inp", "empty.out"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISSING problem 1 (#1)"), "{out}");
}
