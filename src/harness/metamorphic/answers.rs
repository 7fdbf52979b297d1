//! A problem's answer as a relation compares it: for each twin, the lines of play Popeye
//! printed, each from the diagram to its last move (a variation written under its key is
//! the key's line continued), sorted, so that the order Popeye prints them in does not count.

use feerie_oracle::Square;
use feerie_oracle::notation::popeye_words::Language;

use crate::external::popeye_output::{Chunk, SolutionMove};

/// One twin's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinAnswer {
    /// Its label (`a`, `b`, …), empty for a problem without twins.
    pub label: String,
    /// Popeye's refusal of the twin, in its words.
    pub refused: Option<String>,
    /// The lines of play, each as `half-move:move mark` words, sorted.
    pub lines: Vec<String>,
}

/// A problem's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Each twin's.
    pub twins: Vec<TwinAnswer>,
    /// Whether the answer is not whole: Popeye stopped early (a solution limit, its time, a
    /// signal) or could not decide whether a move is legal (Ohneschach's "cannot decide"),
    /// which depends on how far its search went, so on the order it tried moves in.
    pub cut: bool,
}

/// The answer in a chunk of Popeye's output.
pub fn answer_of(chunk: &Chunk) -> Answer {
    Answer {
        twins: chunk
            .twins
            .iter()
            .map(|t| TwinAnswer {
                label: t.label.clone(),
                refused: t.refused.clone(),
                lines: {
                    let mut lines: Vec<String> = t
                        .segments
                        .iter()
                        .enumerate()
                        .flat_map(|(i, s)| lines_of(i, s))
                        .collect();
                    lines.sort();
                    lines
                },
            })
            .collect(),
        cut: chunk.partial || chunk.interrupted || chunk.undecidable > 0,
    }
}

/// `word` with the effects written in it (`[b1=w][g3=w]`) taken out and written after the rest
/// in sorted order: Popeye writes them in the order of their squares, which a mirror changes,
/// and between the captures of one move (Series capture). Taken out whatever their order, they
/// come back in one order, so that the form is the same however often it is made.
///
/// ```
/// # use feerie::harness::metamorphic::answers::sorted_effects;
/// assert_eq!(sorted_effects("c6*d7[wPd7->d2]*e3[bPe3->e2]"), "c6*d7*e3[bPe3->e2][wPd7->d2]");
/// assert_eq!(sorted_effects(&sorted_effects("c6*d7[wPd7->d2]*e3[bPe3->e2]")), "c6*d7*e3[bPe3->e2][wPd7->d2]");
/// ```
pub fn sorted_effects(word: &str) -> String {
    let mut rest = String::with_capacity(word.len());
    let mut groups: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < word.len() {
        match (word[i..].starts_with('['), word[i..].find(']')) {
            (true, Some(end)) => {
                groups.push(&word[i..=i + end]);
                i += end + 1;
            }
            _ => {
                let c = word[i..].chars().next().expect("a character");
                rest.push(c);
                i += c.len_utf8();
            }
        }
    }
    groups.sort_unstable();
    rest + &groups.concat()
}

/// A line with each move's effects in sorted order.
fn canonical(line: &str) -> String {
    line.split(' ')
        .map(sorted_effects)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines of play of one segment, each written by [`line_text`].
fn lines_of(segment: usize, moves: &[SolutionMove]) -> Vec<String> {
    (move_lines(moves).iter())
        .map(|line| line_text(segment, line.iter().map(|m| (m.ply, *m))))
        .collect()
}

/// The lines of play of `moves` in the order printed, each from the diagram to its last move:
/// a move at a half-move no later than the one before it starts a new line, which keeps the
/// moves before its half-move from the line before.
pub(super) fn move_lines<'a>(
    moves: impl IntoIterator<Item = &'a SolutionMove>,
) -> Vec<Vec<&'a SolutionMove>> {
    let moves: Vec<&SolutionMove> = moves.into_iter().collect();
    let mut out = Vec::new();
    let mut stack: Vec<&SolutionMove> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        while stack.last().is_some_and(|top| top.ply >= m.ply) {
            stack.pop();
        }
        stack.push(m);
        if moves.get(i + 1).is_none_or(|next| next.ply <= m.ply) {
            out.push(stack.clone());
        }
    }
    out
}

/// A line of play as the relations compare it: `segment| ply:move+mark …`, each move's effects
/// in sorted order.
pub(super) fn line_text<'a>(
    segment: usize,
    moves: impl Iterator<Item = (usize, &'a SolutionMove)>,
) -> String {
    let words: Vec<String> = moves
        .map(|(ply, m)| {
            let mark = m.mark.map(String::from).unwrap_or_default();
            format!("{ply}:{}{mark}", m.text)
        })
        .collect();
    canonical(&format!("{segment}| {}", words.join(" ")))
}

/// `text` with every square (a lower-case file letter and a rank digit, not inside a word of
/// letters) replaced by `map` of it.
///
/// ```
/// use feerie::harness::metamorphic::{map_squares, mirror_file};
/// assert_eq!(map_squares("0:Sb1*c3[+bPa7] 1:e5*d6 ep.", mirror_file), "0:Sg1*f3[+bPh7] 1:d5*e6 ep.");
/// ```
pub fn map_squares(text: &str, map: impl Fn(Square) -> Square) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let is_square = i + 1 < bytes.len()
            && (b'a'..=b'h').contains(&bytes[i])
            && (b'1'..=b'8').contains(&bytes[i + 1])
            && (i == 0 || !bytes[i - 1].is_ascii_lowercase())
            && bytes.get(i + 2).is_none_or(|b| !b.is_ascii_digit());
        if is_square {
            let square: Square = text[i..i + 2].parse().expect("a square");
            out += &map(square).to_string();
            i += 2;
        } else {
            out.push(bytes[i] as char);
            i += 1;
        }
    }
    out
}

/// `text` with every colour letter swapped (`w` for `b` and back in English, `w` for `s` in
/// German); a neutral `n` stays. Popeye writes a colour letter where it writes a unit's colour:
/// - first after `+`, `-` or `[`, when no digit follows (that would be a square's file), as in
///   `[+bRb1]`, a kamikaze's `[-wkPb8]`, `[bKe5->a1]`;
/// - after `[=`, Anda's change, `[=ba]`;
/// - alone after `=`, a change of side (Andernach's `=w`), where no walk code follows, or
///   before `h`, a half-neutral unit's change (`=bh`).
///
/// The other letters after `=` are attributes, written without a colour (a promotion's
/// `=G=sfw`, German for hurdle colour changing).
///
/// ```
/// use feerie::harness::metamorphic::swap_colour_letters;
/// use feerie::oracle::notation::popeye_words::Language;
/// let en = Language::English;
/// let de = Language::German;
/// assert_eq!(swap_colour_letters("0:Rb1*b3[+wSg1][b4=nP] 1:bxa1", en), "0:Rb1*b3[+bSg1][b4=nP] 1:bxa1");
/// assert_eq!(swap_colour_letters("0:Qd8*g5=w 1:aPe6-e7[=ba]", en), "0:Qd8*g5=b 1:aPe6-e7[=wa]");
/// assert_eq!(swap_colour_letters("0:Dd8*g5=w 1:Lh6*e3=s", de), "0:Dd8*g5=s 1:Lh6*e3=w");
/// assert_eq!(swap_colour_letters("0:h7-h8=G=sfw 1:kBa7*b8[-wkBb8]", de), "0:h7-h8=G=sfw 1:kBa7*b8[-skBb8]");
/// assert_eq!(swap_colour_letters("0:h7*g8=Q=b 1:e2-e4", en), "0:h7*g8=Q=w 1:e2-e4");
/// assert_eq!(swap_colour_letters("0:Rf2-f8=bh # 1:Rf8-f1=wh", en), "0:Rf2-f8=wh # 1:Rf8-f1=bh");
/// assert_eq!(swap_colour_letters("0:Rf2-f8=sh", de), "0:Rf2-f8=wh");
/// ```
pub fn swap_colour_letters(text: &str, language: Language) -> String {
    let black = match language {
        Language::English => b'b',
        Language::German => b's',
    };
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    for i in 1..bytes.len() {
        let run = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_lowercase())
            .count();
        let after = bytes.get(i + run);
        let colour_led = run > 0
            && match bytes[i - 1] {
                b'+' | b'-' | b'[' => !(run == 1 && after.is_some_and(u8::is_ascii_digit)),
                b'=' if i >= 2 && bytes[i - 2] == b'[' => true,
                // A side change (`=w`), or a half-neutral unit's (`=wh`, `h` in every language).
                b'=' => {
                    run == 1 && !after.is_some_and(u8::is_ascii_uppercase)
                        || run == 2 && bytes[i + 1] == b'h'
                }
                _ => false,
            };
        if colour_led {
            out[i] = match bytes[i] {
                b'w' => black,
                b if b == black => b'w',
                b => b,
            };
        }
    }
    String::from_utf8(out).expect("only ASCII letters are swapped")
}

impl Answer {
    /// The answer with every square mapped by `map` (the lines sorted again).
    pub fn mapped(&self, map: impl Fn(Square) -> Square + Copy) -> Answer {
        self.mapped_lines(|l| map_squares(l, map))
    }

    /// The answer with every line mapped by `map` (the lines sorted again).
    pub fn mapped_lines(&self, map: impl Fn(&str) -> String) -> Answer {
        Answer {
            twins: self
                .twins
                .iter()
                .map(|t| {
                    let mut lines: Vec<String> =
                        t.lines.iter().map(|l| canonical(&map(l))).collect();
                    lines.sort();
                    TwinAnswer {
                        label: t.label.clone(),
                        refused: t.refused.clone(),
                        lines,
                    }
                })
                .collect(),
            cut: self.cut,
        }
    }

    /// The answer with every letter left out of its lines but the squares': what the two
    /// languages write alike (walk codes, colours, attributes and words are each language's, and
    /// German writes the royal and the kamikaze attribute with one letter), so that a German and
    /// an English answer compare by their squares, captures, changes and marks.
    ///
    /// ```
    /// use feerie::harness::metamorphic::{Answer, TwinAnswer};
    /// let answer = |line: &str| Answer {
    ///     twins: vec![TwinAnswer { label: String::new(), refused: None, lines: vec![line.into()] }],
    ///     cut: false,
    /// };
    /// let german = answer("0| 0:kTb2*b3[wkTb3->h1][+sBb7] 1:d5*e6 ep.[wBe6->h4]");
    /// let english = answer("0| 0:kRb2*b3[+bPb7][wkRb3->h1] 1:d5*e6 ep.[wPe6->h4]");
    /// assert_eq!(german.without_letters(), english.without_letters());
    /// assert_ne!(german.without_letters(), answer("0| 0:kTb2*b4[wkTb3->h1][+sBb7] 1:d5*e6 ep.[wBe6->h4]").without_letters());
    /// ```
    pub fn without_letters(&self) -> Answer {
        self.mapped_lines(|line| {
            let bytes = line.as_bytes();
            let square_at = |i: usize| {
                (b'a'..=b'h').contains(&bytes[i])
                    && bytes.get(i + 1).is_some_and(|b| (b'1'..=b'8').contains(b))
            };
            let mut out = String::with_capacity(line.len());
            let mut i = 0;
            while i < bytes.len() {
                if square_at(i) {
                    out.push_str(&line[i..i + 2]);
                    i += 2;
                    continue;
                }
                if !bytes[i].is_ascii_alphabetic() {
                    out.push(bytes[i] as char);
                }
                i += 1;
            }
            out
        })
    }

    /// How many lines of play it has in all.
    pub fn line_count(&self) -> usize {
        self.twins.iter().map(|t| t.lines.len()).sum()
    }
}

/// How `theirs` (the transformed run's answer, mapped back) departs from `ours` (the original
/// run's): `None` when it is what the relation expects, else the first difference in words.
pub fn departure(ours: &Answer, theirs: &Answer, subset: bool) -> Option<String> {
    if ours.twins.len() != theirs.twins.len() {
        return Some(format!(
            "{} twin(s) against {}",
            theirs.twins.len(),
            ours.twins.len()
        ));
    }
    for (a, b) in ours.twins.iter().zip(&theirs.twins) {
        let twin = if a.label.is_empty() {
            String::new()
        } else {
            format!("twin {}: ", a.label)
        };
        if a.refused.is_some() != b.refused.is_some() {
            return Some(format!(
                "{twin}refused in one run only ({})",
                a.refused
                    .as_ref()
                    .or(b.refused.as_ref())
                    .expect("one refusal")
            ));
        }
        let missing = difference(&a.lines, &b.lines);
        let extra = difference(&b.lines, &a.lines);
        if let Some(line) = extra.first() {
            return Some(format!(
                "{twin}{} line(s) only in the transformed run, first: {line}",
                extra.len()
            ));
        }
        if !subset && let Some(line) = missing.first() {
            return Some(format!(
                "{twin}{} line(s) only in the original run, first: {line}",
                missing.len()
            ));
        }
    }
    None
}

/// The lines of `a` not in `b`, counted with their repeats (both sorted).
fn difference<'a>(a: &'a [String], b: &[String]) -> Vec<&'a String> {
    let mut out = Vec::new();
    let mut j = 0;
    for line in a {
        while j < b.len() && b[j] < *line {
            j += 1;
        }
        if j < b.len() && b[j] == *line {
            j += 1;
        } else {
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(ply: usize, text: &str) -> SolutionMove {
        SolutionMove {
            ply,
            text: text.into(),
            mark: None,
            line: 1,
        }
    }

    #[test]
    fn a_variation_under_its_key_is_the_keys_line_continued() {
        let moves = [
            mv(0, "Qa1"),
            mv(1, "Kd4"),
            mv(2, "Qd1"),
            mv(1, "Kf4"),
            mv(2, "Qf1"),
            mv(0, "Qb1"),
        ];
        let lines = lines_of(0, &moves);
        assert_eq!(
            lines,
            ["0| 0:Qa1 1:Kd4 2:Qd1", "0| 0:Qa1 1:Kf4 2:Qf1", "0| 0:Qb1"]
        );
    }

    #[test]
    fn a_subset_may_miss_lines_but_not_add_any() {
        let answer = |lines: &[&str]| Answer {
            twins: vec![TwinAnswer {
                label: String::new(),
                refused: None,
                lines: lines.iter().map(|s| s.to_string()).collect(),
            }],
            cut: false,
        };
        let all = answer(&["a", "b", "c"]);
        assert_eq!(departure(&all, &answer(&["a", "c"]), true), None);
        assert!(departure(&all, &answer(&["a", "c"]), false).is_some());
        assert!(departure(&all, &answer(&["a", "d"]), true).is_some());
        assert!(departure(&all, &answer(&["a", "a"]), true).is_some());
    }
}

#[cfg(test)]
mod undecided_tests {
    use super::answer_of;
    use crate::external::popeye_output::parse;

    #[test]
    fn an_answer_with_a_move_popeye_could_not_decide_is_not_whole() {
        let decided = "  h#1                         2 + 1\n\n  1.Ka1-a2 Qd1-a4 #\n\n\
                       solution finished. Time = 0.010 s\n";
        let undecided = "  h#1                         2 + 1\n\n  1.Ka1-a2 Qd1-a4 cannot \
                         decide if this move is legal or not.\n\n\
                         solution finished. Time = 0.010 s\n";
        let [decided] = parse(decided).try_into().expect("one problem");
        let [undecided] = parse(undecided).try_into().expect("one problem");
        assert!(!answer_of(&decided).cut);
        assert!(answer_of(&undecided).cut, "{undecided:?}");
    }
}
