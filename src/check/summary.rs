//! The end of a run: the JUnit file written, the HTML report, the summary of each stage, the
//! failures listed again, one verdict line, the JSON document; and the exit code.

use std::path::PathBuf;
use std::time::Instant;

use super::{Prepared, Results};
use crate::outln;

/// Writes the reports and prints the summary and the verdict; returns the exit code: 0 when
/// everything passed, 1 on a failure or divergence, 2 when a scenario is malformed or a report
/// could not be written.
pub(super) fn finish(p: Prepared, mut r: Results, started: Instant) -> i32 {
    let o = &p.options;
    let mut code = if r.malformed > 0 {
        2
    } else if r.failures.is_empty() {
        0
    } else {
        1
    };
    let inputs: Vec<&std::path::Path> = p.inputs.iter().map(PathBuf::as_path).collect();
    // A report not written is a failure said on stderr; a failed check stays a failed check
    // (1), otherwise the write is what failed (2).
    let mut unwritten = false;
    if let Some(path) = &o.junit {
        let xml = crate::report::junit::to_xml(&r.junit);
        if let Err(e) = crate::report::target::write_file("--junit", path, xml.as_bytes(), &inputs)
        {
            let line = format!("JUnit report not written: {e}");
            eprintln!("error: {}", crate::limits::error_line(&line));
            r.failures.push(line);
            unwritten = true;
        }
    }

    let mut document =
        crate::report::json::check_document(&o.settings(), code, &r_parts(&r), started);
    if let Some(path) = &o.report
        && let Err(e) =
            crate::report::html::write(path, &crate::report::html::check_report(&document), &inputs)
    {
        let e = e.to_string();
        eprintln!("error: {}", crate::limits::error_line(&e));
        r.failures.push(e.clone());
        document.failures.push(e);
        unwritten = true;
    }
    if unwritten && code == 0 {
        code = 2;
        document.exit_code = 2;
        document.verdict = "failed".into();
    }

    if o.coverage {
        document.coverage = Some(crate::report::coverage::CoverageJson::of(
            &r.coverage,
            crate::harness::events::Scope::Feerie,
        ));
        for line in crate::report::coverage::table(
            "coverage",
            &r.coverage,
            crate::harness::events::Scope::Feerie,
        ) {
            outln!("{line}");
        }
    }
    outln!("summary");
    for l in &r.lines {
        outln!("  {l}");
    }
    outln!("  {:.1} s in all", started.elapsed().as_secs_f64());
    if !r.failures.is_empty() {
        outln!("failures:");
        for f in &r.failures {
            outln!("  {f}");
        }
    }
    let mut counts = Vec::new();
    if p.perft.is_some() {
        counts.push(format!("{} perft positions", r.perft_positions));
    }
    counts.push(format!("{} scenarios", r.scenarios));
    if r.malformed > 0 {
        counts.push(format!("{} malformed", r.malformed));
    }
    counts.push(format!("{} positions compared", r.compared));
    counts.push(format!("{} divergences", r.divergences));
    if p.options.fuzz_solve > 0 {
        counts.push(format!(
            "{} problem-like positions solved, {} solving difference(s) (among the divergences)",
            r.solved, r.solving_differences
        ));
    }
    let failed = r.failures.len();
    outln!(
        "check result: {}. {}{}; {:.1} s",
        if code == 0 { "ok" } else { "FAILED" },
        counts.join(", "),
        if failed > 0 {
            format!(", {failed} failure(s) listed above")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    if o.json {
        crate::report::json::print(&document);
    }
    code
}

/// What the JSON document takes from the results.
fn r_parts(r: &Results) -> crate::report::json::CheckParts<'_> {
    crate::report::json::CheckParts {
        stages: &r.lines,
        failures: &r.failures,
        suites: &r.junit,
        counts: crate::report::json::CheckCounts {
            perft_positions: r.perft_positions,
            scenarios: r.scenarios,
            malformed: r.malformed,
            compared: r.compared,
            divergences: r.divergences,
            solved: r.solved,
            solving_differences: r.solving_differences,
        },
        families: &r.fuzz_families,
        solving_families: &r.solving_families,
        divergences: &r.reported,
    }
}
