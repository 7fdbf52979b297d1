use feerie_oracle::{Condition, Engine, ReferenceEngine, Rules, Validation, fen};

use super::*;

/// The events of the move written `text` (without check mark) from `fen` under the rules.
fn events_of(conditions: &[&str], set: &[&str], position: &str, text: &str) -> Vec<String> {
    let rules = Rules::from_words(conditions, None, set).expect("rules");
    let before = fen::parse(position, Validation::Lenient).expect("a position");
    let successors = ReferenceEngine.successors(&before, &rules).expect("moves");
    let (mv, after) = successors
        .iter()
        .find(|(m, _)| m.notation_without_check() == text)
        .unwrap_or_else(|| {
            let all: Vec<String> = successors.iter().map(|(m, _)| m.to_string()).collect();
            panic!("{text} is not among {all:?}")
        });
    let mut out = Vec::new();
    classify(&rules, &before, mv, after, &mut |e| out.push(e.to_string()));
    out
}

#[test]
fn a_black_king_reborn_home_under_rex_inclusive_regains_its_right() {
    let events = events_of(
        &["circe"],
        &["rex=inclusive"],
        "k7/8/8/8/8/8/8/R3K3 w - - 0 1",
        "Ra1*a8[+bKe8]",
    );
    for e in [
        "rebirth-black-king",
        "king-reborn-home",
        "black-king-regains-castling",
    ] {
        assert!(events.iter().any(|x| x == e), "{e} in {events:?}");
    }
}

#[test]
fn a_rook_reborn_on_its_corner_is_told_by_its_sides_field() {
    // b1 is light: the black rook comes back on a8; Black keeps the king's right and h8's.
    let events = events_of(
        &["circe"],
        &[],
        "4k2r/8/8/8/8/8/8/Rr2K3 w k - 0 1",
        "Ra1*b1[+bRa8]",
    );
    assert!(
        events.contains(&"rook-appears-home-partial".to_string()),
        "{events:?}"
    );
    assert!(
        events.contains(&"rebirth-black-rook".to_string()),
        "{events:?}"
    );
    // With no black right at all, the same rebirth is another event.
    let events = events_of(
        &["circe"],
        &[],
        "4k2r/8/8/8/8/8/8/Rr2K3 w - - 0 1",
        "Ra1*b1[+bRa8]",
    );
    assert!(
        events.contains(&"rook-appears-home-none".to_string()),
        "{events:?}"
    );
    assert!(
        !events.contains(&"rook-appears-home-partial".to_string()),
        "{events:?}"
    );
}

#[test]
fn a_capturer_that_becomes_a_rook_on_its_corner_under_frankfurt() {
    let events = events_of(
        &["frankfurt"],
        &[],
        "4k3/8/8/8/8/8/6B1/4K2r w E - 0 1",
        "Bg2*h1=R",
    );
    assert!(
        events.contains(&"mutation-to-rook".to_string()),
        "{events:?}"
    );
    assert!(
        events.contains(&"rook-appears-home-king-only".to_string()),
        "{events:?}"
    );
}

#[test]
fn lost_rebirths_say_why() {
    let events = events_of(
        &["circe-equipollents"],
        &[],
        "7k/8/4n3/8/8/8/B7/7K w - - 0 1",
        "Ba2*e6",
    );
    assert_eq!(events, ["rebirth-off-board"]);
    // The black knight taken on c3 goes home to b8, where a black rook stands.
    let events = events_of(
        &["circe"],
        &[],
        "1r2k3/8/8/8/8/2n5/8/2R1K3 w - - 0 1",
        "Rc1*c3",
    );
    assert_eq!(events, ["rebirth-occupied"]);
}

#[test]
fn parrain_castling_and_magic_contacts() {
    let events = events_of(
        &["circe-parrain"],
        &[],
        "1k6/8/8/8/3n4/8/8/R3K2R w KQ - 0 2 wPd4",
        "0-0-0[+wPc4]",
    );
    assert!(
        events.contains(&"parrain-castling-rebirth".to_string()),
        "{events:?}"
    );
    let events = events_of(
        &[],
        &[],
        "7k/8/N1n5/8/8/1(wmR)6/8/7K w - - 0 1",
        "mRb3-b6[a6=wB][c6=bP]",
    );
    for e in ["magic-contact-up", "magic-contact-down", "magic-chain"] {
        assert!(events.iter().any(|x| x == e), "{e} in {events:?}");
    }
}

#[test]
fn a_quiet_orthodox_move_has_no_event_and_counts_go_to_their_columns() {
    assert!(events_of(&[], &[], "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "Ra1-a2").is_empty());
    let circe = Column::Condition(Condition::Circe);
    let mut a = Coverage::default();
    a.add("rebirth-occupied", &[circe, Column::Magic]);
    let mut b = Coverage::default();
    b.add("rebirth-occupied", &[circe]);
    b.add("magic-chain", &[circe]);
    a.merge(&b);
    assert_eq!(a.count("rebirth-occupied", circe), 2);
    assert_eq!(a.count("rebirth-occupied", Column::Magic), 0);
    // magic-chain is not an event of circe: not counted there.
    assert_eq!(a.count("magic-chain", circe), 0);
    assert!(
        a.unreached(&[circe], table::Scope::Feerie)
            .iter()
            .all(|(d, _)| d.name != "rebirth-occupied")
    );
}

#[test]
fn every_event_name_is_listed_once() {
    let c = catalogue();
    for (i, e) in c.events.iter().enumerate() {
        assert_eq!(c.id(&e.name), i, "{} listed twice", e.name);
        assert!(
            !e.columns.is_empty() && !e.description.is_empty(),
            "{}",
            e.name
        );
    }
}

#[test]
fn an_en_passant_capture_onto_a_reborn_unit_of_the_takers_side() {
    // The double step c7-c5 put a white bishop on c6 by its Parrain rebirth; with
    // `removes_own_unit` the d5 pawn may still take there, and the bishop vanishes.
    let position = "r3k2r/pb1p1p1q/1NB1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8";
    let events = events_of(
        &["circe-parrain"],
        &["parrain_en_passant=removes_own_unit"],
        position,
        "d5*c6 ep.",
    );
    assert!(
        events.contains(&"parrain-en-passant-onto-own-unit".to_string()),
        "{events:?}"
    );
    // An ordinary en passant capture is not that event.
    let events = events_of(
        &["circe-parrain"],
        &[],
        "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 8",
        "d5*c6 ep.",
    );
    assert!(
        !events.contains(&"parrain-en-passant-onto-own-unit".to_string()),
        "{events:?}"
    );
}

#[test]
fn a_rook_taking_a_rook_on_its_corner_under_every_capture_gains_the_right() {
    let position = "4k3/8/8/8/8/8/7R/4K2r w E - 0 1";
    let events = events_of(
        &["frankfurt"],
        &["mutation_castling=every_capture"],
        position,
        "Rh2*h1",
    );
    assert!(
        events.contains(&"castling-right-by-capture".to_string()),
        "{events:?}"
    );
    let events = events_of(
        &["frankfurt"],
        &["mutation_castling=new_rook"],
        position,
        "Rh2*h1",
    );
    assert!(
        !events.contains(&"castling-right-by-capture".to_string()),
        "{events:?}"
    );
}

#[test]
fn a_castling_next_to_a_magic_unit() {
    let events = events_of(
        &[],
        &[],
        "4k3/8/8/8/8/8/5(bmN)2/4K2R w K - 0 1",
        "0-0[f1=wB]",
    );
    assert!(
        events.contains(&"castling-with-contact".to_string()),
        "{events:?}"
    );
    let events = events_of(&[], &[], "4k3/8/8/8/8/8/(bmN)7/4K2R w K - 0 1", "0-0");
    assert!(
        !events.contains(&"castling-with-contact".to_string()),
        "{events:?}"
    );
}

#[test]
fn promotions_by_a_step_and_by_a_capture() {
    let position = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let events = events_of(&[], &[], position, "a7-a8=Q");
    assert_eq!(events, ["promotion"]);
    let events = events_of(&[], &[], position, "a7*b8=S");
    assert_eq!(events, ["promotion-by-capture"]);
}

#[test]
fn a_double_step_whose_rebirth_fills_the_passed_square() {
    // White took a black knight on c1 and moves again (series play): c2-c4 brings it back
    // on c3, the square the pawn passed, beside which a black pawn stands on d4.
    let events = events_of(
        &["circe-parrain"],
        &["parrain_en_passant=removes_own_unit"],
        "4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1 bSc1:w",
        "c2-c4[+bSc3]",
    );
    assert!(
        events.contains(&"double-step-rebirth-on-passed-square".to_string()),
        "{events:?}"
    );
    // Where the pawn may not take onto a filled square, the same step is no such event.
    let events = events_of(
        &["circe-parrain"],
        &["parrain_en_passant=empty_square"],
        "4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1 bSc1:w",
        "c2-c4[+bSc3]",
    );
    assert!(
        !events.contains(&"double-step-rebirth-on-passed-square".to_string()),
        "{events:?}"
    );
}

#[test]
fn an_event_beyond_popeye_input_needs_a_position_the_popeye_writer_refuses() {
    use feerie_oracle::popeye_input;
    // Each event of the list with a position just before it; the writer must refuse each (else
    // the Popeye campaigns owe the event and it must leave the list).
    let examples = [
        (
            "parrain-en-passant-onto-own-unit",
            "r3k2r/pb1p1p1q/1NB1p1N1/1bpP2p1/8/8/3K4/8 w kq c6 0 8",
            "d5*c6 ep.",
        ),
        (
            "double-step-rebirth-on-passed-square",
            "4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1 bSc1:w",
            "c2-c4[+bSc3]",
        ),
    ];
    let listed: Vec<&str> = table::BEYOND_POPEYE_INPUT.iter().map(|(n, _)| *n).collect();
    assert_eq!(listed, examples.map(|(n, _, _)| n));
    let set = ["parrain_en_passant=removes_own_unit"];
    for (name, position, text) in examples {
        assert!(events_of(&["circe-parrain"], &set, position, text).contains(&name.to_string()));
        let rules = Rules::from_words(&["circe-parrain"], None, &set).expect("rules");
        let before = fen::parse(position, Validation::Lenient).expect("a position");
        assert!(
            popeye_input::write(&before, &rules, "~1").is_err(),
            "{name}: the writer gives Popeye {position}"
        );
        let def = &catalogue().events[catalogue().id(name)];
        assert!(!def.owed_in(table::Scope::PopeyeInput) && def.owed_in(table::Scope::Feerie));
    }
    // A tally that never met them owes them to `feerie check` only.
    let mut tally = Coverage::default();
    let parrain = Column::Condition(Condition::CirceParrain);
    let rules = Rules::from_words(&["circe-parrain"], None, &set).expect("rules");
    let before = fen::parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Validation::Strict).unwrap();
    for (mv, after) in ReferenceEngine.successors(&before, &rules).unwrap() {
        tally.record(&rules, &before, &mv, &after);
    }
    let feerie: Vec<&str> = (tally.unreached(&[parrain], table::Scope::Feerie).iter())
        .map(|(d, _)| d.name.as_str())
        .collect();
    let popeye = tally.unreached(&[parrain], table::Scope::PopeyeInput);
    for name in listed {
        assert!(feerie.contains(&name));
        assert!(popeye.iter().all(|(d, _)| d.name != name));
    }
    let lines = table("t", &tally, table::Scope::PopeyeInput).join("\n");
    assert!(lines.contains("beyond a Popeye input (2)"), "{lines}");
}
