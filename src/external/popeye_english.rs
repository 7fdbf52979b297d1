//! Popeye's German output in English words: its moves (walk codes, colours, the royal
//! prefix) and its solution words, so that a German output compares with our English lines.

use feerie_oracle::Walk;
use feerie_oracle::notation::popeye_input::Language;

use super::popeye_output;

/// A move printed by Popeye's German output, in English notation: each walk's German code
/// becomes its English one (`D T L S B` become `Q R B S P`, `RB` becomes `PP`, `LE` stays the
/// leo), the colour `s` becomes `b`, the royal prefix `k` becomes `r`. A code is read as the
/// longest German code found there, so that the leo's `LE` is not the bishop's `L`.
///
/// ```
/// use feerie::external::popeye_replay::english_move;
/// assert_eq!(english_move("b7-b8=D[+wBe8=L]"), "b7-b8=Q[+wPe8=B]");
/// assert_eq!(english_move("Kc6-b7[+sBc6]"), "Kc6-b7[+bPc6]");
/// assert_eq!(english_move("Lh4*e7"), "Bh4*e7");
/// assert_eq!(english_move("Td3*d2=RB"), "Rd3*d2=PP");
/// assert_eq!(english_move("RBd2-d3"), "PPd2-d3");
/// assert_eq!(english_move("LEg3*g8"), "LEg3*g8");
/// assert_eq!(english_move("LIa1-h8"), "LIa1-h8");
/// assert_eq!(english_move("THa1-a8[+sLc8]"), "RHa1-a8[+bBc8]");
/// assert_eq!(english_move("Th2*h3[sTh3->a8]"), "Rh2*h3[bRh3->a8]");
/// assert_eq!(english_move("Dd8*d7=s"), "Qd8*d7=b");
/// assert_eq!(english_move("h2*g1=D=w +"), "h2*g1=Q=w +");
/// ```
pub fn english_move(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        if c.is_ascii_uppercase()
            && let Some((walk, len)) = german_walk_at(&chars[i..])
        {
            out.push_str(walk.popeye_code());
            i += len;
            continue;
        }
        out.push(match c {
            // The colour after `[+`, `[` (a rebirth from the board) or `[square=`.
            's' if prev == Some('+')
                || prev == Some('[') && next.is_some_and(|n| n.is_ascii_uppercase())
                || prev == Some('=') && next.is_some_and(|n| n.is_ascii_uppercase())
                // `=s`: the mover's new colour (Andernach chess), last of the changes.
                || prev == Some('=') && !next.is_some_and(|n| n.is_ascii_alphanumeric()) =>
            {
                'b'
            }
            // The royal prefix before a walk letter.
            'k' if next.is_some_and(|n| n.is_ascii_uppercase()) => 'r',
            other => other,
        });
        i += 1;
    }
    out
}

/// The walk whose German code (upper case) starts `text`, the longest such code, and its length.
fn german_walk_at(text: &[char]) -> Option<(Walk, usize)> {
    Walk::ALL
        .into_iter()
        .map(|walk| (walk, walk.german_code()))
        .filter(|(_, code)| {
            code.len() <= text.len() && code.chars().zip(text).all(|(a, &b)| a == b)
        })
        .max_by_key(|(_, code)| code.len())
        .map(|(walk, code)| (walk, code.len()))
}

/// One line of Popeye's solution text as English words, one space between them: move numbers
/// kept, moves through [`english_move`], Popeye's German words (`Drohung:`, `Zugzwang.`,
/// `Aber`) in English, the imitators of a move a1 first (Popeye writes them in its own order).
/// Every other token is kept as printed, so that a mark, a `!` or any text added to a line
/// still shows when the line is compared with ours.
///
/// ```
/// use feerie::external::popeye_replay::english_line;
/// use feerie::oracle::notation::popeye_input::Language;
/// assert_eq!(english_line("  1.Sf3-d4 c3*d4=S   2.Ke5*d4 Lc4*d3 #", Language::German),
///            "1.Sf3-d4 c3*d4=S 2.Ke5*d4 Bc4*d3 #");
/// assert_eq!(english_line("   1.Dh1-b1 ! Drohung:", Language::German), "1.Qh1-b1 ! threat:");
/// assert_eq!(english_line("   1.Qh1-b1 !  threat: ", Language::English), "1.Qh1-b1 ! threat:");
/// assert_eq!(english_line("  1.d2-d1[Ic2]=I Qe6-e7[Ic3,d2] #", Language::English),
///            "1.d2-d1[Ic2]=I Qe6-e7[Id2,c3] #");
/// ```
pub fn english_line(raw: &str, language: Language) -> String {
    let words: Vec<String> = raw
        .split_whitespace()
        .map(|word| match language {
            Language::English => word.to_string(),
            Language::German => english_word(word),
        })
        .collect();
    // Popeye writes the imitators in its own order, feerie a1 first: lists compare as sets.
    feerie_oracle::popeye_move::canonical_imitators(&words.join(" ")).into_owned()
}

fn english_word(word: &str) -> String {
    match word {
        "Drohung:" => return "threat:".into(),
        "Zugzwang." => return "zugzwang.".into(),
        "Aber" => return "but".into(),
        _ => {}
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let (number, rest) = word.split_at(digits);
    let dots = rest.chars().take_while(|&c| c == '.').count();
    let (dots, text) = if digits > 0 {
        rest.split_at(dots)
    } else {
        ("", rest)
    };
    if popeye_output::is_move(text) {
        format!("{number}{dots}{}", english_move(text))
    } else {
        word.to_string()
    }
}
