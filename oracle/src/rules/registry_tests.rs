//! The registry's invariants: unique names, presets within their switches, every switch listed.

use super::registry::*;
use super::*;
use crate::Colour;

#[test]
fn slugs_and_popeye_names_are_unique() {
    let mut slugs: Vec<&str> = Vec::new();
    let mut read: Vec<&str> = Vec::new();
    for c in Condition::ALL {
        let e = c.entry();
        assert!(!slugs.contains(&e.slug), "{} twice", e.slug);
        slugs.push(e.slug);
        for &name in e.popeye.read {
            assert!(!read.contains(&name), "{name} twice");
            read.push(name);
        }
        // A name, or the family's base name followed by the variant words (`AntiCirce
        // File Mirror`), which Popeye reads as the condition too.
        let written = e.popeye.written.to_ascii_lowercase();
        let base_and_words = std::iter::once("anticirce")
            .chain(e.popeye.circe_variant.iter().copied())
            .collect::<Vec<_>>()
            .join(" ");
        // Kobul Kings of one side: the name of both sides' and the side's word.
        let one_side = [Colour::White, Colour::Black].into_iter().any(|side| {
            Condition::KobulKings.kobul_kings_side(side) == Some(c)
                && written == format!("kobulkings {}", side.to_string().to_ascii_lowercase())
        });
        // Breton chess's variants: `Breton` followed by their option words.
        let breton_words = c.breton_rule().map(|rule| {
            std::iter::once("Breton")
                .chain(rule.popeye_words())
                .collect::<Vec<_>>()
                .join(" ")
                .to_ascii_lowercase()
        });
        assert!(
            e.popeye.read.contains(&written.as_str())
                || one_side
                || (c.reborn_unit() == Some(RebornUnit::Capturer) && written == base_and_words)
                || breton_words.as_deref() == Some(written.as_str()),
            "{c}: the name written is read back"
        );
    }
}

#[test]
fn presets_are_values_of_their_switch() {
    for c in Condition::ALL {
        for p in c.entry().presets {
            assert!(p.switch.values().contains(&p.value), "{c}: {p:?}");
        }
    }
}

/// A switch listed by a condition is one whose scope is the conditions, and every such
/// switch is listed by some condition: otherwise it would never be compared with Popeye.
#[test]
fn condition_switches_agree_with_the_scopes() {
    for switch in Switch::ALL {
        let listed = Condition::ALL
            .iter()
            .any(|c| c.entry().switches.contains(&switch));
        let by_conditions = matches!(switch.scope(), Scope::Conditions | Scope::RoyalRebirth);
        assert_eq!(listed, by_conditions, "{switch}");
    }
}
