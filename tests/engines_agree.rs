//! The two engines agree: on reproducible random positions under every condition, with both
//! profiles and switch values that change answers, they give the same move records (check marks
//! included), the same position after each move, and the same perft counts (the bitboard
//! engine's perft takes its compact path, its move lists the record path).

use feerie::bitboard::BitboardEngine;
use feerie::oracle::{Engine, Position, ReferenceEngine, Rules, Validation, fen};
use feerie::playout::random_positions;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

fn agree(rules: &Rules, count: usize, seed: u64) {
    let starts: Vec<Position> = STARTS
        .iter()
        .map(|f| fen::parse(f, Validation::Strict).unwrap())
        .collect();
    let positions = random_positions(&ReferenceEngine, rules, &starts, count, 30, seed).unwrap();
    for p in &positions {
        let text = fen::write(p.setup());
        let ours = ReferenceEngine.legal_moves(p, rules).unwrap();
        let theirs = BitboardEngine.legal_moves(p, rules).unwrap();
        assert_eq!(ours, theirs, "{rules}: {text}");
        for mv in ours.iter().take(12) {
            let a = ReferenceEngine.play(p, rules, mv).unwrap();
            let b = BitboardEngine.play(p, rules, mv).unwrap();
            assert_eq!(a.setup(), b.setup(), "{rules}: {text} then {mv}");
        }
        let a = ReferenceEngine.perft(p, rules, 2).unwrap();
        let b = BitboardEngine.perft(p, rules, 2).unwrap();
        assert_eq!(a, b, "{rules}: {text} perft 2");
        same_children(p, rules, &text);
    }
}

/// Both engines count the same sequences of every length up to `max_depth` from `p`, and the
/// compact path makes the positions the reference engine's moves make ([`same_children`]).
fn same_counts_and_children(p: &Position, rules: &Rules, max_depth: u32, label: &str) {
    for depth in 1..=max_depth {
        let a = ReferenceEngine.perft(p, rules, depth).unwrap();
        let b = BitboardEngine.perft(p, rules, depth).unwrap();
        assert_eq!(a, b, "{rules}: {label} perft {depth}");
    }
    same_children(p, rules, label);
}

/// The compact perft path makes the same positions as the reference engine's moves.
fn same_children(p: &Position, rules: &Rules, text: &str) {
    let Some(compact) = BitboardEngine.compact_children(p, rules) else {
        return;
    };
    let mut theirs: Vec<String> = compact.iter().map(fen::write).collect();
    let mut ours: Vec<String> = ReferenceEngine
        .legal_moves(p, rules)
        .unwrap()
        .iter()
        .map(|mv| fen::write(ReferenceEngine.play(p, rules, mv).unwrap().setup()))
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{rules}: {text}, positions after each move");
}

#[test]
fn orthodox_and_circe_family() {
    for (slug, sets) in [
        ("orthodox", vec![]),
        ("circe", vec![]),
        ("circe", vec!["rebirth_occupied=strict"]),
        ("circe", vec!["rex=inclusive"]),
        ("circe-clone", vec![]),
        ("circe-clone", vec!["clone_walk_when_promoting=promoted"]),
        ("circe-equipollents", vec![]),
        ("circe-equipollents", vec!["first_rank_pawns=inert"]),
        ("circe-parrain", vec![]),
        ("circe-parrain", vec!["parrain_long_castling=toward_h"]),
    ] {
        for profile in ["documented", "popeye"] {
            let rules = Rules::from_words(&[slug], Some(profile), &sets).unwrap();
            agree(&rules, 25, 7);
        }
    }
}

#[test]
fn frankfurt_protean_and_combinations() {
    for (slug, sets) in [
        ("frankfurt", vec![]),
        ("frankfurt", vec!["rex=exclusive"]),
        ("frankfurt", vec!["royal_rider_passage=safe"]),
        ("protean", vec![]),
        ("protean", vec!["same_walk_capture=keep"]),
        ("circe-parrain,frankfurt", vec![]),
        ("circe,protean", vec![]),
        ("circe-clone,frankfurt", vec![]),
    ] {
        for profile in ["documented", "popeye"] {
            let rules = Rules::from_words(&[slug], Some(profile), &sets).unwrap();
            agree(&rules, 25, 11);
        }
    }
}

#[test]
fn magic_pieces() {
    let magic_starts = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB(wmB)PPP/R3K2R w KQkq - 0 1",
        "4k3/2(bmR)5/8/3n4/4N3/8/1(wmP)6/4K3 w - - 0 1",
        // Magic units with fairy walks, and non-magic ones of the same and other walks: the
        // fairy ends of the mutation chains (RULES.md §6).
        "4k3/2(bmG)5/3q4/3n3(wG)/4(wZ)3/2(bN)5/1(wmCA)2(wmG)3/4K3 w - - 0 1",
        // Neutral magic units, which either side moves and which demote every unit they newly
        // touch (RULES.md §6): with fairy walks, and without (then the bitboard engine's fast
        // paths must still hand them to the record path).
        "r3k3/1p1(nmP)2p1/2n1b3/3(nmR)4/4(bmB)1N1/2(nmG)5/P2(nmP)1P2/R3K2R w KQq - 0 1",
        "4k3/3(nmP)4/2n5/8/3(nmQ)4/5B2/2(nmP)1P3/4K3 b - - 0 1",
    ];
    for sets in [
        vec![],
        vec![
            "magic_contact_scope=all_contacts",
            "magic_steps=one_per_magic_piece",
        ],
        vec!["magic_kept_contact=reestablishes", "magic_pawn_edge=stay"],
        vec![
            "magic_fairy_outside_chain=as_queen",
            "magic_mixed_fairy=no_mutation",
            "magic_steps=one_per_magic_piece",
        ],
    ] {
        for slug in ["orthodox", "circe", "frankfurt"] {
            let rules = Rules::from_words(&[slug], None, &sets).unwrap();
            for (i, f) in magic_starts.iter().enumerate() {
                let start =
                    Position::new(fen::parse_setup(f).unwrap(), Validation::Strict).unwrap();
                let positions =
                    random_positions(&ReferenceEngine, &rules, &[start], 8, 16, i as u64).unwrap();
                for p in &positions {
                    let text = fen::write(p.setup());
                    assert_eq!(
                        ReferenceEngine.legal_moves(p, &rules).unwrap(),
                        BitboardEngine.legal_moves(p, &rules).unwrap(),
                        "{rules}: {text}"
                    );
                    assert_eq!(
                        ReferenceEngine.perft(p, &rules, 2).unwrap(),
                        BitboardEngine.perft(p, &rules, 2).unwrap(),
                        "{rules}: {text}"
                    );
                }
            }
        }
    }
}

/// Every shipped scenario's position (after its moves), under its rules and each of its
/// interpretations: the special cases the scenarios were written for.
#[test]
fn scenario_positions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut checked = 0;
    for item in feerie::scenario::load_dir(&dir).unwrap() {
        let s = item.unwrap();
        let base = s.base_rules().unwrap();
        let mut all = vec![base.clone()];
        for i in &s.interpretations {
            all.push(
                s.interpretation_rules(&base, i.profile.as_deref(), &i.set)
                    .unwrap(),
            );
        }
        for rules in all {
            let mut p = s.position().unwrap();
            for text in &s.play {
                let legal = ReferenceEngine.legal_moves(&p, &rules).unwrap();
                match feerie::oracle::popeye_move::resolve(text, &legal) {
                    Ok(mv) => p = ReferenceEngine.play(&p, &rules, &mv).unwrap(),
                    Err(_) => break,
                }
            }
            for depth in 1..=3 {
                assert_eq!(
                    ReferenceEngine.perft(&p, &rules, depth).unwrap(),
                    BitboardEngine.perft(&p, &rules, depth).unwrap(),
                    "{} under {rules}, depth {depth}",
                    s.file
                );
            }
            assert_eq!(
                ReferenceEngine.legal_moves(&p, &rules).unwrap(),
                BitboardEngine.legal_moves(&p, &rules).unwrap(),
                "{} under {rules}",
                s.file
            );
            same_children(&p, &rules, &s.file);
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

/// Positions a game cannot reach but collections contain (loaded leniently): the side not to
/// move in check. No engine takes a royal unit (unless a Circe rebirth brings it back).
#[test]
fn lenient_positions_with_an_attacked_king() {
    for text in [
        "k7/8/8/8/8/8/8/R3K3 w - - 0 1",
        "k7/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/3n4/4K3 b - - 0 1",
    ] {
        let p = fen::parse(text, Validation::Lenient).unwrap();
        for slug in ["orthodox", "circe", "frankfurt", "circe-parrain"] {
            let rules = Rules::from_words(&[slug], None, &[] as &[&str]).unwrap();
            let ours = ReferenceEngine.legal_moves(&p, &rules).unwrap();
            assert_eq!(
                ours,
                BitboardEngine.legal_moves(&p, &rules).unwrap(),
                "{slug}: {text}"
            );
            assert!(
                ours.iter()
                    .all(|m| m.capture.is_none_or(|c| !c.piece.royal))
            );
            for depth in 1..=3 {
                assert_eq!(
                    ReferenceEngine.perft(&p, &rules, depth).unwrap(),
                    BitboardEngine.perft(&p, &rules, depth).unwrap(),
                    "{slug}: {text} depth {depth}"
                );
            }
        }
    }
}

/// Reverse pawns (Protean chess makes them) under orthodox rules and under protean: the fast
/// generator knows them.
#[test]
fn reverse_pawns() {
    let starts: Vec<Position> = [
        "r3k2r/pp1(bPP)1ppp/8/2(wPP)1(bPP)3/3P4/8/PP3(wPP)PP/R3K2R w KQkq - 0 1",
        "4k3/(wPP)2p4/8/1(bPP)6/8/3P4/2(bPP)4(wPP)/4K3 b - - 0 1",
    ]
    .iter()
    .map(|f| Position::new(fen::parse_setup(f).unwrap(), Validation::Lenient).unwrap())
    .collect();
    for slug in ["orthodox", "protean", "circe"] {
        let rules = Rules::from_words(&[slug], None, &[] as &[&str]).unwrap();
        let positions = random_positions(&ReferenceEngine, &rules, &starts, 30, 20, 5).unwrap();
        for p in &positions {
            let text = fen::write(p.setup());
            assert_eq!(
                ReferenceEngine.legal_moves(p, &rules).unwrap(),
                BitboardEngine.legal_moves(p, &rules).unwrap(),
                "{rules}: {text}"
            );
            for depth in 1..=3 {
                assert_eq!(
                    ReferenceEngine.perft(p, &rules, depth).unwrap(),
                    BitboardEngine.perft(p, &rules, depth).unwrap(),
                    "{rules}: {text} depth {depth}"
                );
            }
        }
    }
}

/// Under Parrain the unit waiting comes back with the move, and a unit of the mover's side
/// reborn between the king and an enemy rider makes legal a move that orthodox chess forbids:
/// a move that does not answer a check, a pinned unit leaving its line, the king stepping onto
/// a line, castling onto an attacked square. The bitboard engine's counting of the last ply
/// must see each (the reference engine makes every move and tests the king).
#[test]
fn parrain_rebirths_that_shield_the_king() {
    for (text, profile, shielded) in [
        // Nb1-c3 brings the rook back from d4 to e6, across the rook's check.
        (
            "k3r3/8/8/8/3p4/8/8/1N2K3 w - - 0 1 wRd4",
            "documented",
            "b1-c3",
        ),
        // Be2-d3 leaves the pin: the knight comes back from f4 to e5.
        (
            "k3r3/8/8/8/5p2/8/4B3/4K3 w - - 0 1 wSf4",
            "documented",
            "e2-d3",
        ),
        // Ke1-e2 steps onto the rook's rank: the knight comes back from c1 to c2.
        (
            "k7/8/8/8/8/8/r7/2b1K3 w - - 0 1 wSc1",
            "documented",
            "e1-e2",
        ),
        // 0-0-0 onto c1, which the bishop on a3 sees: toward h, the knight comes back from a2
        // to b2.
        ("k7/8/8/8/8/b7/p7/R3K3 w Q - 0 1 wSa2", "popeye", "0-0-0"),
    ] {
        let p = fen::parse(text, Validation::Strict).unwrap();
        for slugs in [&["circe-parrain"][..], &["circe-parrain", "frankfurt"]] {
            let rules = Rules::from_words(slugs, Some(profile), &[] as &[&str]).unwrap();
            let ours = ReferenceEngine.legal_moves(&p, &rules).unwrap();
            assert!(
                ours.iter().any(|m| m.to_string().contains(shielded)),
                "{rules}: {text}: {shielded} should be legal"
            );
            assert_eq!(
                ours,
                BitboardEngine.legal_moves(&p, &rules).unwrap(),
                "{rules}: {text}"
            );
            for depth in 1..=3 {
                assert_eq!(
                    ReferenceEngine.perft(&p, &rules, depth).unwrap(),
                    BitboardEngine.perft(&p, &rules, depth).unwrap(),
                    "{rules}: {text} depth {depth}"
                );
            }
        }
    }
}

/// A king that has lost its own right (`n` in the castling field) does not castle, though its
/// rook keeps a right: the fast and compact paths once let it (found by `popeye fuzz --seed 41`).
#[test]
fn a_king_without_its_own_right_does_not_castle() {
    for text in [
        "4k2r/8/8/8/8/8/8/6K1 w kn - 0 11",
        "4k2r/8/8/8/8/8/8/6K1 b kn - 0 11",
        "r3k3/8/8/8/8/8/8/R3K2R w KQqN - 0 1",
    ] {
        let p = fen::parse(text, Validation::Strict).unwrap();
        for rules in [
            Rules::orthodox(),
            Rules::from_words(&["circe"], None, &[]).unwrap(),
        ] {
            same_counts_and_children(&p, &rules, 3, text);
        }
    }
}

/// Under Parrain, a unit of the mover's own side may stand on the capture square (a set-up
/// position; in play the capturer stands there). When it moves, the rebirth square is its
/// arrival square, so nobody is reborn: the compact path's bulk count once counted a reborn
/// pawn promoting there (75 moves against 72; found by `tests/properties.rs` in CI).
#[test]
fn a_unit_leaving_the_parrain_capture_square_brings_no_rebirth() {
    let rules = Rules::from_words(&["circe-parrain"], None, &[]).unwrap();
    for text in [
        "1nq2k2/r3b1pB/2p4r/pP5p/1p4pP/7P/1PP1NK2/RNBQ3R w - - 1 16 wPh7",
        "4k3/8/8/8/3B4/8/8/4K3 w - - 0 1 wPd4",
        "4k3/6R1/8/8/8/8/8/4K3 w - - 0 1 wPg7",
    ] {
        let p = fen::parse(text, Validation::Strict).unwrap();
        let moves = BitboardEngine.legal_moves(&p, &rules).unwrap().len() as u64;
        assert_eq!(
            BitboardEngine.perft(&p, &rules, 1).unwrap(),
            moves,
            "{text}"
        );
        same_counts_and_children(&p, &rules, 2, text);
    }
}

/// Under `parrain_en_passant: removes_own_unit` a pawn takes en passant onto a unit of its own
/// side that the double step's Parrain rebirth put on the passed square, and that unit
/// vanishes; under `empty_square` it does not. Both engines, through every path of the bitboard
/// engine that counts the last ply (Parrain with nothing waiting, and with Frankfurt).
#[test]
fn en_passant_onto_an_own_unit_follows_parrain_en_passant() {
    // Black to move, a white bishop waiting: 1...c7-c5 brings it back on c6, the passed square,
    // beside the white pawn on d5.
    let root = "r3k2r/pbpp1p1q/1N2p1N1/1b1P2p1/8/8/3K4/8 b kq - 0 7 wBc8";
    // The position after 1...c7-c5[+wBc6], the right recorded.
    let after = "r3k2r/pb1p1p1q/1NB1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8";
    for conditions in [&["circe-parrain"][..], &["circe-parrain", "frankfurt"]] {
        let mut counts = Vec::new();
        for value in ["empty_square", "removes_own_unit"] {
            let set = format!("parrain_en_passant={value}");
            let rules = Rules::from_words(conditions, None, &[set.as_str()]).unwrap();
            for text in [root, after] {
                let p = fen::parse(text, Validation::Strict).unwrap();
                same_counts_and_children(&p, &rules, 3, text);
            }
            let p = fen::parse(after, Validation::Strict).unwrap();
            let moves = ReferenceEngine.legal_moves(&p, &rules).unwrap();
            let ep: Vec<String> = moves
                .iter()
                .filter(|m| m.en_passant)
                .map(|m| m.to_string())
                .collect();
            counts.push(ep);
        }
        assert_eq!(counts[0], Vec::<String>::new(), "{conditions:?}");
        assert_eq!(counts[1], vec!["d5*c6 ep.".to_string()], "{conditions:?}");
    }
}

/// Found by review: a magic unit's contact after en passant onto an own unit (the compact
/// path's placement of the units cleared the arrival square), and a reborn pawn whose own side
/// took it (`bPd3:b`, Black to move) under `parrain_other_side_promotion: stays` (the bulk count
/// promoted it). Both engines, every path.
#[test]
fn parrain_readings_agree_with_magic_units_and_a_recorded_capturer() {
    for (text, sets) in [
        (
            "5k2/2p5/1(wmR)6/3P4/8/8/8/7K b - - 0 1 wSc8",
            &["parrain_en_passant=removes_own_unit"][..],
        ),
        (
            "4k3/8/8/8/8/7r/8/K7 b - - 0 1 bPd3:b",
            &["parrain_other_side_promotion=stays"][..],
        ),
        (
            "4k3/8/8/8/8/7r/8/K7 b - - 0 1 bPd3:b",
            &["parrain_other_side_promotion=promotes"][..],
        ),
        ("4k3/8/8/8/8/7R/8/4K3 w - - 0 1 bPd3:w", &[][..]),
    ] {
        let rules = Rules::from_words(&["circe-parrain"], Some("popeye"), sets).unwrap();
        let p = fen::parse(text, Validation::Strict).unwrap();
        same_counts_and_children(&p, &rules, 3, text);
    }
}

/// Captures whose rebirth checks the capturer's king or brings back a pawn that promotes, at
/// the last ply, where the bitboard engine counts most captures in bulk or settles them by the
/// rebirth square alone: each position has one such capture under its place, which the count
/// must leave out (or split into its promotions), and both engines count alike under every
/// place with an immediate rebirth, both readings of an occupied rebirth square.
#[test]
fn rebirths_that_check_or_promote_at_the_last_ply() {
    // (position, place, moves the place adds to orthodox chess's count at depth 1)
    let cases = [
        // Rxa5: the queen comes back on d8 and checks down the open d-file.
        ("7k/8/8/q7/8/8/8/R2K4 w - - 0 1", "circe", -1),
        // Nxd5: the rook comes back on e3, which the knight left, and checks through e2.
        ("7k/8/8/3r4/8/4N3/8/4K3 w - - 0 1", "circe-pwc", -1),
        // Nxb5: the queen comes back on a7, the capture's vector on from b5, and checks.
        ("7k/8/8/1q6/8/2N5/8/K7 w - - 0 1", "circe-equipollents", -1),
        // dxe5: the pawn comes back on a1 and promotes; as a rook or a queen it checks.
        ("7k/8/8/4p3/3P4/8/8/7K w - - 0 1", "circe-antipodes", 1),
    ];
    let places = [
        "circe",
        "circe-clone",
        "circe-equipollents",
        "circe-mirror",
        "circe-diametral",
        "circe-vertical-mirror",
        "circe-file",
        "circe-mirror-file",
        "circe-symmetry",
        "circe-vertical-symmetry",
        "circe-antipodes",
        "circe-pwc",
        "circe-chameleon",
    ];
    let orthodox = Rules::from_words(&["orthodox"], None, &[] as &[&str]).unwrap();
    for (text, place, added) in cases {
        let p = fen::parse(text, Validation::Strict).unwrap();
        let rules = Rules::from_words(&[place], None, &[] as &[&str]).unwrap();
        let plain = ReferenceEngine.perft(&p, &orthodox, 1).unwrap() as i64;
        let under = BitboardEngine.perft(&p, &rules, 1).unwrap() as i64;
        assert_eq!(under - plain, added, "{place}: {text}");
        for place in places {
            for occupied in ["relaxed", "strict"] {
                let sets = [format!("rebirth_occupied={occupied}")];
                let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
                let rules = Rules::from_words(&[place], None, &sets).unwrap();
                same_counts_and_children(&p, &rules, 2, text);
            }
        }
    }
}
