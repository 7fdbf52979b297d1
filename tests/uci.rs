//! Our orthodox perft against Stockfish's `go perft` on 200 reproducible random positions at
//! depth 3. Skipped with a message when Stockfish is not installed, unless
//! FEERIE_REQUIRE_STOCKFISH is set or CI is `true` (CI installs it and sets it).

mod common;

use feerie::commands::uci_perft::compare_perft;
use feerie::external::uci::UciEngine;
use feerie::oracle::{
    Engine, EngineError, MoveRecord, Position, ReferenceEngine, Rules, Setup, Status, Validation,
    Walk, fen,
};
use feerie::playout::random_positions;

/// Stockfish, or `None` with a message when it cannot be started (a failure instead under
/// FEERIE_REQUIRE_STOCKFISH).
fn stockfish() -> Option<UciEngine> {
    match UciEngine::start("stockfish") {
        Ok(e) => Some(e),
        Err(e) if !common::required(&["FEERIE_REQUIRE_STOCKFISH"]) => {
            common::skip(e);
            None
        }
        Err(e) => panic!("{e} (FEERIE_REQUIRE_STOCKFISH or CI=true says it must be there)"),
    }
}

#[test]
fn reference_perft_matches_stockfish_on_random_positions() {
    let Some(mut stockfish) = stockfish() else {
        return;
    };
    let suite = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/perft/orthodox.txt"),
    )
    .unwrap();
    let mut starts = vec![Position::start()];
    for case in feerie::corpus::parse_perft_suite("orthodox.txt", &suite).unwrap() {
        starts.push(fen::parse(&case.fen, Validation::Strict).unwrap());
    }
    let positions =
        random_positions(&ReferenceEngine, &Rules::orthodox(), &starts, 200, 60, 2026).unwrap();
    let distinct: std::collections::BTreeSet<String> =
        positions.iter().map(|p| fen::write(p.setup())).collect();
    assert!(
        distinct.len() > 150,
        "only {} distinct positions",
        distinct.len()
    );
    let mut failures = Vec::new();
    for p in &positions {
        if let Some(lines) = compare_perft(&mut stockfish, &ReferenceEngine, p, 3).unwrap() {
            failures.push(format!(
                "{}\n  {}",
                fen::write(p.setup()),
                lines.join("\n  ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The reference engine with a planted bug: knights never move to the a-file.
struct NoKnightsToTheAFile;

impl Engine for NoKnightsToTheAFile {
    fn name(&self) -> &'static str {
        "planted bug"
    }
    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        let mut moves = ReferenceEngine.legal_moves(p, r)?;
        moves.retain(|m| !(m.mover.walk == Walk::Knight && m.to.file().index() == 0));
        Ok(moves)
    }
    fn play_setup(&self, p: &Position, r: &Rules, m: &MoveRecord) -> Result<Setup, EngineError> {
        ReferenceEngine.play_setup(p, r, m)
    }
    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut n = 0;
        for m in self.legal_moves(p, r)? {
            n += self.perft(&self.play(p, r, &m)?, r, depth - 1)?;
        }
        Ok(n)
    }
    fn status(&self, p: &Position, r: &Rules) -> Result<Status, EngineError> {
        ReferenceEngine.status(p, r)
    }
}

#[test]
fn a_wrong_count_is_reported_move_by_move() {
    let Some(mut stockfish) = stockfish() else {
        return;
    };
    let start = Position::start();
    assert_eq!(
        compare_perft(&mut stockfish, &ReferenceEngine, &start, 2).unwrap(),
        None
    );
    let lines = compare_perft(&mut stockfish, &NoKnightsToTheAFile, &start, 2)
        .unwrap()
        .expect("the planted bug is seen");
    assert!(
        lines.contains(&"b1a3: ours -, engine 20".to_string()),
        "{lines:?}"
    );
    // Black's Sb8-a6 is missing below every white move.
    assert!(
        lines.contains(&"e2e4: ours 19, engine 20".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l == "total: ours 361, engine 400"),
        "{lines:?}"
    );
    // A king's right alone (E) has no UCI form and changes nothing in orthodox chess.
    let p = fen::parse("4k3/8/8/8/8/8/4P3/4K3 w E - 0 1", Validation::Strict).unwrap();
    assert_eq!(
        compare_perft(&mut stockfish, &ReferenceEngine, &p, 2).unwrap(),
        None
    );
}
