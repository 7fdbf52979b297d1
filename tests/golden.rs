//! The golden records (Popeye 4.104's answers, every condition), read from the repository's copy
//! `corpus/shared/golden` of ../shared/golden (tests/shared_copies.rs keeps the two equal), and
//! the fairy records of `corpus/golden` (written by `feerie popeye fuzz --golden`, positions
//! with fairy walks): under the `popeye` profile both engines give exactly Popeye's moves, check
//! marks and perft counts, and each record's Popeye input reads back to its FEN and reserve.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{
    CheckMark, Colour, Engine, Piece, Position, Profile, ReferenceEngine, Reserve, Rules,
    Validation, Walk, fen, popeye_input, popeye_move,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Record {
    id: String,
    condition: String,
    /// Switches set on top of the profile (the fairy records).
    #[serde(default)]
    sets: Vec<String>,
    fen: String,
    #[serde(default)]
    reserve: Option<GoldenReserve>,
    popeye_input: String,
    moves: Vec<GoldenMove>,
    perft: BTreeMap<u32, u64>,
}

#[derive(Deserialize)]
struct GoldenReserve {
    piece: String,
    color: String,
    square: String,
}

#[derive(Deserialize)]
struct GoldenMove {
    #[serde(rename = "move")]
    text: String,
    check: String,
}

/// The repository's copy of ../shared/golden.
fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/shared/golden")
}

/// The rules a record's `condition` (slugs joined by `+`) and `sets` name, under the popeye
/// profile.
fn rules_of(condition: &str, sets: &[String]) -> Rules {
    let (slugs, mut all): (&str, Vec<String>) = match condition {
        "frankfurt-rexexclusive" => ("frankfurt", vec!["rex=exclusive".into()]),
        "protean-rexexclusive" => ("protean", vec!["rex=exclusive".into()]),
        other => (other, Vec::new()),
    };
    all.extend(sets.iter().cloned());
    let slugs: Vec<String> = slugs.split('+').map(String::from).collect();
    Rules::from_words(&slugs, Some("popeye"), &all).unwrap()
}

fn position_of(r: &Record) -> Position {
    let mut setup = fen::parse_setup(&r.fen).unwrap_or_else(|e| panic!("{}: {e}", r.id));
    if let Some(g) = &r.reserve {
        let colour = if g.color == "white" {
            Colour::White
        } else {
            Colour::Black
        };
        let walk = Walk::from_fen_char(g.piece.chars().next().unwrap()).unwrap();
        setup.reserve = Some(Reserve::new(
            Piece::new(colour, walk),
            g.square.parse().unwrap(),
        ));
    }
    Position::new(setup, Validation::Lenient).unwrap_or_else(|e| panic!("{}: {e}", r.id))
}

/// Every disagreement with Popeye on one golden file, as readable lines.
fn disagreements(file: &Path, engine: &dyn Engine) -> (usize, Vec<String>) {
    let records: Vec<Record> =
        serde_yaml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let mut problems = Vec::new();
    for r in &records {
        let rules = rules_of(&r.condition, &r.sets);
        let position = position_of(r);
        let parsed =
            popeye_input::parse(&r.popeye_input).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        let (from_popeye, popeye_rules) = parsed.problems[0]
            .to_position(Profile::Popeye, Validation::Lenient)
            .unwrap_or_else(|e| panic!("{}: {e}", r.id));
        // The FEN cannot say that a king without rook rights still has its own right (a rook
        // reborn on its corner would regain castling); Popeye's input does, so the engine runs
        // on the position the input describes.
        let rook_rights = |p: &Position| p.castling().squares().collect::<Vec<_>>();
        if from_popeye.setup().board != position.setup().board
            || rook_rights(&from_popeye) != rook_rights(&position)
            || from_popeye.en_passant() != position.en_passant()
            || from_popeye.reserve() != position.reserve()
            || popeye_rules != rules
        {
            problems.push(format!(
                "{}: Popeye input does not read back to the FEN and rules",
                r.id
            ));
        }
        let position = from_popeye;

        let legal = match engine.legal_moves(&position, &rules) {
            Ok(moves) => moves,
            Err(e) => {
                problems.push(format!("{}: {e}", r.id));
                continue;
            }
        };
        // Each record's notation names it alone: reading it back gives the same record.
        for mv in &legal {
            match popeye_move::resolve(&mv.to_string(), &legal) {
                Ok(back) if back == *mv => {}
                other => problems.push(format!("{}: {mv} reads back as {other:?}", r.id)),
            }
        }
        let mut ours: Vec<String> = legal
            .iter()
            .map(|m| {
                let mark = if m.check == CheckMark::None { "" } else { "+" };
                format!("{}{mark}", m.notation_without_check())
            })
            .collect();
        let mut theirs: Vec<String> = r
            .moves
            .iter()
            .map(|m| format!("{}{}", m.text, m.check))
            .collect();
        ours.sort();
        theirs.sort();
        if ours != theirs {
            let only_ours: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            let only_theirs: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
            problems.push(format!(
                "{} ({}): only ours {only_ours:?}, only Popeye's {only_theirs:?}",
                r.id, r.fen
            ));
            continue;
        }
        for (&depth, &count) in &r.perft {
            let n = engine.perft(&position, &rules, depth).unwrap();
            if n != count {
                problems.push(format!(
                    "{} ({}): perft {depth} {n}, Popeye {count}",
                    r.id, r.fen
                ));
            }
        }
    }
    (records.len(), problems)
}

fn check_file(name: &str) {
    check_file_in(&golden_dir(), name);
}

fn check_file_in(dir: &Path, name: &str) {
    for engine in [&ReferenceEngine as &dyn Engine, &BitboardEngine] {
        let (count, problems) = disagreements(&dir.join(name), engine);
        assert!(count > 100, "{name}: only {count} records");
        assert!(
            problems.is_empty(),
            "{name}, {} engine: {} of {count} records disagree with Popeye:\n{}",
            engine.name(),
            problems.len(),
            problems.join("\n")
        );
    }
}

#[test]
fn orthodox() {
    check_file("orthodox.yaml");
}

#[test]
fn circe() {
    check_file("circe.yaml");
}

#[test]
fn circe_clone() {
    check_file("circe-clone.yaml");
}

#[test]
fn circe_equipollents() {
    check_file("circe-equipollents.yaml");
}

#[test]
fn circe_parrain() {
    check_file("circe-parrain.yaml");
}

#[test]
fn frankfurt() {
    check_file("frankfurt.yaml");
}

#[test]
fn frankfurt_rex_exclusive() {
    check_file("frankfurt-rexexclusive.yaml");
}

#[test]
fn protean() {
    check_file("protean.yaml");
}

#[test]
fn protean_rex_exclusive() {
    check_file("protean-rexexclusive.yaml");
}

/// Positions with fairy walks (`corpus/golden/fairy.yaml`, Popeye 4.104's answers kept by
/// `feerie popeye fuzz --golden`).
#[test]
fn fairy() {
    check_file_in(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/golden"),
        "fairy.yaml",
    );
}
