//! Notation round trips: every move record prints to Popeye notation and resolves back to
//! itself in its position; FEN and Popeye input write and read back the same position.

use feerie_oracle::popeye_move::{self, MoveText};
use feerie_oracle::{
    Engine, Position, Profile, ReferenceEngine, Rules, Validation, fen, popeye_input,
};

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/(wPP)7/4K3 w Ee - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
    "k7/8/8/8/8/8/1r6/(wrB)7 b - - 0 1",
];

/// Every position up to two half-moves from each root.
fn tree() -> Vec<Position> {
    let rules = Rules::orthodox();
    let mut out = Vec::new();
    for text in POSITIONS {
        let root = fen::parse(text, Validation::Strict).unwrap();
        out.push(root.clone());
        for mv in ReferenceEngine.legal_moves(&root, &rules).unwrap() {
            let child = ReferenceEngine.play(&root, &rules, &mv).unwrap();
            for mv2 in ReferenceEngine
                .legal_moves(&child, &rules)
                .unwrap()
                .into_iter()
                .step_by(7)
            {
                out.push(ReferenceEngine.play(&child, &rules, &mv2).unwrap());
            }
            out.push(child);
        }
    }
    out
}

#[test]
fn every_move_record_resolves_back_to_itself() {
    let rules = Rules::orthodox();
    let mut seen = 0;
    for position in tree() {
        let legal = ReferenceEngine.legal_moves(&position, &rules).unwrap();
        for mv in &legal {
            let text = mv.to_string();
            let parsed: MoveText = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(parsed.to_string(), text);
            assert_eq!(&popeye_move::resolve(&text, &legal).unwrap(), mv, "{text}");
            seen += 1;
        }
    }
    assert!(seen > 10_000, "only {seen} moves");
}

#[test]
fn fen_round_trips_on_every_position_of_the_tree() {
    for position in tree() {
        let text = fen::write(position.setup());
        let back = fen::parse_setup(&text).unwrap();
        assert_eq!(&back, position.setup(), "{text}");
    }
}

#[test]
fn popeye_input_round_trips_positions_and_conditions() {
    for text in POSITIONS {
        let position = fen::parse(text, Validation::Strict).unwrap();
        for slugs in [
            &["orthodox"][..],
            &["circe-parrain"],
            &["protean"],
            &["frankfurt"],
        ] {
            let mut rules = Rules::from_words(slugs, Some("popeye"), &[] as &[&str]).unwrap();
            if slugs[0] == "frankfurt" {
                rules.set("rex", "exclusive").unwrap();
            }
            let side = position.side_to_move();
            let written =
                popeye_input::write(&position, &rules, &format!("sstipulation {side} 1s[~]"))
                    .unwrap();
            let file = popeye_input::parse(&written).unwrap();
            let (back, back_rules) = file.problems[0]
                .to_position(Profile::Popeye, Validation::Strict)
                .unwrap();
            let mut expected = position.setup().clone();
            expected.halfmove_clock = 0;
            expected.fullmove_number = 1;
            assert_eq!(back.setup(), &expected, "{written}");
            assert_eq!(back_rules, rules, "{written}");
        }
    }
}

#[test]
fn german_keywords_and_walk_letters() {
    let text = "anfang\nforderung h#2\nbedingung CirceParrain\nsteine weiss kd4 db2 tc1 lf1 sg1 bb7e7\n\
                schwarz kd6 be6\noption ohnewk\nweiteresproblem\nforderung #2\nsteine weiss ka1 schwarz kh8\nende\n";
    let file = popeye_input::parse(text).unwrap();
    assert_eq!(file.problems.len(), 2);
    let (position, rules) = file.problems[0]
        .to_position(Profile::Documented, Validation::Strict)
        .unwrap();
    assert_eq!(
        fen::write(position.setup()).split(' ').next().unwrap(),
        "8/1P2P3/3kp3/8/3K4/8/1Q6/2R2BN1"
    );
    assert_eq!(position.side_to_move(), feerie_oracle::Colour::Black);
    assert!(rules.has(feerie_oracle::Condition::CirceParrain));
}

#[test]
fn forsyth_with_long_runs_and_two_letter_pieces() {
    let text = "beg\nstip #1\nfors 32/6p1/1p6/5Q2/K1k5/\ncond parr lastcap wh bg4\nend\n";
    let file = popeye_input::parse(text).unwrap();
    let (position, rules) = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap();
    assert_eq!(
        fen::write(position.setup()),
        "8/8/8/8/6p1/1p6/5Q2/K1k5 w - - 0 1 wBg4"
    );
    assert!(rules.has(feerie_oracle::Condition::CirceParrain));
    let reverse =
        popeye_input::parse("beg\nstip ser-002\nfors 4k3/8/8/8/8/8/.PP7/4K3\nend").unwrap();
    let (p, _) = reverse.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap();
    assert_eq!(fen::write(p.setup()), "4k3/8/8/8/8/8/(wPP)7/4K3 w Ee - 0 1");
    // As Popeye reads it: numbers of at most two digits, and nothing after h1.
    let huge = "beg\nstip #1\nfors 4k3/18446744073709551615/4K3\nend\n";
    let file = popeye_input::parse(huge).unwrap();
    let squares: Vec<String> = file.problems[0]
        .units
        .iter()
        .map(|u| u.square.to_string())
        .collect();
    assert_eq!(squares, ["e8"]);
}

/// Popeye fills the squares one after the other and reads past `/`: a rank of nine squares
/// pushes the rest of the board by one square (Popeye's BEISPIEL/bgl.inp, whose output shows
/// the king on d1 and the queen on f1), and the square after h1 is dropped.
#[test]
fn forsyth_read_square_after_square_as_popeye_does() {
    let text = "beg\nstip #2\nfors 8/5b2/5B1T/3B1ks1/3Bbsb2/8/4b3/2K1D3/\nend\n";
    let file = popeye_input::parse(text).unwrap();
    let at = |sq: &str| {
        file.problems[0]
            .units
            .iter()
            .find(|u| u.square.to_string() == sq)
            .map(|u| u.code.clone())
    };
    assert_eq!(at("g4").as_deref(), Some("b"));
    assert_eq!(at("f2").as_deref(), Some("b"));
    assert_eq!(at("d1").as_deref(), Some("k"));
    assert_eq!(at("f1").as_deref(), Some("d"));
    assert_eq!(file.problems[0].units.len(), 13);
    // A two-character code may hold a digit (Popeye's bouncer `.B1`, a walk feerie does not
    // know: the problem is read, and skipped when a position is asked of it); `=`, `+` and `-`
    // give the colour.
    let text = "beg\nstip #2\nfors 4b.B12/=b-K+k5/56\nend\n";
    let file = popeye_input::parse(text).unwrap();
    let units = &file.problems[0].units;
    let described: Vec<String> = units
        .iter()
        .map(|u| format!("{:?} {} {}", u.colour, u.code, u.square))
        .collect();
    assert_eq!(
        described,
        [
            "Side(Black) b e8",
            "Side(White) b1 f8",
            "Neutral b a7",
            "Side(Black) k b7",
            "Side(White) k c7"
        ]
    );
    assert!(units[1].walk.is_none());
}

/// Popeye takes a walk's code from the length of the word (two characters per square): a code
/// may hold digits (`16g7`, the 1:6 leaper of Popeye's BEISPIEL/haan.inp), and a hunter's is
/// two codes around `/`. Walks feerie does not know are read, and named when a position is
/// asked.
#[test]
fn piece_words_split_as_popeye_splits_them() {
    let text = "beg\nstip ser-#11\npieces white kc1 16g7 lia5 r/bd4 black ka1 bb7e7\nend\n";
    let file = popeye_input::parse(text).unwrap();
    let described: Vec<String> = file.problems[0]
        .units
        .iter()
        .map(|u| format!("{} {}", u.code, u.square))
        .collect();
    assert_eq!(
        described,
        ["k c1", "16 g7", "li a5", "r/b d4", "k a1", "b b7", "b e7"]
    );
    let e = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap_err();
    assert!(e.to_string().contains("'16'"), "{e}");
}

/// Popeye reads a twin as long as twinning commands follow, on later lines too, and a
/// condition's words wherever they stand (BEISPIEL/haan.inp, BEISPIEL/hpint.inp).
#[test]
fn twins_go_on_over_lines_as_popeye_reads_them() {
    let text = "beg\nstip ~1\npieces white ke1 pf2 black ke8\n\
        twin move e1 d1\n  move f2 a2\nauthor A\n\
        twin condition circe\n   parrain\nend\n";
    let file = popeye_input::parse(text).unwrap();
    assert_eq!(
        file.problems[0].twins,
        ["move e1 d1 move f2 a2", "condition circe parrain"]
    );
}

/// `pieces` with no piece after it is read (Popeye warns and goes on).
#[test]
fn pieces_without_a_piece_is_read() {
    let text = "beg\nstip #1\nfors 4k3/8/8/8/8/8/8/4K3\npieces\nend\n";
    let file = popeye_input::parse(text).unwrap();
    assert_eq!(file.problems[0].units.len(), 2);
}

/// An input error keeps to its problem: the problem is not turned into a position, naming the
/// error, and the next problem is read (Popeye warns and goes on). What follows `end` is not
/// read, as in Popeye.
#[test]
fn an_input_error_skips_its_problem_only() {
    let text = "beg\nstip #1\npieces white kc6 qd1 black ka8\nnext\npieces ka1\nstip ~1\n\
        next\nstip #1\npieces white kc6 qd1 black ka8\nend\n===== a line Popeye does not read\n";
    let file = popeye_input::parse(text).unwrap();
    assert_eq!(file.problems.len(), 3);
    assert!(file.problems[0].input_errors.is_empty());
    let e = file.problems[1]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("input not read whole (line 5: piece 'ka1' before any colour)"),
        "{e}"
    );
    assert!(
        file.problems[2]
            .to_position(Profile::Popeye, Validation::Strict)
            .is_ok()
    );
}

/// The rules of a problem of two kings whose condition line is `conditions`, in an English or
/// a German input, under the `popeye` profile.
fn read_conditions(
    conditions: &str,
    german: bool,
) -> Result<Rules, feerie_oracle::popeye_input::Unsupported> {
    let text = if german {
        format!(
            "anfang\nforderung ~1\nbedingung {conditions}\nsteine weiss ke1 schwarz ke8\nende\n"
        )
    } else {
        format!(
            "beginproblem\nstipulation ~1\ncondition {conditions}\npieces white ke1 black ke8\nendproblem\n"
        )
    };
    let file = popeye_input::parse(&text).unwrap();
    file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .map(|(_, rules)| rules)
}

/// `condition` under the `popeye` profile with `rex` set, written as a Popeye input of a bare
/// position and read back: the rules written, the text, and the rules read.
fn written_and_read_back(condition: feerie_oracle::Condition, rex: &str) -> (Rules, String, Rules) {
    let position = fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Validation::Strict).unwrap();
    let mut rules = Rules::new([condition], Profile::Popeye).unwrap();
    rules.set("rex", rex).unwrap();
    let written = popeye_input::write(&position, &rules, "stipulation ~1").unwrap();
    let file = popeye_input::parse(&written).unwrap();
    let (_, back) = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap();
    (rules, written, back)
}

/// Each Circe variant of the registry as Popeye's input writes it (with and without
/// `RexInclusive`) reads back as itself, and so do its other spellings: `Circe` followed by its
/// variant words in either order, and the German words.
#[test]
fn circe_variants_read_back_in_every_spelling() {
    use feerie_oracle::Condition;
    use feerie_oracle::rules::{RebornUnit, Rex};
    let read = |conditions: &str, german: bool| {
        read_conditions(conditions, german).unwrap_or_else(|e| panic!("{conditions}: {e}"))
    };
    for c in Condition::ALL.into_iter().filter(|c| c.is_circe()) {
        // A variant that reads no `rex` (Circe Take&Make: kings are never taken) is written
        // without it.
        let rexes: &[&str] = match c.entry().switches.contains(&feerie_oracle::Switch::Rex) {
            true => &["exclusive", "inclusive"],
            false => &["exclusive"],
        };
        for &rex in rexes {
            let (rules, written, back) = written_and_read_back(c, rex);
            assert!(back.has(c), "{written}");
            assert_eq!(back.circe_model(), rules.circe_model(), "{written}");
        }
        let words = c.entry().popeye.circe_variant;
        let mut reversed = words.to_vec();
        reversed.reverse();
        // The variant words follow the family's base word: `Circe`, or `AntiCirce` for a
        // reborn capturer.
        let base = match c.reborn_unit() {
            Some(RebornUnit::Capturer) => "AntiCirce",
            _ => "Circe",
        };
        for order in [words.to_vec(), reversed] {
            if order.is_empty() {
                continue;
            }
            let rules = read(&format!("{base} {}", order.join(" ")), false);
            assert!(rules.has(c), "{base} {}", order.join(" "));
            let rules = read(&format!("{base} {} RexInclusive", order.join(" ")), false);
            assert!(rules.has(c) && rules.circe_rex() == Rex::Inclusive);
            let rules = read(&format!("{base} {} RexExclusive", order.join(" ")), false);
            assert!(rules.has(c) && rules.circe_rex() == Rex::Exclusive);
        }
    }
    let has = |rules: Rules, c: Condition| rules.has(c);
    assert!(has(
        read("SpiegelFileCirce", true),
        Condition::CirceMirrorFile
    ));
    assert!(has(
        read("Circe File Spiegel", true),
        Condition::CirceMirrorFile
    ));
    assert!(has(read("Circe Platzwechsel", true), Condition::CircePwc));
    assert!(has(read("AntipodenCirce", true), Condition::CirceAntipodes));
    assert!(has(
        read("MirrorFileCirce", false),
        Condition::CirceMirrorFile
    ));
    // A variant word that makes no condition of this project leaves the problem unsolved.
    let file = popeye_input::parse(
        "beginproblem\nstipulation ~1\ncondition Circe Mirror Clone\npieces white ke1 black ke8\nendproblem\n",
    )
    .unwrap();
    assert!(
        file.problems[0]
            .to_position(Profile::Popeye, Validation::Strict)
            .is_err()
    );
}

/// Mars Circe reads back as written, `MarsCirce Mirror` is Mirror Mars Circe, `RexExclusive`
/// after it takes the kings out; Chameleon Circe with a walk sequence of its own is not read as
/// Chameleon Circe (feerie models the implicit sequence only).
#[test]
fn mars_circe_and_chameleon_sequences_read_as_popeye_writes_them() {
    use feerie_oracle::Condition;
    let read = |conditions: &str| read_conditions(conditions, false);
    for c in Condition::ALL.into_iter().filter(|c| c.is_mars()) {
        for rex in ["exclusive", "inclusive"] {
            let (rules, written, back) = written_and_read_back(c, rex);
            assert_eq!(back.mars_model(), rules.mars_model(), "{written}");
        }
    }
    let mirror = read("MarsCirce Mirror").unwrap();
    assert!(mirror.has(Condition::MarsCirceMirror));
    let exclusive = read("MarsCirce RexExclusive").unwrap();
    assert!(!exclusive.mars_model().unwrap().royals_move());
    let chameleon = read("ChameleonCirce").unwrap();
    assert!(chameleon.has(Condition::CirceChameleon));
    for own in ["ChameleonCirce S B R Q S", "Circe Chameleon S B R Q S"] {
        let e = read(own).unwrap_err().to_string();
        assert!(e.contains("with a walk sequence of its own"), "{own}: {e}");
    }
}

/// Madrasi and Isardam read back as written, `RexInclusive` included; Isardam reads its
/// lettered type first: type A is Isardam, type B is not modelled, and `RexInclusive` after
/// either is read.
#[test]
fn madrasi_and_isardam_read_their_type_and_rex() {
    use feerie_oracle::Condition;
    let read = |conditions: &str| read_conditions(conditions, false);
    for c in [Condition::Madrasi, Condition::Isardam] {
        for rex in ["exclusive", "inclusive"] {
            let (rules, written, back) = written_and_read_back(c, rex);
            assert_eq!(
                back.observation_model(),
                rules.observation_model(),
                "{written}"
            );
        }
    }
    let type_a = read("Isardam TypeA RexInclusive").unwrap();
    assert!(type_a.has(Condition::Isardam));
    assert!(type_a.observation_model().unwrap().royals_observed);
    let e = read("Isardam TypeB").unwrap_err().to_string();
    assert!(e.contains("of type B"), "{e}");
    assert!(read("Madrasi TypeB").is_err());
}

/// SAT is read: the bare kings of the test's position each have flights, so under SAT the side
/// not to move is in check. A number of flights after it (`SAT 3`, `SAT 3 4`) is Popeye's
/// variant, not modelled: the reason names it, and the numbers are not read as conditions.
#[test]
fn sat_is_read_and_its_numbered_variant_named() {
    let read = |conditions: &str| read_conditions(conditions, false);
    let e = read("SAT").unwrap_err().to_string();
    assert!(e.contains("black is in check"), "{e}");
    for numbered in ["SAT 3", "SAT 3 4"] {
        let e = read(numbered).unwrap_err().to_string();
        assert!(
            e.contains("'SAT' with a number of flights"),
            "{numbered}: {e}"
        );
        assert!(!e.contains("unknown"), "{numbered}: {e}");
    }
}

/// The Koeko conditions read back as written, in both languages; `Neighbour K` after Koeko is
/// the rule's own neighbourhood, another walk's (`Nei S`) is not modelled and its reason says so.
#[test]
fn koeko_conditions_read_their_names_and_neighbourhood() {
    use feerie_oracle::Condition;
    for (c, english, german) in [
        (Condition::Koeko, "KoeKo", "KoeKo"),
        (Condition::AntiKoeko, "AntiKoeko", "AntiKoeko"),
        (Condition::NewKoeko, "NewKoeko", "NeuKoeko"),
    ] {
        assert!(read_conditions(english, false).unwrap().has(c), "{english}");
        assert!(read_conditions(german, true).unwrap().has(c), "{german}");
        let (rules, written, back) = written_and_read_back(c, "exclusive");
        assert_eq!(back.koeko(), rules.koeko(), "{written}");
    }
    let king = read_conditions("KoeKo Neighbour K", false).unwrap();
    assert!(king.has(Condition::Koeko));
    let e = read_conditions("KoeKo Nei S", false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("with neighbours of another walk"), "{e}");
    let e = read_conditions("KoeKo Nachbar S", true)
        .unwrap_err()
        .to_string();
    assert!(e.contains("with neighbours of another walk"), "{e}");
}

/// `Strict` after a Circe variant sets `rebirth_occupied: strict`, and is written after `Circe`
/// and the variant words (Popeye does not read it after the traditional names); Anticirce's
/// `Relaxed` is Popeye's other rule (the capturer lost), named as a reason, and ours is not
/// written for Popeye.
#[test]
fn strict_and_relaxed_read_and_write_as_popeye_reads_them() {
    use feerie_oracle::Condition;
    use feerie_oracle::rules::RebirthOccupied;
    let strict = read_conditions("Circe Strict", false).unwrap();
    assert_eq!(strict.rebirth_occupied(), RebirthOccupied::Strict);
    assert_eq!(
        read_conditions("Circe Strikt", true)
            .unwrap()
            .rebirth_occupied(),
        RebirthOccupied::Strict
    );
    let position = fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Validation::Strict).unwrap();
    for c in [
        Condition::CirceMirror,
        Condition::CirceEquipollents,
        Condition::Circe,
    ] {
        let mut rules = Rules::new([c], Profile::Popeye).unwrap();
        rules.set("rebirth_occupied", "strict").unwrap();
        let written = popeye_input::write(&position, &rules, "stipulation ~1").unwrap();
        assert!(
            written.contains("condition Circe") && written.contains("Strict"),
            "{written}"
        );
        let (_, back) = popeye_input::parse(&written).unwrap().problems[0]
            .to_position(Profile::Popeye, Validation::Strict)
            .unwrap();
        assert!(back.has(c), "{written}");
        assert_eq!(
            back.rebirth_occupied(),
            RebirthOccupied::Strict,
            "{written}"
        );
    }
    let e = read_conditions("AntiCirce Relaxed", false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Relaxed"), "{e}");
    let mut relaxed = Rules::new([Condition::Anticirce], Profile::Popeye).unwrap();
    relaxed.set("rebirth_occupied", "relaxed").unwrap();
    assert!(popeye_input::write(&position, &relaxed, "stipulation ~1").is_err());
}

/// The mummer conditions read back as written, in both languages, and two of them combine (one
/// a side); Popeye's `exact` and `ultra` after them (`exakt`, `Ultra`, abbreviated) are other
/// rules, and their reasons say so; two for one side are refused.
#[test]
fn mummer_conditions_read_their_names_and_strictness() {
    use feerie_oracle::{Colour, Condition};
    let mummers: Vec<Condition> = (Condition::ALL.into_iter())
        .filter(|c| c.mummer().is_some())
        .collect();
    assert_eq!(mummers.len(), 6);
    for c in mummers {
        let english = c.entry().popeye.written;
        let german = c.entry().popeye.read[1];
        assert!(read_conditions(english, false).unwrap().has(c), "{english}");
        assert!(read_conditions(german, true).unwrap().has(c), "{german}");
        let (rules, written, back) = written_and_read_back(c, "exclusive");
        for side in Colour::ALL {
            assert_eq!(back.mummer(side), rules.mummer(side), "{written}");
        }
    }
    let both = read_conditions("WhiteMaximummer BlackMustCapture", false).unwrap();
    assert!(both.mummer(Colour::White).is_some() && both.mummer(Colour::Black).is_some());
    for (text, german, word) in [
        ("WhiteMaximummer ultra", false, "ultra"),
        ("BlackMinimummer exact", false, "exact"),
        ("SchwarzerLaengstzueger exakt", true, "exakt"),
        ("WeisserSchlagzwang Ult", true, "ultra"),
    ] {
        let e = read_conditions(text, german).unwrap_err().to_string();
        assert!(e.contains(&format!("' {word}")), "{text}: {e}");
    }
    assert!(read_conditions("WhiteMaximummer WhiteMustCapture", false).is_err());
}

/// Annan chess reads back as written, in both languages; Popeye's type A is the rule's own, its
/// types B to D (a royal unit lends or borrows no walk) are not modelled and their reasons say so.
#[test]
fn annan_reads_its_name_and_type() {
    use feerie_oracle::Condition;
    assert!(
        read_conditions("AnnanChess", false)
            .unwrap()
            .has(Condition::Annan)
    );
    assert!(
        read_conditions("Annanschach", true)
            .unwrap()
            .has(Condition::Annan)
    );
    assert!(
        read_conditions("annan TypeA", false)
            .unwrap()
            .has(Condition::Annan)
    );
    let (rules, written, back) = written_and_read_back(Condition::Annan, "exclusive");
    assert_eq!(back.annan(), rules.annan(), "{written}");
    for letter in ['B', 'C', 'D'] {
        let e = read_conditions(&format!("AnnanChess Type{letter}"), false)
            .unwrap_err()
            .to_string();
        assert!(e.contains(&format!("of type {letter}")), "{e}");
    }
}

/// NoCapture and its one-side forms read back as written, in both languages; with a mummer
/// condition and with Circe they combine, with Madrasi they do not.
#[test]
fn no_capture_conditions_read_their_names() {
    use feerie_oracle::{Colour, Condition};
    for (c, english, german) in [
        (Condition::NoCapture, "NoCapture", "Ohneschlag"),
        (
            Condition::NoWhiteCapture,
            "NoWhiteCapture",
            "WeisserOhneSchlag",
        ),
        (
            Condition::NoBlackCapture,
            "NoBlackCapture",
            "SchwarzerOhneSchlag",
        ),
    ] {
        assert!(read_conditions(english, false).unwrap().has(c), "{english}");
        assert!(read_conditions(german, true).unwrap().has(c), "{german}");
        let (rules, written, back) = written_and_read_back(c, "exclusive");
        for side in Colour::ALL {
            assert_eq!(
                back.captures_banned(side),
                rules.captures_banned(side),
                "{written}"
            );
        }
    }
    let both = read_conditions("Ohneschlag WeisserLaengstzueger", true).unwrap();
    assert!(both.captures_banned(Colour::White) && both.mummer(Colour::White).is_some());
    assert!(
        read_conditions("NoCapture Circe", false)
            .unwrap()
            .circe_model()
            .is_some()
    );
    assert!(read_conditions("NoCapture Madrasi", false).is_err());
}

/// Patrol chess, Ultra-Patrol chess and Lortap read back as written, in both languages; with
/// Circe they combine, with Madrasi they do not.
#[test]
fn patrol_conditions_read_their_names() {
    use feerie_oracle::Condition;
    use feerie_oracle::rules::PatrolRule;
    for (c, rule, english, german) in [
        (
            Condition::Patrol,
            PatrolRule::Patrol,
            "Patrouille",
            "PatrouilleSchach",
        ),
        (
            Condition::UltraPatrol,
            PatrolRule::UltraPatrol,
            "UltraPatrol",
            "UltraPatrouille",
        ),
        (
            Condition::Lortap,
            PatrolRule::Lortap,
            "Lortap",
            "Elliuortap",
        ),
    ] {
        assert!(read_conditions(english, false).unwrap().has(c), "{english}");
        assert!(read_conditions(german, true).unwrap().has(c), "{german}");
        let (_, written, back) = written_and_read_back(c, "exclusive");
        assert_eq!(back.patrol(), Some(rule), "{written}");
    }
    let both = read_conditions("Lortap Circe", false).unwrap();
    assert_eq!(both.patrol(), Some(PatrolRule::Lortap));
    assert!(both.circe_model().is_some());
    assert!(read_conditions("Patrouille Madrasi", false).is_err());
    assert!(read_conditions("Patrouille MarsCirce", false).is_err());
}

/// Grid chess reads back as written, in both languages, Popeye's short `grid` too; its other
/// grids (shifted, orthogonal lines, irregular cells, extra lines) are not modelled and their
/// reasons name Popeye's word, the squares and lines after them read as theirs.
#[test]
fn grid_chess_reads_its_name_and_its_other_grids_are_reasons() {
    use feerie_oracle::Condition;
    use feerie_oracle::rules::GridLines;
    for (words, german) in [
        ("GridChess", false),
        ("grid", false),
        ("Gitterschach", true),
    ] {
        let rules = read_conditions(words, german).unwrap();
        assert_eq!(rules.grid(), Some(GridLines::Normal), "{words}");
    }
    let (rules, written, back) = written_and_read_back(Condition::Grid, "exclusive");
    assert_eq!(back.grid(), rules.grid(), "{written}");
    for (words, german, popeye) in [
        ("grid vertical", false, "VerticalShift"),
        ("GridChess HorizontalShift", false, "HorizontalShift"),
        ("grid diag", false, "DiagonalShift"),
        ("grid orthog ac16", false, "Orthogonal"),
        ("grid irreg a8a7b6 d8e8 f8", false, "Irregular"),
        ("grid gridline vb61 hc41", false, "GridLine"),
        ("gitter unregel a8a7 b6", true, "Unregelmaessig"),
        ("gitter vertikal", true, "VertikalVerschieben"),
    ] {
        let e = read_conditions(words, german).unwrap_err().to_string();
        assert!(e.contains(&format!("'GridChess' {popeye}")), "{words}: {e}");
        assert!(!e.contains("cannot"), "{words}: {e}");
    }
    let both = read_conditions("Gitterschach SchwarzerLaengstzueger", true).unwrap();
    assert!(both.grid().is_some() && both.mummer(feerie_oracle::Colour::Black).is_some());
    assert!(read_conditions("GridChess Circe", false).is_err());
}

/// Madrasi, Isardam, Koeko, Annan and Andernach combine with the Circe conditions Popeye agrees
/// on; a `Rex…` word binds the condition it follows in Popeye, so conditions that read `rex`
/// two ways are refused with the reason (feerie's `rex` is one switch).
#[test]
fn combined_conditions_read_rex_one_way() {
    use feerie_oracle::rules::Switch;
    let presets = [
        "Madrasi AntiCirce",
        "Isardam CirceClone",
        "Koeko Circe",
        "Annan AntiCirce",
    ];
    for both in presets {
        assert!(read_conditions(both, false).is_ok(), "{both}");
    }
    for refused in [
        "Isardam AntiCirce",
        "Koeko SuperCirce",
        "Andernach AntiCirce",
    ] {
        assert!(read_conditions(refused, false).is_err(), "{refused}");
    }
    let e = read_conditions("Madrasi RexInclusive Circe", false).unwrap_err();
    assert!(e.to_string().contains("rex read two ways"), "{e}");
    let both = read_conditions("Madrasi RexInclusive Circe RexInclusive", false).unwrap();
    assert_eq!(both.value(Switch::Rex), "inclusive");
}

/// Kobul Kings reads back as written, in both languages, and so does its side (`KobulKings
/// White`, `KobulKoenige Schwarz`, a unique beginning of the side's word); with Anticirce it
/// combines, with Madrasi it does not. Its change is written as Popeye prints it and read back.
#[test]
fn kobul_kings_read_their_names_and_side() {
    use feerie_oracle::popeye_move::MoveText;
    use feerie_oracle::{Colour, Condition};
    for (c, english, german) in [
        (Condition::KobulKings, "KobulKings", "KobulKoenige"),
        (
            Condition::KobulKingsWhite,
            "KobulKings White",
            "KobulKoenige Weiss",
        ),
        (
            Condition::KobulKingsBlack,
            "KobulKings Bl",
            "KobulKoenige Schwarz",
        ),
    ] {
        assert!(read_conditions(english, false).unwrap().has(c), "{english}");
        assert!(read_conditions(german, true).unwrap().has(c), "{german}");
        let (_, written, back) = written_and_read_back(c, "exclusive");
        assert!(back.has(c), "{written}");
    }
    let white = read_conditions("KobulKings White", false).unwrap();
    assert!(white.kobul_kings(Colour::White) && !white.kobul_kings(Colour::Black));
    assert!(
        read_conditions("KobulKings AntiCirce", false)
            .unwrap()
            .circe_model()
            .is_some()
    );
    assert!(read_conditions("KobulKings Madrasi", false).is_err());
    for text in ["rSc3*a4[b7=rR]", "rRb7*a7[a4=K] #", "b7*c8=Q[h8=rR] +"] {
        let parsed: MoveText = text.parse().unwrap();
        assert_eq!(parsed.to_string(), text);
        assert!(
            parsed.kobul.is_some() && parsed.contacts.is_empty(),
            "{text}"
        );
    }
}

/// Imitator chess: the squares are read in one word after `Imitator`, as Popeye reads them,
/// written back the same way; a move's imitators read in any order name the same move; with
/// no square the problem is not taken.
#[test]
fn imitators_read_written_and_resolved() {
    let text = |condition: &str| {
        format!(
            "beginproblem\ncondition {condition}\nstipulation ~1\n\
             pieces white ke1 pe2 black ke8\nendproblem\n"
        )
    };
    let file = popeye_input::parse(&text("Imitator h1c3")).unwrap();
    let (position, rules) = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap();
    assert_eq!(position.imitators().to_string(), "h1,c3");
    let written = popeye_input::write(&position, &rules, "stipulation ~1").unwrap();
    assert!(written.contains("condition Imitator h1c3\n"), "{written}");
    let legal = ReferenceEngine.legal_moves(&position, &rules).unwrap();
    let ours = popeye_move::resolve("e2-e3[Ih2,c4]", &legal).unwrap();
    assert_eq!(popeye_move::resolve("e2-e3[Ic4,h2]", &legal).unwrap(), ours);
    assert!(popeye_move::resolve("e2-e3[Ic4]", &legal).is_err());
    // `Imitator c3 d4`: Popeye reads c3, then d4 as a condition, which names none.
    let split = popeye_input::parse(&text("Imitator c3 d4")).unwrap();
    assert!(!split.problems[0].input_errors_in_words().is_empty());
    let none = popeye_input::parse(&text("Imitator")).unwrap();
    let why = none.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap_err()
        .to_string();
    assert!(
        why.contains("Imitator without the imitators' squares"),
        "{why}"
    );
}
