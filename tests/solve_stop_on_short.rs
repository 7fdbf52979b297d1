//! Popeye's `option StopOnShortSolutions`: in help and series play Popeye solves length by
//! length and stops after the first length shorter than the stipulation with solutions,
//! printing each of them and `Partial solution`; in direct play it says it does not support the
//! option and solves as without it. `popeye verify` judges both (Popeye 4.104's outputs carried
//! here, as its `-regression` run printed them), and agrees with the live binary on help,
//! help-self and series play.

mod common;

use feerie::verify::Outcome;

/// White's queen mates on a8 at once; Black's pawn can wait.
const CORNER: &str = "white kh1 qa1 black kh8 pg7 ph7 pb3";

fn input(options: &str, stipulation: &str) -> String {
    format!(
        "beginproblem\noption noboard {options}\nstipulation {stipulation}\npieces {CORNER}\n\
         endproblem\n"
    )
}

#[test]
fn the_shortest_solutions_end_with_partial_solution() {
    for (stipulation, popeye) in [
        ("ser-#3", "\n  1.Qa1-a8 #\nPartial solution\n\n\n"),
        ("h#2", "\n  1.b3-b2 Qa1-a8 #\nPartial solution\n\n\n"),
    ] {
        let stopped = input("stoponshortsolutions", stipulation);
        let outcome = common::verify_carried(&stopped, popeye);
        assert!(
            matches!(outcome, Outcome::Agree(1)),
            "{stipulation}: {outcome:?}"
        );
        // Finished instead, Popeye would have gone on: a difference.
        let finished = popeye.replace("Partial solution", "solution finished.");
        let outcome = common::verify_carried(&stopped, &finished);
        assert!(
            matches!(outcome, Outcome::Differ { .. }),
            "{stipulation}: {outcome:?}"
        );
        // Without the option the longer solutions are missing.
        let outcome = common::verify_carried(&input("", stipulation), popeye);
        assert!(
            matches!(outcome, Outcome::Differ { .. }),
            "{stipulation}: {outcome:?}"
        );
    }
}

#[test]
fn in_direct_play_popeye_says_so_and_solves_it_whole() {
    let popeye = "Option  StopOnShortSolutions  not supported with direct play.\n\n   \
                  1.Qa1-a8 # !\n\n\nsolution finished.\n\n\n";
    let outcome = common::verify_carried(&input("stoponshortsolutions", "#2"), popeye);
    assert!(matches!(outcome, Outcome::Agree(1)), "{outcome:?}");
}

#[test]
fn stop_on_short_solutions_agrees_with_live_popeye() {
    let pieces = "white ka1 qh5 bb1 pa2 black kd4 bh8 ph6 pe6 pd5 pc5 pc4";
    let problems: Vec<String> = ["h#3", "h#2.5", "hs#3", "hr#3", "ser-#4", "ser-h#4", "#3"]
        .iter()
        .map(|s| format!("option noboard stoponshortsolutions\nstipulation {s}\npieces {pieces}\n"))
        .collect();
    let text = format!("beginproblem\n{}endproblem\n", problems.join("next\n"));
    let Some(reports) = common::verify_live(&text) else {
        return;
    };
    assert_eq!(reports.len(), 7);
    // h#3 stops at its h#2 solutions (110 lines), hs#3 at its hs#2 ones.
    assert!(common::assert_each_agrees_counting(&reports) >= 4);
}
