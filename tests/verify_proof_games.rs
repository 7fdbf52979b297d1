//! Popeye's output of stipulations feerie does not solve is cut into the right sections all
//! the same: `proof_games.out` is Popeye 4.104's output of an input where help and direct mates
//! stand between proof games (`dia 1`, once under Circe) and an `a=>b 1.5`, whose section prints
//! two diagrams (the start, `=> (Black ->)`, the target). The proof games are skipped with a
//! reason, never a difference; the problems after them find their sections, also when the
//! sections are looked for by diagram because the output lacks one (its first section cut).

mod common;

use feerie::bitboard::BitboardEngine;
use feerie::solve::Options;
use feerie::verify::{CaseReport, Outcome, verify};

use common::verify_data_text as data;

fn verified(output: &str) -> Vec<CaseReport> {
    verify(
        &data("proof_games.inp"),
        output,
        None,
        &BitboardEngine,
        &Options::default(),
    )
    .expect("the input reads")
}

fn outcome<'a>(reports: &'a [CaseReport], name: &str) -> &'a Outcome {
    &reports
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no case {name} in {reports:?}"))
        .outcome
}

/// Problems 2, 3 and 5 are the proof games and the `a=>b`; 1, 4 and 6 are mates.
const PROOF_GAMES: [&str; 3] = ["problem 2", "problem 3", "problem 5"];
const MATES: [&str; 2] = ["problem 4", "problem 6"];

#[test]
fn proof_games_are_skipped_and_the_problems_after_them_compared() {
    let output = data("proof_games.out");
    assert_eq!(output.matches("+---a---b").count(), 2 * 7, "seven diagrams");
    let reports = verified(&output);
    for name in PROOF_GAMES {
        assert!(
            matches!(outcome(&reports, name), Outcome::Skipped(_)),
            "{name}: {reports:?}"
        );
    }
    for name in ["problem 1"].into_iter().chain(MATES) {
        assert!(
            matches!(outcome(&reports, name), Outcome::Agree(n) if *n > 0),
            "{name}: {reports:?}"
        );
    }
    assert_eq!(reports.len(), 6, "{reports:?}");
}

#[test]
fn without_one_section_the_others_are_still_found_by_their_diagrams() {
    let output = data("proof_games.out");
    // The first problem's section cut: the sections no longer stand one per problem.
    let first_end = output.find("solution finished.").unwrap();
    let first_end = first_end + output[first_end..].find('\n').unwrap() + 1;
    let cut = format!(
        "{}{}",
        &output[..output.find("\n\n").unwrap() + 1],
        &output[first_end..]
    );
    let reports = verified(&cut);
    assert!(
        matches!(outcome(&reports, "problem 1"), Outcome::Differ { .. }),
        "{reports:?}"
    );
    for name in PROOF_GAMES {
        assert!(
            matches!(outcome(&reports, name), Outcome::Skipped(_)),
            "{name}: {reports:?}"
        );
    }
    for name in MATES {
        assert!(
            matches!(outcome(&reports, name), Outcome::Agree(n) if *n > 0),
            "{name}: {reports:?}"
        );
    }
    // No section is left over: the `a=>b` section, two diagrams and all, is its problem's.
    assert!(
        reports
            .iter()
            .all(|r| !r.name.starts_with("output section")),
        "{reports:?}"
    );
}
