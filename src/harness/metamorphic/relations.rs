//! The relations, one row each: what a relation changes in a problem, what it expects of the two
//! answers, and when it is sound. A relation is used on a problem only where its row says it
//! holds; anywhere else it is not applicable, with the reason, and the problem is not counted
//! as checked by it.

use feerie_oracle::notation::popeye_words::{Language, PopeyeOption};
use feerie_oracle::popeye_input::{PopeyeProblem, UnitColour};
use feerie_oracle::{Colour, Walk};

pub use super::symmetry::{
    COLOUR_SYMMETRIC_CONDITIONS, COLOUR_SYMMETRIC_OPTIONS, FILE_SYMMETRIC_CONDITIONS,
    FILE_SYMMETRIC_OPTIONS, HISTORY_FREE_CONDITIONS, HISTORY_FREE_OPTIONS,
};
use super::symmetry::{COLOUR_SYMMETRY, FILE_SYMMETRY, symmetric};

/// A metamorphic relation between two runs of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// The hash table's size (`-maxmem`) changes nothing.
    TableSize,
    /// The order in which the units are given changes nothing.
    UnitOrder,
    /// The order in which the options are given changes nothing.
    OptionOrder,
    /// The order in which the conditions are given changes nothing.
    ConditionOrder,
    /// The problem written in the other language Popeye reads (English, German) gives the same
    /// solutions.
    Language,
    /// Each twin written as a problem of its own gives the twin's solutions.
    TwinsApart,
    /// The board mirrored between the a- and h-files gives the mirrored solutions.
    FileMirror,
    /// The colours swapped (the board turned between the 1st and 8th ranks, the other side
    /// playing the first side's part) gives the solutions with colours swapped.
    ColourReversal,
    /// `option maxsolutions n` gives some of the solutions, no others.
    MaxSolutions,
    /// `option intelligent` gives the solutions brute force gives.
    Intelligent,
    /// Each claim of an answer (in a mate in two's tree a threat, a variation's mates, a
    /// refutation, set play; in a helpmate the rest of the solutions after two half-moves),
    /// posed alone, is answered as the answer shows.
    TreeReplay,
}

/// What the transformed run's answer must be, once mapped back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The same solutions, twin by twin (in any order).
    Same,
    /// Some of the original's solutions, twin by twin, and no other.
    Subset,
    /// Each claim of the original's tree, posed alone, answered as the tree shows.
    AsShown,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct RelationRow {
    /// The relation.
    pub relation: Relation,
    /// Its name on the command line and in reports.
    pub name: &'static str,
    /// What it changes.
    pub changes: &'static str,
    /// What it expects.
    pub expects: Expectation,
    /// Where it is sound, and why only there.
    pub sound_where: &'static str,
}

/// Every relation, in the order they are run.
pub const RELATIONS: [RelationRow; 11] = [
    RelationRow {
        relation: Relation::TableSize,
        name: "table-size",
        changes: "the same input, Popeye given a hash table of 8 MB instead of 256 MB (-maxmem)",
        expects: Expectation::Same,
        sound_where: "every problem: the table only remembers positions already solved",
    },
    RelationRow {
        relation: Relation::UnitOrder,
        name: "unit-order",
        changes: "the units given in another order (drawn by the seed)",
        expects: Expectation::Same,
        sound_where: "every problem read whole, with no two units given on one square (the \
                      later replaces the earlier, and Volcanic Circe keeps the earlier in its \
                      underworld) and no option that stops the search early (maxsolutions, \
                      maxtime, stoponshortsolutions), whose answer may depend on the order moves \
                      are tried in",
    },
    RelationRow {
        relation: Relation::OptionOrder,
        name: "option-order",
        changes: "the options given in the reverse order (each with its numbers)",
        expects: Expectation::Same,
        sound_where: "every problem read whole with at least two options, not both `try` and \
                      `defence` (each sets the number of refutations: the one read last wins)",
    },
    RelationRow {
        relation: Relation::ConditionOrder,
        name: "condition-order",
        changes: "the conditions given in the reverse order",
        expects: Expectation::Same,
        sound_where: "every problem read whole with at least two conditions, each a word of its \
                      own: beside a condition that reads words of its own, no word it may \
                      read as its (Circe's variants, a Rex word, Imitator's squares, SAT's \
                      number), which another order would give to it (`take circe` reversed is \
                      Circe Take&Make)",
    },
    RelationRow {
        relation: Relation::Language,
        name: "language",
        changes: "the problem written in the other language (English for German, German for \
                  English): every command, condition, option, colour, attribute and walk code; \
                  the answers compared without letters but the squares' (walk codes, colours \
                  and attributes are each language's, and German writes royal and kamikaze \
                  alike): by their squares, captures, changes and marks",
        expects: Expectation::Same,
        sound_where: "every problem read whole with no twin (a twin's words are not translated), \
                      walks this project knows (a code of its own in each language), and \
                      condition words that each have their word in the other language (no \
                      condition that reads walks, no variant word after a condition outside \
                      Circe's family that may be read as a condition of its own)",
    },
    RelationRow {
        relation: Relation::TwinsApart,
        name: "twins-apart",
        changes: "each twin (after `continued`, the chain it stands for; from a zero position, \
                  the twins) written as a problem of its own, the position and the stipulation \
                  and conditions its twinning made",
        expects: Expectation::Same,
        sound_where: "every problem with twins, each twin made as Popeye 4.104 makes it (the \
                      twinning commands this project reads) and written whole",
    },
    RelationRow {
        relation: Relation::FileMirror,
        name: "file-mirror",
        changes: "every unit moved to the square mirrored between the a- and h-files; the \
                  solutions mapped back the same way",
        expects: Expectation::Same,
        sound_where: "no twin (twins name squares), no proof game (the game array is not \
                      mirrored), no castling possible (a king on its home \
                      square with a rook of its colour on a corner of that rank: the mirror \
                      takes the king to the d-file), no castling goal, and only conditions and \
                      options that name no file: orthodox play or the conditions of \
                      FILE_SYMMETRIC_CONDITIONS, the options of FILE_SYMMETRIC_OPTIONS",
    },
    RelationRow {
        relation: Relation::ColourReversal,
        name: "colour-reversal",
        changes: "every unit moved to the square mirrored between the 1st and 8th ranks with its \
                  colour swapped, and option halfduplex (the other side plays the part the \
                  stipulation gives White); the solutions mapped back the same way",
        expects: Expectation::Same,
        sound_where: "no twin (twins name squares and colours), a `stipulation` (a structured \
                      one names colours) other than a proof game (White moves first from the \
                      game array), and only conditions and options that treat both sides \
                      alike: orthodox play or the conditions of COLOUR_SYMMETRIC_CONDITIONS, the \
                      options of COLOUR_SYMMETRIC_OPTIONS (not duplex, halfduplex or \
                      whitetoplay, which say which side starts)",
    },
    RelationRow {
        relation: Relation::MaxSolutions,
        name: "max-solutions",
        changes: "option maxsolutions n, n drawn by the seed below the number of solutions",
        expects: Expectation::Subset,
        sound_where: "help and series play (each printed line a solution) given as \
                      `stipulation`, with at least two solutions and no maxsolutions already",
    },
    RelationRow {
        relation: Relation::Intelligent,
        name: "intelligent",
        changes: "option intelligent added",
        expects: Expectation::Same,
        sound_where: "where Popeye has an intelligent mode: h#, h=, ser-#, ser-=, ser-h# and \
                      ser-h= with orthodox units, no condition, no twin and no option but \
                      noboard",
    },
    RelationRow {
        relation: Relation::TreeReplay,
        name: "tree-replay",
        changes: "each claim of the answer posed alone: in a mate in two's tree, the threats \
                  after a key or try, zugzwang, the mates after a defence or a move of set \
                  play, a try's refutation (posed as #1); in a helpmate, the rest of the \
                  solutions after their first two half-moves (posed as the helpmate one move \
                  shorter). The position is the one the printed moves lead to (captures, \
                  rebirths, removals and displacements as printed), written as a diagram",
        expects: Expectation::AsShown,
        sound_where: "`#2`, and `h#2` to `h#3`, with no twin, units whose walks this project \
                      knows and whose attributes no move changes (royal, paralysing, \
                      uncapturable, patrol, Bul, Dob), orthodox play or the conditions of \
                      HISTORY_FREE_CONDITIONS, the options of HISTORY_FREE_OPTIONS (in a mate in \
                      two, one that shows a tree; in a helpmate, none that does); a claim whose \
                      moves do not read as plain moves with effects (castling, en passant, a \
                      pawn's step of two ranks beside a unit of the other side, a colour change) \
                      or whose position may castle is not posed",
    },
];

/// The options after which the solutions found may depend on the order moves are tried in.
const ORDER_DEPENDENT_OPTIONS: [PopeyeOption; 3] = [
    PopeyeOption::MaxSolutions,
    PopeyeOption::MaxTime,
    PopeyeOption::StopOnShortSolutions,
];

impl Relation {
    /// Its row.
    pub fn row(self) -> &'static RelationRow {
        RELATIONS
            .iter()
            .find(|r| r.relation == self)
            .expect("every relation has a row")
    }

    /// Every relation, in the table's order.
    pub fn all() -> Vec<Relation> {
        RELATIONS.iter().map(|r| r.relation).collect()
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The relation of a name, or `None`.
    ///
    /// ```
    /// use feerie::harness::metamorphic::Relation;
    /// assert_eq!(Relation::named("file-mirror"), Some(Relation::FileMirror));
    /// assert_eq!(Relation::named("mirror"), None);
    /// ```
    pub fn named(name: &str) -> Option<Relation> {
        RELATIONS
            .iter()
            .find(|r| r.name == name)
            .map(|r| r.relation)
    }

    /// Whether the relation is sound for `problem`: `Err` with the reason when it is not.
    ///
    /// ```
    /// use feerie::harness::metamorphic::Relation;
    /// use feerie::oracle::popeye_input;
    /// let file = popeye_input::parse(
    ///     "beginproblem\nstipulation h#2\npieces white ke1 rh1 black kb8\nendproblem",
    /// )
    /// .unwrap();
    /// let why = Relation::FileMirror.applies(&file.problems[0]).unwrap_err();
    /// assert!(why.contains("castling"), "{why}");
    /// ```
    pub fn applies(self, problem: &PopeyeProblem) -> Result<(), String> {
        if !problem.input_errors.is_empty() {
            return Err("the problem has an input error".into());
        }
        if self == Relation::TableSize {
            return Ok(());
        }
        if self == Relation::TwinsApart {
            // Each twin is written, not the problem: the twins' own problems are checked.
            options_of(problem)?;
            return twins_apart_applies(problem);
        }
        rewritable(problem)?;
        let options = options_of(problem)?;
        match self {
            // Answered before the problem's rewriting was asked for.
            Relation::TableSize | Relation::TwinsApart => Ok(()),
            Relation::UnitOrder => {
                if let Some(square) = shared_square(problem) {
                    return Err(format!(
                        "two units are given on {square}: the later replaces the earlier, \
                         which some conditions keep (Volcanic Circe's underworld)"
                    ));
                }
                match options.iter().find(|o| ORDER_DEPENDENT_OPTIONS.contains(o)) {
                    Some(o) => Err(format!(
                        "option {} may make the answer depend on the order moves are tried in",
                        o.word(Language::English)
                    )),
                    None => Ok(()),
                }
            }
            Relation::OptionOrder if options.len() < 2 => Err("fewer than two options".into()),
            // Popeye's `try` sets the number of refutations to 1 and `defence n` to n: the one
            // read last wins.
            Relation::OptionOrder
                if options.contains(&PopeyeOption::Try)
                    && options.contains(&PopeyeOption::Defence) =>
            {
                Err(
                    "options try and defence both set the number of refutations: the one \
                     read last wins"
                        .into(),
                )
            }
            Relation::OptionOrder => Ok(()),
            Relation::ConditionOrder if problem.conditions.len() < 2 => {
                Err("fewer than two conditions".into())
            }
            Relation::ConditionOrder => super::mapping::single_word_conditions(problem),
            Relation::Language => language_applies(problem),
            Relation::FileMirror => file_mirror_applies(problem, &options),
            Relation::ColourReversal => colour_reversal_applies(problem, &options),
            Relation::MaxSolutions => {
                let stipulation = plain_stipulation(problem)?;
                if !(stipulation.starts_with('h') || stipulation.starts_with("ser-")) {
                    return Err(format!("{stipulation} is not help or series play"));
                }
                if options.contains(&PopeyeOption::MaxSolutions) {
                    return Err("option maxsolutions is given already".into());
                }
                Ok(())
            }
            Relation::Intelligent => intelligent_applies(problem, &options),
            Relation::TreeReplay => super::replay::applies(problem, &options),
        }
    }
}

/// A square two of the units are given on, if there is one.
fn shared_square(problem: &PopeyeProblem) -> Option<feerie_oracle::Square> {
    let mut seen = [false; 64];
    for u in &problem.units {
        if std::mem::replace(&mut seen[u.square.index()], true) {
            return Some(u.square);
        }
    }
    None
}

/// Whether the problem can be written again from what was read of it.
pub(super) fn rewritable(problem: &PopeyeProblem) -> Result<(), String> {
    if problem.zero_position.is_some() {
        return Err("a zero position".into());
    }
    if problem.total.is_some() {
        return Err("invisible units (TotalInvisible)".into());
    }
    if problem.units.is_empty() {
        return Err("no units".into());
    }
    if problem.stipulation.is_none() && problem.structured_stipulation.is_none() {
        return Err("no stipulation".into());
    }
    Ok(())
}

/// The problem's options (their numbers left out), or why they do not all read.
fn options_of(problem: &PopeyeProblem) -> Result<Vec<PopeyeOption>, String> {
    let mut out = Vec::new();
    for word in &problem.options {
        if word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        match PopeyeOption::of(problem.language, word).found() {
            Some(option) => out.push(option),
            None => return Err(format!("option word '{word}' does not read")),
        }
    }
    Ok(out)
}

/// The stipulation given as `stipulation`, lower case.
fn plain_stipulation(problem: &PopeyeProblem) -> Result<String, String> {
    match &problem.stipulation {
        Some(s) if problem.structured_stipulation.is_none() => Ok(s.to_ascii_lowercase()),
        _ => Err("a structured stipulation".into()),
    }
}

fn language_applies(problem: &PopeyeProblem) -> Result<(), String> {
    if !problem.twins.is_empty() {
        return Err("twins are written in words of their language".into());
    }
    if let Some(u) = problem.units.iter().find(|u| u.walk.is_none()) {
        return Err(format!(
            "the walk {} has no code known in the other language",
            u.code
        ));
    }
    let other = super::mapping::other_language(problem.language);
    super::mapping::translated_conditions(problem, other).map(|_| ())
}

fn twins_apart_applies(problem: &PopeyeProblem) -> Result<(), String> {
    if problem.twins.is_empty() && problem.zero_position.is_none() {
        return Err("no twins".into());
    }
    for (label, made) in super::replay::twin_problems(problem)? {
        rewritable(&made).map_err(|why| format!("twin {label}: {why}"))?;
    }
    Ok(())
}

/// Whether a stipulation names no square (the target-square goal `z` names one: `ser-zh33`).
fn names_no_square(stipulation: &str) -> Result<(), String> {
    let b = stipulation.as_bytes();
    match (1..b.len()).find(|&i| (b'a'..=b'h').contains(&b[i - 1]) && (b'1'..=b'8').contains(&b[i]))
    {
        Some(i) => Err(format!(
            "the stipulation {stipulation} names the square {}",
            &stipulation[i - 1..=i]
        )),
        None => Ok(()),
    }
}

fn file_mirror_applies(problem: &PopeyeProblem, options: &[PopeyeOption]) -> Result<(), String> {
    if !problem.twins.is_empty() {
        return Err("twins name squares".into());
    }
    let stipulation = plain_stipulation(problem)?;
    if stipulation.contains("00") {
        return Err("a castling goal".into());
    }
    no_game_array(&stipulation)?;
    names_no_square(&stipulation)?;
    symmetric(problem, options, &FILE_SYMMETRY)?;
    for colour in [Colour::White, Colour::Black] {
        if castling_possible(problem, colour) {
            return Err(format!(
                "castling is possible for {colour} (the mirror takes the king off the e-file)"
            ));
        }
    }
    Ok(())
}

fn colour_reversal_applies(
    problem: &PopeyeProblem,
    options: &[PopeyeOption],
) -> Result<(), String> {
    if !problem.twins.is_empty() {
        return Err("twins name squares and colours".into());
    }
    let stipulation = plain_stipulation(problem)?;
    no_game_array(&stipulation)?;
    names_no_square(&stipulation)?;
    symmetric(problem, options, &COLOUR_SYMMETRY)
}

/// Whether the stipulation is other than a proof game: a proof game (`dia`) starts from the
/// game array, which the file mirror does not keep (queens and kings change files) and from which
/// White moves first whatever the colours; `a=>b` names its start in the problem but moves White
/// first from it all the same.
fn no_game_array(stipulation: &str) -> Result<(), String> {
    let play = stipulation.strip_prefix("exact-").unwrap_or(stipulation);
    if play.starts_with("dia") || play.starts_with("a=>b") {
        return Err(format!(
            "{stipulation} is a proof game: its start is not mirrored with the position"
        ));
    }
    Ok(())
}

/// Whether `colour` has a king on its home square and a rook on a corner of that rank, the
/// diagram's castling as Popeye reads it; a neutral king or rook is either side's.
fn castling_possible(problem: &PopeyeProblem, colour: Colour) -> bool {
    let rank = if colour == Colour::White { 0 } else { 7 };
    let has = |walk: Walk, file: u8| {
        problem.units.iter().any(|u| {
            (u.colour == UnitColour::Side(colour) || u.colour == UnitColour::Neutral)
                && u.walk == Some(walk)
                && u.square.file().index() == file
                && u.square.rank().index() == rank
        })
    };
    has(Walk::King, 4) && (has(Walk::Rook, 0) || has(Walk::Rook, 7))
}

fn intelligent_applies(problem: &PopeyeProblem, options: &[PopeyeOption]) -> Result<(), String> {
    let stipulation = plain_stipulation(problem)?;
    let goal_play = ["h#", "h=", "ser-#", "ser-=", "ser-h#", "ser-h="]
        .iter()
        .any(|p| {
            stipulation
                .strip_prefix(p)
                .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
        });
    if !goal_play {
        return Err(format!(
            "{stipulation}: Popeye has no intelligent mode for it"
        ));
    }
    if !problem.conditions.is_empty() {
        return Err("a condition".into());
    }
    if !problem.twins.is_empty() {
        return Err("twins".into());
    }
    if let Some(u) = problem
        .units
        .iter()
        .find(|u| u.walk.is_none_or(|w| w.is_fairy()) || !u.attributes.is_empty())
    {
        return Err(format!("unit {} is not orthodox", u.code));
    }
    if problem
        .units
        .iter()
        .any(|u| u.colour == UnitColour::Neutral)
    {
        return Err("a neutral unit".into());
    }
    if let Some(o) = options.iter().find(|&&o| o != PopeyeOption::NoBoard) {
        return Err(format!("option {}", o.word(Language::English)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::popeye_input;

    fn problem(text: &str) -> PopeyeProblem {
        popeye_input::parse(text).unwrap().problems.remove(0)
    }

    #[test]
    fn the_order_of_units_on_one_square_counts() {
        // Popeye's TESTS/circe.inp, "pre-filling the underworld": the rook given first goes to
        // Volcanic Circe's underworld when the knight takes its square.
        let p = problem(
            "beginproblem\nstipulation ~1\ncondition circe volcanic\noption nowk nobk\n\
             pieces black rb1 white sb1\nendproblem",
        );
        let why = Relation::UnitOrder.applies(&p).unwrap_err();
        assert!(why.contains("two units are given on b1"), "{why}");
        assert_eq!(Relation::TableSize.applies(&p), Ok(()));
    }

    #[test]
    fn a_proof_game_is_neither_mirrored_nor_reversed() {
        // Popeye's BEISPIEL/proof.inp: the game array a proof game starts from has its queens
        // on the d-file, and White moves first from it whatever the colours.
        for stipulation in ["dia3.5", "a=>b2", "exact-dia0.5"] {
            let p = problem(&format!(
                "beginproblem\nstipulation {stipulation}\npieces white ke1 black ke8\nendproblem"
            ));
            for relation in [Relation::FileMirror, Relation::ColourReversal] {
                let why = relation.applies(&p).unwrap_err();
                assert!(why.contains("is a proof game"), "{stipulation}: {why}");
            }
            assert_eq!(Relation::UnitOrder.applies(&p), Ok(()));
        }
    }

    #[test]
    fn options_that_set_one_thing_are_not_reordered() {
        // Popeye's TESTS/influencer.inp problem 6: `try` after `defence 3` sets the number of
        // refutations back to 1.
        let p = problem(
            "beginproblem\nstipulation #3\noption vari try defence 3\n\
             pieces white ke1 qe7 black kd5\nendproblem",
        );
        let why = Relation::OptionOrder.applies(&p).unwrap_err();
        assert!(why.contains("try and defence"), "{why}");
        let p = problem(
            "beginproblem\nstipulation #3\noption vari try\npieces white ke1 qe7 black kd5\nendproblem",
        );
        assert_eq!(Relation::OptionOrder.applies(&p), Ok(()));
    }

    #[test]
    fn a_neutral_rook_castles_with_either_king() {
        // Popeye's REGRESSIONS/4_69_to_4_71.inp, problem 5: the black king castles with a
        // neutral rook, which the mirror would take off its corner's file pairing.
        let p = problem(
            "beginproblem\nstipulation ser-h#7\ncondition koeko\n\
             pieces white kd4 black ke8 neutral ra8 pd3\nendproblem",
        );
        let why = Relation::FileMirror.applies(&p).unwrap_err();
        assert!(why.contains("castling is possible for black"), "{why}");
        let p = problem(
            "beginproblem\nstipulation ser-h#7\ncondition koeko\n\
             pieces white kd4 black kd8 neutral ra8 pd3\nendproblem",
        );
        assert_eq!(Relation::FileMirror.applies(&p), Ok(()));
    }

    #[test]
    fn the_symmetries_need_conditions_and_options_that_keep_them() {
        use Relation::{
            ColourReversal, ConditionOrder, FileMirror, Intelligent, Language, TwinsApart,
        };
        // (relation, what the problem adds, whether the relation is sound then)
        let cases = [
            (FileMirror, "", true),
            (FileMirror, "condition madrasi", true),
            (FileMirror, "condition circe", false),
            (FileMirror, "option enpassant e3", false),
            (FileMirror, "twin move c1 c2", false),
            (ColourReversal, "", true),
            (ColourReversal, "condition circe", true),
            (ColourReversal, "condition imitator c3d4", true),
            (FileMirror, "condition imitator c3", true),
            (FileMirror, "condition imitator c3 madrasi", true),
            (FileMirror, "condition madrasi c3", false),
            (ColourReversal, "condition whiteedgemover", false),
            (ColourReversal, "option whitetoplay", false),
            (ColourReversal, "option halfduplex", false),
            (ColourReversal, "twin move c1 c2", false),
            (ColourReversal, "stipulation ser-zh33", false),
            (FileMirror, "stipulation ser-zh33", false),
            (Intelligent, "", true),
            (Intelligent, "condition madrasi", false),
            (ConditionOrder, "condition madrasi isardam", true),
            (ConditionOrder, "condition madrasi", false),
            (ConditionOrder, "condition circe madrasi", true),
            (ConditionOrder, "condition circe parrain madrasi", false),
            (ConditionOrder, "condition imitator c3 madrasi", false),
            (Language, "", true),
            (Language, "condition circe parrain madrasi", true),
            (Language, "condition chameleoncirce s b", false),
            (Language, "twin move c1 c2", false),
            (TwinsApart, "", false),
            (TwinsApart, "twin move c1 c2", true),
            (
                TwinsApart,
                "twin move c1 c2\ntwin continued remove d8",
                true,
            ),
            (TwinsApart, "twin move e5 e6", false),
        ];
        for (relation, extra, sound) in cases {
            let p = problem(&format!(
                "beginproblem\nstipulation h#2\n{extra}\npieces white kc1 rd8 black ka1\nendproblem"
            ));
            assert_eq!(
                relation.applies(&p).is_ok(),
                sound,
                "{} with '{extra}': {:?}",
                relation.name(),
                relation.applies(&p)
            );
        }
    }
}
