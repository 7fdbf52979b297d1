//! En passant by pawns of either direction (RULES.md §5): after a double step, every enemy pawn
//! that attacks the square passed over may take there, a reverse pawn too, and the position's
//! en passant field says so. Both engines, their move lists, the positions they make and their
//! perft counts.

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, Position, ReferenceEngine, Rules, Validation, fen, popeye_move};

const ENGINES: [&dyn Engine; 2] = [&ReferenceEngine, &BitboardEngine];

fn rules(slug: &str) -> Rules {
    Rules::from_words(&[slug], Some("popeye"), &[]).expect("known rules")
}

/// The position after `text`, played by `engine`.
fn after(engine: &dyn Engine, position: &Position, rules: &Rules, text: &str) -> Position {
    let legal = engine.legal_moves(position, rules).unwrap();
    let mv = popeye_move::resolve(text, &legal).unwrap();
    engine.play(position, rules, &mv).unwrap()
}

fn moves(engine: &dyn Engine, position: &Position, rules: &Rules) -> Vec<String> {
    engine
        .legal_moves(position, rules)
        .unwrap()
        .iter()
        .map(|m| m.notation_without_check())
        .collect()
}

#[test]
fn a_reverse_pawn_beside_the_departure_square_takes_en_passant() {
    // A white reverse pawn on f7 moves down: after g7-g5 it attacks g6, the square passed over.
    let start = fen::parse("4k3/5(wPP)p1/8/8/8/8/8/4K3 b - - 0 1", Validation::Strict).unwrap();
    // Under Frankfurt the reverse pawn takes a pawn's walk of its own direction; under Protean
    // it stays a reverse pawn.
    for (slug, capture) in [("protean", "PPf7*g6 ep."), ("frankfurt", "PPf7*g6 ep.=P")] {
        let rules = rules(slug);
        for engine in ENGINES {
            let next = after(engine, &start, &rules, "g7-g5");
            assert_eq!(
                fen::write(next.setup()),
                "4k3/5(wPP)2/8/6p1/8/8/8/4K3 w - g6 0 2",
                "{slug}, {}",
                engine.name()
            );
            let listed = moves(engine, &next, &rules);
            assert!(
                listed.iter().any(|m| m == capture),
                "{slug}, {}: {listed:?}",
                engine.name()
            );
            let taken = after(engine, &next, &rules, capture);
            assert!(taken.board().get("g5".parse().unwrap()).is_none());
        }
    }
}

#[test]
fn a_reverse_pawns_double_step_opens_en_passant_to_both_kinds_of_pawn() {
    // A black reverse pawn double-steps b2-b4 (it moves up); a white pawn on a2 and a white
    // reverse pawn on c4 both attack b3 (Protean turns a reverse pawn that takes one into a
    // pawn).
    let start = fen::parse(
        "4k3/8/8/8/2(wPP)5/8/P(bPP)6/4K3 b - - 0 1",
        Validation::Strict,
    )
    .unwrap();
    let rules = rules("protean");
    for engine in ENGINES {
        let next = after(engine, &start, &rules, "PPb2-b4");
        assert_eq!(
            next.en_passant().map(|e| e.target.to_string()),
            Some("b3".into())
        );
        let listed = moves(engine, &next, &rules);
        for taker in ["a2*b3 ep.", "PPc4*b3 ep.=P"] {
            assert!(
                listed.iter().any(|m| m == taker),
                "{}: {taker} missing from {listed:?}",
                engine.name()
            );
        }
    }
}

#[test]
fn no_en_passant_field_when_no_pawn_attacks_the_passed_square() {
    // The white reverse pawn on f6 attacks e5 and g5, not g6.
    let start = fen::parse("4k3/6p1/5(wPP)2/8/8/8/8/4K3 b - - 0 1", Validation::Strict).unwrap();
    let rules = rules("protean");
    for engine in ENGINES {
        let next = after(engine, &start, &rules, "g7-g5");
        assert_eq!(next.en_passant(), None, "{}", engine.name());
    }
}

#[test]
fn kiwipete_under_protean_counts_reverse_pawns_en_passant() {
    // Popeye 4.104 counts 3,940,736 sequences of four half-moves here; before reverse pawns
    // could take en passant an engine counted 3,940,687.
    let kiwipete = fen::parse(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        Validation::Strict,
    )
    .unwrap();
    let rules = rules("protean");
    assert_eq!(
        BitboardEngine.perft(&kiwipete, &rules, 4).unwrap(),
        3_940_736
    );
}
