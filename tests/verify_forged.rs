//! No forged or foreign line passes `popeye verify`, on the path that holds a section's lines
//! and on the one that compares digests of them (`FEERIE_VERIFY_HOLD_LINES` sends a small
//! section down the digest path):
//! - `many_h2_forged.out` is Popeye's output of `many_h2.inp` with 128 of its solution lines
//!   replaced by junk lines computed (offline, by a generalised birthday search) so that their
//!   hashes under the fixed public SipHash keys sum to those of the lines they replace: a digest
//!   with known keys takes it for the genuine output, one with a key drawn per run does not;
//! - a line of plain text, or a move number with no move, inside a solution section is a
//!   difference, wherever it stands among the solutions.

use std::hash::{Hash, Hasher};
mod common;

use common::{verify_data as data, verify_holding as verify};

/// The held path (the default bound) and the digest path (a bound of 5 lines).
const PATHS: [(&str, Option<usize>); 2] = [("held", None), ("digested", Some(5))];

/// The digest of the solution lines (in the words `popeye verify` compares) as it was made
/// with the fixed keys of `DefaultHasher::new()`: how many, and the wrapping sum of their
/// 128-bit hashes.
fn fixed_key_digest(output: &str) -> (usize, u128) {
    let half = |domain: u8, line: &str| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        domain.hash(&mut h);
        line.hash(&mut h);
        h.finish()
    };
    let lines: Vec<String> = output
        .lines()
        .filter(|l| l.trim_start().starts_with("1."))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let sum = lines.iter().fold(0u128, |sum, l| {
        sum.wrapping_add((u128::from(half(1, l)) << 64) | u128::from(half(2, l)))
    });
    (lines.len(), sum)
}

#[test]
fn junk_lines_computed_to_collide_under_fixed_keys_do_not_pass() {
    let genuine = std::fs::read_to_string(data("many_h2.out")).unwrap();
    let forged = std::fs::read_to_string(data("many_h2_forged.out")).unwrap();
    let replaced = genuine
        .lines()
        .zip(forged.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(replaced, 128);
    // The forgery is one: under the fixed keys its solution lines digest as the genuine ones.
    // (Should a toolchain change `DefaultHasher`'s algorithm, this says so; the data was
    // computed against SipHash-1-3 with zero keys.)
    assert_eq!(
        fixed_key_digest(&forged),
        fixed_key_digest(&genuine),
        "the forged lines no longer collide under DefaultHasher::new()"
    );
    for (path, hold) in PATHS {
        let (code, text) = verify(&data("many_h2.inp"), &data("many_h2_forged.out"), hold);
        assert_eq!(code, 1, "{path}: {text}");
        assert!(text.contains("DIFFER"), "{path}: {text}");
        // A junk line is named as Popeye's only.
        let junk = forged
            .lines()
            .zip(genuine.lines())
            .find(|(a, b)| a != b)
            .map(|(a, _)| a.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap();
        assert!(text.contains(&junk), "{path}: {junk} not named in\n{text}");
    }
}

/// Whether a line of Popeye's output holds a move (`  1.d7-d5 …`, `      1...a7-a5`).
fn is_solution_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('.')
}

#[test]
fn a_stray_line_among_the_solutions_differs_on_both_paths() {
    let dir = tempfile::tempdir().unwrap();
    let mut tried = 0;
    for name in ["many_h2", "kinds", "deutsch", "goals", "parrain_series"] {
        let input = data(&format!("{name}.inp"));
        let output = std::fs::read_to_string(data(&format!("{name}.out"))).unwrap();
        let lines: Vec<&str> = output.lines().collect();
        let solutions: Vec<usize> = (0..lines.len())
            .filter(|&i| is_solution_line(lines[i]))
            .collect();
        assert!(solutions.len() >= 3, "{name}");
        // After the first solution line, one in the middle, and the last one.
        let after = [
            solutions[0],
            solutions[solutions.len() / 2],
            solutions[solutions.len() - 1],
        ];
        for at in after {
            for stray in ["Popeye was here", "  1.", "      2...", "  1. +"] {
                let mut edited: Vec<&str> = lines[..=at].to_vec();
                edited.push(stray);
                edited.extend(&lines[at + 1..]);
                let path = dir.path().join("stray.out");
                std::fs::write(&path, edited.join("\n") + "\n").unwrap();
                for (path_name, hold) in PATHS {
                    let (code, text) = verify(&input, &path, hold);
                    let what = format!("{name}, {stray:?} after line {}, {path_name}", at + 1);
                    assert_eq!(code, 1, "{what}: {text}");
                    assert!(text.contains("DIFFER"), "{what}: {text}");
                    assert!(
                        text.contains(&format!("line {} of Popeye's output", at + 2)),
                        "{what}: the line not named in\n{text}"
                    );
                    tried += 1;
                }
            }
        }
    }
    assert_eq!(tried, 5 * 3 * 4 * 2);
}
