//! Golden records: Popeye's answers on the fuzzed positions that hold a fairy walk, written as
//! YAML in the layout of the shared golden files (`../shared/golden`), so that a test can
//! compare both engines with Popeye without running it (`corpus/golden/`, read by
//! `tests/golden.rs`).

use std::io::Write;
use std::path::Path;

use feerie_oracle::{Profile, Validation, fen, popeye_input};

use super::PopeyeCase;
use crate::external::popeye_batch::{LineCount, ListedMove};
use crate::harness::report::quote;

/// One position with Popeye's answer: its moves with their check marks, and the number of
/// sequences of a few half-moves.
#[derive(Clone, Debug)]
pub struct GoldenRecord {
    /// Family and case: `circe/popeye-12`.
    pub id: String,
    /// The conditions' slugs joined by `+` (`orthodox` for none).
    pub condition: String,
    /// The switches set on top of the `popeye` profile (`rex=inclusive`).
    pub sets: Vec<String>,
    /// The position in extended FEN (reserve and diagram walks included).
    pub fen: String,
    /// The input Popeye was given for the move list.
    pub popeye_input: String,
    /// Popeye's moves.
    pub moves: Vec<ListedMove>,
    /// Popeye's count of sequences, with their length.
    pub perft: Option<(u32, u64)>,
}

/// The record of a case Popeye answered, when its position holds a fairy walk (on the board or
/// among the diagram's walks) and its Popeye input reads back to the same position and rules;
/// `None` otherwise.
pub fn golden_record(
    case: &PopeyeCase,
    moves: &[ListedMove],
    lines: Option<&LineCount>,
) -> Option<GoldenRecord> {
    let setup = case.position.setup();
    let fairy =
        !setup.fairy_walks.is_empty() || setup.board.pieces().any(|(_, p)| p.walk.is_fairy());
    if !fairy {
        return None;
    }
    let side = case.position.side_to_move();
    let input = popeye_input::write(
        &case.position,
        &case.rules,
        &format!("sstipulation {side} 1s[~]"),
    )
    .ok()?;
    let parsed = popeye_input::parse(&input).ok()?;
    let (back, rules) = parsed
        .problems
        .first()?
        .to_position(Profile::Popeye, Validation::Lenient)
        .ok()?;
    let same = back.setup().board == setup.board
        && back.reserve() == case.position.reserve()
        && back.en_passant() == case.position.en_passant()
        && rules == case.rules;
    if !same {
        return None;
    }
    let slugs: Vec<&str> = case.rules.conditions().map(|c| c.slug()).collect();
    Some(GoldenRecord {
        id: format!("{}-{}", case.bucket, case.index),
        condition: if slugs.is_empty() {
            "orthodox".to_string()
        } else {
            slugs.join("+")
        },
        sets: case
            .rules
            .overrides()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        fen: fen::write(setup),
        popeye_input: input,
        moves: moves.to_vec(),
        perft: lines.map(|l| (l.depth, l.total)),
    })
}

/// The records as one YAML list, after a comment header.
pub fn render(records: &[GoldenRecord], header: &str) -> String {
    let mut y = String::new();
    for line in header.lines() {
        y += &format!("# {line}\n");
    }
    for r in records {
        y += &format!("- id: {}\n", quote(&r.id));
        y += &format!("  condition: {}\n", quote(&r.condition));
        let sets: Vec<String> = r.sets.iter().map(|s| quote(s)).collect();
        y += &format!("  sets: [{}]\n", sets.join(", "));
        y += &format!("  fen: {}\n", quote(&r.fen));
        y += "  popeye_input: |\n";
        for line in r.popeye_input.lines() {
            y += &format!("    {line}\n");
        }
        if r.moves.is_empty() {
            y += "  moves: []\n";
        } else {
            y += "  moves:\n";
            for m in &r.moves {
                let check = if m.check { "+" } else { "" };
                y += &format!(
                    "    - {{move: {}, check: {}}}\n",
                    quote(&m.text),
                    quote(check)
                );
            }
        }
        match r.perft {
            Some((depth, total)) => y += &format!("  perft: {{{depth}: {total}}}\n"),
            None => y += "  perft: {}\n",
        }
    }
    y
}

/// Writes `text` to `path`, which must not exist yet (a golden file is never overwritten).
pub fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::File::create_new(path)?;
    file.write_all(text.as_bytes())
}
