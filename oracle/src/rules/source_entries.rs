//! The entries of the six conditions the source pages define (Plain Circe, Clone, Equipollents,
//! Parrain, Frankfurt and Protean chess), spelt out whole: the registry
//! ([`super::registry`]) names them, and the builders of [`super::entry_builders`] make the
//! others.

use super::entry_builders::*;
use super::registry::{
    Condition, ConditionEntry, ConditionKind, PopeyeFollowers, PopeyeNames, Preset,
};
use super::{
    FirstRankPawns, PawnDirection, Profile, PromotionChooser, RebirthPlace, RebirthTime,
    RebirthWalk, Rex, SameWalkCapture, Switch,
};

/// Plain Circe (§1).
pub(super) const PLAIN_CIRCE: ConditionEntry = ConditionEntry {
    slug: "circe",
    description: "Plain Circe: a captured unit is reborn on its rebirth square at once",
    kind: circe(
        RebirthWalk::Own,
        RebirthPlace::CirceSquare,
        RebirthTime::Immediate,
        PromotionChooser::Capturer,
    ),
    popeye: PopeyeNames {
        written: "Circe",
        written_before_rex_inclusive: None,
        read: &["circe"],
        circe_variant: &[],
        followed_by: PopeyeFollowers::CirceVariants,
    },
    switches: &[Switch::Rex, Switch::RebirthOccupied],
    presets: &[CIRCE_REX],
    fuzzed_with: &[],
    fuzzed_with_magic: true,
};

/// Circe Clone (§2).
pub(super) const CIRCE_CLONE: ConditionEntry = ConditionEntry {
    slug: "circe-clone",
    description: "Circe Clone: a captured unit is reborn with the capturer's walk",
    kind: circe(
        RebirthWalk::Cloned,
        RebirthPlace::CirceSquare,
        RebirthTime::Immediate,
        PromotionChooser::Capturer,
    ),
    popeye: PopeyeNames {
        written: "CirceClone",
        written_before_rex_inclusive: None,
        read: &["circeclone"],
        circe_variant: &["clone"],
        followed_by: PopeyeFollowers::Rex(Rex::Inclusive),
    },
    switches: &[
        Switch::Rex,
        Switch::RebirthOccupied,
        Switch::CloneWalkWhenPromoting,
        Switch::CloneRoyalVictim,
    ],
    presets: &[CIRCE_REX],
    fuzzed_with: &[],
    fuzzed_with_magic: true,
};

/// Circe Equipollents (§3).
pub(super) const CIRCE_EQUIPOLLENTS: ConditionEntry = ConditionEntry {
    slug: "circe-equipollents",
    description: "Circe Equipollents: a captured unit is reborn by the capture's vector",
    kind: circe(
        RebirthWalk::Own,
        RebirthPlace::CaptureVector,
        RebirthTime::Immediate,
        PromotionChooser::Capturer,
    ),
    popeye: PopeyeNames {
        written: "EquipollentsCirce",
        written_before_rex_inclusive: None,
        read: &["equipollentscirce"],
        circe_variant: &["equipollents"],
        followed_by: PopeyeFollowers::Rex(Rex::Inclusive),
    },
    switches: &[Switch::Rex, Switch::RebirthOccupied],
    presets: &[
        CIRCE_REX,
        // Popeye 4.104 lets a pawn on its own first rank guard its diagonals without
        // moving under Equipollents.
        Preset::under(Profile::Popeye, FirstRankPawns::GuardOnly.setting()),
    ],
    fuzzed_with: &[],
    fuzzed_with_magic: true,
};

/// Circe Parrain (§4).
pub(super) const CIRCE_PARRAIN: ConditionEntry = ConditionEntry {
    slug: "circe-parrain",
    description: "Circe Parrain: a captured unit is reborn on the next move, by that move's vector",
    kind: circe(
        RebirthWalk::Own,
        RebirthPlace::NextMoveVector,
        RebirthTime::NextMove,
        PromotionChooser::Owner,
    ),
    popeye: PopeyeNames {
        written: "ParrainCirce",
        // Popeye refuses `RexInclusive` after `ParrainCirce` but reads it after this.
        written_before_rex_inclusive: Some("Circe Parrain"),
        read: &["parraincirce", "circeparrain"],
        circe_variant: &["parrain"],
        followed_by: PopeyeFollowers::Nothing,
    },
    switches: &[
        Switch::Rex,
        Switch::ParrainLongCastling,
        Switch::ParrainOtherSidePromotion,
        Switch::ParrainEnPassant,
    ],
    presets: &[
        CIRCE_REX,
        // Popeye 4.104 lets a pawn on its own first rank step and take under Parrain.
        Preset::under(Profile::Popeye, FirstRankPawns::Step.setting()),
    ],
    fuzzed_with: &[Condition::Frankfurt],
    fuzzed_with_magic: true,
};

/// Frankfurt chess (§5), capturer takes the captured walk; pawn direction its own.
pub(super) const FRANKFURT: ConditionEntry = ConditionEntry {
    slug: "frankfurt",
    description: "Frankfurt chess: the capturer takes the captured unit's walk",
    kind: ConditionKind::Mutation,
    popeye: PopeyeNames {
        written: "FrankfurtChess",
        written_before_rex_inclusive: None,
        read: &["frankfurtchess", "frankfurtschach"],
        circe_variant: &[],
        followed_by: PopeyeFollowers::Rex(Rex::Exclusive),
    },
    switches: &MUTATION_SWITCHES,
    presets: &[
        MUTATION_REX,
        Preset::always(PawnDirection::Own.setting()),
        Preset::always(SameWalkCapture::Keep.setting()),
    ],
    fuzzed_with: &[],
    fuzzed_with_magic: true,
};

/// Protean chess (§5), as Frankfurt with Popeye's opposing pawn direction.
pub(super) const PROTEAN: ConditionEntry = ConditionEntry {
    slug: "protean",
    description: "Protean chess: as frankfurt, a pawn made by capture moves as the opponent's \
                  and a pawn taking a pawn turns",
    kind: ConditionKind::Mutation,
    popeye: PopeyeNames {
        written: "ProteanChess",
        written_before_rex_inclusive: None,
        read: &["proteanchess", "proteischesschach"],
        circe_variant: &[],
        followed_by: PopeyeFollowers::Rex(Rex::Exclusive),
    },
    switches: &MUTATION_SWITCHES,
    presets: &[
        MUTATION_REX,
        Preset::always(PawnDirection::Opposing.setting()),
        Preset::always(SameWalkCapture::Flip.setting()),
    ],
    fuzzed_with: &[],
    fuzzed_with_magic: true,
};

/// The switches the capturer mutation reads (Frankfurt and Protean are one rule).
const MUTATION_SWITCHES: [Switch; 6] = [
    Switch::Rex,
    Switch::PawnDirection,
    Switch::SameWalkCapture,
    Switch::MutationCastling,
    Switch::RoyalRiderPassage,
    Switch::RoyalEnPassant,
];
