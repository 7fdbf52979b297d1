//! Breton chess in Popeye's input and move notation: its option words read in any order and
//! abbreviated, in both languages, every variant written and read back; the second unit a
//! capture takes written and read as Popeye prints it.

use feerie_oracle::notation::popeye_move::{BretonMark, MoveText};
use feerie_oracle::{Condition, Profile, Rules, Validation, fen, popeye_input};

/// The rules of a bare problem whose `condition` line holds `conditions`.
fn read(conditions: &str, german: bool) -> Rules {
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
    let (_, rules) = file.problems[0]
        .to_position(Profile::Popeye, Validation::Strict)
        .unwrap_or_else(|e| panic!("{conditions}: {e}"));
    rules
}

#[test]
fn breton_options_read_in_any_order_and_abbreviated() {
    for (words, german, slug) in [
        ("Breton", false, "breton"),
        ("breton adverse", false, "breton-adverse"),
        (
            "Breton Chromatic Adverse",
            false,
            "breton-adverse-chromatic",
        ),
        ("breton chrom adv py", false, "breton-adverse-chromatic-py"),
        ("Breton PY", false, "breton-py"),
        ("Breton Advers", true, "breton-adverse"),
        ("Breton Chromatisch PY", true, "breton-chromatic-py"),
    ] {
        let rules = read(words, german);
        let found: Vec<&str> = rules.conditions().map(|c| c.slug()).collect();
        assert_eq!(found, [slug], "{words}");
    }
    // A word after the options is a condition again, with which Breton chess does not combine.
    let text = "beginproblem\nstipulation ~1\ncondition Breton Adverse Circe\npieces white ke1 black ke8\nendproblem\n";
    let file = popeye_input::parse(text).unwrap();
    let refused = file.problems[0].to_position(Profile::Popeye, Validation::Strict);
    let e = refused.unwrap_err().to_string();
    assert!(e.contains("breton-adverse with circe"), "{e}");
}

#[test]
fn every_breton_variant_is_written_and_read_back() {
    let position = fen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Validation::Strict).unwrap();
    for c in Condition::ALL
        .into_iter()
        .filter(|c| c.breton_rule().is_some())
    {
        let rules = Rules::new([c], Profile::Popeye).unwrap();
        let written = popeye_input::write(&position, &rules, "stipulation ~1").unwrap();
        let file = popeye_input::parse(&written).unwrap();
        let (_, back) = file.problems[0]
            .to_position(Profile::Popeye, Validation::Strict)
            .unwrap();
        assert_eq!(back.breton(), rules.breton(), "{written}");
    }
}

#[test]
fn the_second_unit_is_read_as_popeye_writes_it() {
    for text in [
        "b3*c4[-wPe3]",
        "c4*b5[d4=b]",
        "b7*c8[-wPe2][c8=Q] +",
        "b7*c8[e2=b][c8=S]",
        "b7*a8=S[-wSa8]",
        "b7*c8=Q[e2=b] +",
    ] {
        let parsed: MoveText = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(parsed.breton.is_some(), "{text}");
        assert_eq!(parsed.to_string(), text);
    }
    let removal: MoveText = "b3*c4[-wPe3]".parse().unwrap();
    assert!(matches!(removal.breton, Some(BretonMark::Removed(_, _))));
    let promoted_after: MoveText = "b7*c8[-wPe2][c8=Q]".parse().unwrap();
    assert!(promoted_after.breton_first && promoted_after.changes.len() == 1);
}
