//! Interpreting a problem: its units, conditions and options as a position and rules, or the
//! precise reasons why this project cannot use it.

use super::conditions_reading::{ConditionsRead, named};
use super::*;

/// Popeye's intro series before a stipulation (`2->ser-#3`): its number of moves as written
/// (a run of digits) and the stipulation after it; `None` without one.
///
/// ```
/// use feerie_oracle::popeye_input::intro_series;
/// assert_eq!(intro_series("2->ser-#3"), Some(("2", "ser-#3")));
/// assert_eq!(intro_series("ser-#3"), None);
/// assert_eq!(intro_series("x->ser-#3"), None);
/// ```
pub fn intro_series(stipulation: &str) -> Option<(&str, &str)> {
    let (moves, rest) = stipulation.split_once("->")?;
    (!moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit())).then_some((moves, rest))
}

impl PopeyeProblem {
    /// Who moves first: the colour of a structured stipulation, or Black in help play
    /// (`h#2`, `ser-h#3`, `reci-h#2`, but not help-self `hs#` nor help-reflex `hr#`), otherwise White,
    /// the other side before an intro series (`2->ser-#3`);
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
    /// assert_eq!(side("reci-h(=)#3", ""), Colour::Black);
    /// assert_eq!(side("ser-reci-h#2", ""), Colour::Black);
    /// // The intro series is the other side's.
    /// assert_eq!(side("2->ser-#3", ""), Colour::Black);
    /// assert_eq!(side("1->ser-h#3", ""), Colour::White);
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
        // An intro series (`2->ser-#3`) is played by the other side than the series, first.
        let (intro, stip) = match intro_series(&stip) {
            Some((_, rest)) => (true, rest.to_string()),
            None => (false, stip),
        };
        let bare = stip
            .trim_start_matches("exact-")
            .trim_start_matches("ser-")
            .trim_start_matches("pser-")
            .trim_start_matches("reci-");
        // Help play starts with Black, but help-self and help-reflex play with White.
        let help = bare.starts_with('h') && !bare.starts_with("hs") && !bare.starts_with("hr");
        let mut side = if help != intro {
            Colour::Black
        } else {
            Colour::White
        };
        // Popeye ignores `whitetoplay` in `h#n.5`, whose other side begins already.
        if side == Colour::Black
            && !intro
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
            imitators,
            ..
        } = self.conditions_read(&mut reasons);
        setup.reserve = reserve;
        setup.imitators = imitators;
        if conditions.contains(&Condition::Imitator) && imitators.is_empty() {
            // Popeye reads on with none and writes `[I]` after every move.
            reasons.push("Imitator without the imitators' squares".into());
        }
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
        if rules.rook_rights_outlive_king() {
            // A rook on its corner has its own flag in Popeye, king home or not; under rex
            // inclusive it matters, since a king reborn on its square may castle with it, under
            // Popeye's Mars Circe, since a king castles from its rebirth square, under Kobul
            // Kings, since a royal unit taking the king's walk back on its square may, and under
            // Make&Take, since an enemy unit on the king's square may castle with it as a make.
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
