//! Intro series before series play (`2->ser-#1`, `1->ser-#2`, `1->ser-h#2`): both engines give
//! Popeye 4.104's lines (carried here, as it printed them): every intro from one move up to the
//! stipulated number, only its last move checking, the series numbered again after it when it
//! has two moves or more; and under the Circe forms and Frankfurt chess `popeye verify` agrees
//! with the live binary.

mod common;

use std::collections::BTreeSet;

use feerie::verify::Outcome;

/// The lines `feerie solve` prints with `engine`, as a set, spaces collapsed.
fn solved(engine: &str, fen: &str, stipulation: &str) -> BTreeSet<String> {
    common::solved_lines(engine, fen, stipulation, "orthodox")
}

/// White's king and rook against Black's cornered king and two pawns.
const CORNER: &str = "k7/8/1pK5/p7/8/8/7R/8 w - - 0 1";

/// Popeye 4.104's lines for each problem.
const CASES: &[(&str, &str, &[&str])] = &[
    (
        // White's intro, then Black's series of up to two moves and White's mate: the series
        // numbered again; the intro may check (`1.Rh2-h8 +`), and a shorter series is a line.
        CORNER,
        "1->ser-h#2",
        &[
            "1.Rh2-h1 1.Ka8-b8 2.Kb8-c8 Rh1-h8 #",
            "1.Rh2-e2 1.Ka8-b8 2.Kb8-c8 Re2-e8 #",
            "1.Rh2-f2 1.Ka8-b8 2.Kb8-c8 Rf2-f8 #",
            "1.Rh2-g2 1.Ka8-b8 2.Kb8-c8 Rg2-g8 #",
            "1.Rh2-h8 + 1.Ka8-a7 2.Ka7-a6 Rh8-a8 #",
            "1.Rh2-h7 1.Ka8-b8 2.Kb8-c8 Rh7-h8 #",
            "1.Rh2-h6 1.Ka8-b8 2.Kb8-c8 Rh6-h8 #",
            "1.Rh2-h5 1.Ka8-b8 2.Kb8-c8 Rh5-h8 #",
            "1.Rh2-h4 1.Ka8-b8 2.Kb8-c8 Rh4-h8 #",
            "1.Rh2-h3 1.Ka8-b8 2.Kb8-c8 Rh3-h8 #",
            "1.Kc6*b6 1.a5-a4 Rh2-h8 #",
            "1.Kc6*b6 1.Ka8-b8 Rh2-h8 #",
            "1.Kc6*b6 1.a5-a4 2.a4-a3 Rh2-h8 #",
            "1.Kc6*b6 1.a5-a4 2.Ka8-b8 Rh2-h8 #",
            "1.Kc6*b6 1.Ka8-b8 2.a5-a4 Rh2-h8 #",
            "1.Kc6*b6 1.Ka8-b8 2.Kb8-a8 Rh2-h8 #",
        ],
    ),
    (
        // Black's intro, then White's series mate in two.
        "k7/8/1pK5/p7/8/8/7R/8 b - - 0 1",
        "1->ser-#2",
        &[
            "1.a5-a4 1.Kc6*b6 2.Rh2-h8 #",
            "1.b6-b5 1.Kc6-b6 2.Rh2-h8 #",
            "1.Ka8-b8 1.Kc6*b6 2.Rh2-h8 #",
        ],
    ),
    (
        // Intros of one and of two moves; a series of one move is not numbered again.
        "7k/pp6/6K1/8/8/8/8/3R4 b - - 0 1",
        "2->ser-#1",
        &[
            "1.a7-a5 Rd1-d8 #",
            "1.a7-a6 Rd1-d8 #",
            "1.b7-b5 Rd1-d8 #",
            "1.b7-b6 Rd1-d8 #",
            "1.Kh8-g8 Rd1-d8 #",
            "1.a7-a5 2.a5-a4 Rd1-d8 #",
            "1.a7-a5 2.b7-b5 Rd1-d8 #",
            "1.a7-a5 2.b7-b6 Rd1-d8 #",
            "1.a7-a5 2.Kh8-g8 Rd1-d8 #",
            "1.a7-a6 2.a6-a5 Rd1-d8 #",
            "1.a7-a6 2.b7-b5 Rd1-d8 #",
            "1.a7-a6 2.b7-b6 Rd1-d8 #",
            "1.a7-a6 2.Kh8-g8 Rd1-d8 #",
            "1.b7-b5 2.b5-b4 Rd1-d8 #",
            "1.b7-b5 2.a7-a5 Rd1-d8 #",
            "1.b7-b5 2.a7-a6 Rd1-d8 #",
            "1.b7-b5 2.Kh8-g8 Rd1-d8 #",
            "1.b7-b6 2.b6-b5 Rd1-d8 #",
            "1.b7-b6 2.a7-a5 Rd1-d8 #",
            "1.b7-b6 2.a7-a6 Rd1-d8 #",
            "1.b7-b6 2.Kh8-g8 Rd1-d8 #",
            "1.Kh8-g8 2.a7-a5 Rd1-d8 #",
            "1.Kh8-g8 2.a7-a6 Rd1-d8 #",
            "1.Kh8-g8 2.b7-b5 Rd1-d8 #",
            "1.Kh8-g8 2.b7-b6 Rd1-d8 #",
            "1.Kh8-g8 2.Kg8-h8 Rd1-d8 #",
        ],
    ),
    (
        // The one intro move may check; the numbering of White's moves goes on to the mate.
        "7k/8/5K2/8/8/8/R7/1R6 w - - 0 1",
        "1->ser-h#1",
        &[
            "1.Rb1-b8 + Kh8-h7 2.Ra2-h2 #",
            "1.Rb1-b7 Kh8-g8 2.Ra2-a8 #",
            "1.Rb1-h1 + Kh8-g8 2.Ra2-a8 #",
            "1.Rb1-g1 Kh8-h7 2.Ra2-h2 #",
            "1.Ra2-a8 + Kh8-h7 2.Rb1-h1 #",
            "1.Ra2-a7 Kh8-g8 2.Rb1-b8 #",
            "1.Ra2-h2 + Kh8-g8 2.Rb1-b8 #",
            "1.Ra2-g2 Kh8-h7 2.Rb1-h1 #",
            "1.Kf6-f7 Kh8-h7 2.Ra2-h2 #",
            "1.Kf6-f7 Kh8-h7 2.Rb1-h1 #",
            "1.Kf6-g6 Kh8-g8 2.Ra2-a8 #",
            "1.Kf6-g6 Kh8-g8 2.Rb1-b8 #",
        ],
    ),
];

#[test]
fn both_engines_give_popeye_s_lines() {
    for (fen, stipulation, popeye) in CASES {
        let popeye: BTreeSet<String> = popeye.iter().map(|l| l.to_string()).collect();
        for engine in ["reference", "bitboard"] {
            assert_eq!(
                solved(engine, fen, stipulation),
                popeye,
                "{engine}: {stipulation} from {fen}"
            );
        }
    }
}

#[test]
fn verify_replays_popeye_s_intro_lines() {
    // The carried lines of the first case as Popeye's output: the intro's end is told by the
    // side each move replays for (`1.Kc6*b6   1.a5-a4 Rh2-h8 #`, `1.Rh2-h1   1.Ka8-b8`).
    let input = "beginproblem\noption noboard\nstipulation 1->ser-h#2\n\
        pieces white kc6 rh2 black ka8 pa5 pb6\nendproblem\n";
    // Popeye 4.104's output (`-regression`, the board left out).
    let mut popeye = String::from("\n");
    for line in CASES[0].2 {
        popeye.push_str(&format!("  {line}\n"));
    }
    popeye.push_str("\n\nsolution finished.\n\n\n");
    let outcome = common::verify_carried(input, &popeye);
    assert!(matches!(outcome, Outcome::Agree(16)), "{outcome:?}");
    // A line cut after its intro does not replay as a solution.
    let cut = popeye.replace("  1.Kc6*b6 1.a5-a4 Rh2-h8 #\n", "  1.Kc6*b6\n");
    assert_ne!(cut, popeye);
    let outcome = common::verify_carried(input, &cut);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

/// Intro series under conditions, each with lines.
const UNDER_CONDITIONS: &str = "beginproblem
option noboard
condition circe
stipulation 1->ser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6
next
option noboard
condition circe parrain
stipulation 2->ser-#2
pieces white kc6 rh2 black ka8 pa5 pb6
next
option noboard
condition circe clone
stipulation 1->ser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6
next
option noboard
condition equipollentscirce
stipulation 2->ser-#1
pieces white kg6 rd1 black kh8 pa7 pb7
next
option noboard
condition frankfurtchess
stipulation 1->ser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6
endproblem
";

#[test]
fn intro_series_under_conditions_agrees_with_live_popeye() {
    let Some(reports) = common::verify_live(UNDER_CONDITIONS) else {
        return;
    };
    assert_eq!(reports.len(), 5);
    common::assert_each_agrees(&reports);
}
