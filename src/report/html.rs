//! The HTML report (`--report FILE.html`): one self-contained file (its style inline, its
//! diagrams inline SVG, no script, nothing fetched), with a summary table and, for each
//! divergence or difference, the position as a diagram, the move in Popeye notation, both
//! sides' answers, the rules with every switch, and the reproducer's path.

use std::path::Path;

use feerie_oracle::{Colour, Square, fen};

use super::error::ReportError;
use super::json::{
    CheckDocument, CompareDocument, DisputeDocument, DivergenceJson, ReadingJson, RulesJson,
};
use super::markup::escape;
use super::svg::{diagram, event_squares, legend};

/// Writes `html` to `path` (through a temporary file beside it, so that a reader never sees
/// half a report), unless the path is not a regular file or is one of `inputs`: see
/// [`super::target::write_file`].
pub fn write(path: &Path, html: &str, inputs: &[&Path]) -> Result<(), ReportError> {
    super::target::write_file("--report", path, html.as_bytes(), inputs)
}

/// Checks before any work that the report can be written at `path`: its folder exists and
/// takes a new file, and the path is new or a regular file that is none of the command's
/// `inputs` (see [`super::target::check_target`]).
pub fn check_path(path: &Path, inputs: &[&Path]) -> Result<(), ReportError> {
    super::target::check_writable("--report", path, inputs)
}

/// A page: the title, the summary rows (label, value), and the sections.
pub(super) fn page(
    title: &str,
    verdict: (bool, &str),
    summary: &[(String, String)],
    sections: &[String],
) -> String {
    let (verdict_ok, verdict_text) = verdict;
    let mut s =
        String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    s += &format!("<title>{}</title>\n", escape(title));
    s += "<style>\n";
    s += STYLE;
    s += "</style>\n</head>\n<body>\n";
    s += &format!(
        "<h1>{}</h1>\n<p class=\"verdict {}\">{}</p>\n",
        escape(title),
        if verdict_ok { "ok" } else { "failed" },
        escape(verdict_text)
    );
    s += "<table class=\"summary\">\n";
    for (label, value) in summary {
        s += &format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            escape(label),
            escape(value)
        );
    }
    s += "</table>\n";
    if sections.is_empty() {
        s += "<p>No divergence or difference.</p>\n";
    } else {
        s += &legend();
        for section in sections {
            s += section;
        }
    }
    s += &format!(
        "<footer>feerie {}</footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    s
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#111;max-width:1100px}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:0}
.verdict{font-weight:bold;font-size:1.2em}.verdict.ok{color:#1b5e20}.verdict.failed{color:#b71c1c}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #bbb;padding:.2em .6em;text-align:left;vertical-align:top}
section{border:1px solid #999;border-radius:6px;padding:1em;margin:1.2em 0;display:flex;flex-wrap:wrap;gap:1.5em}
section .facts{flex:1;min-width:380px}.diagrams{display:flex;flex-direction:column;gap:.5em}
.coord{font-size:11px;fill:#333}
.legend{display:flex;flex-wrap:wrap;gap:1em;align-items:center;margin:1em 0}.legend span{display:flex;align-items:center;gap:.3em}
pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.85em}code{font-size:.95em}
.only{color:#b71c1c}.caption{font-size:.85em;color:#444}
";

/// One section: a heading, diagrams with captions, and rows of facts.
pub(super) fn section(
    heading: &str,
    diagrams: &[(String, String)],
    facts: &[(String, String)],
    pre: Option<&str>,
) -> String {
    let mut s = String::from("<section class=\"divergence\">\n<div class=\"diagrams\">\n");
    for (caption, svg) in diagrams {
        s += &format!(
            "<figure>{svg}<figcaption class=\"caption\">{}</figcaption></figure>\n",
            escape(caption)
        );
    }
    s += "</div>\n<div class=\"facts\">\n";
    s += &format!("<h2>{}</h2>\n<table>\n", escape(heading));
    for (label, value) in facts {
        // Values are HTML already (escaped where they come from text).
        s += &format!("<tr><th>{}</th><td>{value}</td></tr>\n", escape(label));
    }
    s += "</table>\n";
    if let Some(text) = pre {
        s += &format!("<pre>{}</pre>\n", escape(text));
    }
    s + "</div>\n</section>\n"
}

/// The diagram of a FEN with the squares to look at, or a note when it cannot be read.
pub(super) fn board(fen_text: &str, marked: &[Square]) -> String {
    match fen::parse_setup(fen_text) {
        Ok(setup) => {
            // What the diagram cannot show: who moves, and a piece waiting to be reborn.
            let mut notes = vec![match setup.side_to_move {
                Colour::White => "White to move".to_string(),
                Colour::Black => "Black to move".to_string(),
            }];
            if let Some(reserve) = &setup.reserve {
                notes.push(format!("Parrain reserve: {reserve}"));
            }
            format!(
                "{}<div class=\"caption\">{}</div>",
                diagram(&setup, marked),
                escape(&notes.join("; "))
            )
        }
        Err(e) => format!("<p>(no diagram: {})</p>", escape(&e.to_string())),
    }
}

/// The rules with every switch, as HTML.
fn rules_html(rules: &RulesJson) -> String {
    let switches: Vec<String> = rules
        .switches
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!(
        "<code>{}</code><br><span class=\"caption\">{}</span>",
        escape(&rules.text),
        escape(&switches.join(", "))
    )
}

/// The switches whose values differ between two readings, each with both values
/// (`key: first | other`): a dispute is about them, not about the others.
fn disputed_switches(first: &ReadingJson, other: &ReadingJson) -> String {
    let differing: Vec<String> = first
        .rules
        .switches
        .iter()
        .filter_map(|(k, v)| {
            let w = other.rules.switches.get(k)?;
            (v != w).then(|| format!("{k}: {v} | {w}"))
        })
        .collect();
    if differing.is_empty() {
        format!("<code>{}</code>", escape(&other.rules.text))
    } else {
        format!("<code>{}</code>", escape(&differing.join(", ")))
    }
}

pub(super) fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        return "—".into();
    }
    moves
        .iter()
        .map(|m| format!("<code>{}</code>", escape(m)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The squares the moves put something on (rebirths, mutations).
pub(super) fn squares_of(moves: &[String]) -> Vec<Square> {
    let mut out: Vec<Square> = moves.iter().flat_map(|m| event_squares(m)).collect();
    out.sort();
    out.dedup();
    out
}

/// One divergence between two engines (or an engine and Popeye) as a section.
pub fn divergence_section(d: &DivergenceJson) -> String {
    let [a, b] = &d.sides;
    let mut diagrams = Vec::new();
    let mut facts = vec![
        ("found".to_string(), escape(&d.origin)),
        ("kind".to_string(), escape(&d.kind)),
        ("rules".to_string(), rules_html(&d.rules)),
        (
            "root".to_string(),
            format!("<code>{}</code>", escape(&d.root)),
        ),
    ];
    if !d.path.is_empty() {
        facts.push(("path".into(), list(&d.path)));
    }
    facts.push(("node".into(), format!("<code>{}</code>", escape(&d.node))));
    match d.kind.as_str() {
        "moves" => {
            let marked = squares_of(&[d.only[0].clone(), d.only[1].clone()].concat());
            diagrams.push((
                "the node (rebirth and mutation squares of the differing moves outlined)"
                    .to_string(),
                board(&d.node, &marked),
            ));
            facts.push((
                format!("only {a}"),
                format!("<span class=\"only\">{}</span>", list(&d.only[0])),
            ));
            facts.push((
                format!("only {b}"),
                format!("<span class=\"only\">{}</span>", list(&d.only[1])),
            ));
            facts.push((format!("{a}'s moves"), list(&d.answers[0])));
            facts.push((format!("{b}'s moves"), list(&d.answers[1])));
        }
        "after" => {
            let mv = d.mv.clone().unwrap_or_default();
            let marked = event_squares(&mv);
            diagrams.push(("the node".to_string(), board(&d.node, &marked)));
            facts.push(("move".into(), format!("<code>{}</code>", escape(&mv))));
            for (side, answer) in [a, b].into_iter().zip(&d.answers) {
                let after = answer.first().cloned().unwrap_or_default();
                diagrams.push((format!("after {mv}: {side}"), board(&after, &marked)));
                facts.push((
                    format!("after, {side}"),
                    format!("<code>{}</code>", escape(&after)),
                ));
            }
        }
        _ => {
            diagrams.push(("the node".to_string(), board(&d.node, &[])));
            facts.push((a.clone(), list(&d.answers[0])));
            facts.push((b.clone(), list(&d.answers[1])));
        }
    }
    facts.push((
        "reproducer".into(),
        match &d.reproducer {
            Some(p) => format!("<code>{}</code>", escape(p)),
            None => "not written".into(),
        },
    ));
    section(
        &format!("{} divergence: {a} vs {b}", d.kind),
        &diagrams,
        &facts,
        Some(&d.text),
    )
}

/// The report of `feerie check` (or of `feerie merge`).
pub fn check_report(doc: &CheckDocument) -> String {
    let mut summary = vec![
        ("verdict".to_string(), doc.verdict.clone()),
        ("engines".to_string(), doc.engines.join(", ")),
        ("seed".to_string(), doc.seed.to_string()),
        (
            "fuzzed positions per family".to_string(),
            doc.fuzz.to_string(),
        ),
        ("depth".to_string(), doc.depth.to_string()),
        (
            "shard".to_string(),
            if doc.merged.is_empty() {
                doc.shard.clone()
            } else {
                format!("merged: {}", doc.merged.join(", "))
            },
        ),
        (
            "perft positions".to_string(),
            doc.counts.perft_positions.to_string(),
        ),
        ("scenarios".to_string(), doc.counts.scenarios.to_string()),
        (
            "positions compared".to_string(),
            doc.counts.compared.to_string(),
        ),
        (
            "divergences".to_string(),
            doc.counts.divergences.to_string(),
        ),
        (
            "problem-like positions solved".to_string(),
            if doc.fuzz_solve == 0 {
                "— (no solving campaign)".to_string()
            } else {
                format!(
                    "{} ({} per family and profile), {} solving difference(s)",
                    doc.counts.solved, doc.fuzz_solve, doc.counts.solving_differences
                )
            },
        ),
        ("seconds".to_string(), format!("{:.1}", doc.seconds)),
    ];
    for family in &doc.fuzz_families {
        summary.push((
            format!("fuzz {}", family.name),
            format!(
                "{} positions, {} nodes, {} divergence(s)",
                family.positions, family.nodes, family.divergences
            ),
        ));
    }
    for (i, f) in doc.failures.iter().enumerate() {
        summary.push((format!("failure {}", i + 1), f.clone()));
    }
    let sections: Vec<String> = doc.divergences.iter().map(divergence_section).collect();
    let ok = doc.exit_code == 0;
    page(
        "feerie check",
        (ok, if ok { "ok" } else { "FAILED" }),
        &summary,
        &sections,
    )
}

/// The report of `feerie dispute`.
pub fn dispute_report(doc: &DisputeDocument) -> String {
    let mut summary = vec![
        ("position".to_string(), doc.fen.clone()),
        ("engine".to_string(), doc.engine.clone()),
        ("depth".to_string(), doc.depth.to_string()),
    ];
    for (depth, row) in doc.perft.iter().enumerate() {
        let cells: Vec<String> = doc
            .readings
            .iter()
            .zip(row)
            .map(|(r, n)| format!("{}: {}", r.label, n.map_or("—".into(), |n| n.to_string())))
            .collect();
        summary.push((format!("perft {}", depth + 1), cells.join(", ")));
    }
    for e in &doc.errors {
        summary.push(("error".into(), e.clone()));
    }
    let first = &doc.readings[0];
    let sections: Vec<String> = doc
        .splits
        .iter()
        .map(|split| {
            let other = doc.readings.iter().find(|r| r.label == split.reading);
            let marked = squares_of(&[split.only_first.clone(), split.only_other.clone()].concat());
            let replayed = split.node.is_some();
            let node = split.node.clone().unwrap_or_else(|| doc.fen.clone());
            let mut facts = vec![
                ("path".to_string(), list(&split.path)),
                (
                    "node".to_string(),
                    format!("<code>{}</code>", escape(&node)),
                ),
                (
                    format!("only under {}", first.label),
                    format!("<span class=\"only\">{}</span>", list(&split.only_first)),
                ),
                (
                    format!("only under {}", split.reading),
                    format!("<span class=\"only\">{}</span>", list(&split.only_other)),
                ),
                (
                    "rules".to_string(),
                    format!("<code>{}</code>", escape(&first.rules.text)),
                ),
            ];
            if let Some(r) = other {
                facts.push(("in dispute".to_string(), disputed_switches(first, r)));
            }
            if split.repeats > 0 {
                facts.push((
                    "alike".into(),
                    format!("and {} more node(s) alike", split.repeats),
                ));
            }
            // Each reading's own node: the same path may leave other positions.
            let mut diagrams = Vec::new();
            match (&split.other_node, replayed) {
                (Some(o), true) if *o != node => {
                    facts.insert(
                        2,
                        (
                            format!("node under {}", split.reading),
                            format!("<code>{}</code>", escape(o)),
                        ),
                    );
                    diagrams.push((
                        format!("the node under {}", first.label),
                        board(&node, &marked),
                    ));
                    diagrams.push((
                        format!("the node under {}", split.reading),
                        board(o, &marked),
                    ));
                }
                (_, true) => diagrams.push(("the node".to_string(), board(&node, &marked))),
                (_, false) => diagrams.push((
                    "the root (the node could not be replayed)".to_string(),
                    board(&node, &marked),
                )),
            }
            section(
                &format!("{} | {}", first.label, split.reading),
                &diagrams,
                &facts,
                None,
            )
        })
        .collect();
    let verdict = if !doc.errors.is_empty() {
        (false, "engine errors")
    } else if doc.differs {
        (false, "the readings differ")
    } else {
        (true, "the readings agree")
    };
    page("feerie dispute", verdict, &summary, &sections)
}

/// The report of `feerie popeye compare`.
pub fn compare_report(doc: &CompareDocument) -> String {
    let mut summary = vec![
        ("Popeye".to_string(), doc.popeye.clone()),
        ("engine".to_string(), doc.engine.clone()),
        (
            "shard".to_string(),
            if doc.merged.is_empty() {
                doc.shard.clone()
            } else {
                format!("merged: {}", doc.merged.join(", "))
            },
        ),
    ];
    for (verdict, n) in &doc.tally {
        summary.push((verdict.clone(), n.to_string()));
    }
    let sections: Vec<String> = doc
        .cases
        .iter()
        .filter(|c| c.verdict != "agree" && c.verdict != "skipped")
        .map(|c| {
            let moves: Vec<String> = c
                .lines
                .iter()
                .filter_map(|l| l.split_once(": ").map(|(_, m)| m.to_string()))
                .flat_map(|m| m.split(", ").map(str::to_string).collect::<Vec<_>>())
                .collect();
            let mut facts = vec![
                ("verdict".to_string(), escape(&c.verdict)),
                ("rules".to_string(), rules_html(&c.rules)),
                (
                    "position".to_string(),
                    format!("<code>{}</code>", escape(&c.fen)),
                ),
            ];
            for l in &c.lines {
                let (who, what) = l.split_once(": ").unwrap_or(("", l));
                facts.push((who.to_string(), format!("<code>{}</code>", escape(what))));
            }
            if !c.switches.is_empty() {
                facts.push((
                    "switches not Popeye's".into(),
                    escape(&c.switches.join(", ")),
                ));
            }
            if let Some(r) = &c.reason {
                facts.push(("Popeye's words or the reason".into(), escape(r)));
            }
            section(
                &format!("{}: {}", c.verdict, c.name),
                &[(
                    "the position".to_string(),
                    board(&c.fen, &squares_of(&moves)),
                )],
                &facts,
                None,
            )
        })
        .collect();
    let ok = doc.exit_code == 0;
    page(
        "feerie popeye compare",
        (ok, if ok { "ok" } else { "FAILED" }),
        &summary,
        &sections,
    )
}

/// The report of `feerie popeye verify` (or of `feerie merge` of its shards): for each problem
/// or twin whose solutions differ from Popeye's, its position, stipulation and rules, and the
/// solutions only Popeye gives and only we give.
pub fn verify_report(doc: &super::verify::VerifyDocument) -> String {
    let summary = vec![
        ("verdict".to_string(), doc.verdict.clone()),
        ("input".to_string(), doc.input.clone()),
        ("Popeye's output".to_string(), doc.output.clone()),
        ("engine".to_string(), doc.engine.clone()),
        (
            "problem".to_string(),
            doc.problem
                .map_or("every problem".into(), |n| n.to_string()),
        ),
        (
            "shard".to_string(),
            if doc.merged.is_empty() {
                doc.shard.clone()
            } else {
                format!("merged: {}", doc.merged.join(", "))
            },
        ),
        ("cases".to_string(), doc.counts.cases.to_string()),
        ("agree".to_string(), doc.counts.agree.to_string()),
        ("differ".to_string(), doc.counts.differ.to_string()),
        ("skipped".to_string(), doc.counts.skipped.to_string()),
        ("seconds".to_string(), format!("{:.1}", doc.seconds)),
    ];
    let sections: Vec<String> = doc
        .cases
        .iter()
        .filter(|c| c.outcome == "differ")
        .map(verify_section)
        .collect();
    let ok = doc.exit_code == 0;
    page(
        "feerie popeye verify",
        (ok, if ok { "ok" } else { "FAILED" }),
        &summary,
        &sections,
    )
}

/// One differing problem or twin as a section.
fn verify_section(c: &super::verify::VerifyCaseJson) -> String {
    let stipulation = c.stipulation.clone().unwrap_or_else(|| "?".into());
    // The squares where the differing lines put a piece back or change one.
    let moves: Vec<String> = c
        .only_popeye
        .iter()
        .chain(&c.only_ours)
        .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    let diagrams = match &c.fen {
        Some(fen_text) => vec![(
            format!("{} {stipulation}", c.name),
            board(fen_text, &squares_of(&moves)),
        )],
        None => Vec::new(),
    };
    let lines = |solutions: &[String]| {
        if solutions.is_empty() {
            "—".to_string()
        } else {
            solutions
                .iter()
                .map(|l| format!("<code>{}</code>", escape(l)))
                .collect::<Vec<_>>()
                .join("<br>")
        }
    };
    let mut facts = vec![(
        "stipulation".to_string(),
        format!("<code>{}</code>", escape(&stipulation)),
    )];
    if let Some(rules) = &c.rules {
        facts.push(("rules".into(), rules_html(rules)));
    }
    if let Some(fen_text) = &c.fen {
        facts.push((
            "position".into(),
            format!("<code>{}</code>", escape(fen_text)),
        ));
    }
    facts.push((
        "only Popeye".into(),
        format!("<span class=\"only\">{}</span>", lines(&c.only_popeye)),
    ));
    facts.push((
        "only ours".into(),
        format!("<span class=\"only\">{}</span>", lines(&c.only_ours)),
    ));
    section(
        &format!("differ: {} {stipulation}", c.name),
        &diagrams,
        &facts,
        None,
    )
}
