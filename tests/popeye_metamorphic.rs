//! `feerie popeye metamorphic`: Popeye checked against itself. On the real binary the relations
//! agree; stand-ins that answer otherwise with a small table, that do not look at the board (the
//! mirror and the colour reversal), that read German otherwise, that solve a twin otherwise than
//! alone, that depend on the order of the conditions, or whose tree shows other mates than the
//! position posed alone has are caught, and so is Popeye 4.104's own Bul threat bug; a relation
//! used where it is not sound (a file mirror with castling, conditions whose words another order
//! would regroup) is refused. A slow problem does not take the other problems of its file with it.

mod common;

use std::path::Path;

use common::{executable, feerie_in, shared_popeye};

/// Four problems: a helpmate with 17 solutions, a Madrasi helpmate, a direct mate where White
/// may castle, and a direct mate with tries.
const PROBLEMS: &str = "beginproblem
stipulation h#2
pieces white kc1 rd8 black ka1 pa2 bb1
nextproblem
condition madrasi
stipulation h#2
pieces white kc3 qd1 black ka1 bb1 rh2
nextproblem
stipulation #2
pieces white ke1 rh1 qd1 black ke8 pe7
nextproblem
stipulation #2
option try
pieces white kb6 qc3 sd5 black ka8 pa7
endproblem
";

/// A helpmate in 6 that takes Popeye minutes, as the first problem of a file, the next one to
/// follow.
const SLOW_HELPMATE: &str =
    "beginproblem\nstipulation h#6\npieces white ka1 qd1 rh1 black ke8 pa7 pb7 pc7\nnextproblem\n";

/// The counts of a relation's row in the table: agree, disagree, not sound, not checked.
fn row(out: &str, relation: &str) -> [usize; 4] {
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some(relation))
        .unwrap_or_else(|| panic!("no row for {relation} in:\n{out}"));
    let numbers: Vec<usize> = line
        .split_whitespace()
        .skip(1)
        .map(|w| w.parse().unwrap())
        .collect();
    numbers.try_into().unwrap()
}

/// Popeye itself, but with `-maxmem 8M` the first line with Bb1-h7 is lost.
fn loses_a_line_with_a_small_table(dir: &Path, py: &Path) -> std::path::PathBuf {
    let script = format!(
        "#!/bin/sh\nif [ \"$2\" = \"8M\" ]; then {} \"$@\" | sed '0,/Bb1-h7/{{/Bb1-h7/d}}'; \
         else exec {} \"$@\"; fi\n",
        py.display(),
        py.display()
    );
    executable(dir, "py", &script)
}

/// Runs `feerie popeye metamorphic INPUT --py PY` with `more` flags in `dir`.
fn metamorphic(dir: &Path, input: &str, py: &Path, more: &[&str]) -> (i32, String, String) {
    let mut args = vec!["popeye", "metamorphic", input, "--py", py.to_str().unwrap()];
    args.extend_from_slice(more);
    feerie_in(dir, &args)
}

fn write_problems(dir: &Path) {
    std::fs::write(dir.join("problems.inp"), PROBLEMS).unwrap();
}

#[test]
fn every_relation_agrees_on_popeye_and_each_is_used_only_where_sound() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let (code, out, err) = metamorphic(dir.path(), "problems.inp", &py, &["--seed", "3"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("metamorphic result: ok."), "{out}");
    assert_eq!(row(&out, "table-size"), [4, 0, 0, 0], "{out}");
    assert_eq!(row(&out, "unit-order"), [4, 0, 0, 0], "{out}");
    // The third problem has White's king on e1 and a rook on h1: castling is possible there,
    // and the mirror would take it away.
    assert_eq!(row(&out, "file-mirror"), [3, 0, 1, 0], "{out}");
    // Every problem treats both sides alike (Madrasi does).
    assert_eq!(row(&out, "colour-reversal"), [4, 0, 0, 0], "{out}");
    // Help play with at least two solutions: the first two problems.
    assert_eq!(row(&out, "max-solutions"), [2, 0, 2, 0], "{out}");
    // Orthodox help play only: the first problem.
    assert_eq!(row(&out, "intelligent"), [1, 0, 3, 0], "{out}");
    // The helpmates, and the mate in two whose tree shows something (its try's refutation).
    assert_eq!(row(&out, "tree-replay"), [3, 0, 1, 0], "{out}");
    assert!(
        !dir.path().join("corpus/metamorphic").exists(),
        "no reproducer"
    );
}

/// `slow.inp`: the slow helpmate, before a direct mate Popeye solves at once.
fn write_slow_file(dir: &Path) {
    let file =
        format!("{SLOW_HELPMATE}stipulation #2\npieces white kb6 qa1 black ka8\nendproblem\n");
    std::fs::write(dir.join("slow.inp"), file).unwrap();
}

#[test]
fn a_slow_problem_leaves_the_others_of_its_file_checked() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_slow_file(dir.path());
    let more = [
        "--timeout",
        "2",
        "--relation",
        "table-size",
        "--relation",
        "unit-order",
    ];
    let (code, out, err) = metamorphic(dir.path(), "slow.inp", &py, &more);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("each problem bounded instead"), "{err}");
    // The direct mate is checked by both; the helpmate, cut by Popeye's maxtime, by neither.
    assert_eq!(row(&out, "table-size"), [1, 0, 0, 1], "{out}");
    assert_eq!(row(&out, "unit-order"), [1, 0, 0, 1], "{out}");
}

/// Popeye itself, each call counted by a line in `calls.log`.
fn counting(dir: &Path, py: &Path) -> std::path::PathBuf {
    let log = dir.join("calls.log");
    let script = format!(
        "#!/bin/sh\necho call >> '{}'\nexec {} \"$@\"\n",
        log.display(),
        py.display()
    );
    executable(dir, "py", &script)
}

fn calls(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("calls.log"))
        .map(|t| t.lines().count())
        .unwrap_or(0)
}

#[test]
fn a_run_made_again_takes_whole_answers_from_the_cache_and_asks_popeye_the_rest() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let counted = counting(dir.path(), &py);
    write_slow_file(dir.path());
    let more = [
        "--timeout",
        "2",
        "--seed",
        "3",
        "--relation",
        "table-size",
        "--relation",
        "unit-order",
        "--cache",
        "answers",
    ];
    let (code, first, err) = metamorphic(dir.path(), "slow.inp", &counted, &more);
    assert_eq!(code, 0, "{first}\n{err}");
    let asked = calls(dir.path());
    assert!(first.contains("0 taken from it"), "{first}");
    let (code, second, err) = metamorphic(dir.path(), "slow.inp", &counted, &more);
    assert_eq!(code, 0, "{second}\n{err}");
    let asked_again = calls(dir.path()) - asked;
    // The file run whole (stopped by the deadline) and run bounded (the helpmate interrupted by
    // Popeye's maxtime) depend on the machine's load: asked again. The direct mate's answers
    // written again are whole: taken from the cache.
    assert!(
        asked_again >= 2 && asked_again < asked,
        "{asked} then {asked_again}"
    );
    assert!(!second.contains(" 0 taken from it"), "{second}");
    for relation in ["table-size", "unit-order"] {
        assert_eq!(row(&first, relation), row(&second, relation), "{second}");
    }
    // An unreadable folder is a one-line error, not a panic.
    std::fs::write(dir.path().join("a-file"), "").unwrap();
    let mut bad = more;
    bad[9] = "a-file/answers";
    let (code, _, err) = metamorphic(dir.path(), "slow.inp", &counted, &bad);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--cache"), "{err}");
}

#[test]
fn a_file_mirror_where_castling_is_possible_is_refused() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let castling =
        "beginproblem\nstipulation #2\npieces white ke1 rh1 qd1 black ke8 pe7\nendproblem\n";
    std::fs::write(dir.path().join("castling.inp"), castling).unwrap();
    let more = ["--relation", "file-mirror"];
    let (code, out, err) = metamorphic(dir.path(), "castling.inp", &py, &more);
    assert_eq!(code, 1, "nothing was checked: {out}\n{err}");
    assert_eq!(row(&out, "file-mirror"), [0, 0, 1, 0], "{out}");
    assert!(
        out.contains("metamorphic result: NOTHING CHECKED."),
        "{out}"
    );
}

#[test]
fn a_solver_that_loses_a_solution_with_a_small_table_is_caught() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let stand_in = loses_a_line_with_a_small_table(dir.path(), &py);
    let more = ["--reproducers", "found", "--quiet"];
    let (code, out, err) = metamorphic(dir.path(), "problems.inp", &stand_in, &more);
    assert_eq!(code, 1, "{out}\n{err}");
    assert_eq!(row(&out, "table-size"), [3, 1, 0, 0], "{out}");
    assert!(
        out.contains("problem 1 (line 1): table-size DISAGREES"),
        "{out}"
    );
    let folder = dir.path().join("found/problems-problem-1-table-size");
    for name in [
        "README",
        "original.inp",
        "changed.inp",
        "original.out",
        "changed.out",
    ] {
        assert!(
            folder.join(name).is_file(),
            "{name} in {}",
            folder.display()
        );
    }
    let readme = std::fs::read_to_string(folder.join("README")).unwrap();
    assert!(readme.contains("-maxmem 8M"), "{readme}");
    // A second run writes beside the first, never over it.
    let (code, _, _) = metamorphic(dir.path(), "problems.inp", &stand_in, &more);
    assert_eq!(code, 1);
    assert!(
        dir.path()
            .join("found/problems-problem-1-table-size-2")
            .is_dir()
    );
}

#[test]
fn a_solver_that_does_not_look_at_the_board_is_caught_by_the_mirror() {
    let dir = tempfile::tempdir().unwrap();
    let problem =
        "beginproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1\nendproblem\n";
    std::fs::write(dir.path().join("one.inp"), problem).unwrap();
    // The same answer to any input: right for the problem as given, wrong for its mirror.
    let script = "#!/bin/sh\nprintf '\\n  h#2                         2 + 3\\n\\n  \
                  1.Bb1-h7 Rd8-d1   2.Bh7-c2 Kc1*c2 #\\n  1.Bb1-g6 Rd8-d1   2.Bg6-c2 Kc1*c2 #\\n\\n\
                  solution finished. Time = 0.001 s\\n'\n";
    let stand_in = executable(dir.path(), "py", script);
    let more = ["--reproducers", "found", "--quiet"];
    let (code, out, err) = metamorphic(dir.path(), "one.inp", &stand_in, &more);
    assert_eq!(code, 1, "{out}\n{err}");
    assert_eq!(row(&out, "table-size"), [1, 0, 0, 0], "{out}");
    assert_eq!(row(&out, "unit-order"), [1, 0, 0, 0], "{out}");
    assert_eq!(row(&out, "file-mirror"), [0, 1, 0, 0], "{out}");
    assert_eq!(row(&out, "colour-reversal"), [0, 1, 0, 0], "{out}");
    assert!(out.contains("file-mirror DISAGREES"), "{out}");
}

#[test]
fn a_relation_that_does_not_exist_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let args = [
        "popeye",
        "metamorphic",
        "problems.inp",
        "--relation",
        "mirror",
    ];
    let (code, out, err) = feerie_in(dir.path(), &args);
    assert_eq!(code, 2, "{out}\n{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("invalid value 'mirror'"), "{err}");
    // The message lists the relations there are.
    assert!(
        err.contains("file-mirror") && err.contains("twins-apart"),
        "{err}"
    );
    let (code, _, err) = feerie_in(dir.path(), &["popeye", "metamorphic", "absent.inp"]);
    assert_eq!(code, 2, "{err}");
    for flag in ["--jobs", "--budget", "--timeout"] {
        let args = [
            "popeye",
            "metamorphic",
            "problems.inp",
            "--py",
            "/bin/sh",
            flag,
            "0",
        ];
        let (code, _, err) = feerie_in(dir.path(), &args);
        assert_eq!(code, 2, "{flag}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{flag}: {err}");
        assert!(err.contains(flag), "{flag}: {err}");
    }
}

/// Runs `feerie popeye campaign` in `dir` with `py`, a 60 s budget, the Circe scenarios, no
/// fuzz stages and `verify` as its files, with `more` flags.
fn campaign(dir: &Path, py: &Path, verify: &[&str], more: &[&str]) -> (i32, String, String) {
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/circe");
    let mut args = vec![
        "popeye",
        "campaign",
        "--py",
        py.to_str().unwrap(),
        "--budget",
        "60",
        "--scenarios",
        scenarios.to_str().unwrap(),
        "--fuzz",
        "0",
        "--fuzz-solve",
        "0",
        "--reproducers",
        "found",
        "--verify",
    ];
    args.extend_from_slice(verify);
    args.extend_from_slice(more);
    feerie_in(dir, &args)
}

#[test]
fn the_campaign_runs_the_relations_on_its_verify_files_after_its_own_stages() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let stand_in = loses_a_line_with_a_small_table(dir.path(), &py);
    let (code, out, err) = campaign(
        dir.path(),
        &stand_in,
        &["problems.inp"],
        &["--format", "json", "--quiet"],
    );
    assert_eq!(code, 1, "{out}\n{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let stage = doc["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "metamorphic")
        .unwrap_or_else(|| panic!("no metamorphic stage: {doc}"));
    assert_eq!(stage["differ"], 1, "{stage}");
    assert!(stage["agree"].as_u64().unwrap() > 5, "{stage}");
    let finding = &stage["findings"][0];
    assert!(
        finding["summary"]
            .as_str()
            .unwrap()
            .contains("table-size disagrees"),
        "{finding}"
    );
    let folder = dir.path().join(finding["reproducer"].as_str().unwrap());
    assert!(folder.join("README").is_file(), "{}", folder.display());
    assert!(err.contains("FOUND by metamorphic: "), "{err}");
}

#[test]
fn the_campaign_gives_its_relations_the_files_feerie_cannot_solve_first_and_more_time() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    // A Frischauf Circe problem: a condition feerie does not model, so only the relations check
    // it.
    std::fs::write(
        dir.path().join("frischauf.inp"),
        "beginproblem\ncondition frischaufcirce\nstipulation #2\n\
         pieces white kb6 qa1 black ka8\nendproblem\n",
    )
    .unwrap();
    let (code, out, err) = campaign(
        dir.path(),
        &py,
        &["problems.inp", "frischauf.inp"],
        &["--jobs", "1"],
    );
    assert_eq!(code, 0, "{out}\n{err}");
    // One case of five is beyond feerie's solving: the stages before the relations end earlier.
    assert!(
        err.contains("20 % of the verified files' cases are beyond feerie's solving"),
        "{err}"
    );
    assert!(
        err.contains("fuzz 50 %, fuzz-solve 73 %, verify 82 %"),
        "{err}"
    );
    let at = |file: &str| {
        err.find(&format!("popeye campaign: metamorphic {file}"))
            .unwrap_or_else(|| panic!("{file} not run:\n{err}"))
    };
    assert!(at("frischauf.inp") < at("problems.inp"), "{err}");
}

/// Popeye itself, but for an input a line of which `pattern` (`grep -i -E`) matches, its output
/// passed through the shell pipeline `filter`.
fn filtered_on_inputs_matching(
    dir: &Path,
    py: &Path,
    pattern: &str,
    filter: &str,
) -> std::path::PathBuf {
    let script = format!(
        "#!/bin/sh\nfor last; do :; done\nif grep -q -i -E '{pattern}' \"$last\"; then {} \"$@\" | \
         {filter}; else exec {} \"$@\"; fi\n",
        py.display(),
        py.display()
    );
    executable(dir, "py", &script)
}

/// Popeye itself, but for an input a line of which `pattern` (`grep -i -E`) matches, the first
/// solution line with a bishop leaving b1 is lost.
fn loses_a_line_on_inputs_matching(dir: &Path, py: &Path, pattern: &str) -> std::path::PathBuf {
    filtered_on_inputs_matching(dir, py, pattern, "sed '0,/b1-/{/b1-/d}'")
}

/// Runs the one relation `relation` over `problem` with a stand-in that loses a line on inputs
/// matching `pattern`: the exit code and the relation's row.
fn caught(problem: &str, relation: &str, pattern: &str) -> (i32, [usize; 4], String) {
    let Some(py) = shared_popeye() else {
        return (1, [0, 1, 0, 0], String::new());
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("one.inp"), problem).unwrap();
    let stand_in = loses_a_line_on_inputs_matching(dir.path(), &py, pattern);
    let more = ["--relation", relation, "--reproducers", "found", "--quiet"];
    let (code, out, err) = metamorphic(dir.path(), "one.inp", &stand_in, &more);
    (code, row(&out, relation), format!("{out}\n{err}"))
}

#[test]
fn a_solver_that_reads_german_otherwise_is_caught_by_the_translation() {
    let problem =
        "beginproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1\nendproblem\n";
    let (code, row, out) = caught(problem, "language", "anfangproblem");
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
}

#[test]
fn a_solver_that_solves_a_twin_otherwise_than_alone_is_caught() {
    let problem = "beginproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1\n\
                   twin move d8 d7\nendproblem\n";
    let (code, row, out) = caught(problem, "twins-apart", "^twin");
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
}

#[test]
fn a_solver_that_depends_on_the_order_of_the_conditions_is_caught() {
    let problem = "beginproblem\nstipulation h#2\ncondition madrasi patrouille\n\
                   pieces white kc1 rd8 black ka1 pa2 bb1\nendproblem\n";
    let (code, row, out) = caught(problem, "condition-order", "patrouille madrasi");
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
    // Circe reads its variant words after it: another order would give them to another
    // condition, so the relation is not used.
    let circe = "beginproblem\nstipulation h#2\ncondition circe parrain madrasi\n\
                 pieces white kc1 rd8 black ka1 pa2 bb1\nendproblem\n";
    let (code, row, out) = caught(circe, "condition-order", "patrouille madrasi");
    assert_eq!((code, row), (1, [0, 0, 1, 0]), "nothing checked: {out}");
}

#[test]
fn a_solver_that_crashes_on_a_changed_input_is_caught_and_the_others_are_still_checked() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    // Popeye itself, but killed by a segmentation fault on an input with option halfduplex
    // (what the colour reversal adds) and a knight on g1 (the first problem's, reversed).
    let script = format!(
        "#!/bin/sh\nfor last; do :; done\nif grep -q -i 'halfduplex' \"$last\" && grep -q -i ' sg1' \
         \"$last\"; then kill -SEGV $$; fi\nexec {} \"$@\"\n",
        py.display()
    );
    let stand_in = executable(dir.path(), "py", &script);
    let file = "beginproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1 sg8\n\
                nextproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1\nendproblem\n";
    std::fs::write(dir.path().join("two.inp"), file).unwrap();
    let more = [
        "--relation",
        "colour-reversal",
        "--reproducers",
        "found",
        "--quiet",
    ];
    let (code, out, err) = metamorphic(dir.path(), "two.inp", &stand_in, &more);
    assert_eq!(code, 1, "{out}\n{err}");
    // The crash is the first problem's disagreement; the second, run alone, agrees.
    assert_eq!(row(&out, "colour-reversal"), [1, 1, 0, 0], "{out}");
    assert!(out.contains("Popeye crashed on the changed input"), "{out}");
}

#[test]
fn a_huge_timeout_is_no_overflow() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let more = [
        "--timeout",
        "10000000000000000000",
        "--relation",
        "unit-order",
        "--quiet",
    ];
    let (code, out, err) = metamorphic(dir.path(), "problems.inp", &py, &more);
    // The bound written for Popeye is one it reads (maxtime is a 32-bit number), and the
    // run's own bound saturates: every problem is checked.
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(row(&out, "unit-order"), [4, 0, 0, 0], "{out}");
}

#[test]
fn a_crash_on_the_file_as_given_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    write_problems(dir.path());
    let crash = executable(dir.path(), "py", "#!/bin/sh\nkill -SEGV $$\n");
    let (code, out, err) = metamorphic(dir.path(), "problems.inp", &crash, &["--quiet"]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("metamorphic result: POPEYE CRASHED."), "{out}");
    // Killed from outside (a kill for memory), it is no finding: nothing was checked.
    let killed = executable(dir.path(), "killed", "#!/bin/sh\nkill -KILL $$\n");
    let (code, out, _) = metamorphic(dir.path(), "problems.inp", &killed, &["--quiet"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("metamorphic result: NOTHING CHECKED."),
        "{out}"
    );
}

#[test]
fn a_problem_that_cannot_be_written_whole_is_not_checked_when_its_file_runs_bounded() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    // The slow helpmate sends the file to be run problem by problem, written again; the second
    // problem (Popeye's BEISPIEL/intell.inp, a zero position and a twin) cannot be written with
    // its zero position, so its twins as problems of their own have nothing to compare with.
    let file = format!(
        "{SLOW_HELPMATE}stipulation h#4\n\
                pieces white kh3 bh7 pd3 pe3 black kd6 qf6 rg5 be5 pb4 pb5 ph5 ph6\n\
                zeroposition move e5 g8\ntwin move h7 a7\nendproblem\n"
    );
    std::fs::write(dir.path().join("zero.inp"), file).unwrap();
    let more = [
        "--timeout",
        "2",
        "--relation",
        "twins-apart",
        "--allow-empty",
    ];
    let (code, out, err) = metamorphic(dir.path(), "zero.inp", &py, &more);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("each problem bounded instead"), "{err}");
    assert_eq!(row(&out, "twins-apart"), [0, 0, 1, 1], "{out}");
    assert!(out.contains("metamorphic result: ok."), "{out}");
}

/// A mate in two whose keys threaten and whose defences are answered by other mates.
const THREAT_TREE: &str = "beginproblem\nstipulation #2\noption variation\n\
                           pieces white kc7 rd1 bf3 black ka8 pa7 pb7\nendproblem\n";

/// The tree replay over `input` in `dir` with `py`: the exit code, its row and the output.
fn tree_replay(dir: &Path, input: &str, py: &Path) -> (i32, [usize; 4], String) {
    let more = [
        "--relation",
        "tree-replay",
        "--reproducers",
        "found",
        "--quiet",
    ];
    let (code, out, err) = metamorphic(dir, input, py, &more);
    (code, row(&out, "tree-replay"), format!("{out}\n{err}"))
}

#[test]
fn a_tree_that_shows_fewer_mates_than_its_position_has_is_caught_by_the_replay() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("one.inp"), THREAT_TREE).unwrap();
    let (code, row, out) = tree_replay(dir.path(), "one.inp", &py);
    assert_eq!((code, row), (0, [1, 0, 0, 0]), "{out}");
    // The stand-in drops the tree's last mate, in the mate in two only.
    let drop_last_mate = "tac | sed '0,/^ *2\\./{/^ *2\\./d}' | tac";
    let stand_in = filtered_on_inputs_matching(dir.path(), &py, "#2", drop_last_mate);
    let (code, row, out) = tree_replay(dir.path(), "one.inp", &stand_in);
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
    assert!(out.contains("posed alone has"), "{out}");
    let found = dir.path().join("found").read_dir().unwrap().count();
    assert_eq!(found, 1, "one reproducer");
}

#[test]
fn popeye_4_104_shows_a_defence_its_bul_threat_still_answers() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    // The nine units of the book's report: after 1.Qc6, 1...c3-c2 stops no threat.
    let bul = "begin\npieces white qa8 bc5 pa7 pg6 white bul lid5\n       black ke4 pc3c4g3\n\
               stipulation #2\noption variation try nowk\nend\n";
    std::fs::write(dir.path().join("bul.inp"), bul).unwrap();
    let (code, row, out) = tree_replay(dir.path(), "bul.inp", &py);
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
    assert!(
        out.contains("c3-c2: shown as a defence, yet every threat"),
        "{out}"
    );
}

#[test]
fn each_twin_of_a_helpmate_is_replayed_from_its_own_position() {
    let Some(py) = shared_popeye() else { return };
    let dir = tempfile::tempdir().unwrap();
    let twins = "beginproblem\nstipulation h#2\npieces white kc1 rd8 black ka1 pa2 bb1\n\
                 twin move d8 d7\ntwin move c1 c2\nendproblem\n";
    std::fs::write(dir.path().join("twins.inp"), twins).unwrap();
    let (code, row, out) = tree_replay(dir.path(), "twins.inp", &py);
    assert_eq!((code, row), (0, [1, 0, 0, 0]), "{out}");
    // A stand-in that loses a solution of every helpmate in one is caught, and the claim
    // found names its twin.
    let drop_first = "sed '0,/^ *1\\./{/^ *1\\./d}'";
    let stand_in = filtered_on_inputs_matching(dir.path(), &py, "h#1", drop_first);
    let (code, row, out) = tree_replay(dir.path(), "twins.inp", &stand_in);
    assert_eq!((code, row), (1, [0, 1, 0, 0]), "{out}");
    assert!(out.contains("twin a: the solutions after 1."), "{out}");
}
