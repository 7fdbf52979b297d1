//! `popeye verify` fails closed: Popeye's recorded outputs of small inputs (English and
//! German: help, series, direct play with threats and variations, twins, duplex, a solution
//! limit, stalemate, Frankfurt, Protean, Circe, Clone, Parrain; the goals `#=`, `%`, `00`, `!=`,
//! `==`, `option whitetoplay` and `option postkey`; set play in help and series play; series
//! self and series reflex play, `exact-`; `option threat` in self and reflex play; series and help play of millions of solutions cut at a few by
//! `maxsolutions`, which `popeye verify` checks without holding ours) verify, and no tampered copy of them does: a solution line
//! removed, repeated, its mark, goal marker, `!`, move number or text changed, a
//! try's `but` removed, repeated or moved, a section cut, dropped, swapped or added, its end
//! line changed (`solving interrupted.` without `maxtime`, `Partial solution` without a limit
//! reached or the other way), a diagram removed, `problem ignored` among solutions, solution
//! text in the header, a measurement line or after the last section, an empty output, the input
//! given as the output, the head of the play after the key or a `refutes.` under it removed,
//! changed or moved.
//! With the live Popeye beside the repository, the recorded outputs are checked to be what it
//! prints today.

mod common;

use std::time::Duration;

use rayon::prelude::*;

use feerie::bitboard::BitboardEngine;
use feerie::external::popeye::run_popeye_file;
use feerie::solve::Options;
use feerie::verify::{CaseReport, Outcome, verify};

/// The recorded inputs, each with Popeye 4.104's output for it.
const FILES: [&str; 10] = [
    "kinds",
    "deutsch",
    "goals",
    "parrain_series",
    "cut_searches",
    "post_key",
    "help_set_play",
    "threat_bound",
    "series_self",
    "threat_self",
];

fn data(name: &str, extension: &str) -> String {
    common::verify_data_text(&format!("{name}.{extension}"))
}

fn verified(input: &str, output: &str) -> Vec<CaseReport> {
    verified_problem(input, output, None)
}

/// One problem's cases (1-based), or every problem's.
fn verified_problem(input: &str, output: &str, problem: Option<usize>) -> Vec<CaseReport> {
    verify(input, output, problem, &BitboardEngine, &Options::default()).expect("the input reads")
}

fn differs(reports: &[CaseReport]) -> bool {
    reports
        .iter()
        .any(|r| matches!(r.outcome, Outcome::Differ { .. }))
}

/// Whether a line of Popeye's output holds a move (`  1.d7-d5 …`, `      1...a7-a5`).
fn is_solution_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('.')
}

/// The output with line `i` replaced by `with` (none: removed; two: repeated).
fn edited(lines: &[&str], i: usize, with: &[String]) -> String {
    let mut out = String::new();
    for (j, l) in lines.iter().enumerate() {
        if j == i {
            for w in with {
                out.push_str(w);
                out.push('\n');
            }
        } else {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Every tampering of one solution line, each named.
fn line_tamperings(line: &str) -> Vec<(&'static str, Vec<String>)> {
    let mut out = vec![
        ("removed", vec![]),
        ("repeated", vec![line.to_string(), line.to_string()]),
        ("text appended", vec![format!("{line} x")]),
    ];
    let mark = if let Some(at) = line.rfind(" #") {
        format!("{} +{}", &line[..at], &line[at + 2..])
    } else if let Some(at) = line.rfind(" +") {
        format!("{}{}", &line[..at], &line[at + 2..])
    } else if let Some(at) = line.rfind(" =") {
        format!("{} #{}", &line[..at], &line[at + 2..])
    } else {
        format!("{line} +")
    };
    out.push(("mark changed", vec![mark]));
    // A goal's own marker (`%`, `#=`, `!=`, `==`, `x`, `z`, `=`) dropped.
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(at) = words
        .iter()
        .rposition(|w| ["%", "#=", "!=", "==", "x", "z", "="].contains(w))
    {
        let mut kept = words.clone();
        kept.remove(at);
        let indent = &line[..line.len() - line.trim_start().len()];
        out.push((
            "goal marker dropped",
            vec![format!("{indent}{}", kept.join(" "))],
        ));
    }
    if line.contains(" !") {
        out.push(("! made ?", vec![line.replacen(" !", " ?", 1)]));
    }
    out.push((
        "move number changed",
        vec![common::move_number_raised(line)],
    ));
    out
}

/// Whether a line ends a problem's section.
fn ends_section(line: &str) -> bool {
    let l = line.trim().to_ascii_lowercase();
    [
        "solution finished",
        "loesung beendet",
        "partial solution",
        "partielle loesung",
    ]
    .iter()
    .any(|end| l.starts_with(end))
}

/// The sections of an output: each ends with its line of Popeye's end of solving.
fn sections(output: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in output.lines() {
        out.last_mut().expect("a section").push_str(line);
        out.last_mut().expect("a section").push('\n');
        if ends_section(line) {
            out.push(String::new());
        }
    }
    out.retain(|s| !s.trim().is_empty());
    out
}

#[test]
fn the_recorded_outputs_verify() {
    for name in FILES {
        let reports = verified(&data(name, "inp"), &data(name, "out"));
        assert!(reports.len() >= 4, "{name}: {reports:?}");
        for r in &reports {
            assert!(
                matches!(r.outcome, Outcome::Agree(_)),
                "{name} {}: {:?}",
                r.name,
                r.outcome
            );
        }
    }
}

/// The tamperings (what was done, the problem it is in, the output so changed) that verify all
/// the same. A line's tampering is seen in its own problem: only that one is solved.
fn verified_anyway(input: &str, tampered: &[(String, usize, String)]) -> Vec<String> {
    tampered
        .par_iter()
        .filter(|(_, problem, text)| !differs(&verified_problem(input, text, Some(*problem))))
        .map(|(what, _, _)| what.clone())
        .collect()
}

#[test]
fn no_tampered_solution_line_verifies() {
    for name in FILES {
        let (input, output) = (data(name, "inp"), data(name, "out"));
        let lines: Vec<&str> = output.lines().collect();
        let mut tampered = Vec::new();
        let mut problem = 1;
        for (i, line) in lines.iter().enumerate() {
            if ends_section(line) {
                problem += 1;
            }
            if !is_solution_line(line) {
                continue;
            }
            for (how, with) in line_tamperings(line) {
                tampered.push((
                    format!("line {} {how}", i + 1),
                    problem,
                    edited(&lines, i, &with),
                ));
            }
        }
        assert!(
            tampered.len() > 100,
            "{name}: {} tamperings",
            tampered.len()
        );
        let passed = verified_anyway(&input, &tampered);
        assert!(passed.is_empty(), "{name}: verified after {passed:?}");
    }
}

#[test]
fn no_cut_mixed_or_foreign_output_verifies() {
    for name in FILES {
        let (input, output) = (data(name, "inp"), data(name, "out"));
        let parts = sections(&output);
        assert!(parts.len() >= 3, "{name}: {} sections", parts.len());
        let mut tampered: Vec<(String, String)> = vec![
            ("empty".into(), String::new()),
            ("the input as the output".into(), input.clone()),
            (
                "another input's output".into(),
                data(FILES.iter().find(|n| **n != name).unwrap(), "out"),
            ),
            ("a section added".into(), format!("{output}{}", parts[0])),
            (
                "two sections swapped".into(),
                [&parts[1], &parts[0]]
                    .into_iter()
                    .chain(&parts[2..])
                    .cloned()
                    .collect(),
            ),
        ];
        // What a section claims must be borne out by the section and the input.
        let lines: Vec<&str> = output.lines().collect();
        let first_solution = lines
            .iter()
            .position(|l| is_solution_line(l))
            .expect("a solution");
        let ends: Vec<usize> = (0..lines.len())
            .filter(|&i| ends_section(lines[i]))
            .collect();
        let with = |i: usize, text: &[&str]| {
            edited(
                &lines,
                i,
                &text.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
            )
        };
        tampered.push((
            "`problem ignored` after a solution".into(),
            with(first_solution, &[lines[first_solution], "problem ignored"]),
        ));
        tampered.push((
            "a twin label before the first solution".into(),
            with(first_solution, &["x) ", lines[first_solution]]),
        ));
        tampered.push((
            "a key hidden in a measurement line".into(),
            with(
                first_solution,
                &[
                    lines[first_solution],
                    "  add_to_move_generation_stack 1.Ka1-b1 # !",
                ],
            ),
        ));
        for &end in &ends {
            tampered.push((
                format!("line {} made `solving interrupted.`", end + 1),
                with(end, &["solving interrupted."]),
            ));
            let flipped = if lines[end].to_ascii_lowercase().starts_with("partial")
                || lines[end].to_ascii_lowercase().starts_with("partielle")
            {
                "solution finished."
            } else {
                "Partial solution"
            };
            tampered.push((
                format!("line {} made `{flipped}`", end + 1),
                with(end, &[flipped]),
            ));
        }
        if let Some(top) = lines.iter().position(|l| l.starts_with("+---a---b")) {
            // The first diagram removed, its solutions left.
            let bottom = top
                + 1
                + lines[top + 1..]
                    .iter()
                    .position(|l| l.starts_with("+---a---b"))
                    .expect("the bottom border");
            let without: String = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < top || *i > bottom)
                .map(|(_, l)| format!("{l}\n"))
                .collect();
            tampered.push(("a diagram removed".into(), without));
            // A solution line among the stipulation and conditions below the diagram.
            tampered.push((
                "a solution line in the header".into(),
                with(bottom + 1, &[lines[bottom + 1], lines[first_solution]]),
            ));
        }
        tampered.push((
            "a solution line after the last section".into(),
            format!("{output}{}\n", lines[first_solution]),
        ));
        if output.contains("    but\n") {
            // `but` moved below its refutation.
            let at = lines.iter().position(|l| *l == "    but").unwrap();
            tampered.push((
                "`but` below its refutation".into(),
                edited(
                    &edited(&lines, at, &[lines[at + 1].to_string()])
                        .lines()
                        .collect::<Vec<_>>(),
                    at + 1,
                    &["    but".to_string()],
                ),
            ));
            tampered.push((
                "the `but` lines removed".into(),
                output.replace("    but\n", ""),
            ));
            tampered.push((
                "a `but` line repeated".into(),
                output.replacen("    but\n", "    but\n    but\n", 1),
            ));
        }
        for k in 0..parts.len() {
            let without: String = parts
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, p)| p.as_str())
                .collect();
            tampered.push((format!("section {} dropped", k + 1), without));
            // Cut inside section k: what comes before it, then its first half.
            let before: String = parts[..k].concat();
            let half: Vec<&str> = parts[k].lines().collect();
            let cut = half[..half.len() / 2].join("\n");
            tampered.push((format!("cut inside section {}", k + 1), before + &cut));
        }
        for (what, text) in &tampered {
            assert!(
                differs(&verified(&input, text)),
                "{name}: verified with {what}"
            );
        }
    }
}

/// A problem Popeye refuses prints an empty section without its diagram in a stock run (the
/// complaint goes to its standard error): it is skipped, never an agreement on no solution.
#[test]
fn a_problem_popeye_ignores_is_skipped_not_agreed() {
    let reports = verified(&data("ignored", "inp"), &data("ignored", "out"));
    let outcomes: Vec<&Outcome> = reports.iter().map(|r| &r.outcome).collect();
    assert!(
        matches!(
            outcomes[..],
            [Outcome::Agree(0), Outcome::Skipped(_), Outcome::Agree(0)]
        ),
        "{outcomes:?}"
    );
    let Outcome::Skipped(why) = outcomes[1] else {
        unreachable!()
    };
    assert!(why.contains("no diagram"), "{why}");
}

/// `option intelligent N` bounds the solutions printed per target position, and Popeye says
/// `Partial solution` when it cut some: each line it printed must be ours, once; the same
/// output under a problem without the bound is a difference.
#[test]
fn a_cut_by_solutions_per_target_position_checks_each_line() {
    let input = data("per_target", "inp");
    let output = data("per_target", "out");
    assert!(
        output.contains("Partial solution"),
        "the recorded output is cut"
    );
    let reports = verified(&input, &output);
    assert!(
        matches!(reports[..], [CaseReport { outcome: Outcome::Agree(n), .. }] if n > 1),
        "{reports:?}"
    );
    let unbounded = input.replace("option intelligent 1\n", "");
    assert_ne!(unbounded, input);
    assert!(differs(&verified(&unbounded, &output)));
    let lines: Vec<&str> = output.lines().collect();
    for (i, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| is_solution_line(l))
    {
        // Which lines of a target position Popeye keeps is its search's order, and its
        // target positions are its own (a mating configuration, not the final position): a
        // line missing is not seen, every other tampering is.
        for (what, with) in line_tamperings(line)
            .into_iter()
            .filter(|(w, _)| *w != "removed")
        {
            let tampered = edited(&lines, i, &with);
            assert!(
                differs(&verified(&input, &tampered)),
                "{what} of {line:?} verifies"
            );
        }
    }
}

/// The output without what changes from run to run: the banner and the times.
fn stable(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|l| !l.starts_with("Popeye "))
        .map(|l| match l.find("Time = ").or_else(|| l.find("Zeit = ")) {
            Some(at) => l[..at].trim_end().to_string(),
            None => l.trim_end().to_string(),
        })
        .collect()
}

#[test]
fn the_recorded_outputs_are_popeye_s() {
    let Some(py) = common::shared_popeye() else {
        return;
    };
    for name in FILES.iter().chain(&["per_target"]) {
        let (live, _) =
            run_popeye_file(&py, &data(name, "inp"), Duration::from_secs(60)).expect("Popeye runs");
        assert_eq!(stable(&live), stable(&data(name, "out")), "{name}");
    }
}

/// Popeye's complaint that the side to play can capture the king (on its standard error,
/// merged into the recorded output where the stream put it: after twin `a)`'s solution, not
/// in twin `b)`) is a verdict: the twin we refuse agrees; a complaint more than our refusals
/// is a difference; without the complaint our refusal is a skip.
#[test]
fn popeye_s_king_capture_complaint_is_compared() {
    let input = data("king_capturable", "inp");
    let output = data("king_capturable", "out");
    let complaint = "the side to play can capture the king";
    assert_eq!(output.matches(complaint).count(), 1);
    let outcomes = |output: &str| -> Vec<Outcome> {
        verified(&input, output)
            .into_iter()
            .map(|r| r.outcome)
            .collect()
    };
    let recorded = outcomes(&output);
    assert!(
        matches!(
            recorded[..],
            [Outcome::Agree(1), Outcome::BothRefuse(_), Outcome::Agree(3)]
        ),
        "{recorded:?}"
    );
    let doubled = outcomes(&output.replace(complaint, &format!("{complaint}\n{complaint}")));
    assert!(
        matches!(doubled.last(), Some(Outcome::Differ { missing, .. }) if missing[0].contains("2 time(s)")),
        "{doubled:?}"
    );
    let without = outcomes(&output.replace(complaint, ""));
    assert!(
        matches!(
            without[..],
            [Outcome::Agree(1), Outcome::Skipped(_), Outcome::Agree(3)]
        ),
        "{without:?}"
    );
    // A twin more that we find so, Popeye solving it and complaining once in all: its
    // complaint counted for twin `b)` is one short.
    let reports = verified(&input.replace("add black bh7", "add black rc2"), &output);
    assert!(
        matches!(reports.last().map(|r| &r.outcome), Some(Outcome::Differ { missing, .. }) if missing[0].contains("only 1 time(s)")),
        "{reports:?}"
    );
    // Popeye printing solutions for the twin we refuse is no agreement.
    let solved = output.replace("b) +bRc1  \n", "b) +bRc1  \n\n  1.Ka8-b8 Rh1-h8 #\n");
    let solved = outcomes(&solved);
    assert!(
        !matches!(solved[1], Outcome::BothRefuse(_) | Outcome::Agree(_)),
        "{solved:?}"
    );
}

#[test]
fn the_king_capture_complaint_is_popeye_s() {
    let Some(py) = common::shared_popeye() else {
        return;
    };
    let (live, errors) = run_popeye_file(
        &py,
        &data("king_capturable", "inp"),
        Duration::from_secs(60),
    )
    .expect("Popeye runs");
    let recorded = data("king_capturable", "out");
    let complaint = "the side to play can capture the king";
    assert!(errors.contains(complaint), "{errors}");
    assert_eq!(
        stable(&live),
        stable(&recorded.replace(&format!("{complaint}\n"), ""))
    );
}

/// The play after the key (`option postkey`) is read whole: its head (the key's check, threat
/// or zugzwang) and each `refutes.` are compared, not passed over; Popeye's notice that it
/// ignores the option in help and series play is taken for that option only.
#[test]
fn the_play_after_the_key_verifies_only_as_printed() {
    let (input, output) = (data("post_key", "inp"), data("post_key", "out"));
    let lines: Vec<&str> = output.lines().collect();
    let mut tampered = Vec::new();
    let mut problem = 1;
    for (i, line) in lines.iter().enumerate() {
        if ends_section(line) {
            problem += 1;
        }
        let changes: Vec<(&str, Vec<String>)> = match line.trim() {
            "zugzwang." => vec![
                ("removed", vec![]),
                ("made a threat", vec![" threat:".into()]),
            ],
            "threat:" => vec![
                ("removed", vec![]),
                ("made zugzwang", vec![" zugzwang.".into()]),
            ],
            "+" => vec![("removed", vec![])],
            // Popeye's notice that the option is ignored (help and series play), after a
            // twin's solutions, stands only for an option the problem gives.
            "PostKeyPlay not applicable - ignored"
                if lines[i - 1]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit()) =>
            {
                vec![(
                    "made the notice of another option",
                    vec!["Quodlibet not applicable - ignored".into()],
                )]
            }
            "refutes." => vec![
                ("removed", vec![]),
                ("repeated", vec![line.to_string(), line.to_string()]),
            ],
            _ => continue,
        };
        for (how, with) in changes {
            tampered.push((
                format!("line {} {how}", i + 1),
                problem,
                edited(&lines, i, &with),
            ));
        }
        // A `refutes.` moved under the next defence, which has an answer.
        if line.trim() == "refutes." && lines[i + 1].trim_start().starts_with("1...") {
            let mut moved: Vec<&str> = lines.clone();
            moved.swap(i, i + 1);
            tampered.push((
                format!("line {} moved down", i + 1),
                problem,
                moved.join("\n"),
            ));
        }
    }
    assert!(tampered.len() >= 12, "{} tamperings", tampered.len());
    let passed = verified_anyway(&input, &tampered);
    assert!(passed.is_empty(), "verified after {passed:?}");
}
