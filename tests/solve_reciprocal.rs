//! Reciprocal help play (`reci-h#n`, `reci-h(=)#n`, `ser-reci-h#n`): both engines give Popeye
//! 4.104's lines (carried here, as it printed them), short lines where the side that begins
//! can already do both in the diagram included; and under the Circe forms and Frankfurt chess
//! `popeye verify` agrees with the live binary.

mod common;

use std::collections::BTreeSet;

use feerie::bitboard::BitboardEngine;
use feerie::solve::Options;
use feerie::verify::{Outcome, verify};

/// The lines `feerie solve` prints with `engine`, as a set.
fn solved(engine: &str, fen: &str, stipulation: &str) -> BTreeSet<String> {
    solved_under(engine, fen, stipulation, "orthodox")
}

/// [`solved`] under `rules`.
fn solved_under(engine: &str, fen: &str, stipulation: &str, rules: &str) -> BTreeSet<String> {
    common::solved_lines(engine, fen, stipulation, rules)
}

/// Black mates at once with `Ra3-a1`, or moves for `Sd6-f7` to mate; after `1.Rg8-f8 Kh1-g1`
/// both again (the king on g1, its flight f2 taken by the rook).
const BACK_RANKS: &str = "6rk/6pp/3N4/8/8/r7/6PP/7K b - - 0 1";

/// Popeye 4.104's lines (English) for each problem.
const CASES: &[(&str, &str, &[&str])] = &[
    (
        BACK_RANKS,
        "reci-h#1",
        &[
            "1.Ra3-a1 #",
            "1.Ra3-a2 Sd6-f7 #",
            "1.Ra3-a8 Sd6-f7 #",
            "1.Ra3-a6 Sd6-f7 #",
            "1.Ra3-a5 Sd6-f7 #",
            "1.Ra3-a4 Sd6-f7 #",
            "1.Ra3-h3 Sd6-f7 #",
            "1.Ra3-g3 Sd6-f7 #",
            "1.Ra3-e3 Sd6-f7 #",
            "1.Ra3-d3 Sd6-f7 #",
            "1.Ra3-c3 Sd6-f7 #",
            "1.Ra3-b3 Sd6-f7 #",
        ],
    ),
    (
        BACK_RANKS,
        "reci-h#2",
        &[
            "1.Ra3-a1 #",
            "1.Ra3-a2 Sd6-f7 #",
            "1.Ra3-a8 Sd6-f7 #",
            "1.Ra3-a6 Sd6-f7 #",
            "1.Ra3-a5 Sd6-f7 #",
            "1.Ra3-a4 Sd6-f7 #",
            "1.Ra3-h3 Sd6-f7 #",
            "1.Ra3-g3 Sd6-f7 #",
            "1.Ra3-e3 Sd6-f7 #",
            "1.Ra3-d3 Sd6-f7 #",
            "1.Ra3-c3 Sd6-f7 #",
            "1.Ra3-b3 Sd6-f7 #",
            "1.Rg8-f8 Kh1-g1 2.Rf8-g8 Sd6-f7 #",
            "1.Rg8-f8 Kh1-g1 2.Ra3-a1 #",
        ],
    ),
    (
        // Black's own goal is stalemate: `3.Qe1*g3 =`.
        "8/6P1/8/8/8/4p3/8/5k1K b - - 0 1",
        "reci-h(=)#3",
        &[
            "1.e3-e2 g7-g8=Q 2.e2-e1=Q Qg8-g3 3.Qe1-e2 Qg3-g1 #",
            "1.e3-e2 g7-g8=Q 2.e2-e1=Q Qg8-g3 3.Qe1*g3 =",
        ],
    ),
    (
        // A series of six moves, then both: every move of the series numbered, White's
        // closing move not.
        "K1k5/7Q/8/7p/8/8/8/8 b - - 0 1",
        "ser-reci-h(=)#7",
        &[
            "1.h5-h4 2.h4-h3 3.h3-h2 4.h2-h1=R 5.Rh1-d1 6.Rd1-d7 7.Rd7-d8 Qh7-b7 #",
            "1.h5-h4 2.h4-h3 3.h3-h2 4.h2-h1=R 5.Rh1-d1 6.Rd1-d7 7.Rd7*h7 =",
        ],
    ),
];

#[test]
fn both_engines_give_popeye_s_reciprocal_lines() {
    for (fen, stipulation, popeye) in CASES {
        let popeye: BTreeSet<String> = popeye.iter().map(|l| l.to_string()).collect();
        for engine in ["bitboard", "reference"] {
            assert_eq!(
                solved(engine, fen, stipulation),
                popeye,
                "{stipulation} ({engine})"
            );
        }
    }
}

#[test]
fn a_series_ends_where_both_are_possible_only_after_a_series_move() {
    // In the diagram Black can do both, but `ser-reci-h#2` is a series of one move at least
    // followed by `reci-h#1`: none of the diagram's own lines is one of its solutions.
    let lines = solved("bitboard", BACK_RANKS, "ser-reci-h#2");
    assert_eq!(lines.len(), 132, "Popeye 4.104 prints 132");
    assert!(lines.iter().all(|l| l.contains("2.")), "{lines:?}");
    assert!(lines.contains("1.Ra3-a2 2.Ra2-a1 #"));
    assert!(lines.contains("1.Ra3-a7 2.Ra7-f7 Sd6*f7 #"));
    assert_eq!(solved("bitboard", BACK_RANKS, "ser-reci-h#1").len(), 12);
}

#[test]
fn a_move_the_mummer_rule_forbids_reaches_no_goal_and_popeye_s_reading_is_skipped() {
    // Under Black Maximummer Black must play its longest move (`Ra3-h3`), so `Ra3-a1 #` is
    // not its to play: no line, though Popeye 4.104 prints `1.Ra3-h3 Sd6-f7 #`.
    for engine in ["bitboard", "reference"] {
        assert!(solved_under(engine, BACK_RANKS, "reci-h#1", "black-maximummer").is_empty());
        assert_eq!(
            solved_under(engine, BACK_RANKS, "reci-h#1", "white-maximummer").len(),
            12
        );
    }
    let input = "beginproblem
pieces white kh1 pg2h2 sd6 black kh8 rg8a3 pg7h7
condition BlackMaximummer
stipulation reci-h#1
option noboard
endproblem
";
    // Popeye 4.104's output (`-regression`, the board left out).
    let popeye = "\n  1.Ra3-h3 Sd6-f7 #\n\n\nsolution finished.\n\n\n";
    let reports = verify(input, popeye, None, &BitboardEngine, &Options::default()).unwrap();
    match &reports[0].outcome {
        Outcome::Skipped(why) => assert!(why.contains("Maximummer"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_limit_on_solutions_in_reciprocal_play_is_skipped() {
    // Popeye 4.104 counts only the lines that end with White's mate toward the limit: 13 lines
    // printed under `maxsolutions 12`, then `Partial solution` (its output, `-regression`).
    let input = "begin\nstip reci-h#2\noption maxsolutions 12 noboard\n\
                 pieces white kh1 pg2h2 sd6 black kh8 rg8a3 pg7h7\nend\n";
    let mut popeye = String::from("\n");
    for to in [
        "a2", "a8", "a6", "a5", "a4", "h3", "g3", "e3", "d3", "c3", "b3",
    ] {
        popeye.push_str(&format!("  1.Ra3-{to} Sd6-f7 #\n"));
    }
    popeye.push_str("  1.Ra3-a1 #\n  1.Rg8-f8 Kh1-g1   2.Rf8-g8 Sd6-f7 #\nPartial solution\n\n\n");
    let reports = verify(input, &popeye, None, &BitboardEngine, &Options::default()).unwrap();
    match &reports[0].outcome {
        Outcome::Skipped(why) => assert!(why.contains("maxsolutions"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Reciprocal play under conditions, each with lines.
const UNDER_CONDITIONS: &str = "beginproblem
option noboard
condition circe
stipulation reci-h#2
pieces white kh1 pg2h2 sd6 black kh8 rg8a3 pg7h7
next
option noboard
condition circe parrain
stipulation ser-reci-h#2
pieces white kh1 pg2h2 sd6 black kh8 rg8a3 pg7h7
next
option noboard
condition frankfurtchess
stipulation reci-h(#)=2
pieces white kh1 pe7 black kf1 pe2
next
option noboard
condition equipollentscirce
stipulation ser-reci-h(=)#2
pieces white ka8 qh7 black kc8 rd1
endproblem
";

#[test]
fn reciprocal_play_under_conditions_agrees_with_live_popeye() {
    let Some(reports) = common::verify_live(UNDER_CONDITIONS) else {
        return;
    };
    assert_eq!(reports.len(), 4);
    common::assert_each_agrees(&reports);
}
