//! Reading the words of a problem's `condition` as Popeye reads them: each word a condition,
//! except the words a condition reads after it (Circe's variant words, `Rex…`, `Strict`, a
//! lettered type, SAT's numbers, Koeko's neighbourhood, `LastCapture`'s unit).

use super::*;

/// What the words of `condition` say.
pub(super) struct ConditionsRead {
    /// The conditions.
    pub(super) conditions: Vec<Condition>,
    /// The switches the words set (`RexInclusive`).
    pub(super) sets: Vec<(Switch, &'static str)>,
    /// The unit of `LastCapture`.
    pub(super) reserve: Option<Reserve>,
    /// The squares after `Imitator`.
    pub(super) imitators: crate::Imitators,
    /// Popeye's input errors among the words: a word that names no condition (or several)
    /// where Popeye reads a condition.
    pub(super) errors: Vec<String>,
}

/// What the words after a condition are, while they name no other condition.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arguments {
    /// None: the next word is a condition (or an error).
    None,
    /// The condition's own words (squares, numbers, variants), which this project does not
    /// read: the condition is not one of its own, so the problem is not solved anyway.
    Words,
    /// Walks (`PromOnly s b`), whatever else they abbreviate, then the condition's own words.
    Walks,
    /// Walks may follow a condition of this project that reads them (`ChameleonCirce s b t d`,
    /// an explicit chameleon sequence), which it does not model: the first one is a reason.
    OwnWalks,
}

impl PopeyeProblem {
    /// The conditions of the problem, the switches its words set (`RexInclusive`) and the
    /// unit of `LastCapture`, read as Popeye reads them in the file's language: each word a
    /// condition, except the words a condition reads after it (Circe's variants after
    /// `Circe`, one `Rex…` word after some others, a colour and a unit after `LastCapture`).
    /// Whatever cannot be used adds a reason, naming Popeye's word.
    pub(super) fn conditions_read(&self, reasons: &mut Vec<String>) -> ConditionsRead {
        let language = self.language;
        let mut conditions = Vec::new();
        let mut sets = Vec::new();
        let mut reserve = None;
        let mut imitators = crate::Imitators::NONE;
        let mut followers = PopeyeFollowers::Nothing;
        let mut arguments = Arguments::None;
        let mut errors = Vec::new();
        // The `Rex…` words read, each with the condition it follows.
        let mut rex_words: Vec<(Option<Condition>, Rex)> = Vec::new();
        let mut words = self.conditions.iter();
        while let Some(word) = words.next() {
            // A word of the condition before, unless it names a condition.
            // (Popeye tries its extra conditions only for a word that begins none of the
            // others.)
            let names_condition = match PopeyeCondition::of(language, word) {
                Lookup::Found(_) => true,
                Lookup::Ambiguous => false,
                Lookup::Unknown => EXTRA_CONDITIONS.lookup(language, word).found().is_some(),
            };
            match arguments {
                Arguments::OwnWalks if walk_code(word) => {
                    let before = written_name(conditions.last());
                    // A variant feerie does not model, counted as a condition outside its
                    // families.
                    reasons.push(format!(
                        "condition '{before}' with a walk sequence of its own"
                    ));
                    arguments = Arguments::Walks;
                    continue;
                }
                Arguments::Walks if walk_code(word) => continue,
                Arguments::Words | Arguments::Walks if !names_condition => continue,
                _ => arguments = Arguments::None,
            }
            match std::mem::replace(&mut followers, PopeyeFollowers::Nothing) {
                PopeyeFollowers::CirceVariants => match CirceVariant::of(language, word) {
                    Lookup::Found(variant) => {
                        followers = PopeyeFollowers::CirceVariants;
                        if let Some(rex) = rex_of(variant) {
                            sets.push(rex.setting());
                            rex_words.push((conditions.last().copied(), rex));
                        } else if read_occupied(variant, conditions.last(), &mut sets, reasons) {
                        } else if let Some(setting) = conditions
                            .last()
                            .and_then(|&before| anticirce_type_of(variant, before))
                        {
                            sets.push(setting.setting());
                        } else if let Some(c) = conditions
                            .last()
                            .and_then(|&before| variant.ours_after(before))
                        {
                            // `Circe Parrain` is Circe Parrain, not plain Circe; `Circe File
                            // Mirror` is Mirror File Circe.
                            conditions.pop();
                            conditions.push(c);
                            if variant.reads_walk_sequence() {
                                arguments = Arguments::OwnWalks;
                            }
                        } else {
                            let popeye = variant.word(language);
                            reasons.push(format!("Circe variant {}", named(word, popeye)));
                            // A variant not read here may read words of its own.
                            arguments = if variant.reads_walk_sequence() {
                                Arguments::Walks
                            } else {
                                Arguments::Words
                            };
                        }
                        continue;
                    }
                    Lookup::Ambiguous => {
                        followers = PopeyeFollowers::CirceVariants;
                        let why = CIRCE_VARIANTS.why_not(language, word, "Circe variant");
                        reasons.push(why.unwrap_or_default());
                        arguments = Arguments::Words;
                        continue;
                    }
                    Lookup::Unknown => {}
                },
                PopeyeFollowers::Rex(rex) => {
                    // Only the `Rex` word: after the traditional names Popeye reads no other
                    // variant word (`MirrorCirce Strict` is Mirror Circe and StrictSAT).
                    let variant = CirceVariant::of(language, word).found();
                    if variant.and_then(rex_of) == Some(rex) {
                        sets.push(rex.setting());
                        rex_words.push((conditions.last().copied(), rex));
                        continue;
                    }
                }
                PopeyeFollowers::Absolute => {
                    // `Absolute`, `Absolut`, `Absolu`: a unique beginning of the word.
                    let lower = word.to_ascii_lowercase();
                    let absolute = ["absolute", "absolut", "absolu"];
                    if absolute.iter().any(|w| w.starts_with(&lower)) {
                        let before = written_name(conditions.last());
                        reasons.push(format!("condition '{before}' absolute"));
                        continue;
                    }
                }
                PopeyeFollowers::Strictness => {
                    // A mummer condition's `exact` or `ultra` (`exakt`, `Ultra`): a unique
                    // beginning of either word.
                    let lower = word.to_ascii_lowercase();
                    let exact = match language {
                        Language::English => "exact",
                        Language::German => "exakt",
                    };
                    let strict = [exact, "ultra"];
                    if let Some(name) = (!lower.is_empty())
                        .then(|| strict.iter().find(|w| w.starts_with(&lower)))
                        .flatten()
                    {
                        let before = written_name(conditions.last());
                        reasons.push(format!("condition '{before}' {name}"));
                        continue;
                    }
                }
                PopeyeFollowers::Type(last) => {
                    if read_type(word, last, conditions.last(), reasons) {
                        continue;
                    }
                }
                PopeyeFollowers::GridVariants => {
                    // Another grid than the normal one: a variant not modelled, its lines or
                    // cells read as its own words.
                    if let Some(variant) = grid_variant(language, word) {
                        followers = PopeyeFollowers::GridVariants;
                        let before = written_name(conditions.last());
                        reasons.push(format!("condition '{before}' {variant}"));
                        arguments = Arguments::Words;
                        continue;
                    }
                }
                PopeyeFollowers::BretonVariants => {
                    // `Adverse`, `Chromatic`, `PY` (a unique beginning of one of them, as
                    // Popeye's `GetUniqIndex` reads it): each makes Breton chess another of its
                    // variants, in any order.
                    if let Some(option) = breton_option(language, word) {
                        followers = PopeyeFollowers::BretonVariants;
                        if let Some(rule) = conditions.last().and_then(|c| c.breton_rule()) {
                            let rule = option.applied_to(rule);
                            let variant = Condition::ALL
                                .into_iter()
                                .find(|c| c.breton_rule() == Some(rule));
                            if let Some(variant) = variant {
                                conditions.pop();
                                conditions.push(variant);
                            }
                        }
                        continue;
                    }
                }
                PopeyeFollowers::Numbers => {
                    // SAT's flights allowed to each side: a variant not modelled.
                    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
                        followers = PopeyeFollowers::Numbers;
                        let before = written_name(conditions.last());
                        let why = format!("condition '{before}' with a number of flights");
                        if !reasons.contains(&why) {
                            reasons.push(why);
                        }
                        continue;
                    }
                }
                PopeyeFollowers::Neighbour => {
                    // `Neighbour S` (Koeko's neighbourhood by another walk): a unique beginning
                    // of the word, then a walk; the king's is the rule's own.
                    let lower = word.to_ascii_lowercase();
                    let neighbour = match language {
                        Language::English => "neighbour",
                        Language::German => "nachbar",
                    };
                    if !lower.is_empty() && neighbour.starts_with(&lower) {
                        let walk = words
                            .next()
                            .and_then(|w| walk_of(&w.to_ascii_lowercase(), language));
                        if walk != Some(Walk::King) {
                            let before = written_name(conditions.last());
                            reasons.push(format!(
                                "condition '{before}' with neighbours of another walk"
                            ));
                        }
                        continue;
                    }
                }
                PopeyeFollowers::TypeThenRex(last, rex) => {
                    if read_type(word, last, conditions.last(), reasons) {
                        followers = PopeyeFollowers::Rex(rex);
                        continue;
                    }
                    if CirceVariant::of(language, word).found().and_then(rex_of) == Some(rex) {
                        sets.push(rex.setting());
                        rex_words.push((conditions.last().copied(), rex));
                        continue;
                    }
                }
                PopeyeFollowers::Side => {
                    // `KobulKings White`: that side's royal unit alone. Popeye reads a unique
                    // beginning of its two words (`White`, `Black`; `Weiss`, `Schwarz`).
                    let lower = word.to_ascii_lowercase();
                    let sides = match language {
                        Language::English => [("white", Colour::White), ("black", Colour::Black)],
                        Language::German => [("weiss", Colour::White), ("schwarz", Colour::Black)],
                    };
                    let side = (!lower.is_empty())
                        .then(|| sides.iter().find(|(w, _)| w.starts_with(&lower)))
                        .flatten();
                    if let Some(one) = side.and_then(|&(_, side)| {
                        conditions
                            .last()
                            .and_then(|c: &Condition| c.kobul_kings_side(side))
                    }) {
                        conditions.pop();
                        conditions.push(one);
                        continue;
                    }
                }
                PopeyeFollowers::Squares => {
                    // Imitator's squares, in one word (`c3d4`), as Popeye reads them.
                    if let Ok(read) = word.parse::<crate::Imitators>() {
                        imitators = read;
                        continue;
                    }
                }
                PopeyeFollowers::Nothing => {}
            }
            match PopeyeCondition::of(language, word) {
                Lookup::Found(PopeyeCondition::LAST_CAPTURE) => {
                    let colour = words
                        .next()
                        .and_then(|c| COLOURS.lookup(language, c).found());
                    let unit = words.next().and_then(|t| piece_token(t));
                    let colour = match colour {
                        Some(ColourWord::White) => Some(Colour::White),
                        Some(ColourWord::Black) => Some(Colour::Black),
                        _ => None,
                    };
                    match (colour, unit) {
                        (Some(colour), Some((code, sqs))) if sqs.len() == 1 => {
                            match walk_of(&code, language) {
                                Some(walk) => {
                                    // Popeye takes the side not to move to be the capturer.
                                    reserve = Some(Reserve::new(Piece::new(colour, walk), sqs[0]))
                                }
                                None => {
                                    reasons.push(format!("LastCapture of fairy piece '{code}'"))
                                }
                            }
                        }
                        _ => reasons.push(
                            "LastCapture needs a colour and a piece with its square (white bg4)"
                                .into(),
                        ),
                    }
                }
                Lookup::Found(popeye) => match popeye.ours() {
                    Some(c) => {
                        conditions.push(c);
                        followers = c.entry().popeye.followed_by;
                        if popeye.reads_walks() {
                            arguments = Arguments::OwnWalks;
                        }
                    }
                    None => {
                        reasons.push(format!("condition {}", named(word, popeye.word(language))));
                        if popeye.reads_walks() {
                            arguments = Arguments::Walks;
                        } else if popeye.reads_arguments() {
                            arguments = Arguments::Words;
                        }
                    }
                },
                Lookup::Ambiguous => {
                    let why = CONDITIONS.why_not(language, word, "condition");
                    reasons.push(why.clone().unwrap_or_default());
                    errors.extend(why);
                }
                Lookup::Unknown => match EXTRA_CONDITIONS.lookup(language, word) {
                    Lookup::Found(extra) => {
                        let popeye = EXTRA_CONDITIONS.word(language, extra).unwrap_or(word);
                        reasons.push(format!("condition {}", named(word, popeye)));
                        arguments = Arguments::Words;
                    }
                    _ => {
                        let why = CONDITIONS.why_not(language, word, "condition");
                        reasons.push(why.clone().unwrap_or_default());
                        errors.extend(why);
                    }
                },
            }
        }
        reasons.extend(rex_read_two_ways(&conditions, &rex_words));
        ConditionsRead {
            conditions,
            sets,
            reserve,
            imitators,
            errors,
        }
    }
}

/// Where the conditions read `rex` two ways once a `Rex…` word is read: Popeye gives each
/// condition its own (the word binds the condition it follows, the others keep their presets:
/// `Madrasi RexInclusive Circe` is Circe's rex exclusive), while the word sets feerie's `rex`
/// for all of them (without a word each reads its own preset in both).
fn rex_read_two_ways(
    conditions: &[Condition],
    rex_words: &[(Option<Condition>, Rex)],
) -> Option<String> {
    if rex_words.is_empty() {
        return None;
    }
    let rex_of_condition = |c: Condition| {
        let word = rex_words.iter().rev().find(|(after, _)| *after == Some(c));
        let preset = (c.entry().presets.iter())
            .find(|p| p.switch == Switch::Rex && p.profile != Some(Profile::Documented))
            .and_then(|p| p.value.parse::<Rex>().ok());
        word.map(|(_, rex)| *rex).or(preset)
    };
    let read: Vec<(Condition, Rex)> = (conditions.iter())
        .filter(|c| c.entry().switches.contains(&Switch::Rex))
        .filter_map(|&c| rex_of_condition(c).map(|rex| (c, rex)))
        .collect();
    let (first, rex) = *read.first()?;
    let (other, other_rex) = *read.iter().find(|(_, r)| *r != rex)?;
    Some(format!(
        "rex read two ways: {first} {} and {other} {} (Popeye gives each condition its own; \
         a word sets feerie's rex for all)",
        rex.setting().1,
        other_rex.setting().1
    ))
}

/// The value of `rex` a Circe variant word states, if it is `RexInclusive` or `RexExclusive`.
fn rex_of(variant: CirceVariant) -> Option<Rex> {
    match variant {
        CirceVariant::REX_INCLUSIVE => Some(Rex::Inclusive),
        CirceVariant::REX_EXCLUSIVE => Some(Rex::Exclusive),
        _ => None,
    }
}

/// Reads `variant` as `Strict` or `Relaxed` after `before`, a Circe-family condition: the
/// value of `rebirth_occupied` it sets, or under Anticirce for `Relaxed` a reason (Popeye's
/// Relaxed takes the capturer off the board, where ours keeps it where it landed). False when
/// it is neither word or follows no Circe-family condition.
fn read_occupied(
    variant: CirceVariant,
    before: Option<&Condition>,
    sets: &mut Vec<(Switch, &'static str)>,
    reasons: &mut Vec<String>,
) -> bool {
    let Some(before) = before.filter(|c| c.is_circe()) else {
        return false;
    };
    let Some(occupied) = occupied_of(variant) else {
        return false;
    };
    // Under Anti-Super Circe Popeye's `Relaxed` is ours: the capturer may stay, not reborn.
    if before.reborn_unit() == Some(RebornUnit::Capturer)
        && !before.rebirth_square_chosen()
        && occupied == RebirthOccupied::Relaxed
    {
        reasons.push(format!(
            "condition '{}' Relaxed",
            before.entry().popeye.written
        ));
    } else {
        sets.push(occupied.setting());
    }
    true
}

/// What a variant word states of an occupied rebirth square: `Strict` (the capture is illegal)
/// or `Relaxed` (the captured unit is lost).
fn occupied_of(variant: CirceVariant) -> Option<RebirthOccupied> {
    match variant.word(Language::English) {
        "Strict" => Some(RebirthOccupied::Strict),
        "Relaxed" => Some(RebirthOccupied::Relaxed),
        _ => None,
    }
}

/// The type of Anticirce a variant word states after an Anticirce condition (`before`):
/// `Calvet` or `Cheylan`.
fn anticirce_type_of(variant: CirceVariant, before: Condition) -> Option<AnticirceType> {
    if before.reborn_unit() != Some(RebornUnit::Capturer) {
        return None;
    }
    match variant.word(Language::English) {
        "Calvet" => Some(AnticirceType::Calvet),
        "Cheylan" => Some(AnticirceType::Cheylan),
        _ => None,
    }
}

/// A word as written, with Popeye's word for it when the two differ beyond case:
/// `'nowk'`, `'parr' (ParrainCirce)`.
pub(super) fn named(word: &str, popeye: &str) -> String {
    if word.eq_ignore_ascii_case(popeye) {
        format!("'{word}'")
    } else {
        format!("'{word}' ({popeye})")
    }
}

/// The letter of a lettered type word as Popeye reads it after some conditions (`TypeA` …
/// `TypeD`, the same in every language, a unique beginning of one of them).
fn lettered_type(word: &str) -> Option<char> {
    let word = word.to_ascii_lowercase();
    let mut found = ['a', 'b', 'c', 'd']
        .into_iter()
        .filter(|l| format!("type{l}").starts_with(&word));
    match (found.next(), found.next()) {
        (Some(letter), None) => Some(letter),
        _ => None,
    }
}

/// Reads `word` as a lettered type up to `last` (`TypeB`) of the condition read last, when it
/// is one: only type A is modelled, any other is a reason. Whether the word was read.
fn read_type(
    word: &str,
    last: char,
    before: Option<&Condition>,
    reasons: &mut Vec<String>,
) -> bool {
    let Some(letter) = lettered_type(word).filter(|l| *l <= last) else {
        return false;
    };
    if letter != 'a' {
        reasons.push(format!(
            "condition '{}' of type {}",
            written_name(before),
            letter.to_ascii_uppercase()
        ));
    }
    true
}

/// Popeye's word of a grid variant after Grid chess, as Popeye reads it in `language` (a
/// unique beginning of one of its words, which begin with different letters).
fn grid_variant(language: Language, word: &str) -> Option<&'static str> {
    let words = match language {
        Language::English => [
            "VerticalShift",
            "HorizontalShift",
            "DiagonalShift",
            "Orthogonal",
            "Irregular",
            "GridLine",
        ],
        Language::German => [
            "VertikalVerschieben",
            "HorizontalVerschieben",
            "DiagonalVerschieben",
            "Orthogonal",
            "Unregelmaessig",
            "GitterLinie",
        ],
    };
    let lower = word.to_ascii_lowercase();
    (!lower.is_empty())
        .then(|| {
            words
                .into_iter()
                .find(|w| w.to_ascii_lowercase().starts_with(&lower))
        })
        .flatten()
}

/// One of Breton chess's option words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BretonOption {
    /// `Adverse` (`Advers`): the captured unit's side gives up the second unit.
    Adverse,
    /// `Chromatic` (`Chromatisch`): the second unit changes side.
    Chromatic,
    /// `PY`: judged after a capturing pawn promotes.
    Py,
}

impl BretonOption {
    /// `rule` with this option set.
    fn applied_to(self, rule: crate::rules::BretonRule) -> crate::rules::BretonRule {
        use crate::rules::{BretonRule, BretonSide, BretonTime};
        match self {
            BretonOption::Adverse => BretonRule {
                side: BretonSide::Captured,
                ..rule
            },
            BretonOption::Chromatic => BretonRule {
                chromatic: true,
                ..rule
            },
            BretonOption::Py => BretonRule {
                time: BretonTime::AfterPromotion,
                ..rule
            },
        }
    }
}

/// Breton chess's option `word`, as Popeye reads it in `language`: a unique beginning of one
/// of its words (an exact word first).
fn breton_option(language: Language, word: &str) -> Option<BretonOption> {
    let words = match language {
        Language::English => [
            ("adverse", BretonOption::Adverse),
            ("chromatic", BretonOption::Chromatic),
            ("py", BretonOption::Py),
        ],
        Language::German => [
            ("advers", BretonOption::Adverse),
            ("chromatisch", BretonOption::Chromatic),
            ("py", BretonOption::Py),
        ],
    };
    let lower = word.to_ascii_lowercase();
    if lower.is_empty() {
        return None;
    }
    if let Some((_, option)) = words.iter().find(|(w, _)| *w == lower) {
        return Some(*option);
    }
    let mut found = words.iter().filter(|(w, _)| w.starts_with(&lower));
    match (found.next(), found.next()) {
        (Some((_, option)), None) => Some(*option),
        _ => None,
    }
}

/// Popeye's written name of the condition read last, the one the words after it belong to
/// (empty before any).
fn written_name(last: Option<&Condition>) -> &'static str {
    last.map_or("", |c| c.entry().popeye.written)
}
