//! Parry series with help parries (`pser-h#n`, `phser-s#n`, `phser-r#n`): a series move may
//! check, the other side parrying with a move of its choice before the series goes on. Both
//! engines give Popeye 4.104's lines (carried here, as it printed them), the parries
//! unnumbered; and under the Circe forms and Frankfurt chess `popeye verify` agrees with the
//! live binary, parries with rebirths included.

mod common;

use std::collections::BTreeSet;

use feerie::verify::Outcome;

/// The lines `feerie solve` prints with `engine`, as a set, spaces collapsed.
fn solved(engine: &str, fen: &str, stipulation: &str) -> BTreeSet<String> {
    common::solved_lines(engine, fen, stipulation, "orthodox")
}

/// Black's rook checks, White's king parries by taking the pawn; or Black plays on quietly.
const CORNER: &str = "k7/8/1pK5/p7/8/8/7R/3r4 b - - 0 1";

#[test]
fn both_engines_give_popeye_s_lines_parries_included() {
    // Popeye 4.104's lines.
    let parry: BTreeSet<String> = [
        "1.Rd1-c1 + Kc6*b6 2.Rc1-a1 Rh2-h8 #",
        "1.Rd1-d7 2.Rd7-a7 Rh2-h8 #",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    for engine in ["reference", "bitboard"] {
        assert_eq!(solved(engine, CORNER, "pser-h#2"), parry, "{engine}");
        // Without parries a checking series move ends the series.
        let plain = solved(engine, CORNER, "ser-h#2");
        assert_eq!(plain.len(), 1, "{engine}: {plain:?}");
        assert!(plain.is_subset(&parry));
    }
}

#[test]
fn verify_replays_popeye_s_parries() {
    let input = "beginproblem\noption noboard\nstipulation pser-h#2\n\
        pieces white kc6 rh2 black ka8 pa5 pb6 rd1\nendproblem\n";
    // Popeye 4.104's output (`-regression`, the board left out).
    let popeye = "\n  1.Rd1-c1 + Kc6*b6   2.Rc1-a1 Rh2-h8 #\n  1.Rd1-d7   2.Rd7-a7 Rh2-h8 #\n\n\
        solution finished.\n\n\n";
    let outcome = common::verify_carried(input, popeye);
    assert!(matches!(outcome, Outcome::Agree(2)), "{outcome:?}");
    // A parry left out does not replay.
    let cut = popeye.replace(" Kc6*b6", "");
    assert_ne!(cut, popeye);
    let outcome = common::verify_carried(input, &cut);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

/// Parry series under conditions: each has a line with a parry (Frankfurt chess none: its king
/// taking the pawn would change it into a pawn).
const UNDER_CONDITIONS: &str = "beginproblem
option noboard
condition circe
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
next
option noboard
condition circe parrain
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
next
option noboard
condition circe clone
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
next
option noboard
condition equipollentscirce
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
next
option noboard
condition frankfurtchess
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
endproblem
";

#[test]
fn parry_series_under_conditions_agrees_with_live_popeye() {
    let Some(reports) = common::verify_live(UNDER_CONDITIONS) else {
        return;
    };
    assert_eq!(reports.len(), 5);
    common::assert_each_agrees(&reports);
    // Under Circe both lines, the parry that takes a pawn (reborn on b7) among them; under
    // Frankfurt chess only the quiet one.
    assert!(
        matches!(reports[0].outcome, Outcome::Agree(2)),
        "{:?}",
        reports[0].outcome
    );
    assert!(
        matches!(reports[4].outcome, Outcome::Agree(1)),
        "{:?}",
        reports[4].outcome
    );
}

/// Parry series with set play (Popeye's own regression positions for `phser-r#2` and
/// `phser-s#2`), an intro before a parry series (its example `2->pser-h#3`), and duplex before
/// an intro series and a parry series; set play before an intro series is skipped.
const WITH_OPTIONS: &str = "beginproblem
option noboard duplex
condition circe
stipulation 1->ser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6
next
option noboard set
stipulation phser-r#2
pieces white ke1 pg3 black ke3 bh5 sh2 pd3
next
option noboard set
stipulation phser-s#2
pieces white ke1 sh2 pg3 black ke3 pd3d4e2e4h3
next
option noboard
stipulation 2->pser-h#3
pieces white kc1 ra1 ba2 pd5h4 black kh7 bd8 sf2 pf7h6
next
option noboard duplex
stipulation pser-h#2
pieces white kc6 rh2 black ka8 pa5 pb6 rd1
next
option noboard setplay
stipulation 2->ser-#2
pieces white kc6 rh2 black ka8 pa5 pb6
endproblem
";

#[test]
fn parry_and_intro_series_with_options_agree_with_live_popeye() {
    let Some(reports) = common::verify_live(WITH_OPTIONS) else {
        return;
    };
    assert_eq!(reports.len(), 6);
    common::assert_each_agrees(&reports[..5]);
    match &reports[5].outcome {
        Outcome::Skipped(why) => assert!(why.contains("intro series"), "{why}"),
        other => panic!("{other:?}"),
    }
}
