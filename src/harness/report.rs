//! Reporting a divergence: the rules, the position, the path from the root, and a unified diff
//! of the two sides' answers; and a reproducer, a YAML scenario written atomically to a folder
//! (never over an existing file) that `feerie check` runs from then on.

use std::io::Write;
use std::path::{Path, PathBuf};

use feerie_oracle::{Rules, fen};
use similar::TextDiff;

use super::compare::{Difference, Divergence, Side};

/// The divergence as text: rules, root, path, node, and a unified diff of what differs.
///
/// ```
/// use feerie::harness::{compare, render, Side};
/// use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
/// let p = fen::parse("7k/8/8/5n2/3P4/8/8/R3K3 b Q - 0 1", Validation::Strict).unwrap();
/// let parrain = |v: &str| Rules::from_words(&["circe-parrain".to_string()], None, &[format!("parrain_long_castling={v}")]).unwrap();
/// let (a, b) = (Side::of(&ReferenceEngine, parrain("toward_a")), Side::of(&ReferenceEngine, parrain("toward_h")));
/// let d = compare(&a, &b, &p, 2).divergence.unwrap();
/// let text = render(&d, &a, &b);
/// assert!(text.contains("-0-0-0[+wPc4]"));
/// assert!(text.contains("+0-0-0[+wPe4]"));
/// ```
pub fn render(d: &Divergence, a: &Side, b: &Side) -> String {
    let mut out = String::new();
    let rules = if a.rules == b.rules {
        a.rules.to_string()
    } else {
        format!("{} | {}", a.rules, b.rules)
    };
    out += &format!(
        "DIVERGENCE ({}: {} vs {}) under {rules}\n",
        d.difference.kind(),
        a.label,
        b.label
    );
    out += &format!("  root:  {}\n", fen::write(d.root.setup()));
    if !d.path.is_empty() {
        out += &format!("  path:  {}\n", d.path_text());
        out += &format!("  node:  {}\n", fen::write(d.node.setup()));
    }
    out += &format!("  depth: {} from the node\n", d.depth);
    let (left, right) = match &d.difference {
        Difference::Moves { a, b } => (a.join("\n") + "\n", b.join("\n") + "\n"),
        Difference::After { mv, a, b } => {
            out += &format!("  after {mv}:\n");
            (format!("{a}\n"), format!("{b}\n"))
        }
        Difference::Perft {
            side,
            depth,
            walked,
            counted,
        } => {
            out += &format!(
                "  perft {depth}: {side} counts {counted}, its move lists give {walked}\n"
            );
            return out;
        }
        Difference::Failed { a, b } => (format!("{a}\n"), format!("{b}\n")),
    };
    let diff = TextDiff::from_lines(&left, &right);
    for line in diff
        .unified_diff()
        .context_radius(3)
        .header(&a.label, &b.label)
        .to_string()
        .lines()
    {
        out += &format!("    {line}\n");
    }
    out
}

/// Where a reproducer went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A new file.
    New(PathBuf),
    /// The same reproducer was already there.
    AlreadyThere(PathBuf),
}

impl Written {
    /// The file.
    pub fn path(&self) -> &Path {
        match self {
            Written::New(p) | Written::AlreadyThere(p) => p,
        }
    }
}

/// The reproducer of a divergence as a YAML scenario. Its expectations are the first side's
/// answers at the node (the reference engine, when it is one of the two, is the specification):
/// the move list, the perft count to the depth, and for a position difference the position after
/// that move. `origin` says how it was found (command, seed, case).
pub fn reproducer(d: &Divergence, a: &Side, b: &Side, origin: &str) -> String {
    let rules = &a.rules;
    let mut y = String::new();
    y += &format!(
        "name: {}\n",
        quote(&format!(
            "Divergence ({}): {} and {} differ under {}",
            d.difference.kind(),
            a.label,
            b.label,
            rules
        ))
    );
    y += &format!("source: {}\n", quote(origin));
    let mut note = format!(
        "Written by the differential harness. The expectations are the {} engine's answers; the {} engine answered otherwise.",
        a.label, b.label
    );
    if !d.path.is_empty() {
        note += &format!(
            " Found after {} from {}.",
            d.path_text(),
            fen::write(d.root.setup())
        );
    }
    y += &format!("note: {}\n", quote(&note));
    y += &rules_yaml(rules);
    let lenient =
        feerie_oracle::Position::new(d.node.setup().clone(), feerie_oracle::Validation::Strict)
            .is_err();
    y += &format!(
        "position: {{ fen: {}{} }}\n",
        quote(&fen::write(d.node.setup())),
        if lenient { ", lenient: true" } else { "" }
    );
    let moves = a.engine.legal_moves(&d.node, rules);
    let perft = a.engine.perft(&d.node, rules, d.depth);
    if let (Ok(moves), Ok(perft)) = (moves, perft) {
        y += "expect:\n";
        y += "  moves:\n";
        for m in &moves {
            y += &format!("    - {}\n", quote(&m.to_string()));
        }
        y += &format!("  perft: {{ {}: {perft} }}\n", d.depth);
        if let Difference::After { mv, .. } = &d.difference
            && let Some(record) = moves.iter().find(|m| m.to_string() == *mv)
            && let Ok(after) = a.engine.play(&d.node, rules, record)
        {
            y += &format!(
                "  after:\n    - {{ move: {}, fen: {} }}\n",
                quote(&record.notation_without_check()),
                quote(&fen::write(after.setup()))
            );
        }
    }
    y
}

/// The `rules:` line of a scenario.
pub(crate) fn rules_yaml(rules: &Rules) -> String {
    let conditions: Vec<&str> = rules.conditions().map(|c| c.slug()).collect();
    let mut line = format!(
        "rules: {{ conditions: [{}], profile: {}",
        conditions.join(", "),
        rules.profile()
    );
    let overrides: Vec<String> = rules
        .overrides()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    if !overrides.is_empty() {
        line += &format!(", set: {{ {} }}", overrides.join(", "));
    }
    line + " }\n"
}

/// A YAML double-quoted scalar.
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            c if c.is_control() => out += &format!("\\x{:02x}", c as u32),
            c => out.push(c),
        }
    }
    out + "\""
}

/// Writes `text` under `dir` as `<stem>.yaml`, or `<stem>-2.yaml`… when that name is taken by
/// another text; the file appears whole or not at all, and no file is ever replaced. A file
/// with the same text already there is reported, not written twice.
///
/// ```
/// use feerie::harness::{write_new, Written};
/// let dir = tempfile::tempdir().unwrap();
/// let first = write_new(dir.path(), "case", "a: 1\n").unwrap();
/// assert!(matches!(first, Written::New(_)));
/// assert!(matches!(write_new(dir.path(), "case", "a: 1\n").unwrap(), Written::AlreadyThere(_)));
/// let other = write_new(dir.path(), "case", "a: 2\n").unwrap();
/// assert!(other.path().ends_with("case-2.yaml"));
/// ```
pub fn write_new(dir: &Path, stem: &str, text: &str) -> std::io::Result<Written> {
    std::fs::create_dir_all(dir)?;
    for n in 1.. {
        let name = if n == 1 {
            format!("{stem}.yaml")
        } else {
            format!("{stem}-{n}.yaml")
        };
        let path = dir.join(name);
        if let Ok(existing) = std::fs::read_to_string(&path) {
            if existing == text {
                return Ok(Written::AlreadyThere(path));
            }
            continue;
        }
        // The text goes to a scratch file first and is then linked under its name, which
        // fails rather than replaces when the name was taken meanwhile. The scratch file is
        // created like any other (mode 0666 less the umask), not private as a temporary file
        // would be: a reproducer is meant to be read and committed.
        let scratch = dir.join(format!(".{stem}.{}.{n}.tmp", std::process::id()));
        // One left by a process of the same id that died mid-write.
        let _ = std::fs::remove_file(&scratch);
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&scratch)
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                file.sync_all()
            })
            .and_then(|()| std::fs::hard_link(&scratch, &path));
        let _ = std::fs::remove_file(&scratch);
        match written {
            Ok(()) => return Ok(Written::New(path)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("some name is free")
}

/// Writes the reproducer of `d` under `dir`, named by [`reproducer_stem`], with [`write_new`].
pub fn record(
    d: &Divergence,
    a: &Side,
    b: &Side,
    origin: &str,
    dir: &Path,
) -> std::io::Result<Written> {
    write_new(
        dir,
        &reproducer_stem(d, &a.rules),
        &reproducer(d, a, b, origin),
    )
}

/// The file stem of a reproducer: the rule family and a hash of rules and position, so that
/// the same divergence found twice maps to the same file.
pub fn reproducer_stem(d: &Divergence, rules: &Rules) -> String {
    stem(
        rules,
        d.difference.kind(),
        &fen::write(d.node.setup()),
        d.depth,
    )
}

/// `<family>-<kind>-<hash>`: the hash covers the rules, the position and the depth.
pub(crate) fn stem(rules: &Rules, kind: &str, fen: &str, depth: u32) -> String {
    let family: Vec<&str> = rules.conditions().map(|c| c.slug()).collect();
    let family = if family.is_empty() {
        "orthodox".to_string()
    } else {
        family.join("+")
    };
    let key = format!("{rules}|{fen}|{depth}");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in key.bytes() {
        hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{family}-{kind}-{hash:016x}")
}
