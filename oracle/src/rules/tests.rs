//! The rules: defaults, presets, combinations and switches, as `Rules` resolves them.

use super::*;

#[test]
fn profiles_differ_where_rules_md_says() {
    let doc = Rules::new([Condition::Circe], Profile::Documented).unwrap();
    let pop = Rules::new([Condition::Circe], Profile::Popeye).unwrap();
    assert_eq!(doc.first_rank_pawns(), FirstRankPawns::Step);
    assert_eq!(pop.first_rank_pawns(), FirstRankPawns::Inert);
    let pop_equipollents = Rules::new([Condition::CirceEquipollents], Profile::Popeye).unwrap();
    assert_eq!(
        pop_equipollents.first_rank_pawns(),
        FirstRankPawns::GuardOnly
    );
    let pop_parrain = Rules::new([Condition::CirceParrain], Profile::Popeye).unwrap();
    assert_eq!(pop_parrain.first_rank_pawns(), FirstRankPawns::Step);
    assert_eq!(pop.royal_en_passant(), RoyalEnPassant::EvenIfFilled);
    assert_eq!(doc.royal_en_passant(), RoyalEnPassant::No);
}

#[test]
fn presets_follow_the_condition() {
    let f = Rules::new([Condition::Frankfurt], Profile::Popeye).unwrap();
    let p = Rules::new([Condition::Protean], Profile::Popeye).unwrap();
    assert_eq!(f.pawn_direction(), PawnDirection::Own);
    assert_eq!(p.pawn_direction(), PawnDirection::Opposing);
    assert_eq!(f.same_walk_capture(), SameWalkCapture::Keep);
    assert_eq!(p.same_walk_capture(), SameWalkCapture::Flip);
    assert_eq!(f.mutation_rex(), Rex::Inclusive);
    assert_eq!(f.circe_rex(), Rex::Exclusive);
}

#[test]
fn every_switch_value_can_be_set_and_read_back() {
    for s in Switch::ALL {
        for v in s.values() {
            let mut rules = Rules::orthodox();
            rules.set(s.key(), v).unwrap();
            let resolved = rules
                .resolved()
                .into_iter()
                .find(|(k, _)| *k == s)
                .unwrap()
                .1;
            assert_eq!(&resolved, v, "{s}");
        }
    }
}

/// The table of the module documentation says what `Rules` resolves: each cell that is a
/// single value is the value under Plain Circe in that profile.
#[test]
fn the_documented_table_matches_the_defaults() {
    let mut rows = 0;
    for line in include_str!("mod.rs").lines() {
        let cells: Vec<&str> = line
            .trim_start_matches("//!")
            .split('|')
            .map(str::trim)
            .collect();
        let [_, key, values, documented, popeye, _] = cells[..] else {
            continue;
        };
        let Ok(switch) = key.trim_matches('`').parse::<Switch>() else {
            continue;
        };
        let listed: Vec<&str> = values.split(", ").map(|v| v.trim_matches('`')).collect();
        assert_eq!(listed, switch.values(), "{switch}");
        for (cell, profile) in [(documented, Profile::Documented), (popeye, Profile::Popeye)] {
            let value = cell.trim_matches('`');
            if value.contains(' ') {
                continue;
            }
            let rules = Rules::new([Condition::Circe], profile).unwrap();
            let resolved = rules.resolved().into_iter().find(|(s, _)| *s == switch);
            assert_eq!(resolved.unwrap().1, value, "{switch} under {profile}");
        }
        rows += 1;
    }
    assert_eq!(rows, Switch::ALL.len());
}

#[test]
fn couscous_with_a_capturer_mutation_is_refused() {
    for mutation in [Condition::Frankfurt, Condition::Protean] {
        for circe in [Condition::CirceCouscous, Condition::CirceMirrorCouscous] {
            let err = Rules::new([circe, mutation], Profile::Popeye).unwrap_err();
            assert!(err.0.contains("not modelled"), "{err:?}");
        }
        // Every other Circe variant takes it.
        assert!(Rules::new([Condition::CircePwc, mutation], Profile::Popeye).is_ok());
    }
}

#[test]
fn bad_words_are_errors_naming_the_valid_ones() {
    assert!(
        Rules::from_words(&["circus"], None, &[] as &[&str])
            .unwrap_err()
            .0
            .contains("circe-parrain")
    );
    assert!(Rules::from_words(&["circe"], Some("x"), &[] as &[&str]).is_err());
    assert!(
        Rules::from_words(&["circe"], None, &["rex"])
            .unwrap_err()
            .0
            .contains("KEY=VALUE")
    );
    assert!(
        Rules::from_words(&["circe"], None, &["nope=1"])
            .unwrap_err()
            .0
            .contains("rebirth_occupied")
    );
    assert!(Rules::from_words(&["circe", "circe-clone"], None, &[] as &[&str]).is_err());
    let both = Rules::from_words(&["frankfurt,protean"], None, &[] as &[&str]).unwrap_err();
    assert!(both.0.contains("frankfurt and protean"), "{}", both.0);
}

#[test]
fn the_reserve_and_the_capture_dependent_rebirths_follow_the_circe_answers() {
    for c in Condition::ALL {
        let model = Rules::new([c], Profile::Documented).unwrap().circe_model();
        assert_eq!(
            c.keeps_reserve(),
            model.is_some_and(|m| m.time == RebirthTime::NextMove),
            "{c}"
        );
    }
    assert!(
        Rules::new([Condition::CirceParrain], Profile::Popeye)
            .unwrap()
            .keeps_reserve()
    );
    assert!(!Rules::orthodox().keeps_reserve());
    let dependent: Vec<Condition> = Condition::ALL
        .into_iter()
        .filter(|c| c.rebirth_depends_on_capture())
        .collect();
    assert_eq!(
        dependent,
        [
            Condition::CirceClone,
            Condition::CirceEquipollents,
            Condition::CirceParrain,
            Condition::CirceCouscous,
            Condition::CirceMirrorCouscous
        ]
    );
}
