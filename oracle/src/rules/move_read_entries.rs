//! The entries of the Circe variants whose rebirth squares are read from the moves the unit
//! taken could make: Circe Take&Make (where it could go) and Cage Circe (where it could not).

use super::entry_builders::*;
use super::registry::{ConditionEntry, PopeyeFollowers, PopeyeNames, Preset};
use super::{FirstRankPawns, Profile, RebirthAdapter, RebirthPlace, RebirthSide, Rex, Switch};

/// Circe Take&Make: where the unit taken could go from the capture square by a move taking
/// nothing; a capture with no such square is illegal. Every such square is empty, so
/// `rebirth_occupied` never matters; nor does `rex`: royal units are never taken (`rex=inclusive`,
/// a king coming back by its own make, is refused by the engines).
pub(super) const CIRCE_TAKE_MAKE: ConditionEntry = ConditionEntry {
    switches: &[],
    presets: &[],
    fuzzed_with_magic: false,
    ..rebirth_variant_entry(
        "circe-take-make",
        "Circe Take&Make: a captured unit is reborn where it could move from the capture square \
         without taking, the capturer choosing; a capture with no such square is illegal",
        reborn_on(RebirthPlace::Makes, RebirthSide::Own, RebirthAdapter::None),
        PopeyeNames {
            written: "CirceTake&Make",
            written_before_rex_inclusive: None,
            read: &["circetake&make"],
            circe_variant: &["take&make"],
            followed_by: PopeyeFollowers::Rex(Rex::Inclusive),
        },
    )
};

/// Cage Circe: on an empty square where the unit taken has no legal move taking nothing, the
/// capturer choosing; with no such square the unit is lost (under `strict`, the capture is
/// illegal). `rex=inclusive` (a king reborn in a cage) is refused by the engines, so `rex` is
/// not read; nor are magic units and other conditions taken with it.
pub(super) const CIRCE_CAGE: ConditionEntry = ConditionEntry {
    switches: &[Switch::RebirthOccupied],
    // Popeye 4.104 lets a pawn on its own first rank step and take under Cage Circe
    // (`pawn_get_no_capture_length`), which a pawn reborn there needs to leave its cage.
    presets: &[Preset::under(
        Profile::Popeye,
        FirstRankPawns::Step.setting(),
    )],
    fuzzed_with_magic: false,
    ..rebirth_variant_entry(
        "circe-cage",
        "Cage Circe: a captured unit is reborn on an empty square where it has no legal move \
         taking nothing, the capturer choosing; with no such square it is lost (under \
         rebirth_occupied=strict the capture is illegal)",
        reborn_on(RebirthPlace::Cage, RebirthSide::Own, RebirthAdapter::None),
        PopeyeNames {
            written: "CageCirce",
            written_before_rex_inclusive: None,
            read: &["cagecirce", "kaefigcirce"],
            circe_variant: &["cage"],
            followed_by: PopeyeFollowers::Rex(Rex::Inclusive),
        },
    )
};
