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
///     condition CirceParrain\nstipulation ~1\nendproblem\n").unwrap();
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
    let language = match first.word.to_ascii_lowercase() {
        w if w.len() >= 3 && ("anfangproblem".starts_with(&w)) => Language::German,
        w if w.len() >= 3 && ("beginproblem".starts_with(&w)) => Language::English,
        w => {
            return Err(PopeyeInputError {
                line: first.line,
                message: format!("the file must start with begin (or anfang), not '{w}'"),
            });
        }
    };
    let mut problems = Vec::new();
    let mut current = PopeyeProblem {
        line: first.line,
        ..Default::default()
    };
    let mut i = 1;
    let mut ended = false;
    let fail = |line: usize, message: String| Err(PopeyeInputError { line, message });
    while i < tokens.len() {
        let tok = &tokens[i];
        let Some(cmd) = command_of(tok.word) else {
            return fail(tok.line, format!("'{}' is not a command here", tok.word));
        };
        i += 1;
        // Words up to the next command.
        let take_words = |i: &mut usize| {
            let mut words = Vec::new();
            while *i < tokens.len() && command_of(tokens[*i].word).is_none() {
                words.push(tokens[*i].word.to_string());
                *i += 1;
            }
            words
        };
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
            Command::Begin => {
                return fail(
                    tok.line,
                    "begin inside a problem (missing end or next?)".into(),
                );
            }
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
                problems.push(std::mem::take(&mut current));
                current.line = tok.line;
            }
            Command::Text(name) => {
                let text = if name == "latex" {
                    take_words(&mut i).join(" ")
                } else {
                    rest_of_line(&mut i)
                };
                current.texts.push((name.to_string(), text));
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
                let mut words = Vec::new();
                while let Some(t) = tokens.get(i) {
                    if command_of(t.word).is_some() && condition_of(t.word).is_none() {
                        break;
                    }
                    words.push(t.word.to_string());
                    i += 1;
                }
                if words.is_empty() {
                    return fail(tok.line, "condition without a name".into());
                }
                current.conditions.extend(words);
            }
            Command::Option => current.options.extend(take_words(&mut i)),
            Command::Twin => {
                let text = rest_of_line(&mut i);
                current.twins.push(text);
            }
            Command::Zero => {
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
                let mut colour = None;
                let mut attributes: Vec<String> = Vec::new();
                let mut count = 0;
                while let Some(t) = tokens.get(i) {
                    if command_of(t.word).is_some() && piece_token(t.word).is_none() {
                        break;
                    }
                    if let Some(c) = colour_of(t.word) {
                        colour = Some(c);
                        attributes.clear();
                    } else if let Some((code, squares)) = piece_token(t.word) {
                        let Some(colour) = colour else {
                            return fail(
                                t.line,
                                format!("piece '{}' before any colour (white/black)", t.word),
                            );
                        };
                        for square in squares {
                            current.units.push(PlacedUnit {
                                colour,
                                walk: walk_of(&code, language),
                                code: code.clone(),
                                attributes: attributes.clone(),
                                square,
                            });
                        }
                        count += 1;
                    } else if t.word.eq_ignore_ascii_case("total") {
                        // The number of units, invisible ones included.
                        if let Some(n) = tokens.get(i + 1).and_then(|n| n.word.parse().ok()) {
                            current.total = Some(n);
                            i += 1;
                        }
                    } else if let Some(a) = attribute_of(t.word) {
                        attributes.push(a);
                    } else {
                        return fail(
                            t.line,
                            format!(
                                "'{}' is neither a colour, a piece attribute nor a piece with squares",
                                t.word
                            ),
                        );
                    }
                    i += 1;
                }
                if count == 0 {
                    return fail(tok.line, "pieces without any piece".into());
                }
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
