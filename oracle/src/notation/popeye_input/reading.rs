//! Reading a file: its tokens, command by command, into problems that keep everything as
//! written.

use super::*;

pub(super) struct Token<'a> {
    word: &'a str,
    line: usize,
}

/// Reads a whole file.
///
/// ```
/// use feerie_oracle::popeye_input;
/// let file = popeye_input::parse("beginproblem\npieces white ke1 ra1 black kb8 sf5\n\
///     condition ParrainCirce\nstipulation ~1\nendproblem\n").unwrap();
/// assert_eq!(file.problems.len(), 1);
/// assert_eq!(file.problems[0].units.len(), 4);
/// assert!(popeye_input::parse("beginproblem\npieces white kz9\nendproblem").is_err());
/// ```
pub fn parse(text: &str) -> Result<PopeyeFile, PopeyeInputError> {
    let lines: Vec<&str> = text.lines().collect();
    let tokens: Vec<Token> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.split_whitespace().map(move |w| Token {
                word: w,
                line: i + 1,
            })
        })
        .collect();
    let Some(first) = tokens.first() else {
        return Err(PopeyeInputError {
            line: 1,
            message: "empty input (expected begin or beginproblem)".into(),
        });
    };
    let language = popeye_words::file_language(first.word).map_err(|message| PopeyeInputError {
        line: first.line,
        message,
    })?;
    let mut problems = Vec::new();
    let new_problem = |line| PopeyeProblem {
        language,
        line,
        ..Default::default()
    };
    let mut current = new_problem(first.line);
    let mut i = 1;
    let mut ended = false;
    let fail = |line: usize, message: String| Err(PopeyeInputError { line, message });
    let is_command = |word: &str| Command::of(language, word).is_known();
    while i < tokens.len() {
        let tok = &tokens[i];
        let cmd = match Command::of(language, tok.word) {
            Lookup::Found(cmd) => cmd,
            Lookup::Ambiguous => {
                let why = Command::why_not(language, tok.word).unwrap_or_default();
                return fail(tok.line, why);
            }
            Lookup::Unknown => {
                return fail(tok.line, format!("'{}' is not a command here", tok.word));
            }
        };
        i += 1;
        // Words up to the first that is a command, unless `keep` says the command reads it
        // (Popeye tries an option or a condition word before a command).
        let take_while = |i: &mut usize, keep: &dyn Fn(&str) -> bool| {
            let mut words = Vec::new();
            while let Some(t) = tokens
                .get(*i)
                .filter(|t| keep(t.word) || !is_command(t.word))
            {
                words.push(t.word.to_string());
                *i += 1;
            }
            words
        };
        let take_words = |i: &mut usize| take_while(i, &|_| false);
        // The rest of the command's line.
        let rest_of_line = |i: &mut usize| {
            let mut words = Vec::new();
            while *i < tokens.len() && tokens[*i].line == tok.line {
                words.push(tokens[*i].word);
                *i += 1;
            }
            words.join(" ")
        };
        match cmd {
            Command::End => {
                problems.push(std::mem::take(&mut current));
                ended = true;
                if let Some(extra) = tokens.get(i) {
                    return fail(
                        extra.line,
                        format!("'{}' after the end of the input", extra.word),
                    );
                }
                break;
            }
            Command::Next => {
                problems.push(std::mem::replace(&mut current, new_problem(tok.line)));
            }
            Command::Remark
            | Command::Author
            | Command::Origin
            | Command::Title
            | Command::Award
            | Command::Protocol => {
                let name = Command::word(cmd, Language::English);
                current.texts.push((name.to_string(), rest_of_line(&mut i)));
            }
            Command::LaTeX | Command::LaTeXPieces => {
                // `LaTeX` names its file on the rest of the line; both then name pieces for
                // LaTeX, each as a walk's code (one or two letters), its abbreviation and, on
                // the rest of the line, its name. Popeye reads a code before any command
                // (`n` there is a walk, not `NullStellung`); a code is taken here for any
                // word of one or two letters or digits, the first a letter, since only
                // Popeye's table of walks could say which are walks.
                let mut words = Vec::new();
                if cmd == Command::LaTeX {
                    words.push(rest_of_line(&mut i));
                }
                while let Some(code) = tokens.get(i).filter(|t| walk_code(t.word)) {
                    words.push(code.word.to_string());
                    i += 1;
                    if let Some(abbreviation) = tokens.get(i) {
                        words.push(abbreviation.word.to_string());
                        i += 1;
                        let line = abbreviation.line;
                        while let Some(t) = tokens.get(i).filter(|t| t.line == line) {
                            words.push(t.word.to_string());
                            i += 1;
                        }
                    }
                }
                let name = cmd.word(Language::English).to_ascii_lowercase();
                current.texts.push((name, words.join(" ")));
            }
            Command::InitialGameArray => {
                return fail(
                    tok.line,
                    format!(
                        "'{}' (Popeye's {}: the game array as the diagram) is not read here",
                        tok.word,
                        cmd.word(language)
                    ),
                );
            }
            Command::Stipulation => {
                current.stipulation = Some(take_words(&mut i).join(" "));
            }
            Command::StructuredStipulation => {
                let text = rest_of_line(&mut i);
                if text.is_empty() {
                    return fail(tok.line, "sstipulation without a value".into());
                }
                current.structured_stipulation = Some(text);
            }
            Command::Condition => {
                // Popeye reads a condition word (even an ambiguous one, which it refuses) or a
                // word that follows a condition before it tries a command.
                let words = take_while(&mut i, &|w| {
                    CONDITIONS.lookup(language, w).is_known()
                        || EXTRA_CONDITIONS.lookup(language, w).is_known()
                        || CIRCE_VARIANTS.lookup(language, w).is_known()
                });
                if words.is_empty() {
                    return fail(tok.line, "condition without a name".into());
                }
                current.conditions.extend(words);
            }
            Command::Option => {
                // An option Popeye finds is read before any command; an ambiguous one ends the
                // options.
                let words = take_while(&mut i, &|w| {
                    matches!(PopeyeOption::of(language, w), Lookup::Found(_))
                });
                current.options.extend(words);
            }
            Command::Twin => {
                let text = rest_of_line(&mut i);
                current.twins.push(text);
            }
            Command::ZeroPosition => {
                current.zero_position = Some(rest_of_line(&mut i));
            }
            Command::Forsyth => {
                let Some(board) = tokens.get(i) else {
                    return fail(tok.line, "forsyth without a board".into());
                };
                i += 1;
                let units = parse_forsyth(board.word, language, board.line)?;
                current.units.extend(units);
            }
            Command::Pieces => {
                let words: Vec<&str> = tokens[i..].iter().map(|t| t.word).collect();
                let read = read_units(&words, language, is_command).map_err(|(at, message)| {
                    PopeyeInputError {
                        line: tokens[i + at].line,
                        message,
                    }
                })?;
                if read.pieces == 0 {
                    return fail(tok.line, "pieces without any piece".into());
                }
                current.units.extend(read.units);
                if read.total.is_some() {
                    current.total = read.total;
                }
                i += read.words;
            }
        }
    }
    if !ended {
        let line = lines.len().max(1);
        return fail(line, "the input ends without end (or endproblem)".into());
    }
    Ok(PopeyeFile { language, problems })
}

/// The units of a `forsyth` board, the word on input line `line`.
pub(super) fn parse_forsyth(
    text: &str,
    language: Language,
    line: usize,
) -> Result<Vec<PlacedUnit>, PopeyeInputError> {
    let wrong = |message: String| PopeyeInputError { line, message };
    let mut units = Vec::new();
    let mut index: usize = 0; // 0 = a8, 8 = a7, ...
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        if c.is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let n: usize = chars[start..k]
                .iter()
                .collect::<String>()
                .parse()
                .map_err(|_| wrong("bad number".to_string()))?;
            index = index
                .checked_add(n)
                .filter(|&i| i <= 64)
                .ok_or_else(|| wrong(format!("forsyth '{text}': more than 64 squares")))?;
            continue;
        }
        if c == '/' {
            if !index.is_multiple_of(8) {
                index += 8 - index % 8;
            }
            k += 1;
            continue;
        }
        let (code, upper): (String, bool) = if c == '.' {
            let code: String = chars
                .get(k + 1..k + 3)
                .map(|s| s.iter().collect())
                .unwrap_or_default();
            if code.len() != 2 || !code.chars().all(|ch| ch.is_ascii_alphabetic()) {
                return Err(wrong(format!(
                    "forsyth '{text}': '.' must be followed by a two-letter piece"
                )));
            }
            k += 3;
            (
                code.to_ascii_lowercase(),
                code.chars()
                    .next()
                    .is_some_and(|ch| ch.is_ascii_uppercase()),
            )
        } else if c.is_ascii_alphabetic() {
            k += 1;
            (c.to_ascii_lowercase().to_string(), c.is_ascii_uppercase())
        } else {
            return Err(wrong(format!("forsyth '{text}': unexpected '{c}'")));
        };
        if index >= 64 {
            return Err(wrong(format!("forsyth '{text}' has more than 64 squares")));
        }
        let square = Square::new((56 - (index / 8) * 8 + index % 8) as u8).expect("index < 64");
        let colour = UnitColour::Side(if upper { Colour::White } else { Colour::Black });
        units.push(PlacedUnit {
            colour,
            walk: walk_of(&code, language),
            code,
            attributes: Vec::new(),
            square,
        });
        index += 1;
    }
    if index > 64 {
        return Err(wrong(format!("forsyth '{text}' has more than 64 squares")));
    }
    Ok(units)
}
