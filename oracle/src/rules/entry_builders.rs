//! The builders of the registry's entries: a Circe variant's rebirth answers and Popeye
//! names from the few values that tell it apart, and the presets the families share, so that
//! an entry of [`super::registry`] states only what is its own.

use super::registry::{ConditionEntry, ConditionKind, PopeyeFollowers, PopeyeNames, Preset};
use super::{
    BretonRule, BretonSide, BretonTime, MarsMoves, MoveMeasure, ObservationRule, PatrolRule,
};
use super::{
    PromotionChooser, RebirthAdapter, RebirthOccupied, RebirthPlace, RebirthSide, RebirthTime,
    RebirthWalk, RebornUnit, RelevantUnit, Rex, Switch,
};
use crate::Colour;

/// The rebirth answers of a Circe variant whose place reads the reborn unit's own side and is
/// not adapted.
pub(super) const fn circe(
    walk: RebirthWalk,
    place: RebirthPlace,
    time: RebirthTime,
    chooser: PromotionChooser,
) -> ConditionKind {
    ConditionKind::Circe {
        reborn: RebornUnit::Captured,
        walk,
        place,
        relevant: RelevantUnit::Reborn,
        side: RebirthSide::Own,
        adapter: RebirthAdapter::None,
        time,
        chooser,
    }
}

/// The rebirth answers of a Circe variant that differs from Plain Circe only in where the unit
/// taken is reborn: its own walk, at once, the capturer choosing a reborn pawn's promotion; the
/// place reads the reborn unit.
pub(super) const fn reborn_on(
    place: RebirthPlace,
    side: RebirthSide,
    adapter: RebirthAdapter,
) -> ConditionKind {
    reborn_reading(RelevantUnit::Reborn, place, side, adapter)
}

/// As [`reborn_on`], the place reading the `relevant` unit.
pub(super) const fn reborn_reading(
    relevant: RelevantUnit,
    place: RebirthPlace,
    side: RebirthSide,
    adapter: RebirthAdapter,
) -> ConditionKind {
    ConditionKind::Circe {
        reborn: RebornUnit::Captured,
        walk: RebirthWalk::Own,
        place,
        relevant,
        side,
        adapter,
        time: RebirthTime::Immediate,
        chooser: PromotionChooser::Capturer,
    }
}

/// The rebirth answers of an Anticirce variant: the capturer reborn at once with its own walk,
/// on the square `place`, read for it and for `side`'s home squares.
pub(super) const fn anticirce_on(place: RebirthPlace, side: RebirthSide) -> ConditionKind {
    anticirce_reborn_as(RebirthWalk::Own, place, side)
}

/// An Anticirce whose capturer comes back with the walk `walk` names (its own, the one it
/// took, the next of the chameleon sequence), on the square `place` gives for it and `side`.
pub(super) const fn anticirce_reborn_as(
    walk: RebirthWalk,
    place: RebirthPlace,
    side: RebirthSide,
) -> ConditionKind {
    ConditionKind::Circe {
        reborn: RebornUnit::Capturer,
        walk,
        place,
        relevant: RelevantUnit::Reborn,
        side,
        adapter: RebirthAdapter::None,
        time: RebirthTime::Immediate,
        chooser: PromotionChooser::Capturer,
    }
}

/// A variant's Popeye names: the one written, the traditional ones read, and the variant words
/// that follow its family's base word.
type VariantNames = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// The answers of a Mars variant: a unit makes the moves `moves` names from the square `place`
/// names, read for it and for `side`'s home squares. Only the places that read the unit and its
/// square (Popeye refuses PWC, Equipollents and Take&Make under Mars Circe).
pub(super) const fn mars_on(
    place: RebirthPlace,
    side: RebirthSide,
    moves: MarsMoves,
) -> ConditionKind {
    ConditionKind::Mars { place, side, moves }
}

/// The entry of a Mars variant: `rex` and `mars_castling` its switches, with Anti-Mars Circe's
/// `mars_rook_castling` and `mars_null_double_step` and Phantom chess's `phantom_observation`;
/// `rex` inclusive as Popeye presets it (exclusive in Phantom chess). Popeye reads its
/// traditional names `read`, or its base name (`MarsCirce`, `AntiMarsCirce`, `PhantomChess`)
/// followed by the variant words (`circe_variant`); it is written `written`, after which Popeye
/// reads the `rex` word that is not the preset.
pub(super) const fn mars_entry(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    names: VariantNames,
) -> ConditionEntry {
    let (switches, rex): (&[Switch], _) = match kind {
        ConditionKind::Mars {
            moves: MarsMoves::All,
            ..
        } => (
            &[
                Switch::Rex,
                Switch::MarsCastling,
                Switch::PhantomObservation,
            ],
            &PHANTOM_REX,
        ),
        ConditionKind::Mars {
            moves: MarsMoves::NonCaptures,
            ..
        } => (
            &[
                Switch::Rex,
                Switch::MarsCastling,
                Switch::MarsRookCastling,
                Switch::MarsNullDoubleStep,
            ],
            &MARS_REX,
        ),
        _ => (&[Switch::Rex, Switch::MarsCastling], &MARS_REX),
    };
    followed_by_variant_words(slug, description, kind, names, (switches, rex))
}

/// The entry of Geneva chess: `rex` its switch, `rex` exclusive as Popeye presets it; fuzzed
/// alone (it combines with no other condition, nor with magic pieces). Popeye writes and reads
/// it by its name, then reads Circe's variant words (only `RexInclusive` and `RexExclusive`
/// are modelled: Plain Circe's squares of the capturer's own side).
pub(super) const fn geneva_entry(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    names: VariantNames,
) -> ConditionEntry {
    ConditionEntry {
        fuzzed_with_magic: false,
        ..followed_by_variant_words(
            slug,
            description,
            kind,
            names,
            (&[Switch::Rex], &GENEVA_REX),
        )
    }
}

/// The entry of an Anticirce variant that differs from Anticirce only in where the capturer is
/// reborn: Anticirce's switches and presets, fuzzed alone and with magic pieces. Popeye reads
/// its traditional names `read`, or `AntiCirce` followed by the variant words; it is written in
/// the second way (`written`), after which Popeye reads `RexInclusive` and `RexExclusive` too.
pub(super) const fn anticirce_variant_entry(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    names: VariantNames,
) -> ConditionEntry {
    followed_by_variant_words(
        slug,
        description,
        kind,
        names,
        (
            &[Switch::Rex, Switch::RebirthOccupied, Switch::AnticirceType],
            &ANTICIRCE_PRESETS,
        ),
    )
}

/// The entry of a condition written `written` and read from its traditional names `read` or
/// from its family's base word followed by its variant words (`circe_variant`), after which
/// Popeye reads more variant words (`RexInclusive`, `RexExclusive`, …): its `switches` and
/// `presets`, fuzzed alone and with magic pieces.
const fn followed_by_variant_words(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    (written, read, circe_variant): VariantNames,
    (switches, presets): (&'static [Switch], &'static [Preset]),
) -> ConditionEntry {
    ConditionEntry {
        slug,
        description,
        kind,
        popeye: PopeyeNames {
            written,
            written_before_rex_inclusive: None,
            read,
            circe_variant,
            followed_by: PopeyeFollowers::CirceVariants,
        },
        switches,
        presets,
        fuzzed_with: &[],
        fuzzed_with_magic: true,
    }
}

/// The Popeye names of a Circe variant that differs from Plain Circe only in where the unit
/// taken is reborn: the traditional name written and read (English, German), and the variant
/// words after `Circe`. `RexInclusive` is read after them.
pub(super) const fn rebirth_variant(
    written: &'static str,
    read: &'static [&'static str],
    circe_variant: &'static [&'static str],
) -> PopeyeNames {
    PopeyeNames {
        written,
        written_before_rex_inclusive: None,
        read,
        circe_variant,
        followed_by: PopeyeFollowers::Rex(Rex::Inclusive),
    }
}

/// The entry of a Circe variant that differs from Plain Circe only in where the unit taken is
/// reborn: Plain Circe's switches and presets, fuzzed alone and with magic pieces.
pub(super) const fn rebirth_variant_entry(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    popeye: PopeyeNames,
) -> ConditionEntry {
    ConditionEntry {
        slug,
        description,
        kind,
        popeye,
        switches: &[Switch::Rex, Switch::RebirthOccupied],
        presets: &[CIRCE_REX],
        fuzzed_with: &[],
        fuzzed_with_magic: true,
    }
}

/// The entry of a condition that combines with no other condition nor with magic pieces, so
/// fuzzed alone, with no switch of its own and no preset (Andernach, Take&Make, Ohneschach):
/// Popeye writes and reads it by its name, then reads `followed_by`.
pub(super) const fn alone_entry(
    slug: &'static str,
    description: &'static str,
    kind: ConditionKind,
    (written, read): (&'static str, &'static [&'static str]),
    followed_by: PopeyeFollowers,
) -> ConditionEntry {
    ConditionEntry {
        slug,
        description,
        kind,
        popeye: PopeyeNames {
            written,
            written_before_rex_inclusive: None,
            read,
            circe_variant: &[],
            followed_by,
        },
        switches: &[],
        presets: &[],
        fuzzed_with: &[],
        fuzzed_with_magic: false,
    }
}

/// The entry of a mummer condition (Maximummer, Minimummer, Must Capture, each for one side):
/// no switch, no preset; it combines with the other conditions but those whose combinations are
/// listed (`rules/combination.rs`: Ohneschach, NoCapture, the Patrol conditions, Grid chess and
/// Isardam combine with it), so fuzzed alone and with magic pieces. Popeye writes and reads it
/// by its name, then reads its stricter readings' words (`exact`, `ultra`).
pub(super) const fn mummer_entry(
    slug: &'static str,
    (side, measure): (Colour, MoveMeasure),
    names: (&'static str, &'static [&'static str]),
) -> ConditionEntry {
    let description = match (side, measure) {
        (Colour::White, MoveMeasure::Longest) => {
            "White Maximummer: White plays only its longest legal moves (the square of the \
             distance travelled; castling 16 on the king's side, 25 on the queen's)"
        }
        (Colour::Black, MoveMeasure::Longest) => {
            "Black Maximummer: Black plays only its longest legal moves (the square of the \
             distance travelled; castling 16 on the king's side, 25 on the queen's)"
        }
        (Colour::White, MoveMeasure::Shortest) => {
            "White Minimummer: White plays only its shortest legal moves (as Maximummer \
             measures them)"
        }
        (Colour::Black, MoveMeasure::Shortest) => {
            "Black Minimummer: Black plays only its shortest legal moves (as Maximummer \
             measures them)"
        }
        (Colour::White, MoveMeasure::Capture) => {
            "White Must Capture: White plays a capture when it has a legal one"
        }
        (Colour::Black, MoveMeasure::Capture) => {
            "Black Must Capture: Black plays a capture when it has a legal one"
        }
    };
    let kind = ConditionKind::Mummer { side, measure };
    ConditionEntry {
        fuzzed_with_magic: true,
        ..alone_entry(slug, description, kind, names, PopeyeFollowers::Strictness)
    }
}

/// The entry of a NoCapture condition (for both sides, or for `side` alone): no switch, no
/// preset, fuzzed alone; Popeye writes and reads it by its name.
pub(super) const fn no_capture_entry(
    slug: &'static str,
    side: Option<Colour>,
    names: (&'static str, &'static [&'static str]),
) -> ConditionEntry {
    let description = match side {
        None => {
            "NoCapture: a capture is no move, for either side; what a unit attacks stays \
             attacked (a check is a check)"
        }
        Some(Colour::White) => {
            "NoWhiteCapture: a capture is no move for White; what a unit attacks stays attacked"
        }
        Some(Colour::Black) => {
            "NoBlackCapture: a capture is no move for Black; what a unit attacks stays attacked"
        }
    };
    let kind = ConditionKind::NoCapture { side };
    alone_entry(slug, description, kind, names, PopeyeFollowers::Nothing)
}

/// The entry of Kobul Kings (for both sides' royal units, or for `side`'s alone): no switch,
/// no preset, fuzzed alone (the registry names the pairs it is fuzzed in besides). Popeye reads `KobulKings`, then `White` or `Black` for one side's
/// royal unit alone (`KobulKoenige Weiss` in German), and writes it so.
pub(super) const fn kobul_entry(slug: &'static str, side: Option<Colour>) -> ConditionEntry {
    let (description, written, read, followed_by) = match side {
        None => (
            "Kobul Kings: after a capture the royal unit of the side that lost the unit takes \
             the walk of the unit taken (a pawn taken gives the king's walk), staying royal",
            "KobulKings",
            &["kobulkings", "kobulkoenige"] as &[&str],
            PopeyeFollowers::Side,
        ),
        Some(Colour::White) => (
            "Kobul Kings of White alone: after a capture of a white unit, White's royal unit \
             takes the walk of the unit taken (a pawn taken gives the king's walk)",
            "KobulKings White",
            &[] as &[&str],
            PopeyeFollowers::Nothing,
        ),
        Some(Colour::Black) => (
            "Kobul Kings of Black alone: after a capture of a black unit, Black's royal unit \
             takes the walk of the unit taken (a pawn taken gives the king's walk)",
            "KobulKings Black",
            &[] as &[&str],
            PopeyeFollowers::Nothing,
        ),
    };
    let kind = ConditionKind::KobulKings { side };
    alone_entry(slug, description, kind, (written, read), followed_by)
}

/// The entry of Patrol chess, Ultra-Patrol chess or Lortap: no switch, no preset, fuzzed alone
/// (and with the Circe condition its entry names); Popeye writes and reads it by its name.
pub(super) const fn patrol_entry(
    slug: &'static str,
    rule: PatrolRule,
    names: (&'static str, &'static [&'static str]),
) -> ConditionEntry {
    let description = match rule {
        PatrolRule::Patrol => {
            "Patrol chess: a unit captures, and so checks, only when another unit of its side \
             observes it"
        }
        PatrolRule::UltraPatrol => {
            "Ultra-Patrol chess: a unit moves at all, and checks, only when another unit of its \
             side observes it"
        }
        PatrolRule::Lortap => {
            "Lortap: a unit captures, and so checks, only when no other unit of its side \
             observes it"
        }
    };
    let kind = ConditionKind::Patrol { rule };
    alone_entry(slug, description, kind, names, PopeyeFollowers::Nothing)
}

/// The entry of an observation condition (Madrasi, Isardam): `rex` its switch (and Madrasi's
/// `paralysed_rook_castling`), `rex` exclusive as
/// Popeye presets it; fuzzed alone (it combines with no other condition, nor with magic
/// pieces). Popeye writes and reads it by its name, then reads `RexInclusive`.
pub(super) const fn observation_entry(
    slug: &'static str,
    description: &'static str,
    rule: ObservationRule,
    (written, read): (&'static str, &'static [&'static str]),
) -> ConditionEntry {
    let switches: &[Switch] = match rule {
        ObservationRule::Paralyses => &[Switch::Rex, Switch::ParalysedRookCastling],
        ObservationRule::ForbidsMove => &[Switch::Rex],
    };
    // Popeye reads Isardam's type (`TypeB`) before `RexInclusive`.
    let followed_by = match rule {
        ObservationRule::Paralyses => PopeyeFollowers::Rex(Rex::Inclusive),
        ObservationRule::ForbidsMove => PopeyeFollowers::TypeThenRex('b', Rex::Inclusive),
    };
    let kind = ConditionKind::Observation { rule };
    ConditionEntry {
        switches,
        presets: &OBSERVATION_REX,
        ..alone_entry(slug, description, kind, (written, read), followed_by)
    }
}

/// What every Circe variant presets: kings are not reborn unless `rex` says so.
pub(super) const CIRCE_REX: Preset = Preset::always(Rex::Exclusive.setting());
/// What Anticirce presets, as Popeye reads it and the problemists' glossaries define it: a
/// capturing king is reborn too, and a capture whose rebirth square is taken is illegal.
pub(super) const ANTICIRCE_PRESETS: [Preset; 2] = [
    Preset::always(Rex::Inclusive.setting()),
    Preset::always(RebirthOccupied::Strict.setting()),
];
/// What Madrasi and Isardam preset, as Popeye reads them: royal units are not observed.
pub(super) const OBSERVATION_REX: [Preset; 1] = [Preset::always(Rex::Exclusive.setting())];
/// What Mars Circe presets, as Popeye reads it: kings capture from their rebirth square too.
pub(super) const MARS_REX: [Preset; 1] = [Preset::always(Rex::Inclusive.setting())];
/// What Phantom chess presets, as Popeye reads it: kings move from their own square only.
pub(super) const PHANTOM_REX: [Preset; 1] = [Preset::always(Rex::Exclusive.setting())];
/// What Geneva chess presets, as Popeye reads it: royal capturers are free of the rule.
pub(super) const GENEVA_REX: [Preset; 1] = [Preset::always(Rex::Exclusive.setting())];
/// What the capturer mutation presets: kings change walk too unless `rex` says so.
pub(super) const MUTATION_REX: Preset = Preset::always(Rex::Inclusive.setting());

/// The entry of Breton chess or one of its variants: no switch, no preset, fuzzed alone (it
/// combines with no other condition, nor with magic pieces). Popeye writes it as `Breton`
/// followed by the variant's words (`Breton Adverse Chromatic PY`) and reads the word
/// `Breton` (the plain condition's only), then the variant words.
pub(super) const fn breton_entry(slug: &'static str, rule: BretonRule) -> ConditionEntry {
    let captured = matches!(rule.side, BretonSide::Captured);
    let after = matches!(rule.time, BretonTime::AfterPromotion);
    let (written, description) = match (captured, rule.chromatic, after) {
        (false, false, false) => (
            "Breton",
            "Breton chess: after a capture a unit of the captured walk of the capturer's side \
             (the capturer itself too) leaves the board, the mover choosing which; judged \
             before a capturing pawn promotes",
        ),
        (true, false, false) => (
            "Breton Adverse",
            "Breton Adverse: after a capture another unit of the captured walk of the captured \
             unit's side leaves the board, the mover choosing which",
        ),
        (false, true, false) => (
            "Breton Chromatic",
            "Breton Chromatic: after a capture a unit of the captured walk of the capturer's \
             side (the capturer itself too) changes side, the mover choosing which; judged \
             before a capturing pawn promotes",
        ),
        (true, true, false) => (
            "Breton Adverse Chromatic",
            "Breton Adverse Chromatic: after a capture another unit of the captured walk of the \
             captured unit's side changes side, the mover choosing which",
        ),
        (false, false, true) => (
            "Breton PY",
            "Breton chess as Popeye's PY option reads it: the capturer's units are judged after \
             a capturing pawn promotes",
        ),
        (true, false, true) => (
            "Breton Adverse PY",
            "Breton Adverse as Popeye's PY option reads it: judged after a capturing pawn \
             promotes",
        ),
        (false, true, true) => (
            "Breton Chromatic PY",
            "Breton Chromatic as Popeye's PY option reads it: the capturer's units are judged \
             after a capturing pawn promotes",
        ),
        (true, true, true) => (
            "Breton Adverse Chromatic PY",
            "Breton Adverse Chromatic as Popeye's PY option reads it: judged after a capturing \
             pawn promotes",
        ),
    };
    let read: &[&str] = match (captured, rule.chromatic, after) {
        (false, false, false) => &["breton"],
        _ => &[],
    };
    let kind = ConditionKind::Breton { rule };
    alone_entry(
        slug,
        description,
        kind,
        (written, read),
        PopeyeFollowers::BretonVariants,
    )
}

/// Breton chess's variant: its side, chromatic or not, its time.
pub(super) const fn breton(side: BretonSide, chromatic: bool, time: BretonTime) -> BretonRule {
    BretonRule {
        side,
        chromatic,
        time,
    }
}
