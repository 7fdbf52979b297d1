//! Scenarios in their mirrors: each mirror is a valid scenario that gives the mirrored answer
//! with both engines, the notation maps as Popeye writes it, and the file mirror is left out
//! where the rules are not symmetric.

use std::path::Path;

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, ReferenceEngine};
use feerie::scenario::mirror::{Mirror, mirrored, with_mirrors};
use feerie::scenario::{self, parse_scenario, print_failure};

#[test]
fn move_texts_map_squares_colours_and_the_order_of_contacts() {
    assert_eq!(Mirror::Colours.move_text("Ra1*b1[+bRa8]"), "Ra8*b8[+wRa1]");
    assert_eq!(
        Mirror::Colours.move_text("e7*d8=Q[+wQd1]"),
        "e2*d1=Q[+bQd8]"
    );
    assert_eq!(Mirror::Colours.move_text("0-0-0[+wPc4]"), "0-0-0[+bPc5]");
    // Contacts stay in square order (a1, b1, …, h8) after the files are turned.
    assert_eq!(
        Mirror::Files.move_text("mRb3-b6[a6=wB][c6=bP]"),
        "mRg3-g6[f6=bP][h6=wB]"
    );
    assert_eq!(
        Mirror::Colours.move_text("mRb3-b6[b5=bP][a6=wB]"),
        "mRb6-b3[a3=bB][b4=wP]"
    );
    assert_eq!(
        Mirror::Colours
            .fen("r3k3/8/8/8/3P4/8/8/R3K3 b Qq - 0 1")
            .unwrap(),
        "r3k3/8/8/3p4/8/8/8/R3K3 w Qq - 0 1"
    );
}

#[test]
fn the_file_mirror_is_left_out_where_the_rules_are_not_symmetric() {
    let scenario = |rules: &str, fen: &str| {
        let text = format!(
            "name: t\nsource: test\nrules: {rules}\nposition: {{ fen: \"{fen}\" }}\nexpect: {{ perft: {{ 1: 1 }} }}\n"
        );
        parse_scenario("t.yaml", &text).unwrap()
    };
    let quiet = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let files = |s| mirrored(&s, Mirror::Files).unwrap().is_some();
    assert!(files(scenario(
        "{ conditions: [circe-equipollents] }",
        quiet
    )));
    assert!(!files(scenario("{ conditions: [circe] }", quiet)));
    assert!(!files(scenario("{ conditions: [circe-clone] }", quiet)));
    assert!(!files(scenario(
        "{ conditions: [circe-equipollents], set: { rex: inclusive } }",
        quiet
    )));
    assert!(!files(scenario("{}", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")));
    // The colour mirror always applies.
    let s = scenario("{ conditions: [circe] }", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let m = mirrored(&s, Mirror::Colours).unwrap().unwrap();
    assert_eq!(m.name, "t [colour-mirrored]");
    assert_eq!(
        m.position.fen.as_deref(),
        Some("r3k3/8/8/8/8/8/8/4K3 b q - 0 1")
    );
}

/// Every mirror of every shipped scenario passes with `engine`; returns how many ran.
fn mirrors_pass_with(engine: &dyn Engine) -> [usize; 2] {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (all, counts) = with_mirrors(scenario::load_dir(&dir).unwrap());
    let mut report = String::new();
    for s in all
        .iter()
        .flatten()
        .filter(|s| s.name.ends_with("-mirrored]"))
    {
        let outcome = scenario::run(s, engine).unwrap();
        assert!(outcome.checked > 0, "{}: {}", s.file, s.name);
        for f in &outcome.failures {
            report.push_str(&print_failure(f));
        }
    }
    assert!(report.is_empty(), "{}\n{report}", engine.name());
    counts
}

#[test]
fn the_mirrors_of_the_shipped_scenarios_pass_with_both_engines() {
    let [colours, files] = mirrors_pass_with(&ReferenceEngine);
    assert!(
        colours >= 100 && files >= 20,
        "{colours} colour, {files} file mirrors"
    );
    assert_eq!(mirrors_pass_with(&BitboardEngine), [colours, files]);
}
