//! Twins as Popeye makes them: for every twinning command (each rotation, each mirror, shift,
//! move, exchange, remove, add, polish, substitute, stipulation, sstipulation, condition,
//! continued, in English and German, written out and abbreviated) the position of each twin of
//! `tests/data/twins/*.inp` is compared with the one Popeye 4.104 solved.
//!
//! Popeye prints the diagram once per problem, so each twin is listed instead: the problems are
//! one-movers `~1` (every white move) and each twin is followed by `continued sstipulation black
//! 1s[~]` (every black move of the same position). The positions are built so that every unit
//! has a move; the units a listing moves are then the units of that side, walk and square. The
//! recorded outputs (`*.out`, Popeye run with `-maxmem 64M -regression`) are checked here
//! without Popeye; with the binary beside the repository (`../shared/tools/popeye/py`) they are
//! also checked to be what it prints. `mirror.inp` (an h#2 under each mirror and rotation) is
//! verified against Popeye's solutions. Without it that test says it skipped; under CI
//! (`FEERIE_REQUIRE_POPEYE`, `FEERIE_REQUIRE_SHARED` or `CI` set) it fails instead.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use feerie::bitboard::BitboardEngine;
use feerie::oracle::notation::popeye_input::{self, Language, UnitColour};
use feerie::oracle::notation::popeye_twin;
use feerie::oracle::notation::popeye_words::words::TWINNINGS;
use feerie::oracle::notation::popeye_words::{Lookup, Twinning};
use feerie::oracle::{Colour, Square};
use feerie::solve::Options;
use feerie::verify::{Outcome, verify};

/// The input files and Popeye's recorded output for each.
const FILES: &[(&str, &str)] = &[
    ("twins.inp", "twins.out"),
    ("zwillinge.inp", "zwillinge.out"),
];

/// An h#2 twinned by each mirror and rotation, and Popeye's solutions.
const MIRRORS: (&str, &str) = ("mirror.inp", "mirror.out");

/// An h#1 whose twin begins with a word that names no twinning command (Popeye solves the twin
/// and reads no more), then a problem Popeye never reads, and Popeye's output.
const STOPS: (&str, &str) = ("stops.inp", "stops.out");

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/twins")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A unit as a move listing shows it: the walk's letters as printed (none for a pawn) and its
/// square.
type Shown = BTreeSet<(String, String)>;

/// One twin of Popeye's output: its label, whether it continues the previous twin (`+b)`), and
/// the units its listing moves.
#[derive(Debug)]
struct PopeyeTwin {
    label: String,
    continued: bool,
    units: Shown,
}

/// Popeye's output, problem by problem (each starts with `a)`), twin by twin.
fn popeye_twins(output: &str) -> Vec<Vec<PopeyeTwin>> {
    let mut problems: Vec<Vec<PopeyeTwin>> = Vec::new();
    for line in output.lines().map(str::trim) {
        let (continued, rest) = match line.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        if let Some((label, _)) = rest.split_once(')')
            && (label.len() == 1 && label.as_bytes()[0].is_ascii_lowercase()
                || label.starts_with('z') && label[1..].parse::<u32>().is_ok())
        {
            if label == "a" {
                problems.push(Vec::new());
            }
            problems
                .last_mut()
                .expect("a twin label before any a)")
                .push(PopeyeTwin {
                    label: label.to_string(),
                    continued,
                    units: Shown::new(),
                });
        } else if let Some(play) = line.strip_prefix("1.") {
            let letters: String = play
                .chars()
                .take_while(|c| c.is_ascii_uppercase())
                .collect();
            let square = &play[letters.len()..letters.len() + 2];
            assert!(
                square.parse::<Square>().is_ok(),
                "cannot read the unit of '{line}'"
            );
            problems
                .last_mut()
                .and_then(|p| p.last_mut())
                .expect("a move before any twin")
                .units
                .insert((letters, square.to_string()));
        }
    }
    problems
}

/// The side a twin's listing moves: Black under `sstipulation black …`, else White.
fn side_listed(problem: &popeye_input::PopeyeProblem) -> Colour {
    match problem.structured_stipulation.as_deref() {
        Some(s) if s.to_ascii_lowercase().starts_with("black") => Colour::Black,
        Some(s) if s.to_ascii_lowercase().starts_with("schwarz") => Colour::Black,
        _ => Colour::White,
    }
}

/// The units of `side` in our twin, as Popeye's listing would show them.
fn our_units(problem: &popeye_input::PopeyeProblem, side: Colour, language: Language) -> Shown {
    let pawn = match language {
        Language::English => "p",
        Language::German => "b",
    };
    problem
        .units
        .iter()
        .filter(|u| u.colour == UnitColour::Side(side))
        .map(|u| {
            let letters = if u.code == pawn {
                String::new()
            } else {
                u.code.to_ascii_uppercase()
            };
            (letters, u.square.to_string())
        })
        .collect()
}

/// Compares every twin of `input` with Popeye's `output`; returns how many twins agree.
fn compare(name: &str, input: &str, output: &str) -> usize {
    let file = popeye_input::parse(input).unwrap_or_else(|e| panic!("{name}: {e}"));
    let popeye = popeye_twins(output);
    assert_eq!(popeye.len(), file.problems.len(), "{name}: problems");
    let mut agreed = 0;
    for (p, (problem, shown)) in file.problems.iter().zip(&popeye).enumerate() {
        let ours = popeye_twin::twins(problem);
        let labels = |twins: Vec<&str>| twins.join(" ");
        assert_eq!(
            labels(ours.iter().map(|t| t.label.as_str()).collect()),
            labels(shown.iter().map(|t| t.label.as_str()).collect()),
            "{name} problem {}: twin labels",
            p + 1
        );
        for (i, (twin, theirs)) in ours.iter().zip(shown).enumerate() {
            let at = format!("{name} problem {} {})", p + 1, twin.label);
            // a) is the diagram; b) is the first `twin` line.
            let text = i.checked_sub(1).map(|k| problem.twins[k].as_str());
            let continued = text.is_some_and(|t| {
                let first = t.split_whitespace().next().unwrap_or("");
                TWINNINGS.lookup(file.language, first) == Lookup::Found(Twinning::Continued)
            });
            assert_eq!(theirs.continued, continued, "{at}: continued");
            let made = twin
                .problem
                .as_ref()
                .unwrap_or_else(|e| panic!("{at}: we cannot make the twin: {e}"));
            assert!(
                !theirs.units.is_empty(),
                "{at}: Popeye lists no move (the test position must give every unit a move)"
            );
            let side = side_listed(made);
            assert_eq!(
                our_units(made, side, file.language),
                theirs.units,
                "{at}: the {side:?} units (ours left, Popeye's right; {:?})",
                text.unwrap_or("the diagram")
            );
            agreed += 1;
        }
    }
    agreed
}

#[test]
fn every_twin_is_the_position_popeye_solved() {
    for (input, output) in FILES {
        let n = compare(input, &read(input), &read(output));
        assert!(n >= 20, "{input}: only {n} twins compared");
    }
}

/// The data names every twinning command and variant, so that none goes unchecked.
#[test]
fn the_data_uses_every_twinning_command() {
    let twin_lines = |name: &str| -> Vec<String> {
        read(name)
            .lines()
            .filter_map(|l| {
                let l = l.trim().to_lowercase();
                l.strip_prefix("twin ")
                    .or_else(|| l.strip_prefix("zwilling "))
                    .map(str::to_string)
            })
            .collect()
    };
    for (name, needed) in [
        (
            "twins.inp",
            &[
                "move ",
                "mo ",
                "exchange ",
                "exc ",
                "remove ",
                "rem ",
                "add ",
                "a black",
                "rotate 90",
                "rotate 180",
                "rot 270",
                "mirror a1<-->h1",
                "mirror a1<-->a8",
                "mirror a1<-->h8",
                "mi a8<-->h1",
                "mirror a1<-->a",
                "shift ",
                "polish",
                "polishtype",
                "substitute ",
                "sub ",
                "stipulation ~1",
                "sstipulation black",
                "ss black",
                "condition circe",
                "continued ",
                "cont ",
                "continued p",
            ][..],
        ),
        (
            "zwillinge.inp",
            &[
                "versetze ",
                "verse ",
                "tausche ",
                "tau ",
                "entferne ",
                "ent ",
                "hinzufuegen ",
                "h schwarz",
                "drehung 90",
                "drehung 180",
                "dreh 270",
                "spiegelung a1<-->h1",
                "spiegelung a1<-->a8",
                "spiegelung a1<-->h8",
                "sp a8<-->h1",
                "verschiebung ",
                "versc ",
                "farbwechsel",
                "fa",
                "ersetze ",
                "forderung ~1",
                "sforderung schwarz",
                "sfor schwarz",
                "bedingung circe",
                "ferner ",
                "fe ",
            ][..],
        ),
    ] {
        let lines = twin_lines(name);
        for word in needed {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(word) || l.contains(&format!(" {word}"))),
                "{name}: no twin uses '{word}'"
            );
        }
    }
}

/// Changing what a twin does changes the comparison: the data would catch a mirror or a
/// rotation taken for another.
#[test]
fn a_wrong_position_is_caught() {
    for (from, to) in [
        ("twin mirror a1<-->h8\n", "twin mirror a8<-->h1\n"),
        ("twin rotate 90\n", "twin rotate 270\n"),
        ("twin shift a1 b2\n", "twin shift b2 a1\n"),
    ] {
        let input = read("twins.inp");
        assert!(input.contains(from), "{from}");
        let changed = input.replacen(from, to, 1);
        let caught = std::panic::catch_unwind(|| compare("changed", &changed, &read("twins.out")));
        assert!(
            caught.is_err(),
            "'{}' read as '{}' went unnoticed",
            from.trim(),
            to.trim()
        );
    }
}

/// `popeye verify` solves each mirrored and rotated twin of an h#2 and finds exactly Popeye's
/// solutions: the position it solves is the one Popeye solved.
#[test]
fn verify_agrees_on_each_mirror_and_rotation() {
    let reports = verify(
        &read(MIRRORS.0),
        &read(MIRRORS.1),
        None,
        &BitboardEngine,
        &Options::default(),
    )
    .unwrap();
    assert_eq!(reports.len(), 8);
    for r in &reports {
        assert!(
            matches!(r.outcome, Outcome::Agree(25)),
            "{}: {:?}",
            r.name,
            r.outcome
        );
    }
}

/// Popeye stops reading the input at a twinning word that names no command: the twin is
/// skipped with that reason, every problem after it is skipped as not read, and the output's
/// one section is the whole output; a section for the unread problem would be a difference.
#[test]
fn popeye_stops_reading_at_an_unknown_twinning_word() {
    let input = read(STOPS.0);
    let output = read(STOPS.1);
    let reports = verify(&input, &output, None, &BitboardEngine, &Options::default()).unwrap();
    let outcomes: Vec<(&str, &Outcome)> = reports
        .iter()
        .map(|r| (r.name.as_str(), &r.outcome))
        .collect();
    assert_eq!(reports.len(), 4, "{outcomes:?}");
    assert!(
        matches!(reports[0].outcome, Outcome::Agree(3)),
        "{outcomes:?}"
    );
    assert!(
        matches!(&reports[1].outcome, Outcome::Skipped(why) if why.contains("'put'")
            && why.contains("reads no more")),
        "{outcomes:?}"
    );
    for r in &reports[2..] {
        assert!(
            matches!(&r.outcome, Outcome::Skipped(why)
                if why.contains("not read by Popeye") && why.contains("problem 1 b)")),
            "{outcomes:?}"
        );
    }
    // The output of the same input with the twin readable has a section for problem 2: given
    // with this input it is not this input's output.
    let readable = input.replace("twin put e2 e3", "twin move e1 e2");
    assert!(
        verify(
            &readable,
            &output,
            None,
            &BitboardEngine,
            &Options::default()
        )
        .unwrap()
        .iter()
        .any(|r| matches!(r.outcome, Outcome::Differ { .. })),
        "an input Popeye reads whole against the stopped output must differ"
    );
}

/// The recorded outputs are what the binary prints.
#[test]
fn the_recorded_outputs_are_popeye_s() {
    let Some(py) = common::shared_popeye() else {
        return;
    };
    for (input, output) in FILES.iter().chain([&MIRRORS, &STOPS]) {
        let run = Command::new(&py)
            .args(["-maxmem", "64M", "-regression"])
            .arg(data(input))
            .output()
            .expect("Popeye runs");
        assert!(run.status.success(), "{input}: {:?}", run.status);
        assert_eq!(
            String::from_utf8_lossy(&run.stderr),
            "",
            "{input}: Popeye complains"
        );
        let printed = String::from_utf8_lossy(&run.stdout);
        assert!(
            printed == read(output),
            "{input}: Popeye now prints otherwise than {output}; record it again with \
             `py -maxmem 64M -regression {input} > {output}` in tests/data/twins"
        );
        if *input != MIRRORS.0 && *input != STOPS.0 {
            compare(input, &read(input), &printed);
        }
    }
}
