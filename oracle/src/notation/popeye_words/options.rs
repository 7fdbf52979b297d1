//! Popeye's options: every one it knows, in English and German, in its order. Which of them
//! this project can honour is said where they are used (the position reads a few, the solver
//! and the verification a few more); any other is reported by its Popeye word.

use super::{Language, Lookup, Words};

/// An option of Popeye, whatever the language it is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PopeyeOption {
    /// `Defence`.
    Defence,
    /// `SetPlay`.
    SetPlay,
    /// `WhiteToPlay`.
    WhiteToPlay,
    /// `Variations`.
    Variations,
    /// `MoveNumbers`.
    MoveNumbers,
    /// `StartMoveNumber`.
    StartMoveNumber,
    /// `NoWk`.
    NoWk,
    /// `Duplex`.
    Duplex,
    /// `NoBk`.
    NoBk,
    /// `Threat`.
    Threat,
    /// `NoThreat`.
    NoThreat,
    /// `Try`.
    Try,
    /// `MaxSolutions`.
    MaxSolutions,
    /// `MaxFlightsquares`.
    MaxFlightsquares,
    /// `Search`.
    Search,
    /// `MultiSolutions`.
    MultiSolutions,
    /// `NoSymmetry`.
    NoSymmetry,
    /// `NonTrivial`.
    NonTrivial,
    /// `KeepMatingPiece`.
    KeepMatingPiece,
    /// `EnPassant`.
    EnPassant,
    /// `NoBoard`.
    NoBoard,
    /// `NoShortVariations`.
    NoShortVariations,
    /// `HalfDuplex`.
    HalfDuplex,
    /// `PostKeyPlay`.
    PostKeyPlay,
    /// `Intelligent`.
    Intelligent,
    /// `MaxTime`.
    MaxTime,
    /// `NoCastling`.
    NoCastling,
    /// `Quodlibet`.
    Quodlibet,
    /// `StopOnShortSolutions`.
    StopOnShortSolutions,
    /// `Beep`.
    Beep,
    /// `SuppressGrid`.
    SuppressGrid,
    /// `WriteGrid`.
    WriteGrid,
    /// `CastlingMutuallyExclusive`.
    CastlingMutuallyExclusive,
    /// `GoalIsEnd`.
    GoalIsEnd,
    /// `unpublishedoption`.
    UnpublishedOption,
    /// `NullMoves`.
    NullMoves,
    /// `UpToMoveNumber`.
    UpToMoveNumber,
    /// `TrivialTriesAvoid`.
    TrivialTriesAvoid,
    /// `MatesIn1`.
    MatesIn1,
}

/// Popeye's options, in its order.
pub const OPTIONS: Words<PopeyeOption> = Words::new(
    &[
        ("Defence", PopeyeOption::Defence),
        ("SetPlay", PopeyeOption::SetPlay),
        ("WhiteToPlay", PopeyeOption::WhiteToPlay),
        ("Variations", PopeyeOption::Variations),
        ("MoveNumbers", PopeyeOption::MoveNumbers),
        ("StartMoveNumber", PopeyeOption::StartMoveNumber),
        ("NoWk", PopeyeOption::NoWk),
        ("Duplex", PopeyeOption::Duplex),
        ("NoBk", PopeyeOption::NoBk),
        ("Threat", PopeyeOption::Threat),
        ("NoThreat", PopeyeOption::NoThreat),
        ("Try", PopeyeOption::Try),
        ("MaxSolutions", PopeyeOption::MaxSolutions),
        ("MaxFlightsquares", PopeyeOption::MaxFlightsquares),
        ("Search", PopeyeOption::Search),
        ("MultiSolutions", PopeyeOption::MultiSolutions),
        ("NoSymmetry", PopeyeOption::NoSymmetry),
        ("NonTrivial", PopeyeOption::NonTrivial),
        ("KeepMatingPiece", PopeyeOption::KeepMatingPiece),
        ("EnPassant", PopeyeOption::EnPassant),
        ("NoBoard", PopeyeOption::NoBoard),
        ("NoShortVariations", PopeyeOption::NoShortVariations),
        ("HalfDuplex", PopeyeOption::HalfDuplex),
        ("PostKeyPlay", PopeyeOption::PostKeyPlay),
        ("Intelligent", PopeyeOption::Intelligent),
        ("MaxTime", PopeyeOption::MaxTime),
        ("NoCastling", PopeyeOption::NoCastling),
        ("Quodlibet", PopeyeOption::Quodlibet),
        ("StopOnShortSolutions", PopeyeOption::StopOnShortSolutions),
        ("Beep", PopeyeOption::Beep),
        ("SuppressGrid", PopeyeOption::SuppressGrid),
        ("WriteGrid", PopeyeOption::WriteGrid),
        (
            "CastlingMutuallyExclusive",
            PopeyeOption::CastlingMutuallyExclusive,
        ),
        ("GoalIsEnd", PopeyeOption::GoalIsEnd),
        ("unpublishedoption", PopeyeOption::UnpublishedOption),
        ("NullMoves", PopeyeOption::NullMoves),
        ("UpToMoveNumber", PopeyeOption::UpToMoveNumber),
        ("TrivialTriesAvoid", PopeyeOption::TrivialTriesAvoid),
        ("MatesIn1", PopeyeOption::MatesIn1),
    ],
    &[
        ("Widerlegung", PopeyeOption::Defence),
        ("Satzspiel", PopeyeOption::SetPlay),
        ("WeissBeginnt", PopeyeOption::WhiteToPlay),
        ("Varianten", PopeyeOption::Variations),
        ("Zugnummern", PopeyeOption::MoveNumbers),
        ("StartZugnummer", PopeyeOption::StartMoveNumber),
        ("OhneWk", PopeyeOption::NoWk),
        ("Duplex", PopeyeOption::Duplex),
        ("OhneSk", PopeyeOption::NoBk),
        ("Drohung", PopeyeOption::Threat),
        ("OhneDrohung", PopeyeOption::NoThreat),
        ("Verfuehrung", PopeyeOption::Try),
        ("MaxLoesungen", PopeyeOption::MaxSolutions),
        ("MaxFluchtFelder", PopeyeOption::MaxFlightsquares),
        ("Suchen", PopeyeOption::Search),
        ("MehrereLoesungen", PopeyeOption::MultiSolutions),
        ("KeineSymmetrie", PopeyeOption::NoSymmetry),
        ("NichtTrivial", PopeyeOption::NonTrivial),
        ("HalteMattsetzendenStein", PopeyeOption::KeepMatingPiece),
        ("EnPassant", PopeyeOption::EnPassant),
        ("OhneBrett", PopeyeOption::NoBoard),
        ("OhneKurzVarianten", PopeyeOption::NoShortVariations),
        ("HalbDuplex", PopeyeOption::HalfDuplex),
        ("NachSchluessel", PopeyeOption::PostKeyPlay),
        ("Intelligent", PopeyeOption::Intelligent),
        ("MaxZeit", PopeyeOption::MaxTime),
        ("KeineRochade", PopeyeOption::NoCastling),
        ("Quodlibet", PopeyeOption::Quodlibet),
        ("StopNachKurzloesungen", PopeyeOption::StopOnShortSolutions),
        ("Pieps", PopeyeOption::Beep),
        ("OhneGitter", PopeyeOption::SuppressGrid),
        ("ZeichneGitter", PopeyeOption::WriteGrid),
        (
            "RochadenGegenseitigAusschliessend",
            PopeyeOption::CastlingMutuallyExclusive,
        ),
        ("ZielIstEnde", PopeyeOption::GoalIsEnd),
        ("nichtpublizierteoption", PopeyeOption::UnpublishedOption),
        ("NullZuege", PopeyeOption::NullMoves),
        ("BisZugnummer", PopeyeOption::UpToMoveNumber),
        (
            "TrivialeFehlversucheUnterdruecken",
            PopeyeOption::TrivialTriesAvoid,
        ),
        ("MattsIn1", PopeyeOption::MatesIn1),
    ],
);

impl PopeyeOption {
    /// The option `token` names in `language`.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Language, Lookup, PopeyeOption};
    /// assert_eq!(PopeyeOption::of(Language::English, "nobo"), Lookup::Found(PopeyeOption::NoBoard));
    /// assert_eq!(PopeyeOption::of(Language::English, "nob"), Lookup::Ambiguous); // NoBk, NoBoard
    /// assert_eq!(PopeyeOption::of(Language::German, "satz"), Lookup::Found(PopeyeOption::SetPlay));
    /// assert_eq!(PopeyeOption::of(Language::English, "satz"), Lookup::Unknown);
    /// ```
    pub fn of(language: Language, token: &str) -> Lookup<PopeyeOption> {
        OPTIONS.lookup(language, token)
    }

    /// Popeye's word for the option in `language`.
    pub fn word(self, language: Language) -> &'static str {
        OPTIONS
            .word(language, self)
            .expect("every option is in the table")
    }

    /// How many numbers Popeye reads after the option (`maxsolutions 2`, `nontrivial 1 2`):
    /// the words that belong to it. `Beep` and `Intelligent` read one only when one follows.
    pub fn numbers(self) -> usize {
        use PopeyeOption::*;
        match self {
            Defence | StartMoveNumber | Threat | MaxSolutions | MaxFlightsquares | MaxTime
            | UpToMoveNumber | Beep | Intelligent => 1,
            NonTrivial => 2,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_hold_every_option_once() {
        for language in Language::ALL {
            let table = OPTIONS.table(language);
            assert_eq!(table.len(), 39);
            for (i, (_, option)) in table.iter().enumerate() {
                assert_eq!(OPTIONS.english[i].1, *option, "{language:?}: same order");
            }
        }
    }

    #[test]
    fn abbreviations_read_as_popeye_reads_them() {
        use Lookup::*;
        let en = Language::English;
        let de = Language::German;
        assert_eq!(
            PopeyeOption::of(en, "vari"),
            Found(PopeyeOption::Variations)
        );
        assert_eq!(PopeyeOption::of(en, "wh"), Found(PopeyeOption::WhiteToPlay));
        assert_eq!(PopeyeOption::of(en, "no"), Ambiguous);
        assert_eq!(PopeyeOption::of(en, "nowk"), Found(PopeyeOption::NoWk));
        assert_eq!(PopeyeOption::of(en, "t"), Ambiguous); // Threat, Try, TrivialTriesAvoid
        assert_eq!(PopeyeOption::of(en, "try"), Found(PopeyeOption::Try));
        assert_eq!(PopeyeOption::of(en, "ohnebrett"), Unknown);
        assert_eq!(PopeyeOption::of(de, "ohneb"), Found(PopeyeOption::NoBoard));
        assert_eq!(PopeyeOption::of(de, "ohne"), Ambiguous);
        assert_eq!(
            PopeyeOption::of(de, "bis"),
            Found(PopeyeOption::UpToMoveNumber)
        );
        assert_eq!(
            PopeyeOption::of(de, "start"),
            Found(PopeyeOption::StartMoveNumber)
        );
        assert_eq!(PopeyeOption::of(de, "noboard"), Unknown);
    }
}
