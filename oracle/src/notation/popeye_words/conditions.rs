//! Popeye's condition words: every condition it knows ([`PopeyeCondition`], by its number),
//! the two words it reads as conditions besides ([`ExtraCondition`]), and the words read after
//! `Circe` and some other conditions ([`CirceVariant`]). Which conditions this project plays,
//! and under which Popeye words, is the registry's (`rules::registry`): [`PopeyeCondition::ours`]
//! and [`CirceVariant::ours`] read it.

use super::condition_words::{CIRCE_ENGLISH, CIRCE_GERMAN, ENGLISH, GERMAN};
use super::{Language, Lookup, Words};
use crate::Condition;

/// A condition of Popeye, by its place in Popeye's list (the same in every language).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PopeyeCondition(u16);

/// Pairs each word of a list with its place, as a `$kind`.
macro_rules! numbered {
    ($kind:ident, $words:expr) => {{
        let words = $words;
        let mut out = [("", $kind(0)); $words.len()];
        let mut i = 0;
        while i < words.len() {
            out[i] = (words[i], $kind(i as _));
            i += 1;
        }
        out
    }};
}

const ENGLISH_CONDITIONS: [(&str, PopeyeCondition); 241] = numbered!(PopeyeCondition, ENGLISH);
const GERMAN_CONDITIONS: [(&str, PopeyeCondition); 241] = numbered!(PopeyeCondition, GERMAN);

/// Popeye's conditions.
pub const CONDITIONS: Words<PopeyeCondition> = Words::new(&ENGLISH_CONDITIONS, &GERMAN_CONDITIONS);

impl PopeyeCondition {
    /// `Circe`, which reads Circe's variant words after it.
    pub const CIRCE: PopeyeCondition = PopeyeCondition(0);
    /// `LastCapture`: the unit captured on the move before the diagram (a colour and a unit
    /// with its square follow).
    pub const LAST_CAPTURE: PopeyeCondition = PopeyeCondition(194);

    /// The condition `token` names in `language`.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Language, Lookup, PopeyeCondition};
    /// let parrain = PopeyeCondition::of(Language::English, "parr").found().unwrap();
    /// assert_eq!(parrain.word(Language::English), "ParrainCirce");
    /// assert_eq!(parrain.word(Language::German), "CirceParrain");
    /// assert_eq!(PopeyeCondition::of(Language::English, "circeparrain"), Lookup::Unknown);
    /// assert_eq!(PopeyeCondition::of(Language::English, "circ"), Lookup::Ambiguous);
    /// assert_eq!(PopeyeCondition::of(Language::English, "circe"), Lookup::Found(PopeyeCondition::CIRCE));
    /// ```
    pub fn of(language: Language, token: &str) -> Lookup<PopeyeCondition> {
        CONDITIONS.lookup(language, token)
    }

    /// Popeye's word for the condition in `language`.
    pub fn word(self, language: Language) -> &'static str {
        CONDITIONS.table(language)[usize::from(self.0)].0
    }

    /// Whether Popeye reads walks after the condition's word, a sequence (`ChameleonCirce s
    /// b r q`, `ChameleonChess`, `ChameleonSequence`) or a set (`PromOnly s b`, `Football`,
    /// `AprilChess`): those words belong to the condition, whatever else they could
    /// abbreviate.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition};
    /// let of = |l, w| PopeyeCondition::of(l, w).found().unwrap();
    /// assert!(of(Language::German, "chamaeleoncirce").reads_walks());
    /// assert!(of(Language::English, "chameleonchess").reads_walks());
    /// assert!(of(Language::English, "promonly").reads_walks());
    /// assert!(!of(Language::English, "circe").reads_walks());
    /// ```
    pub fn reads_walks(self) -> bool {
        [
            "ChameleonCirce",
            "ChameleonChess",
            "ChameleonSequence",
            "PromOnly",
            "Football",
            "AprilChess",
        ]
        .contains(&self.word(Language::English))
    }

    /// Whether Popeye reads words of the condition's own after its word (variants, squares,
    /// numbers, walks, a side: `Imitator a1`, `AntiCirce Cheylan`, `SingleBox Type1`,
    /// `WhiteMaximummer`'s strictness), as Popeye 4.104 does for these conditions and no other.
    /// After the others the next word is read as a condition, and a word that is none is an
    /// input error.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition};
    /// let of = |w| PopeyeCondition::of(Language::English, w).found().unwrap();
    /// assert!(of("imitator").reads_arguments() && of("anticirce").reads_arguments());
    /// assert!(!of("volage").reads_arguments() && !of("parrain").reads_arguments());
    /// ```
    pub fn reads_arguments(self) -> bool {
        READING_ARGUMENTS.contains(&self.word(Language::English))
    }

    /// Whether the words Popeye reads after the condition's word are Circe variants (`Circe
    /// Parrain`, `AntiCirce Calvet`, `MarsCirce RexInclusive`): only after Circe's own family.
    /// After another condition that reads words of its own (SAT its numbers, Frankfurt a Rex
    /// word), a variant word that is also a condition's (`strict`, StrictSAT's) may be read
    /// as that condition.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition};
    /// let of = |w| PopeyeCondition::of(Language::English, w).found().unwrap();
    /// assert!(of("anticirce").reads_circe_variants());
    /// assert!(!of("sat").reads_circe_variants());
    /// ```
    pub fn reads_circe_variants(self) -> bool {
        [
            "Circe",
            "AntiCirce",
            "GenevaChess",
            "ImmunChess",
            "MarsCirce",
            "AntiMarsCirce",
            "PhantomChess",
        ]
        .contains(&self.word(Language::English))
    }

    /// The condition of this project that Popeye's condition is, if it is one: the registry's
    /// entry that reads its word.
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition};
    /// let frankfurt = PopeyeCondition::of(Language::German, "frankfurt").found().unwrap();
    /// assert_eq!(frankfurt.ours(), Some(Condition::Frankfurt));
    /// assert_eq!(PopeyeCondition::of(Language::English, "superguards").found().unwrap().ours(), None);
    /// ```
    pub fn ours(self) -> Option<Condition> {
        Condition::ALL.into_iter().find(|c| {
            c.entry().popeye.read.iter().any(|read| {
                Language::ALL
                    .iter()
                    .any(|&language| self.word(language).eq_ignore_ascii_case(read))
            })
        })
    }
}

/// The conditions after whose word Popeye reads words of their own
/// ([`PopeyeCondition::reads_arguments`]), by their English words.
const READING_ARGUMENTS: [&str; 105] = [
    "BGL",
    "SAT",
    "AnnanChess",
    "AntipodeanAntiCirce",
    "AntiCirce",
    "DiagramAntiCirce",
    "EquipollentsAntiCirce",
    "FileAntiCirce",
    "HorizontalSymmetryAntiCirce",
    "AntiKoeko",
    "AntiMarsCirce",
    "AntiMarsAntipodeanCirce",
    "AntiMarsMirrorCirce",
    "MirrorAntiCirce",
    "MirrorFileAntiCirce",
    "AntiSuperCirce",
    "SymmetryAntiCirce",
    "VerticalSymmetryAntiCirce",
    "AprilChess",
    "BiHeffalumps",
    "BiWoozles",
    "BlackOscillatingKings",
    "BlackMustCapture",
    "BlackConsequentForcedSquare",
    "BlackForcedSquare",
    "BlackMaximummer",
    "BlackMaxDister",
    "BlackMinimummer",
    "BlackMinDister",
    "BlackPromSquares",
    "BlackRoyalSquare",
    "BlackVaultingKing",
    "Bolero",
    "BoleroInverse",
    "Breton",
    "CASTChess",
    "ChameleonChess",
    "ChameleonSequence",
    "Circe",
    "AntipodeanCirce",
    "CirceAssassin",
    "ChameleonCirce",
    "CirceClone",
    "MirrorCirceClone",
    "MirrorCouscousCirce",
    "DiagramCirce",
    "DiametralCirce",
    "CirceDoubleAgents",
    "EquipollentsCirce",
    "FileCirce",
    "MirrorFileCirce",
    "HorizontalSymmetryCirce",
    "MirrorCirce",
    "VerticalMirrorCirce",
    "RankCirce",
    "SymmetryCirce",
    "VerticalSymmetryCirce",
    "Football",
    "FrankfurtChess",
    "FrischAufCirce",
    "GenevaChess",
    "GridChess",
    "Heffalumps",
    "Hole",
    "Imitator",
    "Immobilio",
    "ImmunChess",
    "DiagramImmunChess",
    "MirrorImmunChess",
    "Isardam",
    "KobulKings",
    "KoeKo",
    "LastCapture",
    "Madrasi",
    "MagicSquares",
    "MarsCirce",
    "MarsMirrorCirce",
    "MessignyChess",
    "MultiCaptures",
    "NannaChess",
    "PADChess",
    "PhantomChess",
    "PowerTransfer",
    "PromOnly",
    "ProteanChess",
    "RepublicanChess",
    "RoleExchange",
    "Sentinelles",
    "SingleBox",
    "StrictSAT",
    "Take&MakeChess",
    "VaultingKings",
    "WhiteMustCapture",
    "WhiteConsequentForcedSquare",
    "WhiteForcedSquare",
    "WhiteOscillatingKings",
    "WhiteMaximummer",
    "WhiteMaxDister",
    "WhiteMinimummer",
    "WhiteMinDister",
    "WhitePromSquares",
    "WhiteRoyalSquare",
    "WhiteVaultingKing",
    "Woozles",
    "Wormholes",
];

/// A word Popeye reads as a condition though it is not in its list of conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtraCondition {
    /// `Maximummer` (both sides).
    Maximummer,
    /// `UltraSchachZwang` (both sides).
    UltraSchachZwang,
}

/// The words Popeye reads as conditions when they name none of its list.
pub const EXTRA_CONDITIONS: Words<ExtraCondition> = Words::new(
    &[
        ("Maximummer", ExtraCondition::Maximummer),
        ("UltraSchachZwang", ExtraCondition::UltraSchachZwang),
    ],
    &[
        ("Laengstzueger", ExtraCondition::Maximummer),
        ("UltraSchachZwang", ExtraCondition::UltraSchachZwang),
    ],
);

/// A word Popeye reads after `Circe` (a variant, `RexInclusive`, `RexExclusive`), by its place
/// in Popeye's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CirceVariant(u8);

const ENGLISH_VARIANTS: [(&str, CirceVariant); 37] = numbered!(CirceVariant, CIRCE_ENGLISH);
const GERMAN_VARIANTS: [(&str, CirceVariant); 37] = numbered!(CirceVariant, CIRCE_GERMAN);

/// The words Popeye reads after `Circe`.
pub const CIRCE_VARIANTS: Words<CirceVariant> = Words::new(&ENGLISH_VARIANTS, &GERMAN_VARIANTS);

impl CirceVariant {
    /// `RexInclusive`: a royal unit is reborn too.
    pub const REX_INCLUSIVE: CirceVariant = CirceVariant(0);
    /// `RexExclusive`: royal units are not reborn (nor mutated).
    pub const REX_EXCLUSIVE: CirceVariant = CirceVariant(1);

    /// The word `token` names in `language`.
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{CirceVariant, Language, Lookup};
    /// assert_eq!(CirceVariant::of(Language::English, "rexi"), Lookup::Found(CirceVariant::REX_INCLUSIVE));
    /// assert_eq!(CirceVariant::of(Language::German, "rex"), Lookup::Ambiguous);
    /// assert_eq!(CirceVariant::of(Language::English, "par"), Lookup::Ambiguous); // Parrain, Parachute
    /// ```
    pub fn of(language: Language, token: &str) -> Lookup<CirceVariant> {
        CIRCE_VARIANTS.lookup(language, token)
    }

    /// Popeye's word in `language`.
    pub fn word(self, language: Language) -> &'static str {
        CIRCE_VARIANTS.table(language)[usize::from(self.0)].0
    }

    /// Whether Popeye reads a sequence of walks after this word (`Circe Chameleon s b r q`).
    ///
    /// ```
    /// use feerie_oracle::notation::popeye_words::{CirceVariant, Language};
    /// assert!(CirceVariant::of(Language::English, "chameleon").found().unwrap().reads_walk_sequence());
    /// assert!(!CirceVariant::REX_INCLUSIVE.reads_walk_sequence());
    /// ```
    pub fn reads_walk_sequence(self) -> bool {
        self.word(Language::English) == "Chameleon"
    }

    /// The condition of this project that `before` (a Circe-family condition, or plain Circe)
    /// followed by this word is, if any: the registry's entry whose variant words are
    /// `before`'s and this one (`Circe File` then `Mirror` is Mirror File Circe).
    ///
    /// ```
    /// use feerie_oracle::Condition;
    /// use feerie_oracle::notation::popeye_words::{CirceVariant, Language};
    /// let word = |w| CirceVariant::of(Language::English, w).found().unwrap();
    /// assert_eq!(word("parrain").ours_after(Condition::Circe), Some(Condition::CirceParrain));
    /// assert_eq!(word("mirror").ours_after(Condition::CirceFile), Some(Condition::CirceMirrorFile));
    /// assert_eq!(word("file").ours_after(Condition::CirceMirror), Some(Condition::CirceMirrorFile));
    /// assert_eq!(word("clone").ours_after(Condition::CirceMirror), None);
    /// ```
    pub fn ours_after(self, before: Condition) -> Option<Condition> {
        let base = before.variant_base()?;
        let word = self.word(Language::English);
        let mut wanted: Vec<&str> = before.entry().popeye.circe_variant.to_vec();
        if wanted.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            return None;
        }
        wanted.push(word);
        // `AntiCirce Mirror` is an Anticirce, not Mirror Circe.
        Condition::ALL.into_iter().find(|c| {
            let words = c.entry().popeye.circe_variant;
            c.variant_base() == Some(base)
                && words.len() == wanted.len()
                && wanted
                    .iter()
                    .all(|w| words.iter().any(|v| v.eq_ignore_ascii_case(w)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::PopeyeFollowers;

    #[test]
    fn the_conditions_reading_arguments_are_popeye_s_words() {
        let english = CONDITIONS.table(Language::English);
        for word in READING_ARGUMENTS {
            assert!(
                english.iter().any(|(w, _)| *w == word),
                "{word} is not a condition word of Popeye's"
            );
        }
        let reading: usize = english.iter().filter(|(_, c)| c.reads_arguments()).count();
        assert_eq!(reading, READING_ARGUMENTS.len());
    }

    #[test]
    fn the_named_words_are_at_their_places() {
        for language in Language::ALL {
            assert_eq!(PopeyeCondition::CIRCE.word(language), "Circe");
        }
        assert_eq!(
            PopeyeCondition::LAST_CAPTURE.word(Language::English),
            "LastCapture"
        );
        assert_eq!(
            PopeyeCondition::LAST_CAPTURE.word(Language::German),
            "LetzterSchlag"
        );
        assert_eq!(
            CirceVariant::REX_INCLUSIVE.word(Language::German),
            "RexInklusive"
        );
        assert_eq!(
            CirceVariant::REX_EXCLUSIVE.word(Language::English),
            "RexExclusive"
        );
    }

    /// Every name the registry reads is a whole word of Popeye's, all of one condition's names
    /// are one Popeye condition, and a variant word is one of Circe's.
    #[test]
    fn the_registry_names_popeye_s_words() {
        for c in Condition::ALL {
            let popeye = c.entry().popeye;
            let mut found: Vec<PopeyeCondition> = Vec::new();
            for read in popeye.read {
                let word = Language::ALL.iter().find_map(|&language| {
                    CONDITIONS
                        .table(language)
                        .iter()
                        .find(|(word, _)| word.to_ascii_lowercase() == *read)
                });
                let (_, condition) = word.unwrap_or_else(|| panic!("{c}: {read} is not Popeye's"));
                found.push(*condition);
                assert_eq!(condition.ours(), Some(c));
            }
            found.dedup();
            // Kobul Kings of one side is read as Kobul Kings followed by the side's word; a
            // variant of Breton chess has no name of its own: Popeye reads `Breton`, then the
            // variant's words.
            let one_side = [crate::Colour::White, crate::Colour::Black]
                .into_iter()
                .any(|side| Condition::KobulKings.kobul_kings_side(side) == Some(c));
            let breton_variant = c.breton_rule().is_some() && c != Condition::Breton;
            // Chameleon Anticirce has no name of its own either: `AntiCirce Chameleon`.
            let words_only = breton_variant || c == Condition::AnticirceChameleon;
            let names = if one_side || words_only { 0 } else { 1 };
            assert_eq!(found.len(), names, "{c}: one Popeye condition");
            // The variant words, read one by one after `Circe` (`AntiCirce` for a reborn
            // capturer) in their order, give this condition.
            let base = c.variant_base();
            let mut read = base.unwrap_or(Condition::Circe);
            assert!(base.is_some() || popeye.circe_variant.is_empty(), "{c}");
            for variant in popeye.circe_variant {
                let v = CirceVariant::of(Language::English, variant)
                    .found()
                    .unwrap();
                assert!(v.word(Language::English).eq_ignore_ascii_case(variant));
                read = v
                    .ours_after(read)
                    .unwrap_or_else(|| panic!("{c}: {variant}"));
            }
            if !popeye.circe_variant.is_empty() {
                assert_eq!(read, c);
            }
            // Circe's variant words follow plain Circe, and every Anticirce and Mars Circe
            // (`AntiCirce File` may be followed by `Mirror`).
            assert_eq!(
                popeye.followed_by == PopeyeFollowers::CirceVariants,
                c == Condition::Circe || base.is_some_and(|b| b != Condition::Circe),
                "{c}"
            );
        }
    }

    #[test]
    fn a_german_word_is_no_condition_in_an_english_file() {
        assert_eq!(
            PopeyeCondition::of(Language::English, "circeparrain"),
            Lookup::Unknown
        );
        assert_eq!(
            PopeyeCondition::of(Language::English, "proteischesschach"),
            Lookup::Unknown
        );
        assert_eq!(
            PopeyeCondition::of(Language::German, "frankfurtchess"),
            Lookup::Unknown
        );
        assert_eq!(
            PopeyeCondition::of(Language::German, "circeparrain")
                .found()
                .and_then(PopeyeCondition::ours),
            Some(Condition::CirceParrain)
        );
    }

    #[test]
    fn abbreviations_read_as_popeye_reads_them() {
        use Lookup::*;
        let en = Language::English;
        let de = Language::German;
        let ours = |language, token| {
            PopeyeCondition::of(language, token)
                .found()
                .and_then(PopeyeCondition::ours)
        };
        assert_eq!(ours(en, "frank"), Some(Condition::Frankfurt));
        assert_eq!(ours(en, "prot"), Some(Condition::Protean));
        assert_eq!(ours(de, "proteisch"), Some(Condition::Protean));
        assert_eq!(ours(en, "circecl"), Some(Condition::CirceClone));
        assert_eq!(ours(en, "circec"), Some(Condition::CirceClone));
        assert_eq!(
            ours(de, "equipollentsc"),
            Some(Condition::CirceEquipollents)
        );
        assert_eq!(PopeyeCondition::of(de, "equi"), Ambiguous); // …Circe, …ImmunSchach
        assert_eq!(PopeyeCondition::of(en, "c"), Ambiguous);
        assert_eq!(PopeyeCondition::of(en, "circet"), Ambiguous); // Turncoats, Take&Make
        assert_eq!(
            PopeyeCondition::of(en, "anticirce")
                .found()
                .map(|c| c.word(en)),
            Some("AntiCirce")
        );
        assert_eq!(
            EXTRA_CONDITIONS.lookup(de, "laengst"),
            Found(ExtraCondition::Maximummer)
        );
        assert_eq!(PopeyeCondition::of(de, "laengst"), Unknown);
    }
}
