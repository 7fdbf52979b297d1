//! The solution trees of direct and self play ([`super::tree`]) checked through their text
//! in Popeye's layout ([`super::tree_layout`]).

use feerie_oracle::{ReferenceEngine, Rules, Validation, fen};

use super::stipulation::{Goal, Stipulation};
use super::tree::{TreeOptions, solve_tree};
use super::tree_layout::tree_text;

fn text(fen_text: &str, stipulation: &str, options: TreeOptions) -> Vec<String> {
    text_under(&Rules::orthodox(), fen_text, stipulation, options)
}

fn text_under(
    rules: &Rules,
    fen_text: &str,
    stipulation: &str,
    options: TreeOptions,
) -> Vec<String> {
    let position = fen::parse(fen_text, Validation::Strict).unwrap();
    let tree = solve_tree(
        &ReferenceEngine,
        &position,
        rules,
        stipulation.parse().unwrap(),
        &options,
        16,
    )
    .unwrap();
    let goal = stipulation.parse::<Stipulation>().unwrap().goal;
    tree_text(&tree, goal)
}

/// The lines of the block that begins with `head`.
fn block<'t>(lines: &'t [String], head: &str) -> Vec<&'t str> {
    let start = lines.iter().position(|l| l == head).expect(head);
    lines[start..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(String::as_str)
        .collect()
}

#[test]
fn a_key_with_four_threats_and_the_one_defence_that_stops_three() {
    // White Kc1 Qh4 Rd7 Sb4, Black Ka1 Pa2 Pb5: 1.Qh4-c4 threatens four mates; only
    // 1...b5*c4 defeats threats, and 2.Sb4-c2 # still mates.
    let lines = text(
        "8/3R4/8/1p6/1N5Q/8/p7/k1K5 w - - 0 1",
        "#2",
        TreeOptions::default(),
    );
    assert_eq!(
        block(&lines, "   1.Qh4-c4 ! threat:"),
        [
            "   1.Qh4-c4 ! threat:",
            "          2.Qc4*a2 #",
            "          2.Qc4-c3 #",
            "          2.Qc4-d4 #",
            "          2.Sb4-c2 #",
            "      1...b5*c4",
            "          2.Sb4-c2 #",
        ]
    );
    // Mates in one are keys without a tree.
    assert!(lines.contains(&"   1.Qh4-f6 # !".to_string()));
}

#[test]
fn under_mars_circe_a_capture_from_the_rebirth_square_is_not_the_threat_between_the_same_squares() {
    // Popeye's BEISPIEL/mars.inp, problem 2 b): 1.Ka3-b2 threatens 2.Sc1-e2 #; 1...e3-e2
    // defeats that threat, though the knight then mates on e2 by a capture from its rebirth
    // square g1 (Popeye shows the variation).
    let rules = Rules::from_words(&["mars-circe"], Some("popeye"), &[] as &[&str]).unwrap();
    let lines = text_under(
        &rules,
        "8/8/nRPr4/Q1p5/b1Pp1rP1/KB2p3/5P2/k1N5 w - - 0 1",
        "#2",
        TreeOptions::default(),
    );
    let key = block(&lines, "   1.Ka3-b2 ! threat:");
    let defence = key
        .iter()
        .position(|l| *l == "      1...e3-e2")
        .expect("1...e3-e2");
    assert_eq!(
        key[defence + 1..defence + 4],
        [
            "          2.Sc1-a2 #",
            "          2.Sc1-d3 #",
            "          2.Sc1-g1*e2 #"
        ]
    );
}

#[test]
fn defences_that_lengthen_the_play_are_shown_with_their_own_threats() {
    // #3, 1.Qd1-f3 threatens mate at once; each defence needs 2.Rh1-h7 and its threat.
    let lines = text(
        "k7/pp6/8/8/8/8/8/1K1Q3R w - - 0 1",
        "#3",
        TreeOptions::default(),
    );
    let key = block(&lines, "   1.Qd1-f3 ! threat:");
    for line in [
        "          2.Qf3-f8 #",
        "          2.Rh1-h8 #",
        "      1...a7-a5",
        "      1...a7-a6",
        "      1...Ka8-b8",
        "          2.Rh1-h7 threat:",
        "                  3.Qf3*b7 #",
        "              2...Kb8-c8",
        "                  3.Qf3-f8 #",
    ] {
        assert!(key.contains(&line), "{line} in {key:#?}");
    }
    // 1...b7 cannot move (pinned): no variation for it.
    assert!(!key.iter().any(|l| l.contains("b7-b")), "{key:#?}");
}

#[test]
fn a_try_and_its_refutation_only_with_tries() {
    let fen_text = "k7/p7/2K5/2P5/8/8/8/1R6 w - - 0 1";
    let with = TreeOptions {
        tries: true,
        ..TreeOptions::default()
    };
    let lines = text(fen_text, "#2", with);
    assert_eq!(
        block(&lines, "   1.Rb1-b8 + ?"),
        ["   1.Rb1-b8 + ?", "    but", "      1...Ka8*b8 !"]
    );
    assert!(
        !text(fen_text, "#2", TreeOptions::default())
            .iter()
            .any(|l| l.contains('?'))
    );
}

#[test]
fn under_a_bound_on_the_threat_a_move_threatening_nothing_is_no_try() {
    // #2: 1.Qf7-d5? and 1.Sf6-e8? threaten nothing (zugzwang), each refuted by 1...a6-a5.
    // Under `option threat 1` they fail outright: Popeye 4.104 shows neither as a try, only
    // the checking tries and the key with its threats.
    let fen_text = "3k4/3P1Q2/p4N2/8/8/8/KP6/8 w - - 0 1";
    let tries = TreeOptions {
        tries: true,
        ..TreeOptions::default()
    };
    let zugzwang = |lines: &[String]| {
        lines
            .iter()
            .filter(|l| l.starts_with("   1.") && l.contains(" ?"))
            .filter(|l| l.contains("Qf7-d5") || l.contains("Sf6-e8"))
            .count()
    };
    assert_eq!(zugzwang(&text(fen_text, "#2", tries)), 2);
    let mut bound: Stipulation = "#2".parse().unwrap();
    bound.threat_within = Some(1);
    let position = fen::parse(fen_text, Validation::Strict).unwrap();
    let rules = Rules::orthodox();
    let tree = solve_tree(&ReferenceEngine, &position, &rules, bound, &tries, 16).unwrap();
    let lines = tree_text(&tree, Goal::Mate);
    assert_eq!(zugzwang(&lines), 0, "{lines:?}");
    // Popeye's first moves, in our order.
    let shown: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("   1."))
        .map(String::as_str)
        .collect();
    assert_eq!(
        shown,
        [
            "   1.Qf7-e8 + ?",
            "   1.Qf7-f8 + ?",
            "   1.Qf7-g8 + ?",
            "   1.Sf6-d5 ! threat:"
        ],
        "{lines:?}"
    );
}

#[test]
fn set_play_shows_the_defences_with_an_answer() {
    let options = TreeOptions {
        set_play: true,
        ..TreeOptions::default()
    };
    let lines = text("k7/pp6/8/8/8/8/8/1K1Q3R w - - 0 1", "#2", options);
    assert_eq!(lines[1..3], ["      1...Ka8-b8", "          2.Qd1-d8 #"]);
    assert_eq!(lines[3], "");
}

#[test]
fn no_set_play_when_the_side_that_begins_is_in_check() {
    let options = TreeOptions {
        set_play: true,
        ..TreeOptions::default()
    };
    let tree = |fen_text: &str| {
        let position = fen::parse(fen_text, Validation::Strict).unwrap();
        solve_tree(
            &crate::bitboard::BitboardEngine,
            &position,
            &Rules::orthodox(),
            "#2".parse().unwrap(),
            &options,
            16,
        )
        .unwrap()
    };
    // The bishop on g8 checks the white king: the defender moving first would take it
    // (Popeye: "the side to play can capture the king", and no set play).
    assert!(
        tree("k5b1/8/4K3/1Q6/8/6n1/3B4/6R1 w - - 0 1")
            .set_play
            .is_none()
    );
    // The same position with the check taken away has its set play.
    assert!(
        tree("k7/6b1/4K3/1Q6/8/6n1/3B4/6R1 w - - 0 1")
            .set_play
            .is_some()
    );
}

#[test]
fn self_play_ends_with_the_defender_s_mate() {
    // s#2 (P. Gvozdjak): 1.Rc2-c3 + ! and each king move is answered by a check that
    // forces Black to mate.
    let position = fen::parse(
        "6b1/Qp1PPqp1/n2K1pPB/2N3R1/4p1P1/1P2k1nB/1PR1pN1b/4r1r1 w - - 0 1",
        Validation::Strict,
    )
    .unwrap();
    let tree = solve_tree(
        &crate::bitboard::BitboardEngine,
        &position,
        &Rules::orthodox(),
        "s#2".parse().unwrap(),
        &TreeOptions::default(),
        16,
    )
    .unwrap();
    let lines = tree_text(&tree, Goal::Mate);
    let key = block(&lines, "   1.Rc2-c3 + !");
    assert_eq!(key.len(), 13, "{key:#?}");
    for line in [
        "      1...Ke3-d2",
        "          2.Sc5*e4 +",
        "              2...Sg3*e4 #",
        "      1...Ke3-d4",
        "          2.Rg5-d5 +",
        "              2...Qf7*d5 #",
    ] {
        assert!(key.contains(&line), "{line} in {key:#?}");
    }
}

/// Reflex play (Popeye 4.104's answers, from its test of battle play): the defender's
/// forced mate is all it may play, in the set play and after the key.
#[test]
fn reflex_play_forces_the_defender_s_mate() {
    let options = TreeOptions {
        set_play: true,
        ..TreeOptions::default()
    };
    let lines = text("8/8/5p2/8/pp6/kp5P/p7/K7 w - - 0 1", "r#2", options);
    assert_eq!(
        lines,
        [
            "",
            "      1...b3-b2 #",
            "",
            "   1.h3-h4 !",
            "      1...b3-b2 #",
            ""
        ]
    );
    // In semi-reflex play the attacker is free to mate: here it must not.
    let semi = text("8/8/5p2/8/pp6/kp5P/p7/K7 w - - 0 1", "semi-r#2", options);
    assert!(semi.contains(&"   1.h3-h4 !".to_string()), "{semi:#?}");
}

/// Reflex play whose attacker can mate in the diagram is bound to: no key, the binding
/// move printed as Popeye prints it. Semi-reflex play has no such bond.
#[test]
fn a_reflex_attacker_that_can_mate_in_the_diagram_is_bound_to() {
    let fen_text = "8/6B1/8/8/p7/kp6/p7/K7 w - - 0 1";
    let lines = text(fen_text, "r#1", TreeOptions::default());
    assert_eq!(lines, ["", "   1.Bg7-f8 # ?!?", ""]);
    let semi = text(fen_text, "semi-r#1", TreeOptions::default());
    assert!(!semi.iter().any(|l| l.contains("?!?")), "{semi:#?}");
}

#[test]
fn a_self_play_whose_every_defence_gives_the_goal_is_shown_at_its_shortest() {
    // s#2: after 1.Rf3-f4 Black's only move mates; that is the play's end (an s#1), shown as
    // the last move is, with no zugzwang.
    let lines = text(
        "8/8/8/5p2/8/5Rpk/7p/7K w - - 0 1",
        "s#2",
        TreeOptions::default(),
    );
    assert_eq!(
        block(&lines, "   1.Rf3-f4 !"),
        ["   1.Rf3-f4 !", "      1...g3-g2 #"]
    );
}

#[test]
fn a_self_play_defence_giving_the_goal_early_is_not_shown() {
    // s#2: after 1.Rf4-d4 Black may mate at once (1...g3-g2 #), which ends the play early and
    // is not shown; 1...f5-f4 is. In the set play Black's only move mates, and is shown.
    let options = TreeOptions {
        threats: false,
        set_play: true,
        ..TreeOptions::default()
    };
    let lines = text("8/8/8/1p3p2/1P3R2/6pk/7p/7K w - - 0 1", "s#2", options);
    assert_eq!(
        block(&lines, "   1.Rf4-d4 !"),
        [
            "   1.Rf4-d4 !",
            "      1...f5-f4",
            "          2.Rd4*f4",
            "              2...g3-g2 #",
        ]
    );
    assert_eq!(
        lines.iter().filter(|l| *l == "      1...g3-g2 #").count(),
        1,
        "the set play's mate, once: {lines:#?}"
    );
}

#[test]
fn the_play_after_the_key_shows_the_defences_that_refute() {
    // Popeye's TESTS/battle_play.inp problem 5 with a second black pawn: White Kb6 Sd5 Pa7,
    // Black Ka8 Se8 Pg5 Ph5, #2 after the key: each knight move is mated, the pawn moves
    // refute (Popeye 4.104 prints exactly these lines).
    let options = TreeOptions {
        post_key: true,
        ..TreeOptions::default()
    };
    // The key is played: Black to move.
    let lines = text("k3n3/P7/1K6/3N2pp/8/8/8/8 b - - 0 1", "#2", options);
    assert_eq!(lines[1], " zugzwang.");
    let refutes = |defence: &str| {
        let at = lines.iter().position(|l| l == defence).expect(defence);
        lines[at + 1] == "        refutes."
    };
    assert!(
        refutes("      1...g5-g4") && refutes("      1...h5-h4"),
        "{lines:#?}"
    );
    assert!(!refutes("      1...Se8-c7"), "{lines:#?}");
    let mated = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("2."))
        .count();
    assert_eq!(mated, 4, "{lines:#?}");
    // In one move nothing is left to show after the key (direct play).
    assert_eq!(
        text("k3n3/P7/1K6/3N2pp/8/8/8/8 b - - 0 1", "#1", options),
        [""]
    );
}
