//! The entries of the Anticirce variants that change the walk the capturer comes back with:
//! AntiClone Circe (the walk it took) and Chameleon Anticirce (the next walk of the chameleon
//! sequence). The rebirth square is read for that walk.

use super::entry_builders::*;
use super::registry::ConditionEntry;
use super::{RebirthPlace, RebirthSide, RebirthWalk};

/// AntiClone Circe: the capturer reborn with the walk of the unit it took (unless that unit is
/// royal), a royal capturer staying royal (Popeye 4.104's `conditions/anticirce/clone.c`).
pub(super) const ANTICIRCE_CLONE: ConditionEntry = anticirce_variant_entry(
    "anticirce-clone",
    "AntiClone Circe: the capturer is reborn with the walk of the unit it took (a royal \
     capturer stays royal), on that walk's rebirth square",
    anticirce_reborn_as(
        RebirthWalk::Cloned,
        RebirthPlace::CirceSquare,
        RebirthSide::Own,
    ),
    ("AntiCirce Clone", &["anticlonecirce"], &["clone"]),
);

/// Chameleon Anticirce (`AntiCirce Chameleon`): the capturer reborn as the next walk of the
/// chameleon sequence.
pub(super) const ANTICIRCE_CHAMELEON: ConditionEntry = anticirce_variant_entry(
    "anticirce-chameleon",
    "Chameleon Anticirce: a capturing knight, bishop, rook or queen is reborn as a bishop, \
     rook, queen or knight, on that walk's rebirth square",
    anticirce_reborn_as(
        RebirthWalk::Chameleon,
        RebirthPlace::CirceSquare,
        RebirthSide::Own,
    ),
    ("AntiCirce Chameleon", &[], &["chameleon"]),
);
