//! Orthodox records of ../shared/golden (Popeye's answers): the reference engine gives exactly
//! Popeye's moves, check marks and perft counts, and each record's Popeye input reads back to
//! its FEN. Skipped, with a message, when ../shared is absent.

use std::path::Path;

use feerie::oracle::{
    CheckMark, Engine, Profile, ReferenceEngine, Rules, Validation, fen, popeye_input,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Record {
    id: String,
    fen: String,
    popeye_input: String,
    moves: Vec<GoldenMove>,
    perft: std::collections::BTreeMap<u32, u64>,
}

#[derive(Deserialize)]
struct GoldenMove {
    #[serde(rename = "move")]
    text: String,
    check: String,
}

#[test]
fn reference_engine_matches_popeye_on_orthodox_records() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/golden/orthodox.yaml");
    if !path.exists() {
        eprintln!("skipped: {} is absent", path.display());
        return;
    }
    let records: Vec<Record> =
        serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(records.len() > 100);
    let rules = Rules::orthodox();
    for r in &records {
        let position =
            fen::parse(&r.fen, Validation::Strict).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        let file = popeye_input::parse(&r.popeye_input).unwrap_or_else(|e| panic!("{}: {e}", r.id));
        let (from_popeye, _) = file.problems[0]
            .to_position(Profile::Popeye, Validation::Strict)
            .unwrap();
        assert_eq!(from_popeye.board(), position.board(), "{}", r.id);
        assert_eq!(from_popeye.castling(), position.castling(), "{}", r.id);
        assert_eq!(
            from_popeye.en_passant(),
            position.en_passant(),
            "{}: en passant",
            r.id
        );

        let mut ours: Vec<String> = ReferenceEngine
            .legal_moves(&position, &rules)
            .unwrap()
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
        assert_eq!(ours, theirs, "{}", r.id);
        for (&depth, &count) in &r.perft {
            assert_eq!(
                ReferenceEngine.perft(&position, &rules, depth).unwrap(),
                count,
                "{} perft {depth}",
                r.id
            );
        }
    }
}
