//! A Popeye campaign's difference for people, and its reproducer (a scenario whose
//! expectations are Popeye's answer).

use feerie_oracle::fen;

use super::PopeyeDifference;
use crate::external::popeye_batch::ListedMove;
use crate::harness::report::{quote, rules_yaml, stem};

/// The report of one difference, for people.
pub fn render_popeye(d: &PopeyeDifference, version: &str) -> String {
    let mut out = format!(
        "DIFFERENCE ({version} vs {}) under {}, {} case {}\n  root:  {}\n",
        d.engine,
        d.rules,
        d.bucket,
        d.case,
        fen::write(d.root.setup())
    );
    if !d.path.is_empty() {
        out += &format!("  after: {}\n", d.path.join(" "));
    }
    out += &format!("  node:  {} (shrunk)\n", fen::write(d.node.setup()));
    for m in &d.only_popeye {
        out += &format!("    only Popeye: {m}\n");
    }
    for m in &d.only_ours {
        out += &format!("    only {}: {m}\n", d.engine);
    }
    if let Some((theirs, ours)) = d.counts {
        out += &format!(
            "    sequences of {} half-moves: Popeye {theirs}, {} {ours}\n",
            d.depth, d.engine
        );
    }
    out
}

/// The reproducer of a difference: a scenario whose expectations are Popeye's answer.
pub fn popeye_reproducer(d: &PopeyeDifference, version: &str, origin: &str) -> String {
    let mut y = format!(
        "name: {}\n",
        quote(&format!(
            "{version} and the {} engine differ under {}",
            d.engine, d.rules
        ))
    );
    y += &format!("source: {}\n", quote(origin));
    let all: Vec<String> = d.popeye_moves.iter().map(ListedMove::to_string).collect();
    let mut note = format!(
        "Written by the live comparison with {version}; the expectations are its answer. Its moves here: {}.",
        all.join(", ")
    );
    if !d.path.is_empty() {
        note += &format!(
            " Found after {} from {}.",
            d.path.join(" "),
            fen::write(d.root.setup())
        );
    }
    y += &format!("note: {}\n", quote(&note));
    y += &rules_yaml(&d.rules);
    y += &format!(
        "position: {{ fen: {} }}\n",
        quote(&fen::write(d.node.setup()))
    );
    y += "expect:\n";
    let strip = |m: &String| m.trim_end_matches(" +").to_string();
    if !d.only_popeye.is_empty() {
        y += "  include:\n";
        for m in &d.only_popeye {
            y += &format!("    - {}\n", quote(&strip(m)));
        }
    }
    let excluded: Vec<&String> = d
        .only_ours
        .iter()
        .filter(|m| !d.only_popeye.iter().any(|p| strip(p) == strip(m)))
        .collect();
    if !excluded.is_empty() {
        y += "  exclude:\n";
        for m in excluded {
            y += &format!("    - {}\n", quote(&strip(m)));
        }
    }
    if let Some((theirs, _)) = d.counts {
        y += &format!("  perft: {{ {}: {theirs} }}\n", d.depth);
    }
    y
}

/// The file name of a difference's reproducer.
pub(super) fn popeye_stem(d: &PopeyeDifference) -> String {
    stem(&d.rules, "popeye", &fen::write(d.node.setup()), d.depth)
}
