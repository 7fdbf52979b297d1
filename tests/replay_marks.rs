//! `popeye replay` checks what `verify` checks of each move it replays, beyond its legality:
//! the check or mate mark Popeye prints after it (a `+` or `#` missing, added or changed), and
//! its move number (a number that does not follow the move before it). Popeye 4.104's recorded
//! outputs in `tests/data/verify` replay with no rejection; each tampering of a line of a
//! replayed problem is rejected.

mod common;

use feerie::external::popeye_replay::replay;
use feerie::oracle::ReferenceEngine;

use common::verify_data_text as data;

/// Whether a line of Popeye's output holds a numbered move.
fn is_solution_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('.') && t.len() > digits + 3
}

fn ends_section(line: &str) -> bool {
    let l = line.trim().to_ascii_lowercase();
    ["solution finished", "loesung beendet", "partial solution"]
        .iter()
        .any(|end| l.starts_with(end))
}

/// The twin label a line starts (`a)`, `b)`), if any.
fn twin_label(line: &str) -> Option<String> {
    let (label, _) = line.strip_prefix('+').unwrap_or(line).split_once(')')?;
    (label.len() == 1 && label.chars().all(|c| c.is_ascii_lowercase())).then(|| label.to_string())
}

/// The line with its first mark `mark` (a word of its own) replaced by `with` (none: removed).
fn with_mark(line: &str, mark: &str, with: Option<&str>) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == mark)?;
    let mut out: Vec<&str> = words.clone();
    match with {
        Some(w) => out[at] = w,
        None => {
            out.remove(at);
        }
    }
    let indent = &line[..line.len() - line.trim_start().len()];
    Some(format!("{indent}{}", out.join(" ")))
}

/// Every tampering of one solution line that Popeye's output could not hold.
fn tamperings(line: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (what, mark, with) in [
        ("`+` removed", "+", None),
        ("`#` removed", "#", None),
        ("`#` made `+`", "#", Some("+")),
        ("`+` made `#`", "+", Some("#")),
    ] {
        if let Some(t) = with_mark(line, mark, with) {
            out.push((what, t));
        }
    }
    // A mark added after a move printed without one (the first word that is a move).
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(at) = words.iter().position(|w| w.len() > 3 && !w.ends_with('.'))
        && !words
            .get(at + 1)
            .is_some_and(|next| ["+", "#", "=", "#=", "x", "%"].contains(next))
    {
        let mut marked = words.clone();
        marked.insert(at + 1, "+");
        let indent = &line[..line.len() - line.trim_start().len()];
        out.push(("`+` added", format!("{indent}{}", marked.join(" "))));
    }
    out.push(("move number changed", common::move_number_raised(line)));
    out
}

#[test]
fn marks_and_move_numbers_are_checked_as_verify_checks_them() {
    let mut rejected_tamperings = 0;
    for name in ["kinds", "deutsch", "goals", "parrain_series"] {
        let (input, output) = (data(&format!("{name}.inp")), data(&format!("{name}.out")));
        let genuine = replay(&input, &output, &ReferenceEngine).unwrap();
        assert!(genuine.passed(), "{name}: {:?}", genuine.rejected);
        assert!(genuine.moves > 10, "{name}: {genuine:?}");
        let lines: Vec<&str> = output.lines().collect();
        let (mut problem, mut label) = (1, String::new());
        for (i, line) in lines.iter().enumerate() {
            if ends_section(line) {
                problem += 1;
                label.clear();
                continue;
            }
            if let Some(l) = twin_label(line) {
                label = l;
            }
            if !is_solution_line(line) {
                continue;
            }
            let case = if label.is_empty() {
                format!("problem {problem}")
            } else {
                format!("problem {problem} {label})")
            };
            // Only the moves of problems and twins replayed are checked.
            if genuine.skipped.iter().any(|s| {
                s.starts_with(&format!("{case}:")) || s.starts_with(&format!("problem {problem}:"))
            }) {
                continue;
            }
            for (what, tampered) in tamperings(line) {
                let mut edited: Vec<&str> = lines.clone();
                edited[i] = &tampered;
                let text = edited.join("\n") + "\n";
                let r = replay(&input, &text, &ReferenceEngine).unwrap();
                assert!(
                    !r.passed(),
                    "{name} line {} ({case}) {what}: `{tampered}` replays",
                    i + 1
                );
                rejected_tamperings += 1;
            }
        }
    }
    assert!(rejected_tamperings > 100, "{rejected_tamperings}");
}
