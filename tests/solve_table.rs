//! The solver's transposition table: its memory stays within the bound asked however much is
//! stored, and its keys are equal for a position reached by two orders of moves and differ
//! when anything that decides the legal moves differs (reserve, rights, side, attributes).

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{
    CastlingRights, Colour, Engine, Piece, Position, Reserve, Rules, Setup, Validation, Walk, fen,
};
use feerie::solve::table::{Node, Table};
use feerie::space::zobrist::{Key, key};

/// The position after `moves`, each given by its squares (`g1f3`).
fn played(moves: &[&str]) -> Position {
    let mut position = Position::start();
    for text in moves {
        let rules = Rules::orthodox();
        let mv = BitboardEngine
            .legal_moves(&position, &rules)
            .unwrap()
            .into_iter()
            .find(|m| format!("{}{}", m.from, m.to) == *text)
            .unwrap_or_else(|| panic!("{text} is legal"));
        position = BitboardEngine.play(&position, &rules, &mv).unwrap();
    }
    position
}

#[test]
fn the_table_stays_within_its_bound_however_much_is_stored() {
    for megabytes in [0, 1, 3, 16] {
        let table = Table::with_megabytes(megabytes);
        let bound = megabytes << 20;
        assert!(table.memory_bound() <= bound, "{megabytes} MB");
        if megabytes > 0 {
            assert!(
                table.memory_bound() > bound / 2,
                "{megabytes} MB: most of it used"
            );
        }
        // Ten times more answers than slots, on keys from a simple generator.
        let mut state = 0x1234_5678_9ABC_DEF0u64 ^ megabytes as u64;
        let mut last = None;
        for i in 0..10 * table.capacity().max(1000) {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = Key {
                main: state,
                check: state.rotate_left(17) ^ 0xDEAD_BEEF,
            };
            table.put_keyed(k, Node::Attack, (i % 5) as u32, i % 2 == 0);
            last = Some((k, (i % 5) as u32, i % 2 == 0));
        }
        assert!(table.memory_used() <= bound, "{megabytes} MB");
        assert!(table.len() <= table.capacity());
        let (k, left, answer) = last.unwrap();
        let expected = (megabytes > 0).then_some(answer);
        assert_eq!(table.get_keyed(k, Node::Attack, left), expected);
        assert_eq!(table.get_keyed(k, Node::Defence, left), None);
    }
}

#[test]
fn a_position_reached_by_two_orders_of_moves_has_one_key() {
    let one = played(&["g1f3", "b8c6", "b1c3", "g8f6"]);
    let other = played(&["b1c3", "g8f6", "g1f3", "b8c6"]);
    assert_eq!(one, other);
    assert_eq!(key(&one), key(&other));
    // The half-move clock and the move number decide nothing a stipulation asks.
    let back = played(&["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_ne!(back, Position::start());
    assert_eq!(key(&back), key(&Position::start()));
}

#[test]
fn keys_differ_on_everything_that_decides_the_legal_moves() {
    let base = fen::parse_setup("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    let mut variants: Vec<(&str, Setup)> = vec![("base", base.clone())];
    let mut with = |name, edit: &dyn Fn(&mut Setup)| {
        let mut s = base.clone();
        edit(&mut s);
        variants.push((name, s));
    };
    with("no en passant", &|s| s.en_passant = None);
    with("no castling", &|s| s.castling = CastlingRights::none());
    with("one castling right less", &|s| {
        s.castling.remove("h1".parse().unwrap())
    });
    with("a reserve", &|s| {
        s.reserve = Some(Reserve::new(
            Piece::new(Colour::Black, Walk::Knight),
            "c3".parse().unwrap(),
        ))
    });
    with("another reserve unit", &|s| {
        s.reserve = Some(Reserve::new(
            Piece::new(Colour::Black, Walk::Bishop),
            "c3".parse().unwrap(),
        ))
    });
    with("another reserve square", &|s| {
        s.reserve = Some(Reserve::new(
            Piece::new(Colour::Black, Walk::Knight),
            "c4".parse().unwrap(),
        ))
    });
    with("the reserve taken by the side to move", &|s| {
        s.reserve = Some(Reserve {
            taken_by_side_to_move: true,
            ..Reserve::new(
                Piece::new(Colour::Black, Walk::Knight),
                "c3".parse().unwrap(),
            )
        })
    });
    with("a magic pawn", &|s| {
        let sq = "e5".parse().unwrap();
        let p = s.board.get(sq).unwrap();
        s.board.set(sq, Some(p.with_magic(true)));
    });
    with("a mutable pawn", &|s| {
        let sq = "e5".parse().unwrap();
        let p = s.board.get(sq).unwrap();
        s.board.set(sq, Some(p.with_mutable(true)));
    });
    with("a reverse pawn", &|s| {
        let sq = "d5".parse().unwrap();
        let p = s.board.get(sq).unwrap();
        s.board
            .set(sq, Some(Piece::new(p.colour, Walk::ReversePawn)));
        // A reverse pawn on d5 has not double-stepped to it.
        s.en_passant = None;
    });
    with("black to move", &|s| {
        s.side_to_move = Colour::Black;
        s.en_passant = None;
    });
    let keys: Vec<(&str, Key)> = variants
        .iter()
        .map(|(name, setup)| {
            let position = Position::new(setup.clone(), Validation::Lenient)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (*name, key(&position))
        })
        .collect();
    for (i, (a, ka)) in keys.iter().enumerate() {
        for (b, kb) in &keys[i + 1..] {
            assert_ne!(ka.main, kb.main, "{a} and {b}");
            assert_ne!(ka.check, kb.check, "{a} and {b}");
        }
    }
}

#[test]
fn a_dead_end_holds_for_fewer_moves_of_the_same_parity_and_keeps_the_most() {
    let table = Table::with_megabytes(1);
    let k = Key {
        main: 0x0123_4567_89AB_CDEF,
        check: 0xFEDC_BA98_7654_3210,
    };
    assert!(!table.dead_end(k, 3, 2));
    table.put_dead_end(k, 5);
    // Help play: two half-moves fewer at a time.
    assert!(table.dead_end(k, 5, 2));
    assert!(table.dead_end(k, 3, 2));
    assert!(table.dead_end(k, 1, 2));
    assert!(!table.dead_end(k, 4, 2));
    assert!(!table.dead_end(k, 7, 2));
    // Series play: any number of moves fewer.
    assert!(table.dead_end(k, 4, 1));
    assert!(!table.dead_end(k, 6, 1));
    // A shorter dead end found later does not erase the longer one.
    table.put_dead_end(k, 2);
    assert!(table.dead_end(k, 5, 1));
    table.put_dead_end(k, 9);
    assert!(table.dead_end(k, 9, 1));
    assert!(table.dead_end(k, 7, 2));
    // Another question about the position is not a dead end.
    assert_eq!(table.get_keyed(k, Node::Attack, 5), None);
}
