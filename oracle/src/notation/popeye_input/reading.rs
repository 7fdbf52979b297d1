//! Reading a file: its tokens, command by command, into problems that keep everything as
//! written.

use super::*;
use crate::notation::popeye_words::Twinning;
use crate::notation::popeye_words::words::TWINNINGS;

pub(super) struct Token<'a> {
    word: &'a str,
    line: usize,
}

/// Reads a whole file. An error in a problem is kept with that problem
/// ([`PopeyeProblem::input_errors`]) and reading goes on at the next one; only a file that
/// does not begin with `beginproblem` or does not end with `endproblem` is not read.
///
/// ```
/// use feerie_oracle::popeye_input;
/// let file = popeye_input::parse("beginproblem\npieces white ke1 ra1 black kb8 sf5\n\
///     condition ParrainCirce\nstipulation ~1\nendproblem\n").unwrap();
/// assert_eq!(file.problems.len(), 1);
/// assert_eq!(file.problems[0].units.len(), 4);
/// let file = popeye_input::parse("beginproblem\npieces white kz9\nendproblem").unwrap();
/// assert_eq!(file.problems[0].input_errors.len(), 1);
/// assert!(popeye_input::parse("pieces white ke1\nendproblem").is_err());
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
    // The words alone, once: a command that reads on (`pieces`) is handed the rest of the
    // file as a slice and reads only what it needs, so that reading stays linear in the
    // file's length (a copy of the rest for each command made it quadratic).
    let words: Vec<&str> = tokens.iter().map(|t| t.word).collect();
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
    let is_condition_word = |w: &str| {
        CONDITIONS.lookup(language, w).is_known()
            || EXTRA_CONDITIONS.lookup(language, w).is_known()
            || CIRCE_VARIANTS.lookup(language, w).is_known()
    };
    // An input error makes its problem unreadable (Popeye warns and reads on, ignoring what it
    // could not read, which the problem could then not be checked against): the error is kept
    // with the problem, and reading goes on at the next problem.
    let problem_boundary = |t: &Token| {
        matches!(
            Command::of(language, t.word),
            Lookup::Found(Command::Next | Command::End)
        )
    };
    let skip_problem = |current: &mut PopeyeProblem, i: &mut usize, line: usize, why: String| {
        current.input_errors.push(format!("line {line}: {why}"));
        while tokens.get(*i).is_some_and(|t| !problem_boundary(t)) {
            *i += 1;
        }
    };
    while i < tokens.len() {
        let tok = &tokens[i];
        let cmd = match Command::of(language, tok.word) {
            Lookup::Found(cmd) => cmd,
            Lookup::Ambiguous => {
                let why = Command::why_not(language, tok.word).unwrap_or_default();
                skip_problem(&mut current, &mut i, tok.line, why);
                continue;
            }
            Lookup::Unknown => {
                let message = format!("'{}' is not a command here", tok.word);
                skip_problem(&mut current, &mut i, tok.line, message);
                continue;
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
                // Popeye stops reading at `end`: what follows is not read.
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
                let message = format!(
                    "'{}' (Popeye's {}: the game array as the diagram) is not read here",
                    tok.word,
                    cmd.word(language)
                );
                skip_problem(&mut current, &mut i, tok.line, message);
            }
            Command::Stipulation => {
                current.stipulation = Some(take_words(&mut i).join(" "));
            }
            Command::StructuredStipulation => {
                let text = rest_of_line(&mut i);
                if text.is_empty() {
                    let message = "sstipulation without a value".into();
                    skip_problem(&mut current, &mut i, tok.line, message);
                    continue;
                }
                current.structured_stipulation = Some(text);
            }
            Command::Condition => {
                // Popeye reads a condition word (even an ambiguous one, which it refuses) or a
                // word that follows a condition before it tries a command, and the walks after
                // a condition that reads walks (`PromOnly s`: `s` is no command there).
                let reading_walks = std::cell::Cell::new(false);
                let words = take_while(&mut i, &|w| {
                    let walk = reading_walks.get() && walk_code(w);
                    if !walk {
                        let condition = PopeyeCondition::of(language, w).found();
                        reading_walks.set(condition.is_some_and(PopeyeCondition::reads_walks));
                    }
                    walk || is_condition_word(w)
                });
                if words.is_empty() {
                    let message = "condition without a name".into();
                    skip_problem(&mut current, &mut i, tok.line, message);
                    continue;
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
                // Popeye reads a twin's commands as long as they come, on the lines after the
                // first too (`zwilling versetze h2 h1` then `versetze f2 a2`), and a condition
                // command's words wherever they stand; a line that starts otherwise ends it.
                let mut words: Vec<&str> = Vec::new();
                let mut last_command = None;
                let mut line = tok.line;
                loop {
                    while let Some(t) = tokens.get(i).filter(|t| t.line == line) {
                        if let Lookup::Found(found) = TWINNINGS.lookup(language, t.word) {
                            last_command = Some(found);
                        }
                        words.push(t.word);
                        i += 1;
                    }
                    let Some(next) = tokens.get(i) else { break };
                    let in_condition = last_command == Some(Twinning::Condition);
                    let continues = TWINNINGS.lookup(language, next.word).is_known()
                        || (in_condition && is_condition_word(next.word));
                    if !continues {
                        break;
                    }
                    line = next.line;
                }
                current.twins.push(words.join(" "));
            }
            Command::ZeroPosition => {
                current.zero_position = Some(rest_of_line(&mut i));
            }
            Command::Forsyth => {
                let Some(board) = tokens.get(i) else {
                    let message = "forsyth without a board".into();
                    skip_problem(&mut current, &mut i, tok.line, message);
                    continue;
                };
                i += 1;
                match parse_forsyth(board.word, language, board.line) {
                    Ok(units) => current.units.extend(units),
                    Err(error) => skip_problem(&mut current, &mut i, error.line, error.message),
                }
            }
            Command::Pieces => {
                let read = match read_units(&words[i..], language, is_command) {
                    Ok(read) => read,
                    Err((at, message)) => {
                        let line = tokens[i + at].line;
                        skip_problem(&mut current, &mut i, line, message);
                        continue;
                    }
                };
                // Popeye reads `pieces` followed by no piece (it warns and goes on): the
                // problem keeps the units given elsewhere.
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

/// The units of a `forsyth` board, the word on input line `line`, read as Popeye reads it: the
/// squares are filled one after the other from a8 to h1, a number of one or two digits skips
/// that many squares (`16`: two ranks; `123` is 12 then 3), `/` is read past (the ranks are not
/// counted), `=`, `+` or `-` before a unit makes it neutral, white or black (otherwise its case
/// tells), `.` introduces a two-character code (`.B1`, Popeye's bouncer), and what comes after
/// h1 is ignored.
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
    while k < chars.len() && index < 64 {
        let c = chars[k];
        if let Some(first) = c.to_digit(10) {
            k += 1;
            let mut n = first as usize;
            if let Some(second) = chars.get(k).and_then(|d| d.to_digit(10)) {
                n = 10 * n + second as usize;
                k += 1;
            }
            index += n;
            continue;
        }
        if c == '/' {
            k += 1;
            continue;
        }
        let colour = match c {
            '=' => Some(UnitColour::Neutral),
            '+' => Some(UnitColour::Side(Colour::White)),
            '-' => Some(UnitColour::Side(Colour::Black)),
            _ => None,
        };
        if colour.is_some() {
            k += 1;
        }
        let width = if chars.get(k) == Some(&'.') {
            k += 1;
            2
        } else {
            1
        };
        let code: String = chars
            .get(k..k + width)
            .map(|s| s.iter().collect())
            .unwrap_or_default();
        if code.chars().count() != width || !code.starts_with(|ch: char| ch.is_ascii_alphanumeric())
        {
            return Err(wrong(format!(
                "forsyth '{text}': expected a unit at '{}'",
                chars[k.min(chars.len())..].iter().collect::<String>()
            )));
        }
        k += width;
        let upper = code.starts_with(|ch: char| ch.is_ascii_uppercase());
        let colour = colour.unwrap_or(UnitColour::Side(if upper {
            Colour::White
        } else {
            Colour::Black
        }));
        let code = code.to_ascii_lowercase();
        let square = Square::new((56 - (index / 8) * 8 + index % 8) as u8).expect("index < 64");
        units.push(PlacedUnit {
            colour,
            walk: walk_of(&code, language),
            code,
            attributes: Vec::new(),
            square,
        });
        index += 1;
    }
    Ok(units)
}
