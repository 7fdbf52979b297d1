//! Interpreting a problem: its units, conditions and options as a position and rules, or the
//! precise reasons why this project cannot use it.

use super::*;

impl PopeyeProblem {
    /// Who moves first: the colour of a structured stipulation, or Black in help play
    /// (`h#2`, `ser-h#3`, but not help-self `hs#` nor help-reflex `hr#`), otherwise White;
    /// `whitetoplay` (not in `h#n.5`, where Popeye ignores it) and `halfduplex` adjust.
    ///
    /// ```
    /// use feerie_oracle::{popeye_input, Colour};
    /// let side = |stip: &str, option: &str| {
    ///     let text = format!("begin\npieces white ka1 black kh8\nstip {stip}\n{option}\nend\n");
    ///     popeye_input::parse(&text).unwrap().problems[0].side_to_move()
    /// };
    /// assert_eq!(side("h#2", ""), Colour::Black);
    /// assert_eq!(side("h#2", "option whitetoplay"), Colour::White);
    /// // The side of h#1.5 before its half-move: the option changes nothing.
    /// assert_eq!(side("h+1.5", "option wh"), side("h+1.5", ""));
    /// assert_eq!(side("hs#2", ""), Colour::White);
    /// ```
    pub fn side_to_move(&self) -> Colour {
        if let Some(s) = &self.structured_stipulation {
            let first = s.split_whitespace().next().unwrap_or("");
            // Popeye reads the side among the first two colour words only (white, black).
            let sides = &COLOURS.table(self.language)[..2];
            return match popeye_words::lookup(sides, first) {
                Lookup::Found(ColourWord::Black) => Colour::Black,
                _ => Colour::White,
            };
        }
        let stip = self
            .stipulation
            .as_deref()
            .unwrap_or("")
            .to_ascii_lowercase();
        let bare = stip
            .trim_start_matches("exact-")
            .trim_start_matches("ser-")
            .trim_start_matches("pser-");
        // Help play starts with Black, but help-self and help-reflex play with White.
        let help = bare.starts_with('h') && !bare.starts_with("hs") && !bare.starts_with("hr");
        let mut side = if help { Colour::Black } else { Colour::White };
        // Popeye ignores `whitetoplay` in `h#n.5`, whose other side begins already.
        if side == Colour::Black
            && self.has_option(PopeyeOption::WhiteToPlay)
            && !bare.ends_with(".5")
        {
            side = Colour::White;
        }
        if self.has_option(PopeyeOption::HalfDuplex) {
            side = !side;
        }
        side
    }

    /// Whether one of the problem's option words names `option` in its file's language.
    ///
    /// ```
    /// use feerie_oracle::popeye_input;
    /// use feerie_oracle::notation::popeye_words::PopeyeOption;
    /// let file = popeye_input::parse("anfang\nsteine weiss ka1 schwarz kh8\nforderung #2\n\
    ///     option ohneb maxl 2\nende\n").unwrap();
    /// assert!(file.problems[0].has_option(PopeyeOption::NoBoard));
    /// assert_eq!(file.problems[0].option_value(PopeyeOption::MaxSolutions), Some("2"));
    /// assert!(!file.problems[0].has_option(PopeyeOption::NoBk));
    /// ```
    pub fn has_option(&self, option: PopeyeOption) -> bool {
        self.option_at(option).is_some()
    }

    /// The word after the first option word that names `option` (`maxsolutions 2`), if any.
    pub fn option_value(&self, option: PopeyeOption) -> Option<&str> {
        let at = self.option_at(option)?;
        self.options.get(at + 1).map(String::as_str)
    }

    fn option_at(&self, option: PopeyeOption) -> Option<usize> {
        self.options
            .iter()
            .position(|w| PopeyeOption::of(self.language, w) == Lookup::Found(option))
    }

    /// Popeye's input errors among the problem's condition and option words: a word that
    /// names no condition (or several) where Popeye reads one, or no option where it reads
    /// one. Popeye says `input-error` and solves the problem without the word, so that its
    /// output is not the problem's. The words a condition or an option reads after it (its
    /// squares, numbers, variants, walks) are not errors.
    ///
    /// ```
    /// use feerie_oracle::popeye_input;
    /// let errors = |condition: &str, option: &str| {
    ///     let text = format!("begin\npieces white ka1 black kh8\nstip ~1\ncondition {condition}\n\
    ///         option {option}\nend\n");
    ///     popeye_input::parse(&text).unwrap().problems[0].input_errors_in_words()
    /// };
    /// assert_eq!(errors("FrankfrutChess", "noboard"),
    ///     ["'FrankfrutChess' is not one of Popeye's English conditions"]);
    /// assert_eq!(errors("circe", "nobard"), ["'nobard' is not one of Popeye's English options"]);
    /// assert!(errors("promonly ea", "maxsolutions 2 nocastling a1").is_empty());
    /// assert!(errors("imitator a1b2 madrasi", "noboard").is_empty());
    /// assert!(errors("anticirce whitemaxi ultra", "nowk").is_empty());
    /// assert!(errors("circe", "movenumbers start 27:11 upto 2:3:1").is_empty());
    /// assert_eq!(errors("circe", "maxsolutions -1").len(), 1);
    /// assert_eq!(errors("volage a1", "noboard").len(), 1);
    /// ```
    pub fn input_errors_in_words(&self) -> Vec<String> {
        let mut errors = self.conditions_read(&mut Vec::new()).errors;
        let mut options = self.options.iter().peekable();
        while let Some(word) = options.next() {
            let Lookup::Found(option) = PopeyeOption::of(self.language, word) else {
                errors.extend(OPTIONS.why_not(self.language, word, "option"));
                continue;
            };
            for _ in 0..option.numbers() {
                if options.peek().is_some_and(|n| option_number(option, n)) {
                    options.next();
                }
            }
            let reads_squares = matches!(
                option,
                PopeyeOption::NoCastling
                    | PopeyeOption::EnPassant
                    | PopeyeOption::CastlingMutuallyExclusive
            );
            if reads_squares && options.peek().is_some_and(|t| squares_of(t).is_some()) {
                options.next();
            }
        }
        errors
    }

    /// The position and rules of the problem (before any twin), or every reason it cannot be
    /// expressed in this project's terms. Castling rights are Popeye's: each king and rook on
    /// its original square, less those named by `option nocastling`; `option enpassant`
    /// gives the double step.
    pub fn to_position(
        &self,
        profile: Profile,
        validation: Validation,
    ) -> Result<(Position, Rules), Unsupported> {
        let mut reasons: Vec<String> = self
            .input_errors
            .iter()
            .map(|e| format!("input not read whole ({e})"))
            .collect();
        let mut setup = Setup::empty();
        if let Some(total) = self.total.filter(|&n| n != self.units.len()) {
            reasons.push(format!(
                "total {total} units but {} given (invisible units)",
                self.units.len()
            ));
        }
        for u in &self.units {
            let UnitColour::Side(colour) = u.colour else {
                reasons.push(format!("neutral unit on {}", u.square));
                continue;
            };
            let Some(walk) = u.walk else {
                reasons.push(format!("fairy piece '{}' on {}", u.code, u.square));
                continue;
            };
            if setup.board.get(u.square).is_some() {
                reasons.push(format!(
                    "two units on {} (a second position, as in a=>b stipulations)",
                    u.square
                ));
            }
            let mut piece = Piece::new(colour, walk);
            for a in &u.attributes {
                match a {
                    Attribute::Royal => piece.royal = true,
                    Attribute::Protean => piece.mutable = true,
                    Attribute::Magic => reasons.push(format!(
                        "Popeye's Magic attribute on {} (a colour-changing rule, not Bédoni's magic pieces)",
                        u.square
                    )),
                    other => reasons.push(format!(
                        "piece attribute {} on {}",
                        other.english(),
                        u.square
                    )),
                }
            }
            setup.board.set(u.square, Some(piece));
        }
        setup.side_to_move = self.side_to_move();
        let ConditionsRead {
            conditions,
            sets,
            reserve,
            ..
        } = self.conditions_read(&mut reasons);
        setup.reserve = reserve;
        let language = self.language;
        let mut options = self.options.iter().peekable();
        let mut no_castling: Vec<Square> = Vec::new();
        while let Some(word) = options.next() {
            let option = match PopeyeOption::of(language, word) {
                Lookup::Found(option) => option,
                _ => {
                    let why = OPTIONS.why_not(language, word, "option");
                    reasons.push(format!("option {}", why.unwrap_or_default()));
                    continue;
                }
            };
            // The numbers Popeye reads after it belong to it.
            for _ in 0..option.numbers() {
                if options.peek().is_some_and(|n| option_number(option, n)) {
                    options.next();
                }
            }
            match option {
                // Popeye reads the two rooks' squares after it.
                PopeyeOption::CastlingMutuallyExclusive => {
                    if options.peek().is_some_and(|t| squares_of(t).is_some()) {
                        options.next();
                    }
                    reasons.push(format!("option {}", named(word, option.word(language))));
                }
                PopeyeOption::NoCastling => {
                    if let Some(sqs) = options.peek().and_then(|t| squares_of(t)) {
                        no_castling.extend(sqs);
                        options.next();
                    }
                }
                PopeyeOption::EnPassant => match options.peek().and_then(|t| squares_of(t)) {
                    Some(sqs) if sqs.len() == 2 || sqs.len() == 3 => {
                        options.next();
                        // Origin, passed square and arrival, or origin and arrival.
                        let passed = if sqs.len() == 3 {
                            Some(sqs[1])
                        } else {
                            let (a, b) = (sqs[0], sqs[1]);
                            let mid = (a.rank().index() + b.rank().index()) / 2;
                            a.offset(0, mid as i8 - a.rank().index() as i8)
                        };
                        setup.en_passant = passed.and_then(EnPassant::from_target);
                        if setup.en_passant.is_none() {
                            reasons.push("option enpassant: not a double step".into());
                        }
                    }
                    Some(sqs) if sqs.len() > 3 => {
                        options.next();
                        reasons.push(format!(
                            "option enpassant over {} squares (a step longer than a double step)",
                            sqs.len()
                        ));
                    }
                    _ => {
                        reasons.push("option enpassant needs the squares of the double step".into())
                    }
                },
                option if keeps_position(option) => {}
                option => reasons.push(format!("option {}", named(word, option.word(language)))),
            }
        }
        setup.castling = popeye_castling(&setup, &no_castling);
        let mut rules = match Rules::new(conditions, profile) {
            Ok(r) => r,
            Err(e) => {
                reasons.push(e.to_string());
                Rules::orthodox()
            }
        };
        for (switch, value) in sets {
            if let Err(e) = rules.set(switch.key(), value) {
                reasons.push(e.to_string());
            }
        }
        if setup.reserve.is_some() && !rules.keeps_reserve() {
            let keeping: Vec<&str> = Condition::ALL
                .into_iter()
                .filter(|c| c.keeps_reserve())
                .map(|c| c.entry().popeye.written)
                .collect();
            reasons.push(format!("LastCapture without {}", keeping.join(" or ")));
        }
        if !reasons.is_empty() {
            return Err(Unsupported { reasons });
        }
        if rules.circe_model().is_some_and(|m| m.kings_come_back())
            || rules
                .mars_model()
                .is_some_and(|m| m.castles_from_rebirth_square())
        {
            // A rook on its corner has its own flag in Popeye, king home or not; under rex
            // inclusive it matters, since a king reborn on its square may castle with it, and
            // under Popeye's Mars Circe, since a king castles from its rebirth square.
            for sq in rook_corners(&setup) {
                if !no_castling.contains(&sq) {
                    setup.castling.insert(sq);
                }
            }
        }
        Position::under_rules(setup, validation, &rules)
            .map(|p| (p, rules))
            .map_err(|e| Unsupported {
                reasons: vec![e.to_string()],
            })
    }
}

/// What the words of `condition` say.
struct ConditionsRead {
    /// The conditions.
    conditions: Vec<Condition>,
    /// The switches the words set (`RexInclusive`).
    sets: Vec<(Switch, &'static str)>,
    /// The unit of `LastCapture`.
    reserve: Option<Reserve>,
    /// Popeye's input errors among the words: a word that names no condition (or several)
    /// where Popeye reads a condition.
    errors: Vec<String>,
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
    fn conditions_read(&self, reasons: &mut Vec<String>) -> ConditionsRead {
        let language = self.language;
        let mut conditions = Vec::new();
        let mut sets = Vec::new();
        let mut reserve = None;
        let mut followers = PopeyeFollowers::Nothing;
        let mut arguments = Arguments::None;
        let mut errors = Vec::new();
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
                    let before = conditions
                        .last()
                        .map_or("", |c: &Condition| c.entry().popeye.written);
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
                    let variant = CirceVariant::of(language, word).found();
                    if variant.and_then(rex_of) == Some(rex) {
                        sets.push(rex.setting());
                        continue;
                    }
                    // After a Circe-family condition, `Strict` or `Relaxed` too (Popeye reads
                    // the variant words after these spellings).
                    if let Some(variant) = variant
                        && read_occupied(variant, conditions.last(), &mut sets, reasons)
                    {
                        followers = PopeyeFollowers::Rex(rex);
                        continue;
                    }
                }
                PopeyeFollowers::Absolute => {
                    // `Absolute`, `Absolut`, `Absolu`: a unique beginning of the word.
                    let lower = word.to_ascii_lowercase();
                    let absolute = ["absolute", "absolut", "absolu"];
                    if absolute.iter().any(|w| w.starts_with(&lower)) {
                        let before = conditions
                            .last()
                            .map_or("", |c: &Condition| c.entry().popeye.written);
                        reasons.push(format!("condition '{before}' absolute"));
                        continue;
                    }
                }
                PopeyeFollowers::Numbers => {
                    // SAT's flights allowed to each side: a variant not modelled.
                    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
                        followers = PopeyeFollowers::Numbers;
                        let before = conditions
                            .last()
                            .map_or("", |c: &Condition| c.entry().popeye.written);
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
                            let before = conditions
                                .last()
                                .map_or("", |c: &Condition| c.entry().popeye.written);
                            reasons.push(format!(
                                "condition '{before}' with neighbours of another walk"
                            ));
                        }
                        continue;
                    }
                }
                PopeyeFollowers::TypeThenRex(last, rex) => {
                    if let Some(letter) = lettered_type(word).filter(|l| *l <= last) {
                        followers = PopeyeFollowers::Rex(rex);
                        if letter != 'a' {
                            let before = conditions
                                .last()
                                .map_or("", |c: &Condition| c.entry().popeye.written);
                            reasons.push(format!(
                                "condition '{before}' of type {}",
                                letter.to_ascii_uppercase()
                            ));
                        }
                        continue;
                    }
                    if CirceVariant::of(language, word).found().and_then(rex_of) == Some(rex) {
                        sets.push(rex.setting());
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
        ConditionsRead {
            conditions,
            sets,
            reserve,
            errors,
        }
    }
}

/// Whether `word` is a number Popeye reads after `option`: a whole number, or for the move
/// numbers of `start` and `upto` numbers joined by `:` (`start 11:7:11:22`, a move number
/// with the indices of its moves).
fn option_number(option: PopeyeOption, word: &str) -> bool {
    match option {
        PopeyeOption::StartMoveNumber | PopeyeOption::UpToMoveNumber => word
            .split(':')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())),
        _ => word.parse::<u64>().is_ok(),
    }
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
    if before.reborn_unit() == Some(RebornUnit::Capturer) && occupied == RebirthOccupied::Relaxed {
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
fn named(word: &str, popeye: &str) -> String {
    if word.eq_ignore_ascii_case(popeye) {
        format!("'{word}'")
    } else {
        format!("'{word}' ({popeye})")
    }
}

/// Whether an option changes neither the position nor the rules (only how Popeye solves or
/// prints, which the solver and the verification judge for themselves).
fn keeps_position(option: PopeyeOption) -> bool {
    use PopeyeOption::*;
    matches!(
        option,
        Defence
            | SetPlay
            | WhiteToPlay
            | Variations
            | MoveNumbers
            | StartMoveNumber
            | NoWk
            | Duplex
            | NoBk
            | Threat
            | NoThreat
            | Try
            | MaxSolutions
            | KeepMatingPiece
            | NoBoard
            | NoShortVariations
            | HalfDuplex
            | PostKeyPlay
            | Intelligent
            | MaxTime
            | Quodlibet
            | StopOnShortSolutions
            | SuppressGrid
            | WriteGrid
            | UpToMoveNumber
    )
}

/// The corners on which a rook of the corner's side stands.
pub(super) fn rook_corners(setup: &Setup) -> Vec<Square> {
    setup
        .board
        .pieces()
        .filter(|(sq, piece)| {
            piece.walk == Walk::Rook
                && !piece.royal
                && crate::CastlingSide::of_rook_square(*sq)
                    .is_some_and(|side| side.squares(piece.colour)[2] == *sq)
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// Popeye's castling rights for `setup`: each king on its home square (e1, e8) may castle, with
/// each rook of its colour on a corner of that rank; less the squares of `no_castling`.
pub(crate) fn popeye_castling(setup: &Setup, no_castling: &[Square]) -> CastlingRights {
    let mut rights = CastlingRights::none();
    for colour in Colour::ALL {
        let home = if colour == Colour::White { 0 } else { 56 };
        let sq = |f: u8| Square::new(home + f).expect("on board");
        let king_home = setup
            .board
            .get(sq(4))
            .is_some_and(|p| p.colour == colour && p.walk == Walk::King);
        if !king_home || no_castling.contains(&sq(4)) {
            continue;
        }
        rights.insert_king(colour);
        for rook_sq in [sq(0), sq(7)] {
            let rook = setup
                .board
                .get(rook_sq)
                .is_some_and(|p| p.colour == colour && p.walk == Walk::Rook && !p.royal);
            if rook && !no_castling.contains(&rook_sq) {
                rights.insert(rook_sq);
            }
        }
    }
    rights
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
