//! Popeye's `option quodlibet` in self play (`s#n`, `semi-r#n`): the attacker also wins by
//! reaching the goal itself. Both engines give Popeye 4.104's trees (carried here, as its
//! `-regression` run printed them); in `r#n` the reflex obligation comes first; in three moves
//! or more a tree beyond the keys is skipped, naming why; the set play of reflex play is shown
//! whole without `option variation`; and under the Circe forms and Frankfurt chess `popeye
//! verify` agrees with the live binary.

mod common;

use feerie::verify::Outcome;

/// White's queen forces a discovered mate by the bishop on h8, or mates itself.
const DISCOVERY: &str = "white ka1 qh5 bb1 pa2 black kd4 bh8 ph6 pe6 pd5 pc5 pc4";

/// White's queen mates on a8 at once.
const CORNER: &str = "white kh1 qa1 black kh8 pg7 ph7 pb3";

fn input(options: &str, stipulation: &str, pieces: &str) -> String {
    format!(
        "beginproblem\noption noboard {options}\nstipulation {stipulation}\npieces {pieces}\n\
         endproblem\n"
    )
}

/// Popeye 4.104's `s#2` under `option quodlibet variation` (its `-regression` output).
const QUODLIBET_S2: &str = "
   1.Qh5*h6 ! threat:
          2.Qh6-e3 +
              2...Kd4*e3 #
      1...c4-c3
          2.Qh6-f4 #
      1...Kd4-c3
          2.Qh6-d2 +
              2...Kc3*d2 #
      1...Kd4-e5
          2.Qh6-f4 +
              2...Ke5*f4 #
      1...e6-e5
          2.Qh6-d2 #


solution finished.


";

#[test]
fn the_attacker_s_own_mate_answers_a_defence() {
    let quodlibet = input("quodlibet variation", "s#2", DISCOVERY);
    let outcome = common::verify_carried(&quodlibet, QUODLIBET_S2);
    assert!(matches!(outcome, Outcome::Agree(1)), "{outcome:?}");
    // Without the option the key is none: White's own mates do not answer.
    let plain = input("variation", "s#2", DISCOVERY);
    let outcome = common::verify_carried(&plain, QUODLIBET_S2);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
    // An answer left out is a difference.
    let cut = QUODLIBET_S2.replace("          2.Qh6-d2 #\n", "");
    assert_ne!(cut, QUODLIBET_S2);
    let outcome = common::verify_carried(&quodlibet, &cut);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

#[test]
fn a_mate_in_one_is_a_key_of_self_play_and_binds_the_reflex_attacker() {
    // Popeye 4.104: `1.Qa1-a8 # !` in `s#1`, `1.Qa1-a8 # ?!?` in `r#1` (bound, and lost).
    let key = "\n   1.Qa1-a8 # !\n\n\nsolution finished.\n\n\n";
    let bound = "\n   1.Qa1-a8 # ?!?\n\nsolution finished.\n\n\n";
    // The bound attacker's moves are no solution.
    for (stipulation, popeye, keys) in [("s#1", key, 1), ("semi-r#1", key, 1), ("r#1", bound, 0)] {
        let outcome = common::verify_carried(&input("quodlibet", stipulation, CORNER), popeye);
        assert!(
            matches!(outcome, Outcome::Agree(n) if n == keys),
            "{stipulation}: {outcome:?}"
        );
    }
    // In r#1 the mate is no key.
    let outcome = common::verify_carried(&input("quodlibet", "r#1", CORNER), key);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
    // Without the option the s#1 has no key.
    let outcome = common::verify_carried(&input("", "s#1", CORNER), key);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

/// Popeye 4.104's `s#2` of `OVERRUN` under `option quodlibet variation`: `1.Qc6-c5 !` and
/// `2.Qb6-b5` are followed by the defender's last move and nothing (`3.Qb5-b7 #` would mate,
/// a move past the stipulation).
const OVERRUN: &str = "white ka1 ba6 qc6 black kb8";
const OVERRUN_S2: &str = "
   1.Ka1-b2 ! threat:
          2.Qc6-b7 #

   1.Ka1-a2 ! threat:
          2.Qc6-b7 #

   1.Ka1-b1 ! threat:
          2.Qc6-b7 #

   1.Ba6-c8 ! threat:
          2.Qc6-b7 #

   1.Qc6-d7 ! threat:
          2.Qd7-b7 #

   1.Qc6-b7 # !

   1.Qc6-c5 ! zugzwang.
      1...Kb8-a8
          2.Qc5-b5
              2...Ka8-a7
   1.Qc6-b6 + !
      1...Kb8-a8
          2.Qb6-b5
              2...Ka8-a7
          2.Qb6-b7 #

   1.Qc6-c8 + !
      1...Kb8-a7
          2.Qc8-b7 #


solution finished.

";

#[test]
fn popeye_s_goal_past_the_stipulation_is_named_not_agreed() {
    let problem = input("quodlibet variation", "s#2", OVERRUN);
    match common::verify_carried(&problem, OVERRUN_S2) {
        Outcome::Skipped(why) => assert!(why.contains("one move past"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Without the overrun lines the tree is ours.
    let fixed = OVERRUN_S2
        .replace(
            "   1.Qc6-c5 ! zugzwang.\n      1...Kb8-a8\n          2.Qc5-b5\n              2...Ka8-a7\n",
            "",
        )
        .replace("          2.Qb6-b5\n              2...Ka8-a7\n", "");
    assert_ne!(fixed, OVERRUN_S2);
    let outcome = common::verify_carried(&problem, &fixed);
    assert!(matches!(outcome, Outcome::Agree(8)), "{outcome:?}");
}

#[test]
fn a_quodlibet_tree_of_three_moves_is_skipped_naming_why() {
    let outcome = common::verify_carried(
        &input("quodlibet variation", "s#3", DISCOVERY),
        "\n   1.Qh5*h6 !\n\n\nsolution finished.\n\n\n",
    );
    match outcome {
        Outcome::Skipped(why) => assert!(why.contains("quodlibet"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Popeye 4.104's `r#2` under `option setplay` alone: the set play whole, each answer followed
/// by the defender's closing mates.
const REFLEX_SET_PLAY: &str = "
      1...Kd4-c3
          2.Qh5-h1
              2...Kc3-d2 #
              2...Kc3-b4 #
      1...Kd4-e3 +
          2.Qh5-e5 +
              2...Bh8*e5 #
      1...Bh8-e5
          2.Qh5-e8
              2...Kd4-e3 #
          2.Qh5-f7
              2...Kd4-e3 #
          2.Qh5-g6
              2...Kd4-e3 #
          2.Qh5-h1
              2...Kd4-e3 #
      1...Bh8-f6
          2.Qh5-e8
              2...Kd4-e3 #
          2.Qh5-h1
              2...Kd4-e3 #
          2.Qh5*d5 +
              2...Kd4*d5 #
      1...Bh8-g7
          2.Qh5-e8
              2...Kd4-e3 #
          2.Qh5-h1
              2...Kd4-e3 #
          2.Qh5*d5 +
              2...Kd4*d5 #

   1.Qh5-d1 + !

   1.Qh5-g4 + !

   1.Qh5-h1 !

   1.Qh5-h4 + !

   1.Qh5*d5 + !


solution finished.

";

#[test]
fn the_set_play_of_reflex_play_is_shown_whole() {
    let problem = input("setplay", "r#2", DISCOVERY);
    let outcome = common::verify_carried(&problem, REFLEX_SET_PLAY);
    assert!(matches!(outcome, Outcome::Agree(5)), "{outcome:?}");
    // The set play's answers alone, as under variations not shown, are a difference.
    let cut: String = REFLEX_SET_PLAY
        .lines()
        .filter(|l| !l.starts_with("              2..."))
        .map(|l| format!("{l}\n"))
        .collect();
    let outcome = common::verify_carried(&problem, &cut);
    assert!(matches!(outcome, Outcome::Differ { .. }), "{outcome:?}");
}

#[test]
fn quodlibet_under_conditions_agrees_with_live_popeye() {
    let text = common::under_family_conditions(
        &[
            ("s#2", "quodlibet variation"),
            ("semi-r#2", "quodlibet variation"),
        ],
        DISCOVERY,
    );
    let Some(reports) = common::verify_live(&text) else {
        return;
    };
    assert_eq!(reports.len(), 12);
    // Some have keys (Equipollents Circe four in s#2).
    assert!(common::assert_each_agrees_counting(&reports) > 0);
}
