//! The registry of conditions: each condition declared once, with everything the rest of the
//! program needs to know of it.
//!
//! One entry a condition ([`ConditionEntry`]) gives its command-line slug, a one-line
//! description, its Popeye names (the one written, the ones read), what kind of rule it is
//! (a Circe variant with its rebirth answers, or a capturer mutation), the switches its rule
//! reads, the switch values it presets, and the fuzz families it appears in. The enum
//! [`Condition`], [`Condition::ALL`] and the table of entries come from one list, so a new
//! condition is one more entry: the compiler asks for every field, and every consumer reads
//! the entry instead of matching on conditions (the command line's help, `Rules` for the
//! defaults and the combinations, the Popeye input written and read, the fuzz families, which
//! switches Popeye's behaviour can be compared on).
//!
//! The switches are declared once in the same way, in the list behind [`Switch`] (`switch.rs`):
//! each with its values, its default under each profile, where it matters ([`Scope`]) and how
//! Popeye's input treats it ([`PopeyeReading`]).

pub use super::entry::{
    ConditionEntry, ConditionKind, PopeyeFollowers, PopeyeNames, PopeyeReading, Preset, Scope,
};
use crate::Colour;

use super::{
    BretonSide, BretonTime, ColourChangeMoves, GridLines, KoekoRule, MarsMoves, MoveMeasure,
    ObservationRule, PatrolRule, PromotionChooser, RebirthAdapter, RebirthPlace, RebirthSide,
    RebirthTime, RebirthWalk, RebornUnit, RelevantUnit, Switch,
};

/// Declares every condition once: the variant of [`Condition`] with its documentation, and
/// its entry. [`Condition::ALL`] and [`Condition::entry`] follow from the list.
macro_rules! conditions {
    ($($(#[$doc:meta])* $variant:ident => $entry:expr),+ $(,)?) => {
        /// A fairy condition (RULES.md §1–5). Magic pieces are not a condition: they are marked
        /// in the position, and their rule applies wherever they stand. Each condition is
        /// declared once, in [`crate::rules::registry`].
        ///
        /// ```
        /// use feerie_oracle::Condition;
        /// let c: Condition = "circe-parrain".parse().unwrap();
        /// assert_eq!(c, Condition::CirceParrain);
        /// assert_eq!(c.to_string(), "circe-parrain");
        /// assert_eq!(c.entry().popeye.written, "ParrainCirce");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Condition {
            $($(#[$doc])* $variant),+
        }

        /// The entries, in the order of the variants.
        static ENTRIES: [ConditionEntry; [$(stringify!($variant)),+].len()] = [$($entry),+];

        impl Condition {
            /// Every condition, in slug order of the command line.
            pub const ALL: [Condition; [$(stringify!($variant)),+].len()] =
                [$(Condition::$variant),+];

            /// Everything known of the condition.
            pub fn entry(self) -> &'static ConditionEntry {
                &ENTRIES[self as usize]
            }
        }
    };
}

use super::anticirce_walk_entries::*;
use super::entry_builders::*;
use super::move_read_entries::*;
use super::source_entries::*;

conditions! {
    /// Plain Circe (§1).
    Circe => PLAIN_CIRCE,
    /// Circe Clone (§2).
    CirceClone => CIRCE_CLONE,
    /// Circe Equipollents (§3).
    CirceEquipollents => CIRCE_EQUIPOLLENTS,
    /// Circe Parrain (§4).
    CirceParrain => CIRCE_PARRAIN,
    /// Frankfurt chess (§5), capturer takes the captured walk; pawn direction its own.
    Frankfurt => FRANKFURT,
    /// Protean chess (§5), as Frankfurt with Popeye's opposing pawn direction.
    Protean => PROTEAN,
    /// Mirror Circe: Plain Circe on the other side's home squares.
    CirceMirror => rebirth_variant_entry(
        "circe-mirror",
        "Mirror Circe: a captured unit is reborn on the square a unit of the other colour would be",
        reborn_on(RebirthPlace::CirceSquare, RebirthSide::Mirror, RebirthAdapter::None),
        rebirth_variant("MirrorCirce", &["mirrorcirce", "spiegelcirce"], &["mirror"]),
    ),
    /// Diametral Circe: the Plain Circe square turned about the centre.
    CirceDiametral => rebirth_variant_entry(
        "circe-diametral",
        "Diametral Circe: a captured unit is reborn on its rebirth square turned about the centre",
        reborn_on(RebirthPlace::CirceSquare, RebirthSide::Own, RebirthAdapter::Diametral),
        rebirth_variant("DiametralCirce", &["diametralcirce"], &["diametral"]),
    ),
    /// Vertical Mirror Circe: the Plain Circe square mirrored between the a- and h-files.
    CirceVerticalMirror => rebirth_variant_entry(
        "circe-vertical-mirror",
        "Vertical Mirror Circe: a captured unit is reborn on its rebirth square mirrored a-h",
        reborn_on(RebirthPlace::CirceSquare, RebirthSide::Own, RebirthAdapter::VerticalMirror),
        rebirth_variant(
            "VerticalMirrorCirce",
            &["verticalmirrorcirce", "vertikalesspiegelcirce"],
            &["verticalmirror"],
        ),
    ),
    /// File Circe: the home rank's square of the capture file.
    CirceFile => rebirth_variant_entry(
        "circe-file",
        "File Circe: a captured unit is reborn on the capture file, on its home rank",
        reborn_on(RebirthPlace::FileHome, RebirthSide::Own, RebirthAdapter::None),
        rebirth_variant("FileCirce", &["filecirce"], &["file"]),
    ),
    /// Mirror File Circe: File Circe on the other side's home rank.
    CirceMirrorFile => rebirth_variant_entry(
        "circe-mirror-file",
        "Mirror File Circe: a captured unit is reborn on the capture file, on the other side's \
         home rank",
        reborn_on(RebirthPlace::FileHome, RebirthSide::Mirror, RebirthAdapter::None),
        rebirth_variant(
            "MirrorFileCirce",
            &["mirrorfilecirce", "spiegelfilecirce"],
            &["file", "mirror"],
        ),
    ),
    /// Symmetry Circe: the capture square turned about the centre.
    CirceSymmetry => rebirth_variant_entry(
        "circe-symmetry",
        "Symmetry Circe: a captured unit is reborn on the capture square turned about the centre",
        reborn_on(RebirthPlace::Symmetry, RebirthSide::Own, RebirthAdapter::None),
        rebirth_variant(
            "SymmetryCirce",
            &["symmetrycirce", "symmetriecirce"],
            &["symmetry"],
        ),
    ),
    /// Vertical Symmetry Circe: the capture square mirrored between the a- and h-files.
    CirceVerticalSymmetry => rebirth_variant_entry(
        "circe-vertical-symmetry",
        "Vertical Symmetry Circe: a captured unit is reborn on the capture square mirrored a-h",
        reborn_on(RebirthPlace::VerticalSymmetry, RebirthSide::Own, RebirthAdapter::None),
        rebirth_variant(
            "VerticalSymmetryCirce",
            &["verticalsymmetrycirce", "vertikalesymmetriecirce"],
            &["verticalsymmetry"],
        ),
    ),
    /// Antipodean Circe: four files and four ranks away from the capture square.
    CirceAntipodes => rebirth_variant_entry(
        "circe-antipodes",
        "Antipodean Circe: a captured unit is reborn four files and four ranks away",
        reborn_on(RebirthPlace::Antipodes, RebirthSide::Own, RebirthAdapter::None),
        rebirth_variant(
            "AntipodeanCirce",
            &["antipodeancirce", "antipodencirce"],
            &["antipodes"],
        ),
    ),
    /// Super Circe: on any empty square, the capturer choosing, or not at all.
    CirceSuper => rebirth_variant_entry(
        "circe-super",
        "Super Circe: a captured unit is reborn on any empty square, the capturer choosing, or \
         not at all (under rebirth_occupied=strict it must be reborn)",
        reborn_on(RebirthPlace::AnyEmpty, RebirthSide::Own, RebirthAdapter::None),
        PopeyeNames {
            written: "SuperCirce",
            // Popeye reads no `RexInclusive` after `SuperCirce`, but reads it after this.
            written_before_rex_inclusive: Some("Circe Super"),
            read: &["supercirce"],
            circe_variant: &["super"],
            followed_by: PopeyeFollowers::Nothing,
        },
    ),
    /// PWC: on the square the capturer left, always empty once it has left (so
    /// `rebirth_occupied` never matters).
    CircePwc => ConditionEntry {
        switches: &[Switch::Rex],
        ..rebirth_variant_entry(
        "circe-pwc",
        "PWC: a captured unit is reborn on the square its capturer left",
        reborn_on(RebirthPlace::Departure, RebirthSide::Own, RebirthAdapter::None),
        PopeyeNames {
            written: "PWC",
            // Popeye reads no `RexInclusive` after `PWC`, but reads it after this.
            written_before_rex_inclusive: Some("Circe PWC"),
            read: &["pwc", "platzwechselcirce"],
            circe_variant: &["pwc"],
            followed_by: PopeyeFollowers::Nothing,
        },
    )
    },
    /// Circe Take&Make: where the unit taken could go from the capture square by a move
    /// taking nothing; a capture with no such square is illegal.
    CirceTakeMake => CIRCE_TAKE_MAKE,
    /// Cage Circe: on an empty square where the unit taken has no legal move taking nothing.
    CirceCage => CIRCE_CAGE,
    /// Couscous Circe: where the capturer would come back.
    CirceCouscous => rebirth_variant_entry(
            "circe-couscous",
            "Couscous Circe: a captured unit is reborn where its capturer would be reborn",
            reborn_reading(
                RelevantUnit::Other,
                RebirthPlace::CirceSquare,
                RebirthSide::Own,
                RebirthAdapter::None,
            ),
            PopeyeNames {
                written: "CouscousCirce",
                // Popeye reads no `RexInclusive` after `CouscousCirce`, but reads it after this.
                written_before_rex_inclusive: Some("Circe Couscous"),
                read: &["couscouscirce"],
                circe_variant: &["couscous"],
                followed_by: PopeyeFollowers::Nothing,
            },
        ),
    /// Mirror Couscous Circe: where the capturer would come back if it were of the other
    /// colour.
    CirceMirrorCouscous => rebirth_variant_entry(
            "circe-mirror-couscous",
            "Mirror Couscous Circe: a captured unit is reborn where its capturer would be if it \
             were of the other colour",
            reborn_reading(
                RelevantUnit::Other,
                RebirthPlace::CirceSquare,
                RebirthSide::Mirror,
                RebirthAdapter::None,
            ),
            rebirth_variant(
                "MirrorCouscousCirce",
                &["mirrorcouscouscirce", "spiegelcouscouscirce"],
                &["couscous", "mirror"],
            ),
        ),
    /// Chameleon Circe: the unit taken comes back as the next walk of the chameleon sequence.
    CirceChameleon => rebirth_variant_entry(
            "circe-chameleon",
            "Chameleon Circe: a captured knight, bishop, rook or queen is reborn as a bishop, rook, \
             queen or knight, on that walk's rebirth square",
            circe(
                RebirthWalk::Chameleon,
                RebirthPlace::CirceSquare,
                RebirthTime::Immediate,
                PromotionChooser::Capturer,
            ),
            PopeyeNames {
                written: "ChameleonCirce",
                // Popeye reads a walk sequence after `ChameleonCirce`, and no `RexInclusive`;
                // it reads it after this.
                written_before_rex_inclusive: Some("Circe Chameleon"),
                read: &["chameleoncirce", "chamaeleoncirce"],
                circe_variant: &["chameleon"],
                followed_by: PopeyeFollowers::Nothing,
            },
        ),
    /// Anticirce (Calvet's reading): the capturer is reborn instead of the unit taken.
    Anticirce => ConditionEntry {
        slug: "anticirce",
        description: "Anticirce: the capturer is reborn on its own rebirth square; a capture whose \
                      square is taken is illegal",
        kind: ConditionKind::Circe {
            reborn: RebornUnit::Capturer,
            walk: RebirthWalk::Own,
            place: RebirthPlace::CirceSquare,
            relevant: RelevantUnit::Reborn,
            side: RebirthSide::Own,
            adapter: RebirthAdapter::None,
            time: RebirthTime::Immediate,
            chooser: PromotionChooser::Capturer,
        },
        popeye: PopeyeNames {
            written: "AntiCirce",
            written_before_rex_inclusive: None,
            read: &["anticirce"],
            circe_variant: &[],
            followed_by: PopeyeFollowers::CirceVariants,
        },
        switches: &[Switch::Rex, Switch::RebirthOccupied, Switch::AnticirceType],
        presets: &ANTICIRCE_PRESETS,
        fuzzed_with: &[],
        fuzzed_with_magic: true,
    },
    /// Mirror Anticirce: the capturer reborn on the other side's home square.
    AnticirceMirror => anticirce_variant_entry(
        "anticirce-mirror",
        "Mirror Anticirce: the capturer is reborn where a unit of the other colour would be",
        anticirce_on(RebirthPlace::CirceSquare, RebirthSide::Mirror),
        ("AntiCirce Mirror", &["mirroranticirce", "antispiegelcirce"], &["mirror"]),
    ),
    /// File Anticirce: the capture file's square of the capturer's home rank.
    AnticirceFile => anticirce_variant_entry(
        "anticirce-file",
        "File Anticirce: the capturer is reborn on the capture file, on its home rank",
        anticirce_on(RebirthPlace::FileHome, RebirthSide::Own),
        ("AntiCirce File", &["fileanticirce", "antifilecirce"], &["file"]),
    ),
    /// Mirror File Anticirce: File Anticirce on the other side's home rank.
    AnticirceMirrorFile => anticirce_variant_entry(
        "anticirce-mirror-file",
        "Mirror File Anticirce: the capturer is reborn on the capture file, on the other side's \
         home rank",
        anticirce_on(RebirthPlace::FileHome, RebirthSide::Mirror),
        (
            "AntiCirce File Mirror",
            &["mirrorfileanticirce", "antispiegelfilecirce"],
            &["file", "mirror"],
        ),
    ),
    /// Symmetry Anticirce: the capture square turned about the centre.
    AnticirceSymmetry => anticirce_variant_entry(
        "anticirce-symmetry",
        "Symmetry Anticirce: the capturer is reborn on the capture square turned about the centre",
        anticirce_on(RebirthPlace::Symmetry, RebirthSide::Own),
        ("AntiCirce Symmetry", &["symmetryanticirce", "antisymmetriecirce"], &["symmetry"]),
    ),
    /// Vertical Symmetry Anticirce: the capture square mirrored between the a- and h-files.
    AnticirceVerticalSymmetry => anticirce_variant_entry(
        "anticirce-vertical-symmetry",
        "Vertical Symmetry Anticirce: the capturer is reborn on the capture square mirrored a-h",
        anticirce_on(RebirthPlace::VerticalSymmetry, RebirthSide::Own),
        (
            "AntiCirce VerticalSymmetry",
            &["verticalsymmetryanticirce", "vertikaleantisymmetriecirce"],
            &["verticalsymmetry"],
        ),
    ),
    /// Antipodean Anticirce: four files and four ranks away from the capture square.
    AnticirceAntipodes => anticirce_variant_entry(
        "anticirce-antipodes",
        "Antipodean Anticirce: the capturer is reborn four files and four ranks away",
        anticirce_on(RebirthPlace::Antipodes, RebirthSide::Own),
        ("AntiCirce Antipodes", &["antipodeananticirce", "antiantipodencirce"], &["antipodes"]),
    ),
    /// Equipollents Anticirce: the capture square moved once more by the capture's vector.
    AnticirceEquipollents => anticirce_variant_entry(
        "anticirce-equipollents",
        "Equipollents Anticirce: the capturer is reborn by the capture's vector from the capture \
         square",
        anticirce_on(RebirthPlace::CaptureVector, RebirthSide::Own),
        (
            "AntiCirce Equipollents",
            &["equipollentsanticirce", "antiequipollentscirce"],
            &["equipollents"],
        ),
    ),
    /// AntiClone Circe: the capturer reborn with the walk of the unit it took.
    AnticirceClone => ANTICIRCE_CLONE,
    /// Chameleon Anticirce: the capturer reborn as the next walk of the chameleon sequence.
    AnticirceChameleon => ANTICIRCE_CHAMELEON,
    /// Anti-Super Circe: on any square empty once the capturer has left its arrival square.
    AnticirceSuper => anticirce_variant_entry(
        "anticirce-super",
        "Anti-Super Circe: the capturer is reborn on any empty square, its side choosing (under \
         rebirth_occupied=relaxed also not at all)",
        anticirce_on(RebirthPlace::AnyEmpty, RebirthSide::Own),
        ("AntiCirce Super", &["antisupercirce"], &["super"]),
    ),
    /// Mars Circe: a unit captures from its rebirth square.
    MarsCirce => mars_entry(
        "mars-circe",
        "Mars Circe: a unit captures only from its own rebirth square, which must be empty or its \
         own",
        mars_on(RebirthPlace::CirceSquare, RebirthSide::Own, MarsMoves::Captures),
        ("MarsCirce", &["marscirce"], &[]),
    ),
    /// Mirror Mars Circe: a unit captures from the other side's rebirth square of its walk.
    MarsCirceMirror => mars_entry(
        "mars-circe-mirror",
        "Mirror Mars Circe: a unit captures only from the square where a unit of the other \
         colour would be reborn",
        mars_on(RebirthPlace::CirceSquare, RebirthSide::Mirror, MarsMoves::Captures),
        ("MarsMirrorCirce", &["marsmirrorcirce", "marsspiegelcirce"], &["mirror"]),
    ),
    /// Anti-Mars Circe: a unit makes its moves that take nothing from its rebirth square.
    AntiMarsCirce => mars_entry(
        "anti-mars-circe",
        "Anti-Mars Circe: a unit captures from its own square, and makes its other moves only \
         from its own rebirth square, which must be empty or its own",
        mars_on(RebirthPlace::CirceSquare, RebirthSide::Own, MarsMoves::NonCaptures),
        ("AntiMarsCirce", &["antimarscirce"], &[]),
    ),
    /// Mirror Anti-Mars Circe: Anti-Mars Circe from the other side's rebirth square.
    AntiMarsCirceMirror => mars_entry(
        "anti-mars-circe-mirror",
        "Mirror Anti-Mars Circe: a unit makes its moves that take nothing only from the square \
         where a unit of the other colour would be reborn",
        mars_on(RebirthPlace::CirceSquare, RebirthSide::Mirror, MarsMoves::NonCaptures),
        (
            "AntiMarsMirrorCirce",
            &["antimarsmirrorcirce", "antimarsmalefiquecirce"],
            &["mirror"],
        ),
    ),
    /// Phantom chess: a unit moves from its own square or from its rebirth square.
    Phantom => mars_entry(
        "phantom",
        "Phantom chess: a unit moves from its own square, or from its own rebirth square when \
         that is empty",
        mars_on(RebirthPlace::CirceSquare, RebirthSide::Own, MarsMoves::All),
        ("PhantomChess", &["phantomchess", "phantomschach"], &[]),
    ),
    /// Geneva chess: a capture is allowed only where the capturer could be reborn.
    Geneva => geneva_entry(
        "geneva",
        "Geneva chess: a unit captures only when its own rebirth square, read on the square it \
         leaves, is empty once the move is made and is not that square; nobody is reborn",
        ConditionKind::Geneva {
            place: RebirthPlace::CirceSquare,
            side: RebirthSide::Own,
        },
        ("GenevaChess", &["genevachess", "genferschach"], &[]),
    ),
    /// Imitator chess: the imitators repeat every move's vector, and a move they cannot
    /// repeat is none.
    Imitator => alone_entry(
        "imitator",
        "Imitator chess: every move moves the imitators by its vector, step by step along a \
         line, onto empty squares of the board; a move they cannot follow is none",
        ConditionKind::Imitator,
        ("Imitator", &["imitator"]),
        PopeyeFollowers::Squares,
    ),
    /// Andernach chess: a capturer changes colour.
    Andernach => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..alone_entry(
            "andernach",
            "Andernach chess: a unit that captures changes colour (a royal one excepted)",
            ConditionKind::ColourChange {
                moves: ColourChangeMoves::Captures,
            },
            ("AndernachChess", &["andernachchess", "andernachschach"]),
            PopeyeFollowers::Nothing,
        )
    },
    /// Madrasi: a unit observed by an enemy unit of its walk is paralysed.
    Madrasi => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..observation_entry(
            "madrasi",
            "Madrasi: a unit observed by an enemy unit of its walk is paralysed (it neither moves nor \
             checks)",
            ObservationRule::Paralyses,
            ("Madrasi", &["madrasi"]),
        )
    },
    /// Isardam: a move after which a unit is observed by an enemy unit of its walk is illegal.
    Isardam => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..observation_entry(
            "isardam",
            "Isardam: a move after which a unit is observed by an enemy unit of its walk is illegal",
            ObservationRule::ForbidsMove,
            ("Isardam", &["isardam"]),
        )
    },
    /// Take&Make chess: a capturer at once makes a move of the captured unit's walk.
    TakeAndMake => alone_entry(
        "take-and-make",
        "Take&Make chess: a capturer at once makes a move that takes nothing, with the \
         captured unit's walk, from the square it took on",
        ConditionKind::TakeAndMake,
        ("Take&MakeChess", &["take&makechess", "take&makeschach"]),
        PopeyeFollowers::Absolute,
    ),
    /// Make&Take chess: a capture is preceded by a make of the walk of the unit about to be taken.
    MakeAndTake => alone_entry(
        "make-and-take",
        "Make&Take chess: a unit captures only after a make, a move that takes nothing with the \
         walk of the unit about to be taken, and takes from where the make ends",
        ConditionKind::MakeAndTake,
        ("Make&TakeChess", &["make&takechess", "make&takeschach"]),
        PopeyeFollowers::Nothing,
    ),
    /// Ohneschach (checkless chess): a move that gives check is legal only if it mates.
    Checkless => ConditionEntry {
        fuzzed_with: &[Condition::Circe, Condition::Anticirce, Condition::NoCapture],
        ..alone_entry(
            "checkless",
            "Ohneschach (checkless chess): a move that gives check is legal only if it mates",
            ConditionKind::Checkless,
            ("ChecklessChess", &["checklesschess", "ohneschach"]),
            PopeyeFollowers::Nothing,
        )
    },
    /// SAT: a side is in check when its king has a flight.
    Sat => ConditionEntry {
        fuzzed_with: &[Condition::Circe, Condition::Andernach],
        ..alone_entry(
            "sat",
            "SAT: a side is in check when its king could move to a square where it would not be \
             attacked (a flight), and is not in check otherwise",
            ConditionKind::Sat,
            ("SAT", &["sat"]),
            PopeyeFollowers::Numbers,
        )
    },
    /// Koeko: every unit that moved ends next to a unit.
    Koeko => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..alone_entry(
            "koeko",
            "Koeko: a move is legal only if every unit that moved ends next to a unit (a king's step \
             away)",
            ConditionKind::Koeko {
                rule: KoekoRule::Contact,
            },
            ("KoeKo", &["koeko"]),
            PopeyeFollowers::Neighbour,
        )
    },
    /// AntiKoeko: the unit that moved ends next to no unit.
    AntiKoeko => alone_entry(
        "anti-koeko",
        "AntiKoeko: a move is legal only if the unit that moved ends next to no unit",
        ConditionKind::Koeko {
            rule: KoekoRule::NoContact,
        },
        ("AntiKoeko", &["antikoeko"]),
        PopeyeFollowers::Neighbour,
    ),
    /// NewKoeko: the unit that moved ends next to a unit exactly when it started next to one.
    NewKoeko => alone_entry(
        "new-koeko",
        "NewKoeko: a move is legal only if the unit that moved ends next to a unit exactly when \
         it started next to one",
        ConditionKind::Koeko {
            rule: KoekoRule::SameContact,
        },
        ("NewKoeko", &["newkoeko", "neukoeko"]),
        PopeyeFollowers::Nothing,
    ),
    /// Annan chess: a unit with a unit of its side behind it moves by that unit's walk.
    Annan => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..alone_entry(
            "annan",
            "Annan chess: a unit with a unit of its side right behind it (toward its side's first \
             rank) moves and attacks by that unit's walk, as Popeye's type A",
            ConditionKind::Annan,
            ("AnnanChess", &["annanchess", "annanschach"]),
            PopeyeFollowers::Type('d'),
        )
    },
    /// NoCapture: no unit captures.
    NoCapture => ConditionEntry {
        fuzzed_with: &[Condition::Anticirce],
        ..no_capture_entry("no-capture", None, ("NoCapture", &["nocapture", "ohneschlag"]))
    },
    /// NoWhiteCapture: no white unit captures.
    NoWhiteCapture => no_capture_entry(
        "no-white-capture",
        Some(Colour::White),
        ("NoWhiteCapture", &["nowhitecapture", "weisserohneschlag"]),
    ),
    /// NoBlackCapture: no black unit captures.
    NoBlackCapture => no_capture_entry(
        "no-black-capture",
        Some(Colour::Black),
        ("NoBlackCapture", &["noblackcapture", "schwarzerohneschlag"]),
    ),
    /// Patrol chess: a unit captures and checks only when a unit of its side observes it.
    Patrol => ConditionEntry {
        fuzzed_with: &[Condition::Circe],
        ..patrol_entry("patrol", PatrolRule::Patrol, ("Patrouille", &["patrouille", "patrouilleschach"]))
    },
    /// Ultra-Patrol chess: a unit moves and checks only when a unit of its side observes it.
    UltraPatrol => patrol_entry(
        "ultra-patrol",
        PatrolRule::UltraPatrol,
        ("UltraPatrol", &["ultrapatrol", "ultrapatrouille"]),
    ),
    /// Lortap: a unit captures and checks only when no unit of its side observes it.
    Lortap => ConditionEntry {
        fuzzed_with: &[Condition::Anticirce],
        ..patrol_entry("lortap", PatrolRule::Lortap, ("Lortap", &["lortap", "elliuortap"]))
    },
    /// Grid chess on Popeye's normal grid: a move crosses a grid line.
    Grid => ConditionEntry {
        fuzzed_with: &[Condition::BlackMaximummer],
        ..alone_entry(
            "grid",
            "Grid chess: a move, and an attack, must cross a grid line (cells of 2x2 squares, \
             lines after files b, d, f and ranks 2, 4, 6)",
            ConditionKind::Grid { lines: GridLines::Normal },
            ("GridChess", &["gridchess", "gitterschach"]),
            PopeyeFollowers::GridVariants,
        )
    },
    /// Danger Circe: an observed unit may also move to its Plain Circe rebirth square.
    DangerCirce => alone_entry(
        "danger-circe",
        "Danger Circe: a unit an enemy unit observes may also move to its Plain Circe rebirth \
         square, quietly or taking the enemy unit there (and so checks a king standing there)",
        ConditionKind::DangerCirce,
        ("DangerCirce", &["dangercirce", "gefahrencirce"]),
        PopeyeFollowers::Nothing,
    ),
    /// Kobul Kings: a side's royal unit takes the walk of a unit of its side taken.
    KobulKings => ConditionEntry {
        fuzzed_with: &[Condition::Circe, Condition::Anticirce],
        ..kobul_entry("kobul-kings", None)
    },
    /// Kobul Kings of White's royal unit alone (Popeye's `KobulKings White`).
    KobulKingsWhite => kobul_entry("kobul-kings-white", Some(Colour::White)),
    /// Kobul Kings of Black's royal unit alone (Popeye's `KobulKings Black`).
    KobulKingsBlack => kobul_entry("kobul-kings-black", Some(Colour::Black)),
    /// Breton chess: a capture also removes a unit of the captured walk of the capturer's side.
    Breton => breton_entry(
        "breton",
        breton(BretonSide::Capturer, false, BretonTime::BeforePromotion),
    ),
    /// Breton Adverse: a capture also removes another unit of the captured walk of its side.
    BretonAdverse => breton_entry(
        "breton-adverse",
        breton(BretonSide::Captured, false, BretonTime::BeforePromotion),
    ),
    /// Breton Chromatic: a unit of the captured walk of the capturer's side changes side.
    BretonChromatic => breton_entry(
        "breton-chromatic",
        breton(BretonSide::Capturer, true, BretonTime::BeforePromotion),
    ),
    /// Breton Adverse Chromatic: another unit of the captured walk of its side changes side.
    BretonAdverseChromatic => breton_entry(
        "breton-adverse-chromatic",
        breton(BretonSide::Captured, true, BretonTime::BeforePromotion),
    ),
    /// Breton chess with Popeye's `PY`: judged after a capturing pawn promotes.
    BretonPy => breton_entry(
        "breton-py",
        breton(BretonSide::Capturer, false, BretonTime::AfterPromotion),
    ),
    /// Breton Adverse with Popeye's `PY`.
    BretonAdversePy => breton_entry(
        "breton-adverse-py",
        breton(BretonSide::Captured, false, BretonTime::AfterPromotion),
    ),
    /// Breton Chromatic with Popeye's `PY`.
    BretonChromaticPy => breton_entry(
        "breton-chromatic-py",
        breton(BretonSide::Capturer, true, BretonTime::AfterPromotion),
    ),
    /// Breton Adverse Chromatic with Popeye's `PY`.
    BretonAdverseChromaticPy => breton_entry(
        "breton-adverse-chromatic-py",
        breton(BretonSide::Captured, true, BretonTime::AfterPromotion),
    ),
    /// White Maximummer: White plays only its longest legal moves.
    WhiteMaximummer => mummer_entry(
        "white-maximummer",
        (Colour::White, MoveMeasure::Longest),
        ("WhiteMaximummer", &["whitemaximummer", "weisserlaengstzueger"]),
    ),
    /// Black Maximummer: Black plays only its longest legal moves.
    BlackMaximummer => mummer_entry(
        "black-maximummer",
        (Colour::Black, MoveMeasure::Longest),
        ("BlackMaximummer", &["blackmaximummer", "schwarzerlaengstzueger"]),
    ),
    /// White Minimummer: White plays only its shortest legal moves.
    WhiteMinimummer => mummer_entry(
        "white-minimummer",
        (Colour::White, MoveMeasure::Shortest),
        ("WhiteMinimummer", &["whiteminimummer", "weisserkuerzestzueger"]),
    ),
    /// Black Minimummer: Black plays only its shortest legal moves.
    BlackMinimummer => mummer_entry(
        "black-minimummer",
        (Colour::Black, MoveMeasure::Shortest),
        ("BlackMinimummer", &["blackminimummer", "schwarzerkuerzestzueger"]),
    ),
    /// White Must Capture: White captures when it can.
    WhiteMustCapture => mummer_entry(
        "white-must-capture",
        (Colour::White, MoveMeasure::Capture),
        ("WhiteMustCapture", &["whitemustcapture", "weisserschlagzwang"]),
    ),
    /// Black Must Capture: Black captures when it can.
    BlackMustCapture => mummer_entry(
        "black-must-capture",
        (Colour::Black, MoveMeasure::Capture),
        ("BlackMustCapture", &["blackmustcapture", "schwarzerschlagzwang"]),
    ),
}
