//! `popeye verify` on a section too long to hold compares digests of the two sides' lines
//! (`src/verify/large.rs`), and says what the line-by-line comparison says: the test knob
//! `FEERIE_VERIFY_HOLD_LINES` lowers the bound on the lines held, so that a Circe Equipollents
//! h#2 of a few hundred solutions (Popeye 4.104's output recorded) goes down the digest path,
//! and each run's text is compared with the one that holds every line. Popeye's output agrees;
//! a line dropped, repeated, changed into another line that replays, or into one that does not
//! replay, differs alike on both paths, naming the line; so do the twins of `kinds` (direct
//! play trees, series, duplex, a solution limit), read again whole where digests do not apply.

mod common;

use std::path::Path;

use common::{verify_data as data, verify_holding as verify};

/// The two paths' answers on `output`, which must be the same: exit code and text.
fn both_paths(input: &Path, output: &Path) -> (i32, String) {
    let held = verify(input, output, None);
    let digested = verify(input, output, Some(5));
    assert_eq!(held, digested, "held (left) and digested (right) differ");
    held
}

/// A line as `popeye verify` names it: its words, one space apart.
fn words(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_digests_agree_where_every_line_does() {
    let (code, text) = both_paths(&data("many_h2.inp"), &data("many_h2.out"));
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("problem 1 h#2: agree ("), "{text}");
}

#[test]
fn the_digests_differ_where_one_line_is_dropped_repeated_or_changed() {
    let output = std::fs::read_to_string(data("many_h2.out")).unwrap();
    let lines: Vec<&str> = output.lines().collect();
    let solutions: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_start().starts_with("1."))
        .collect();
    assert!(solutions.len() > 100, "{} solutions", solutions.len());
    let (first, middle) = (solutions[0], solutions[solutions.len() / 2]);
    let dir = tempfile::tempdir().unwrap();
    let with = |i: usize, replacement: &[&str]| -> String {
        let mut out: Vec<&str> = lines[..i].to_vec();
        out.extend(replacement);
        out.extend(&lines[i + 1..]);
        out.join("\n") + "\n"
    };
    // The first solution turned into the second (`… Qc5*a3 #` into `… Rb3*a3 #`): a line
    // that replays, printed twice, and one missing.
    let swapped = lines[first].replace("Qc5*a3 #", "Rb3*a3 #");
    assert_ne!(swapped, lines[first]);
    let edits = [
        ("dropped", with(middle, &[]), words(lines[middle])),
        (
            "repeated",
            with(middle, &[lines[middle], lines[middle]]),
            "(printed 2 times)".to_string(),
        ),
        (
            "changed into a line that does not replay",
            with(first, &[&lines[first].replace("Rb1-b3", "Rb1-b5")]),
            "a line that does not replay".to_string(),
        ),
        (
            "changed into another line",
            with(first, &[&swapped]),
            words(lines[first]),
        ),
    ];
    for (what, text, named) in edits {
        let path = dir.path().join("edited.out");
        std::fs::write(&path, &text).unwrap();
        let (code, out) = both_paths(&data("many_h2.inp"), &path);
        assert_eq!(code, 1, "{what}: {out}");
        assert!(out.contains("DIFFER"), "{what}: {out}");
        assert!(out.contains(&named), "{what}: {named} not named in\n{out}");
    }
}

#[test]
fn trees_limits_and_duplex_read_again_whole_say_the_same() {
    for name in ["kinds", "deutsch", "goals", "parrain_series"] {
        let (input, output) = (data(&format!("{name}.inp")), data(&format!("{name}.out")));
        let (code, text) = both_paths(&input, &output);
        assert_eq!(code, 0, "{name}: {text}");
    }
}
