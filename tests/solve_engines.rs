//! Both engines solve alike: on problem-like positions under every rule family (orthodox,
//! Circe and its Clone, Equipollents and Parrain forms, Frankfurt and Protean chess, each with
//! and without a magic piece, under both profiles) and on every shipped scenario position,
//! short stipulations of each kind of play give the same solutions, move for move, through the
//! reference and the bitboard engine.

use std::path::Path;

use feerie::bitboard::BitboardEngine;
use feerie::engines::SearchEngine;
use feerie::oracle::ReferenceEngine;
use feerie::scenario::load_dir;
use feerie::solve::{Options, solve};

/// Short stipulations of each kind of play, with each goal.
const STIPULATIONS: [&str; 28] = [
    "#1", "#2", "=1", "s#1", "h#1", "h#1.5", "h=1", "ser-h#2", "ser-#2", "x1", "+1", "~1", "s+1",
    "hx1.5", "ser-x2", "ze41", "hep1", "001", "h%1", "#=1", "h==1", "ser-h!=2", "h#=1", "r#2",
    "semi-r#1", "hs#1", "hr#1.5", "hsx1.5",
];

fn lines(
    engine: &dyn SearchEngine,
    position: &feerie::oracle::Position,
    rules: &feerie::oracle::Rules,
    stipulation: &str,
) -> Vec<String> {
    let stipulation: feerie::solve::stipulation::Stipulation = stipulation.parse().unwrap();
    // A stipulation the rules refuse (`%` under Parrain) is refused by both engines alike,
    // before any search: no line.
    if stipulation.refused_under(rules).is_some() {
        let refused = solve(engine, position, rules, stipulation, &Options::default());
        assert!(refused.is_err(), "{} solves {stipulation}", engine.name());
        return Vec::new();
    }
    let solved = solve(engine, position, rules, stipulation, &Options::default())
        .unwrap_or_else(|e| panic!("{} cannot solve {stipulation}: {e}", engine.name()));
    solved
        .solutions
        .iter()
        .map(|line| {
            line.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Problem-like positions (few units, mates near), solved under every rule family.
const POSITIONS: [&str; 4] = [
    "4kr2/3pp3/8/8/8/8/8/1K1Q4 b - - 0 1",
    "k7/8/2K5/8/8/8/8/1R6 w - - 0 1",
    "k7/8/2K5/8/8/8/8/1R6 b - - 0 1",
    "k7/8/2K5/8/3(bmB)4/8/8/1R6 w - - 0 1",
];

const FAMILIES: [&str; 7] = [
    "orthodox",
    "circe",
    "circe-clone",
    "circe-equipollents",
    "circe-parrain",
    "frankfurt",
    "protean",
];

#[test]
fn both_engines_give_the_same_solutions_in_every_family() {
    let mut with_solutions = std::collections::BTreeSet::new();
    for fen in POSITIONS {
        let position = feerie::oracle::fen::parse(fen, feerie::oracle::Validation::Strict).unwrap();
        for family in FAMILIES {
            for profile in ["documented", "popeye"] {
                let rules = feerie::oracle::Rules::from_words(
                    &[family.to_string()],
                    Some(profile),
                    &[] as &[String],
                )
                .unwrap();
                for stipulation in STIPULATIONS {
                    let reference = lines(&ReferenceEngine, &position, &rules, stipulation);
                    let bitboard = lines(&BitboardEngine, &position, &rules, stipulation);
                    assert_eq!(
                        reference, bitboard,
                        "{fen} ({rules}) {stipulation}: the engines' solutions differ"
                    );
                    if !reference.is_empty() {
                        let magic = if fen.contains('m') { " magic" } else { "" };
                        with_solutions.insert(format!("{family}{magic}"));
                    }
                }
            }
        }
    }
    // The comparison means something only if solutions were found in every family.
    for family in FAMILIES {
        assert!(
            with_solutions.contains(family),
            "no solution in {family}: {with_solutions:?}"
        );
        assert!(
            with_solutions.contains(&format!("{family} magic")),
            "no solution in {family} with a magic piece: {with_solutions:?}"
        );
    }
}

/// Solves the shipped scenarios' positions with the short stipulations through both engines,
/// each (scenario, stipulation) pair whose index is 0 modulo `every` (the index runs over the
/// scenarios and the stipulations together, so that every stipulation meets every kind of
/// scenario), and returns how many solves were compared.
fn scenarios_solve_alike(every: usize) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let scenarios = load_dir(&dir).expect("the scenarios folder reads");
    let mut solved = 0;
    for (i, scenario) in scenarios.into_iter().flatten().enumerate() {
        let (Ok(position), Ok(rules)) = (scenario.position(), scenario.base_rules()) else {
            continue;
        };
        // The two-move direct stipulation is left out here to keep the test short.
        let stipulations = STIPULATIONS.iter().filter(|s| **s != "#2");
        for (j, stipulation) in stipulations.enumerate() {
            if (i + j) % every != 0 {
                continue;
            }
            let reference = lines(&ReferenceEngine, &position, &rules, stipulation);
            let bitboard = lines(&BitboardEngine, &position, &rules, stipulation);
            assert_eq!(
                reference, bitboard,
                "{} ({}) {stipulation}: the engines' solutions differ",
                scenario.file, rules
            );
            solved += 1;
        }
    }
    solved
}

/// A quarter of the scenario solves, every stipulation among them: the whole takes minutes
/// and runs under `--ignored` (ci/test.sh).
#[test]
fn both_engines_give_the_same_solutions_on_a_sample_of_the_scenarios() {
    let solved = scenarios_solve_alike(4);
    assert!(solved > 100, "only {solved} scenario solves");
}

#[test]
#[ignore = "a minute or more: every scenario under every short stipulation; ci/test.sh runs it"]
fn both_engines_give_the_same_solutions_on_the_scenarios() {
    let solved = scenarios_solve_alike(1);
    assert!(solved > 400, "only {solved} scenario solves");
}

fn feerie(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_feerie"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn solve_refuses_bad_input_in_one_line() {
    let fen = "k7/8/2K5/8/8/8/8/1R6 w - - 0 1";
    for (args, words) in [
        (
            vec!["solve", "--fen", fen, "--stipulation", "pser-#2"],
            "supported:",
        ),
        (
            vec!["solve", "--fen", fen, "--stipulation", "#2.5"],
            "help and help-self play only",
        ),
        (vec!["solve", "--fen", fen], "--stipulation is needed"),
        (
            vec![
                "solve",
                "--fen",
                fen,
                "--stipulation",
                "#1",
                "--max-solutions",
                "0",
            ],
            "at least 1",
        ),
        (
            vec![
                "solve",
                "--fen",
                fen,
                "--stipulation",
                "#1",
                "--threads",
                "0",
            ],
            "--threads",
        ),
    ] {
        let (code, out, err) = feerie(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn solve_prints_keys_and_lines_in_popeye_s_layout() {
    let fen = "k7/8/2K5/8/8/8/8/1R6";
    let (code, out, _) = feerie(&[
        "solve",
        "--fen",
        &format!("{fen} w - - 0 1"),
        "--stipulation",
        "ser-#2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "\n  1.Kc6-c7   2.Rb1-a1 #\n\nsolution finished.\n");
    let (code, out, _) = feerie(&[
        "solve",
        "--fen",
        &format!("{fen} b - - 0 1"),
        "--stipulation",
        "h#2",
        "--max-solutions",
        "1",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[1].starts_with("  1.Ka8-") && lines[1].ends_with(" #"),
        "{out}"
    );
    assert_eq!(lines[3], "partial solution");
}

#[test]
fn the_transposition_table_changes_no_solution() {
    let rules =
        feerie::oracle::Rules::from_words(&["circe".to_string()], Some("popeye"), &[] as &[String])
            .unwrap();
    for fen in POSITIONS {
        let position = feerie::oracle::fen::parse(fen, feerie::oracle::Validation::Strict).unwrap();
        for stipulation in ["#2", "s#2", "h#2", "ser-h#3", "ser-#3"] {
            let run = |hash_megabytes| {
                let options = Options {
                    hash_megabytes,
                    ..Options::default()
                };
                solve(
                    &BitboardEngine,
                    &position,
                    &rules,
                    stipulation.parse().unwrap(),
                    &options,
                )
                .unwrap()
            };
            assert_eq!(run(0), run(16), "{fen} {stipulation}");
        }
    }
}

/// Threads share out the first moves and the replies to each: the same solutions, in the same
/// order, as one thread; streamed from several threads, the same set.
#[test]
fn threads_find_what_one_thread_finds() {
    use feerie::solve::solve_each;
    use std::sync::Mutex;
    let position = feerie::oracle::fen::parse(
        "1r6/3n4/4pp2/4k3/8/8/8/2K1NB2 b - - 0 1",
        feerie::oracle::Validation::Strict,
    )
    .unwrap();
    for family in ["orthodox", "circe", "circe-parrain"] {
        let rules =
            feerie::oracle::Rules::from_words(&[family.to_string()], None, &[] as &[String])
                .unwrap();
        for stipulation in ["h#2", "h#2.5", "ser-h#3", "hs#2"] {
            let stipulation = stipulation.parse().unwrap();
            let one = solve(
                &BitboardEngine,
                &position,
                &rules,
                stipulation,
                &Options::default(),
            )
            .unwrap();
            let three = Options {
                threads: 3,
                ..Options::default()
            };
            let many = solve(&BitboardEngine, &position, &rules, stipulation, &three).unwrap();
            assert_eq!(one.solutions, many.solutions, "{family} {stipulation}");
            let streamed = Mutex::new(Vec::new());
            solve_each(
                &BitboardEngine,
                &position,
                &rules,
                stipulation,
                &three,
                &|line| streamed.lock().unwrap().push(line),
            )
            .unwrap();
            let mut streamed = streamed.into_inner().unwrap();
            streamed.sort();
            assert_eq!(one.solutions, streamed, "{family} {stipulation}, streamed");
        }
    }
}

/// In `hs#n.5` the side to reach the goal begins: when each of its moves reaches the goal (it
/// is bound to), each such move is a line already, as Popeye 4.104 prints it; when it may play
/// another move, none is. Found under Black Must Capture, where the Amazon's capture is Black's
/// only move: Popeye prints `1...AMc8*c3 #` in `hs#1.5`.
#[test]
fn a_help_self_half_move_bound_to_the_goal_is_a_line() {
    use feerie::oracle::notation::popeye_input;
    use feerie::oracle::{Condition, Profile, Rules, Validation};
    let file = popeye_input::parse(
        "beginproblem\npieces white kd1 cag1 gic3 black ka1 amc8\nstipulation hs#1.5\nendproblem\n",
    )
    .unwrap();
    let (position, _) = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap();
    // In hs#1.5 Black begins.
    let mut setup = position.setup().clone();
    setup.side_to_move = feerie::oracle::Colour::Black;
    let position = feerie::oracle::Position::new(setup, Validation::Strict).unwrap();
    let bound = Rules::new([Condition::BlackMustCapture], Profile::Popeye).unwrap();
    let free = Rules::new([], Profile::Popeye).unwrap();
    for engine in [&ReferenceEngine as &dyn SearchEngine, &BitboardEngine] {
        for stipulation in ["hs#1.5", "hs#2.5"] {
            let bound_lines = lines(engine, &position, &bound, stipulation);
            assert_eq!(
                bound_lines.len(),
                1,
                "{} {stipulation}: {bound_lines:?}",
                engine.name()
            );
            assert!(bound_lines[0].contains("c8*c3"), "{bound_lines:?}");
            assert!(lines(engine, &position, &free, stipulation).is_empty());
        }
    }
}
