//! A skip's reason on one short line: its clauses (`; ` between them) that differ only by a
//! square grouped into one (`piece attribute Kamikaze×3 on h1, a8, c8`), each clause once, and
//! the line cut at [`MAX_CHARS`] at a clause's end, saying how many clauses were left out.
//! The whole reason stays in the JSON document and report.

/// The longest one-line reason, in characters (a cut clause ends with `…`).
pub const MAX_CHARS: usize = 200;

/// The squares of a group shown (then `…`; the count says how many there are).
const SQUARES_SHOWN: usize = 8;

/// `reason` on one line of at most about [`MAX_CHARS`] characters.
///
/// ```
/// use feerie::verify::reason::one_line;
/// let reason = "unsupported: fairy piece 'nh' on d1; fairy piece 'nh' on e5; condition 'madrasi'; \
///     fairy piece 'nh' on g2";
/// assert_eq!(one_line(reason), "unsupported: fairy piece 'nh'×3 on d1, e5, g2; condition 'madrasi'");
/// let magic: Vec<String> = ["a8", "b7", "f6"].iter()
///     .map(|sq| format!("Popeye's Magic attribute on {sq} (a colour-changing rule)")).collect();
/// assert_eq!(one_line(&magic.join("; ")),
///     "Popeye's Magic attribute×3 on a8, b7, f6 (a colour-changing rule)");
/// assert_eq!(one_line("time budget"), "time budget");
/// ```
pub fn one_line(reason: &str) -> String {
    let (prefix, body) = match reason.strip_prefix("unsupported: ") {
        Some(rest) => ("unsupported: ", rest),
        None => ("", reason),
    };
    let body = body.replace('\n', " ");
    let mut groups: Vec<Group> = Vec::new();
    for clause in body.split("; ") {
        match on_square(clause) {
            Some((head, square, tail)) => {
                match groups
                    .iter_mut()
                    .find(|g| g.head == head && g.tail == tail && !g.squares.is_empty())
                {
                    Some(group) => {
                        if !group.squares.contains(&square) {
                            group.squares.push(square);
                        }
                    }
                    None => groups.push(Group {
                        head,
                        squares: vec![square],
                        tail,
                    }),
                }
            }
            None => {
                if !groups
                    .iter()
                    .any(|g| g.squares.is_empty() && g.head == clause)
                {
                    groups.push(Group {
                        head: clause,
                        squares: Vec::new(),
                        tail: "",
                    });
                }
            }
        }
    }
    let clauses: Vec<String> = groups.iter().map(Group::text).collect();
    cut(prefix, &clauses)
}

/// Clauses that differ only by their square.
struct Group<'a> {
    head: &'a str,
    squares: Vec<&'a str>,
    tail: &'a str,
}

impl Group<'_> {
    fn text(&self) -> String {
        match self.squares.len() {
            0 => self.head.to_string(),
            1 => format!("{} on {}{}", self.head, self.squares[0], self.tail),
            n => {
                let mut shown = self.squares[..n.min(SQUARES_SHOWN)].join(", ");
                if n > SQUARES_SHOWN {
                    shown.push_str(", …");
                }
                format!("{}×{n} on {shown}{}", self.head, self.tail)
            }
        }
    }
}

/// A clause `HEAD on SQUARE TAIL` split there (the first ` on ` followed by a square).
fn on_square(clause: &str) -> Option<(&str, &str, &str)> {
    let at = clause.find(" on ")?;
    let rest = &clause[at + 4..];
    let square = rest.get(..2)?;
    let bytes = square.as_bytes();
    let is_square = (b'a'..=b'h').contains(&bytes[0]) && (b'1'..=b'8').contains(&bytes[1]);
    let ends = rest[2..].is_empty() || rest[2..].starts_with([' ', ',', ')']);
    (is_square && ends).then(|| (&clause[..at], square, &rest[2..]))
}

/// `prefix` and the clauses joined by `; `, as many as fit in [`MAX_CHARS`]; a first clause
/// too long alone cut at a word, and the clauses left out counted.
fn cut(prefix: &str, clauses: &[String]) -> String {
    let mut line = prefix.to_string();
    for (i, clause) in clauses.iter().enumerate() {
        let sep = if i == 0 { "" } else { "; " };
        let left = clauses.len() - i;
        let more = if left > 1 {
            format!("; and {} more", left - 1)
        } else {
            String::new()
        };
        let fits = line.chars().count() + sep.len() + clause.chars().count();
        if fits <= MAX_CHARS {
            line.push_str(sep);
            line.push_str(clause);
            continue;
        }
        if i == 0 {
            // One long clause: cut at a word, with room for what follows.
            let room = MAX_CHARS.saturating_sub(line.chars().count() + more.len() + 1);
            let cut: String = clause.chars().take(room).collect();
            let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(a, _)| a);
            line.push_str(cut.trim_end_matches([',', ' ', '(']));
            line.push('…');
            line.push_str(&more);
        } else {
            line.push_str(&format!("; and {left} more"));
        }
        break;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reason_is_cut_at_a_clause_and_counts_the_rest() {
        let clauses: Vec<String> = (0..40).map(|i| format!("condition 'word{i}'")).collect();
        let line = one_line(&format!("unsupported: {}", clauses.join("; ")));
        assert!(line.chars().count() <= MAX_CHARS + 20, "{line}");
        assert!(line.starts_with("unsupported: condition 'word0'; condition 'word1'"));
        let shown = line.matches("condition '").count();
        assert!(
            line.ends_with(&format!("; and {} more", 40 - shown)),
            "{line}"
        );
    }

    #[test]
    fn one_long_clause_is_cut_at_a_word() {
        let long = format!(
            "stipulation 'ct2': unknown play (supported: {})",
            ["#n"; 80].join(", ")
        );
        let line = one_line(&format!("unsupported: condition 'anticirce'; {long}"));
        assert!(line.chars().count() <= MAX_CHARS + 20, "{line}");
        assert!(line.starts_with("unsupported: condition 'anticirce'"));
        assert!(line.ends_with("; and 1 more"), "{line}");
        let alone = one_line(&long);
        assert!(
            alone.ends_with('…') && alone.chars().count() <= MAX_CHARS,
            "{alone}"
        );
    }

    #[test]
    fn squares_group_only_clauses_that_differ_by_the_square() {
        let line =
            one_line("neutral unit on e7; two units on e7 (a second position); neutral unit on f2");
        assert_eq!(
            line,
            "neutral unit×2 on e7, f2; two units on e7 (a second position)"
        );
        let many: Vec<String> = (1..=8)
            .flat_map(|rank| ["a", "b"].map(|file| format!("neutral unit on {file}{rank}")))
            .collect();
        assert_eq!(
            one_line(&many.join("; ")),
            "neutral unit×16 on a1, b1, a2, b2, a3, b3, a4, b4, …"
        );
        // `on` not followed by a square is no square.
        assert_eq!(one_line("option on off; option on off"), "option on off");
    }
}
