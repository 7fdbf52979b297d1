//! `exact-` in self, reflex and help-self play (`exact-s#2`, `exact-r#2`, `exact-hr#2`): the
//! defender reaches the goal with its last move, never sooner. Both engines drop the keys that
//! let it sooner; a defence that mates before the last move refutes, marked `#` as Popeye 4.104
//! prints it (carried here, as its `-regression` run printed them); and under the Circe forms
//! and Frankfurt chess `popeye verify` agrees with the live binary.

mod common;

use std::collections::BTreeSet;

use feerie::verify::Outcome;

/// White's queen forces a discovered mate by the bishop on h8 (Popeye's `pieces white ka1 qh5
/// bb1 pa2 black kd4 bh8 ph6 pe6 pd5 pc5 pc4`).
const DISCOVERY: &str = "7b/8/4p2p/2pp3Q/2pk4/8/P7/KB6 w - - 0 1";
const DISCOVERY_PIECES: &str = "white ka1 qh5 bb1 pa2 black kd4 bh8 ph6 pe6 pd5 pc5 pc4";

/// The keys `feerie solve` prints with `engine`.
fn keys(engine: &str, stipulation: &str) -> BTreeSet<String> {
    common::solved_keys(engine, DISCOVERY, stipulation)
}

#[test]
fn an_exact_reflex_play_drops_the_keys_that_let_the_defender_mate_at_once() {
    // Popeye 4.104's keys: r#2 five, exact-r#2 three (after 1.Qh5-h1 and 1.Qh5*d5+ Black is
    // bound to mate at once).
    let exact: BTreeSet<String> = ["1.Qh5-d1 + !", "1.Qh5-g4 + !", "1.Qh5-h4 + !"]
        .iter()
        .map(|k| k.to_string())
        .collect();
    for engine in ["reference", "bitboard"] {
        let all = keys(engine, "r#2");
        assert_eq!(all.len(), 5, "{engine}: {all:?}");
        assert!(all.contains("1.Qh5-h1 !") && all.contains("1.Qh5*d5 + !"));
        assert_eq!(keys(engine, "exact-r#2"), exact, "{engine}");
        assert_eq!(keys(engine, "exact-semi-r#2"), exact, "{engine}");
    }
}

fn input(options: &str, stipulation: &str, pieces: &str) -> String {
    format!(
        "beginproblem\noption noboard {options}\nstipulation {stipulation}\npieces {pieces}\n\
         endproblem\n"
    )
}

/// Popeye 4.104's `exact-s#2` under `option try`: `1...b3-b2 #` mates before the last move and
/// refutes, marked `#`.
const EARLY_MATE: &str = "white ka1 qe1 sd1 pc3 pe2 black kc2 bb1 pa2 pb3 pa4";
const EARLY_MATE_TRIES: &str = "
   1.Sd1-f2 ?
    but
      1...b3-b2 # !

   1.Sd1-b2 !

   1.Qe1-d2 + ?
    but
      1...Kc2*d2 !


solution finished.

";

#[test]
fn a_defence_that_mates_before_the_last_move_refutes() {
    let exact = input("try", "exact-s#2", EARLY_MATE);
    let outcome = common::verify_carried(&exact, EARLY_MATE_TRIES);
    assert!(matches!(outcome, Outcome::Agree(1)), "{outcome:?}");
    // Marked `+`, as a refutation of direct play is, it is a difference.
    let plus = EARLY_MATE_TRIES.replace("b3-b2 # !", "b3-b2 + !");
    let outcome = common::verify_carried(&exact, &plus);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
    // Without exact-, 1.Sd1-f2 is no try: the early mate ends the play.
    let plain = input("try", "s#2", EARLY_MATE);
    let outcome = common::verify_carried(&plain, EARLY_MATE_TRIES);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

#[test]
fn tries_of_exact_reflex_play_are_skipped_naming_why() {
    let outcome = common::verify_carried(
        &input("try", "exact-r#2", DISCOVERY_PIECES),
        "\n   1.Qh5-d1 + !\n\n\nsolution finished.\n\n\n",
    );
    match outcome {
        Outcome::Skipped(why) => assert!(why.contains("exact- reflex"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn exact_self_play_under_conditions_agrees_with_live_popeye() {
    let text = common::under_family_conditions(
        &[
            ("exact-r#2", "variation setplay"),
            ("exact-s#2", "try variation"),
            ("exact-hr#2", ""),
        ],
        DISCOVERY_PIECES,
    );
    let Some(reports) = common::verify_live(&text) else {
        return;
    };
    assert_eq!(reports.len(), 18);
    assert!(common::assert_each_agrees_counting(&reports) >= 6);
}
