//! The differential stage: both engines on the position of every scenario case, to the
//! campaign's depth; a divergence shrunk, printed and written as a reproducer.

use std::path::Path;
use std::time::Instant;

use feerie_oracle::{Engine, Position, Validation};

use super::{CheckOptions, Loaded, Results, Stage};
use crate::harness::{Side, Written, compare, record, render, shrink};
use crate::out;

/// Both engines on the position of every scenario case, to the campaign's depth.
pub(super) fn compare_scenarios(
    loaded: &Loaded,
    a: &dyn Engine,
    b: &dyn Engine,
    o: &CheckOptions,
    reproducers: &Path,
    r: &mut Results,
) {
    let mut cases = Vec::new();
    for s in loaded.iter().flatten() {
        if let Ok(found) = crate::scenario::case_positions(s, a) {
            cases.extend(
                found
                    .into_iter()
                    .filter_map(|(rules, p)| p.map(|p| (s, rules, p))),
            );
        }
    }
    let mut stage = Stage::new(
        "scenario positions (differential)",
        "scenario positions",
        "positions",
        cases.len() as u64,
        o.progress,
    );
    let (mut found, mut nodes) = (0u64, 0u64);
    for (s, rules, position) in &cases {
        let case_started = Instant::now();
        let sa = Side::of(a, rules.clone());
        let sb = Side::of(b, rules.clone());
        let comparison = compare(&sa, &sb, position, o.depth);
        nodes += comparison.nodes;
        r.coverage.merge(&comparison.coverage);
        let failure = comparison.divergence.map(|d| {
            found += 1;
            stage.progress.failure();
            let origin = format!("feerie check, the position of {} ({})", s.file, s.name);
            let (text, written, reported) =
                report_divergence(d, &sa, &sb, position, &origin, reproducers);
            r.reported.push(reported);
            r.failures.push(format!(
                "divergence on the position of {} ({}) under {rules}: {written}",
                s.file, s.name
            ));
            ("divergence".to_string(), text)
        });
        let name = format!("{}: {} under {rules}", s.file, s.name);
        stage.case(name, case_started, failure);
    }
    let line = format!(
        "scenario positions: {} compared ({nodes} nodes, depth {}), {found} divergence(s) ({:.1} s)",
        cases.len(),
        o.depth,
        stage.seconds()
    );
    stage.finish(line, r);
    r.compared += cases.len() as u64;
    r.divergences += found;
}

/// Shrinks, prints and records one divergence; returns the printed report and where its
/// reproducer went (or why it could not be written).
fn report_divergence(
    d: crate::harness::Divergence,
    a: &Side,
    b: &Side,
    original: &Position,
    origin: &str,
    reproducers: &Path,
) -> (String, String, crate::report::json::DivergenceJson) {
    let validation = if Position::new(original.setup().clone(), Validation::Strict).is_ok() {
        Validation::Strict
    } else {
        Validation::Lenient
    };
    let small = shrink(a, b, d, validation);
    let mut text = render(&small, a, b);
    let report = render(&small, a, b);
    let recorded = record(&small, a, b, origin, reproducers);
    let written = match &recorded {
        Ok(w) => {
            text += &written_line(w);
            written_short(w)
        }
        Err(e) => {
            let line = format!("reproducer not written in {}: {e}", reproducers.display());
            text += &format!("  {line}\n");
            line
        }
    };
    out!("{text}");
    let reported = crate::report::json::DivergenceJson::new(
        origin.to_string(),
        &small,
        [&a.label, &b.label],
        &a.rules,
        recorded.as_ref().ok(),
        report,
    );
    (text, written, reported)
}

/// Where a reproducer went, as the line under a printed divergence.
pub(super) fn written_line(w: &Written) -> String {
    format!("  reproducer: {}\n", written_short(w))
}

/// Where a reproducer went: its path, marked when the same case was already there.
pub(super) fn written_short(w: &Written) -> String {
    match w {
        Written::New(p) => p.display().to_string(),
        Written::AlreadyThere(p) => format!("{} (already there)", p.display()),
    }
}
