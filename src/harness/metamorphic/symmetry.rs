//! The symmetries the mirrors and the colour reversal need of a problem's rules: the
//! conditions and options that keep each, one list each, and the check that a problem's words
//! all keep it.

use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition, PopeyeOption};
use feerie_oracle::popeye_input::PopeyeProblem;

/// The conditions (Popeye's English words) whose rules name no file, so that a position and its
/// mirror between the a- and h-files play alike. Circe and its family are not among them: the
/// queen is reborn on d1, the king on e1; and under the variants whose squares turn with the
/// board (File, Symmetry, Antipodes, PWC) a rook reborn on a corner regains a castling right,
/// which the check of the starting position's castling cannot foresee.
pub const FILE_SYMMETRIC_CONDITIONS: [&str; 21] = [
    "Madrasi",
    "Imitator",
    "NoIProm",
    "ChecklessChess",
    "Take&MakeChess",
    "Isardam",
    "BichromChess",
    "MonochromChess",
    "Patrouille",
    "NoCapture",
    "KoeKo",
    "HaanerChess",
    "GridChess",
    "AndernachChess",
    "AntiAndernachChess",
    "AnnanChess",
    "BlackChecks",
    "BlackMaximummer",
    "BlackMinimummer",
    "WhiteMaximummer",
    "WhiteMinimummer",
];

/// The options that name no square and do not depend on the order moves are tried in.
pub const FILE_SYMMETRIC_OPTIONS: [PopeyeOption; 16] = [
    PopeyeOption::NoWk,
    PopeyeOption::NoBk,
    PopeyeOption::Defence,
    PopeyeOption::SetPlay,
    PopeyeOption::WhiteToPlay,
    PopeyeOption::Variations,
    PopeyeOption::MoveNumbers,
    PopeyeOption::Duplex,
    PopeyeOption::HalfDuplex,
    PopeyeOption::Threat,
    PopeyeOption::NoThreat,
    PopeyeOption::Try,
    PopeyeOption::NonTrivial,
    PopeyeOption::NoBoard,
    PopeyeOption::NoShortVariations,
    PopeyeOption::PostKeyPlay,
];

/// The conditions (Popeye's English words) whose rules treat both sides alike, as seen from each
/// side's own first rank: a position with colours swapped and ranks mirrored plays alike.
pub const COLOUR_SYMMETRIC_CONDITIONS: [&str; 38] = [
    "Circe",
    "Imitator",
    "NoIProm",
    "ParrainCirce",
    "EquipollentsCirce",
    "AntiCirce",
    "MarsCirce",
    "ImmunChess",
    "FrankfurtChess",
    "ProteanChess",
    "Take&MakeChess",
    "Madrasi",
    "Isardam",
    "BichromChess",
    "MonochromChess",
    "Patrouille",
    "NoCapture",
    "KoeKo",
    "HaanerChess",
    "GridChess",
    "AndernachChess",
    "AntiAndernachChess",
    "AnnanChess",
    "ChecklessChess",
    "AntiMarsCirce",
    "GenevaChess",
    "FrischAufCirce",
    // The rebirth-square variants: each reads both sides' squares alike.
    "MirrorCirce",
    "DiametralCirce",
    "VerticalMirrorCirce",
    "FileCirce",
    "MirrorFileCirce",
    "SymmetryCirce",
    "VerticalSymmetryCirce",
    "AntipodeanCirce",
    "PWC",
    "CouscousCirce",
    "MirrorCouscousCirce",
];

/// The options that name no square and no side, and do not say which side starts; and `nowk`
/// and `nobk`, which the colour reversal swaps ([`super::mapping::reversed_option`]).
pub const COLOUR_SYMMETRIC_OPTIONS: [PopeyeOption; 13] = [
    PopeyeOption::NoWk,
    PopeyeOption::NoBk,
    PopeyeOption::Defence,
    PopeyeOption::SetPlay,
    PopeyeOption::Variations,
    PopeyeOption::MoveNumbers,
    PopeyeOption::Threat,
    PopeyeOption::NoThreat,
    PopeyeOption::Try,
    PopeyeOption::NonTrivial,
    PopeyeOption::NoBoard,
    PopeyeOption::NoShortVariations,
    PopeyeOption::PostKeyPlay,
];

/// The conditions (Popeye's English words) under which what a side may play depends on the
/// position alone (its units, their squares and attributes, the side to move), not on the play
/// that led to it, and whose effects Popeye prints with the move (a capture, a rebirth, a
/// removal, a unit displaced): a position reached by printed moves, written as a diagram,
/// plays alike. Circe Parrain (the capture before), Diagram Circe (the units' diagram squares),
/// Haaner chess (the holes), Imitator (its imitators) and the colour changes of Andernach chess
/// are not among them.
pub const HISTORY_FREE_CONDITIONS: [&str; 30] = [
    "Circe",
    "AntiCirce",
    "MirrorCirce",
    "DiametralCirce",
    "VerticalMirrorCirce",
    "FileCirce",
    "MirrorFileCirce",
    "SymmetryCirce",
    "VerticalSymmetryCirce",
    "AntipodeanCirce",
    "PWC",
    "EquipollentsCirce",
    "MarsCirce",
    "ImmunChess",
    "Madrasi",
    "Isardam",
    "ChecklessChess",
    "BichromChess",
    "MonochromChess",
    "Patrouille",
    "NoCapture",
    "KoeKo",
    "GridChess",
    "AnnanChess",
    "GenevaChess",
    "BlackChecks",
    "BlackMaximummer",
    "BlackMinimummer",
    "WhiteMaximummer",
    "WhiteMinimummer",
];

/// The options the tree replay keeps or needs: what the tree shows (variations, tries, set
/// play, refutations) and the kings left out; any other may change what a tree shows or the
/// rules of the position posed alone.
pub const HISTORY_FREE_OPTIONS: [PopeyeOption; 7] = [
    PopeyeOption::NoWk,
    PopeyeOption::NoBk,
    PopeyeOption::Defence,
    PopeyeOption::SetPlay,
    PopeyeOption::Variations,
    PopeyeOption::Try,
    PopeyeOption::NoBoard,
];

/// The symmetry a relation needs of the rules: the conditions and options that have it, and
/// what the others may do that breaks it.
pub(super) struct Symmetry {
    conditions: &'static [&'static str],
    options: &'static [PopeyeOption],
    condition_may: &'static str,
    option_may: &'static str,
}

pub(super) const FILE_SYMMETRY: Symmetry = Symmetry {
    conditions: &FILE_SYMMETRIC_CONDITIONS,
    options: &FILE_SYMMETRIC_OPTIONS,
    condition_may: "name a file",
    option_may: "name a square or depend on the order of moves",
};

pub(super) const COLOUR_SYMMETRY: Symmetry = Symmetry {
    conditions: &COLOUR_SYMMETRIC_CONDITIONS,
    options: &COLOUR_SYMMETRIC_OPTIONS,
    condition_may: "treat the sides apart",
    option_may: "name a side or a square, or say which side starts",
};

pub(super) const HISTORY_FREEDOM: Symmetry = Symmetry {
    conditions: &HISTORY_FREE_CONDITIONS,
    options: &HISTORY_FREE_OPTIONS,
    condition_may: "depend on the play that led to a position",
    option_may: "change what the tree shows or the rules of a position posed alone",
};

/// Whether every condition and option of the problem has the symmetry.
pub(super) fn symmetric(
    problem: &PopeyeProblem,
    options: &[PopeyeOption],
    symmetry: &Symmetry,
) -> Result<(), String> {
    // A walk this project does not know may depend on where it stands (Popeye's
    // Querquisite moves as the piece of its file's home square).
    if let Some(u) = problem.units.iter().find(|u| u.walk.is_none()) {
        return Err(format!("the walk {} may depend on its square", u.code));
    }
    let lists = super::mapping::square_list_words(problem);
    for (word, _) in (problem.conditions.iter().zip(lists)).filter(|(_, list)| !list) {
        let english = PopeyeCondition::of(problem.language, word)
            .found()
            .map(|c| c.word(Language::English));
        if !english.is_some_and(|w| symmetry.conditions.contains(&w)) {
            return Err(format!(
                "condition word '{word}' may {}",
                symmetry.condition_may
            ));
        }
    }
    match options.iter().find(|o| !symmetry.options.contains(o)) {
        Some(o) => Err(format!(
            "option {} may {}",
            o.word(Language::English),
            symmetry.option_may
        )),
        None => Ok(()),
    }
}
