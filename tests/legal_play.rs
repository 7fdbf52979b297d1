//! Every position reached by legal play is a valid position: random games under every rule
//! family and profile (and each Circe family again with `rex: inclusive`), from the orthodox
//! array and from arrays with fairy walks and magic units, are read back at every ply through
//! the FEN and the validator under the same rules ([`Position::under_rules`], strictly). A
//! position the moves reach and the validator refuses would make feerie refuse a problem that
//! arises in play (under rex inclusive, a king attacked while its rebirth square is free is not
//! in check, and once was refused as such).
//!
//! `FEERIE_LEGAL_PLAY_GAMES` sets the games per family and start (default 1; ci/test.sh plays
//! three).

use feerie::bitboard::BitboardEngine;
use feerie::harness::Bucket;
use feerie::oracle::{Engine, MoveRecord, Position, Rules, Setup, Validation, fen};
use feerie::playout::Rng;

/// The arrays the games start from: orthodox, fairy walks of each kind (riders, leapers,
/// hoppers, compounds) and magic units of both sides.
const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r(bG)bqkb(bN)r/pppppppp/8/8/8/8/PPPPPPPP/R(wG)BQKB(wN)R w KQkq - 0 1",
    "r(bCA)bqkb(bLE)r/pppppppp/8/8/8/8/PPPPPPPP/R(wZ)BQKB(wAM)R w KQkq - 0 1",
    "rnbqk(bmB)nr/pppppppp/8/8/8/8/PPPPPPPP/RN(wmB)QKBNR w KQkq - 0 1",
];

const PLIES: usize = 70;

fn games() -> u64 {
    std::env::var("FEERIE_LEGAL_PLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// The rules of every family, and each Circe family's again with `rex: inclusive`.
fn rule_sets() -> Vec<(String, Rules)> {
    let mut sets = Vec::new();
    for bucket in Bucket::all() {
        if bucket.rules.circe().is_some() {
            let mut rex = bucket.rules.clone();
            rex.set("rex", "inclusive").expect("a Circe switch");
            sets.push((format!("{} rex=inclusive", bucket.name), rex));
        }
        sets.push((bucket.name, bucket.rules));
    }
    sets
}

/// A move where the conditions act (a capture, a promotion, a rebirth, a contact) three
/// times out of four when there is one, else any.
fn pick(moves: &[(MoveRecord, Position)], rng: &mut Rng) -> usize {
    let lively: Vec<usize> = (0..moves.len())
        .filter(|&i| {
            let m = &moves[i].0;
            m.capture.is_some() || m.promotion.is_some() || m.delayed_rebirth.is_some()
        })
        .collect();
    if !lively.is_empty() && rng.below(4) != 0 {
        lively[rng.below(lively.len())]
    } else {
        rng.below(moves.len())
    }
}

/// The setup as a FEN gives it back: the diagram's fairy walks are what the FEN says, and
/// those of the board besides.
fn comparable(setup: &Setup) -> Setup {
    let mut setup = setup.clone();
    setup.fairy_walks = setup.fairy_walks.union(setup.board_fairy_walks());
    setup
}

#[test]
fn every_position_reached_by_legal_play_reads_back_as_valid() {
    let mut positions = 0usize;
    let mut refused = Vec::new();
    for (name, rules) in rule_sets() {
        for (s, start) in STARTS.iter().enumerate() {
            let Ok(start) = Position::under_rules(
                fen::parse_setup(start).expect("built-in FEN"),
                Validation::Strict,
                &rules,
            ) else {
                panic!("{start} is refused under {name}");
            };
            for game in 0..games() {
                let mut rng = Rng::new((s as u64) << 32 | game);
                let mut position = start.clone();
                let mut line = Vec::new();
                for _ in 0..PLIES {
                    let Ok(moves) = BitboardEngine.successors(&position, &rules) else {
                        // Rules that do not fit the array (a magic unit under a rule that
                        // refuses it) are no play at all.
                        break;
                    };
                    if moves.is_empty() {
                        break;
                    }
                    let (mv, after) = moves[pick(&moves, &mut rng)].clone();
                    line.push(mv.to_string());
                    position = after;
                    positions += 1;
                    let text = fen::write(position.setup());
                    let read = fen::parse_setup(&text)
                        .unwrap_or_else(|e| panic!("{text} does not read back ({e})"));
                    assert_eq!(read, comparable(position.setup()), "{text} under {name}");
                    if let Err(e) = Position::under_rules(read, Validation::Strict, &rules) {
                        refused.push(format!("{name}: {text} after {}: {e}", line.join(" ")));
                        break;
                    }
                }
            }
        }
    }
    eprintln!("{positions} positions read back");
    assert!(positions > 1000, "too few positions played: {positions}");
    assert!(
        refused.is_empty(),
        "{} positions reached in play are refused:\n{}",
        refused.len(),
        refused.join("\n")
    );
}
