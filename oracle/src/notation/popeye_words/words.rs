//! Popeye's commands, twinning commands, mirror axes, colours and piece attributes, each table
//! in Popeye's order (the order decides what an abbreviation means).

use super::{Language, Lookup, Words};

/// A command of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// `remark`: text.
    Remark,
    /// `sstipulation`: a structured stipulation.
    StructuredStipulation,
    /// `author`: text.
    Author,
    /// `origin`: text.
    Origin,
    /// `pieces`: the units.
    Pieces,
    /// `condition`: the fairy conditions.
    Condition,
    /// `option`: the options.
    Option,
    /// `stipulation`.
    Stipulation,
    /// `protocol`: the file Popeye writes its output to.
    Protocol,
    /// `title`: text.
    Title,
    /// `LaTeX`: the file Popeye writes LaTeX to.
    LaTeX,
    /// `LaTeXPieces`: pieces drawn in LaTeX.
    LaTeXPieces,
    /// `award`: text.
    Award,
    /// `InitialGameArray`: the units of the game array.
    InitialGameArray,
    /// `Forsyth`: the units as a FEN board.
    Forsyth,
    /// `twin`: the next twin.
    Twin,
    /// `zeroposition`: the diagram is not solved, only its twins.
    ZeroPosition,
    /// `endproblem`: the end of the input.
    End,
    /// `nextproblem`: the next problem.
    Next,
}

/// The commands of a problem (Popeye's initial twin tokens). Popeye's table also holds a line
/// break, which no token can begin, so it is left out.
const COMMANDS: Words<Command> = Words::new(
    &[
        ("remark", Command::Remark),
        ("sstipulation", Command::StructuredStipulation),
        ("author", Command::Author),
        ("origin", Command::Origin),
        ("pieces", Command::Pieces),
        ("condition", Command::Condition),
        ("option", Command::Option),
        ("stipulation", Command::Stipulation),
        ("protocol", Command::Protocol),
        ("title", Command::Title),
        ("LaTeX", Command::LaTeX),
        ("LaTeXPieces", Command::LaTeXPieces),
        ("award", Command::Award),
        ("InitialGameArray", Command::InitialGameArray),
        ("Forsyth", Command::Forsyth),
    ],
    &[
        ("Bemerkung", Command::Remark),
        ("sForderung", Command::StructuredStipulation),
        ("Autor", Command::Author),
        ("Quelle", Command::Origin),
        ("Steine", Command::Pieces),
        ("Bedingung", Command::Condition),
        ("Option", Command::Option),
        ("Forderung", Command::Stipulation),
        ("Protokoll", Command::Protocol),
        ("Titel", Command::Title),
        ("LaTeX", Command::LaTeX),
        ("LaTeXSteine", Command::LaTeXPieces),
        ("Auszeichnung", Command::Award),
        ("PartieAnfangsStellung", Command::InitialGameArray),
        ("Forsyth", Command::Forsyth),
    ],
);

/// The commands that end a twin's commands.
const TWIN_ENDS: Words<Command> = Words::new(
    &[
        ("twin", Command::Twin),
        ("zeroposition", Command::ZeroPosition),
    ],
    &[
        ("Zwilling", Command::Twin),
        ("NullStellung", Command::ZeroPosition),
    ],
);

/// The commands that end a problem.
const PROBLEM_ENDS: Words<Command> = Words::new(
    &[("endproblem", Command::End), ("nextproblem", Command::Next)],
    &[
        ("EndeProblem", Command::End),
        ("WeiteresProblem", Command::Next),
    ],
);

impl Command {
    /// The command `token` names in `language`, as Popeye reads a command: among the commands
    /// of a problem first, and only when it begins none of them, among the words that end a
    /// twin or a problem (each table is read by Popeye's rule on its own).
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Command, Language, Lookup};
    /// assert_eq!(Command::of(Language::English, "c"), Lookup::Found(Command::Condition));
    /// assert_eq!(Command::of(Language::English, "t"), Lookup::Found(Command::Title));
    /// assert_eq!(Command::of(Language::English, "tw"), Lookup::Found(Command::Twin));
    /// assert_eq!(Command::of(Language::English, "s"), Lookup::Ambiguous);
    /// assert_eq!(Command::of(Language::German, "s"), Lookup::Ambiguous);
    /// assert_eq!(Command::of(Language::German, "pieces"), Lookup::Unknown);
    /// ```
    pub fn of(language: Language, token: &str) -> Lookup<Command> {
        [COMMANDS, TWIN_ENDS, PROBLEM_ENDS]
            .iter()
            .map(|words| words.lookup(language, token))
            .find(Lookup::is_known)
            .unwrap_or(Lookup::Unknown)
    }

    /// Why `token` is not one command in `language`, or `None` when it is one.
    pub fn why_not(language: Language, token: &str) -> Option<String> {
        [COMMANDS, TWIN_ENDS, PROBLEM_ENDS]
            .iter()
            .find(|words| words.lookup(language, token).is_known())
            .unwrap_or(&COMMANDS)
            .why_not(language, token, "command")
    }

    /// Popeye's word for the command in `language`.
    pub fn word(self, language: Language) -> &'static str {
        [COMMANDS, TWIN_ENDS, PROBLEM_ENDS]
            .iter()
            .find_map(|words| words.word(language, self))
            .expect("every command is in a table")
    }
}

/// A twinning command (what a `twin` line does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Twinning {
    /// `move`: a unit to another square.
    Move,
    /// `exchange`: two units.
    Exchange,
    /// `stipulation`: a new stipulation.
    Stipulation,
    /// `sstipulation`: a new structured stipulation.
    StructuredStipulation,
    /// `add`: units.
    Add,
    /// `remove`: units.
    Remove,
    /// `continued`: from the previous twin, not from the diagram.
    Continued,
    /// `rotate`: the board by 90, 180 or 270 degrees.
    Rotate,
    /// `condition`: new conditions.
    Condition,
    /// `PolishType`: every unit changes colour.
    PolishType,
    /// `mirror`: the board in an axis.
    Mirror,
    /// `shift`: every unit by one vector.
    Shift,
    /// `substitute`: one walk for another.
    Substitute,
}

/// The twinning commands.
pub const TWINNINGS: Words<Twinning> = Words::new(
    &[
        ("move", Twinning::Move),
        ("exchange", Twinning::Exchange),
        ("stipulation", Twinning::Stipulation),
        ("sstipulation", Twinning::StructuredStipulation),
        ("add", Twinning::Add),
        ("remove", Twinning::Remove),
        ("continued", Twinning::Continued),
        ("rotate", Twinning::Rotate),
        ("condition", Twinning::Condition),
        ("PolishType", Twinning::PolishType),
        ("mirror", Twinning::Mirror),
        ("shift", Twinning::Shift),
        ("substitute", Twinning::Substitute),
    ],
    &[
        ("versetze", Twinning::Move),
        ("tausche", Twinning::Exchange),
        ("Forderung", Twinning::Stipulation),
        ("SForderung", Twinning::StructuredStipulation),
        ("hinzufuegen", Twinning::Add),
        ("entferne", Twinning::Remove),
        ("ferner", Twinning::Continued),
        ("Drehung", Twinning::Rotate),
        ("Bedingung", Twinning::Condition),
        ("Farbwechsel", Twinning::PolishType),
        ("Spiegelung", Twinning::Mirror),
        ("Verschiebung", Twinning::Shift),
        ("ersetze", Twinning::Substitute),
    ],
);

/// An axis of `mirror`, named (as Popeye names it) by the two corners it exchanges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MirrorAxis {
    /// `a1<-->h1`: the files are mirrored.
    A1H1,
    /// `a1<-->a8`: the ranks are mirrored.
    A1A8,
    /// `a1<-->h8`: the diagonal a8-h1.
    A1H8,
    /// `a8<-->h1`: the diagonal a1-h8.
    A8H1,
}

const AXES: [(&str, MirrorAxis); 4] = [
    ("a1<-->h1", MirrorAxis::A1H1),
    ("a1<-->a8", MirrorAxis::A1A8),
    ("a1<-->h8", MirrorAxis::A1H8),
    ("a8<-->h1", MirrorAxis::A8H1),
];

/// The mirror axes, written alike in every language.
pub const MIRROR_AXES: Words<MirrorAxis> = Words::new(&AXES, &AXES);

/// A colour word of `pieces` (and of `add`, `LastCapture`, structured stipulations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourWord {
    /// `white`.
    White,
    /// `black`.
    Black,
    /// `neutral`.
    Neutral,
    /// `TotalInvisible`, followed by a number of invisible units.
    TotalInvisible,
}

/// The colour words. A structured stipulation's side is read among the first two only.
pub const COLOURS: Words<ColourWord> = Words::new(
    &[
        ("White", ColourWord::White),
        ("Black", ColourWord::Black),
        ("Neutral", ColourWord::Neutral),
        ("TotalInvisible", ColourWord::TotalInvisible),
    ],
    &[
        ("Weiss", ColourWord::White),
        ("Schwarz", ColourWord::Black),
        ("Neutral", ColourWord::Neutral),
        ("TotalUnsichtbar", ColourWord::TotalInvisible),
    ],
);

/// A piece attribute, written after a colour word for the units up to the next colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `Royal`.
    Royal,
    /// `Kamikaze`.
    Kamikaze,
    /// `Paralysing`.
    Paralysing,
    /// `Chameleon`.
    Chameleon,
    /// `Jigger`.
    Jigger,
    /// `Volage`.
    Volage,
    /// `Functionary`.
    Functionary,
    /// `HalfNeutral`.
    HalfNeutral,
    /// `HurdleColourChanging`.
    HurdleColourChanging,
    /// `Protean`.
    Protean,
    /// `Magic`: Popeye's colour-changing magic, not Bédoni's magic pieces.
    Magic,
    /// `Uncapturable`.
    Uncapturable,
    /// `Patrol`.
    Patrol,
    /// `Frischauf`.
    Frischauf,
    /// `Bul`.
    Bul,
    /// `Dob`.
    Dob,
    /// `Anda`.
    Anda,
    /// `AndaInverse`.
    AndaInverse,
    /// `AliceA`.
    AliceA,
    /// `AliceB`.
    AliceB,
}

/// The piece attributes.
pub const ATTRIBUTES: Words<Attribute> = Words::new(
    &[
        ("Royal", Attribute::Royal),
        ("Kamikaze", Attribute::Kamikaze),
        ("Paralysing", Attribute::Paralysing),
        ("Chameleon", Attribute::Chameleon),
        ("Jigger", Attribute::Jigger),
        ("Volage", Attribute::Volage),
        ("Functionary", Attribute::Functionary),
        ("HalfNeutral", Attribute::HalfNeutral),
        ("HurdleColourChanging", Attribute::HurdleColourChanging),
        ("Protean", Attribute::Protean),
        ("Magic", Attribute::Magic),
        ("Uncapturable", Attribute::Uncapturable),
        ("Patrol", Attribute::Patrol),
        ("Frischauf", Attribute::Frischauf),
        ("Bul", Attribute::Bul),
        ("Dob", Attribute::Dob),
        ("Anda", Attribute::Anda),
        ("AndaInverse", Attribute::AndaInverse),
        ("AliceA", Attribute::AliceA),
        ("AliceB", Attribute::AliceB),
    ],
    &[
        ("Koeniglich", Attribute::Royal),
        ("Kamikaze", Attribute::Kamikaze),
        ("Paralysierend", Attribute::Paralysing),
        ("Chamaeleon", Attribute::Chameleon),
        ("Jigger", Attribute::Jigger),
        ("Volage", Attribute::Volage),
        ("Beamtet", Attribute::Functionary),
        ("HalbNeutral", Attribute::HalfNeutral),
        ("SprungbockFarbeWechselnd", Attribute::HurdleColourChanging),
        ("Proteisch", Attribute::Protean),
        ("Magisch", Attribute::Magic),
        ("Unschlagbar", Attribute::Uncapturable),
        ("Patrouille", Attribute::Patrol),
        ("Frischauf", Attribute::Frischauf),
        ("Bul", Attribute::Bul),
        ("Dob", Attribute::Dob),
        ("Anda", Attribute::Anda),
        ("AndaInvers", Attribute::AndaInverse),
        ("AliceA", Attribute::AliceA),
        ("AliceB", Attribute::AliceB),
    ],
);

impl Attribute {
    /// Popeye's English word for the attribute (`Royal`), for messages.
    pub fn english(self) -> &'static str {
        ATTRIBUTES
            .word(Language::English, self)
            .expect("every attribute is in the table")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_read_as_popeye_reads_them() {
        use Lookup::*;
        let en = Language::English;
        let de = Language::German;
        assert_eq!(Command::of(en, "l"), Ambiguous); // LaTeX, LaTeXPieces
        assert_eq!(Command::of(en, "latex"), Found(Command::LaTeX));
        assert_eq!(Command::of(en, "e"), Found(Command::End));
        assert_eq!(Command::of(en, "n"), Found(Command::Next));
        assert_eq!(Command::of(en, "z"), Found(Command::ZeroPosition));
        assert_eq!(Command::of(en, "begin"), Unknown);
        assert_eq!(Command::of(de, "w"), Found(Command::Next));
        assert_eq!(Command::of(de, "f"), Ambiguous); // Forderung, Forsyth
        assert_eq!(Command::of(de, "zw"), Found(Command::Twin));
        assert_eq!(Command::of(de, "twin"), Unknown);
        assert_eq!(TWINNINGS.lookup(en, "s"), Ambiguous);
        assert_eq!(TWINNINGS.lookup(en, "st"), Found(Twinning::Stipulation));
        assert_eq!(TWINNINGS.lookup(de, "s"), Ambiguous); // SForderung, Spiegelung
        assert_eq!(
            TWINNINGS.lookup(de, "sf"),
            Found(Twinning::StructuredStipulation)
        );
        assert_eq!(COLOURS.lookup(en, "n"), Found(ColourWord::Neutral));
        assert_eq!(
            COLOURS.lookup(en, "total"),
            Found(ColourWord::TotalInvisible)
        );
        assert_eq!(COLOURS.lookup(de, "s"), Found(ColourWord::Black));
        assert_eq!(COLOURS.lookup(de, "black"), Unknown);
        assert_eq!(ATTRIBUTES.lookup(en, "anda"), Found(Attribute::Anda));
        assert_eq!(ATTRIBUTES.lookup(en, "and"), Ambiguous);
        assert_eq!(ATTRIBUTES.lookup(en, "p"), Ambiguous); // Paralysing, Protean, Patrol
        assert_eq!(ATTRIBUTES.lookup(de, "k"), Ambiguous); // Koeniglich, Kamikaze
        assert_eq!(MIRROR_AXES.lookup(de, "a8"), Found(MirrorAxis::A8H1));
        assert_eq!(MIRROR_AXES.lookup(en, "a1<"), Ambiguous);
    }

    #[test]
    fn command_words_are_popeye_s() {
        assert_eq!(Command::Pieces.word(Language::German), "Steine");
        assert_eq!(Command::Next.word(Language::English), "nextproblem");
        assert_eq!(
            Command::why_not(Language::English, "s"),
            Some(
                "'s' is ambiguous among Popeye's English commands (sstipulation, stipulation)"
                    .into()
            )
        );
        assert_eq!(Command::why_not(Language::English, "tw"), None);
        assert_eq!(Attribute::Functionary.english(), "Functionary");
    }
}
