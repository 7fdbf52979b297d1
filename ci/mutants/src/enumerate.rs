//! The mutants of a C file, found mechanically inside function bodies: operator swaps, negated
//! conditions, deleted simple statements and changed integer constants. The enumeration depends
//! on the file's text alone, in the order of the text, so that a seed names one sample.

use crate::lexer::{Token, TokenKind, line_col, tokenize};
use serde::Serialize;

/// The kinds of change, as they are named in mutant ids and tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Relational,
    Arithmetic,
    Logical,
    NegateIf,
    NegateWhile,
    DeleteStatement,
    Constant,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Relational => "relational",
            Kind::Arithmetic => "arithmetic",
            Kind::Logical => "logical",
            Kind::NegateIf => "negate-if",
            Kind::NegateWhile => "negate-while",
            Kind::DeleteStatement => "delete-statement",
            Kind::Constant => "constant",
        }
    }
}

/// One change of one file: the bytes `start..end` of the pristine text become `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mutant {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    pub original: String,
    pub replacement: String,
}

impl Mutant {
    /// The stable name of the mutant: file, line, column, kind and what it writes (`!()` for a
    /// negation, `;` for a deletion).
    pub fn id(&self) -> String {
        let to = match self.kind {
            Kind::NegateIf | Kind::NegateWhile => "!()",
            Kind::DeleteStatement => ";",
            _ => self.replacement.as_str(),
        };
        format!(
            "{}:{}:{}:{}:{}",
            self.file,
            self.line,
            self.column,
            self.kind.name(),
            to
        )
    }

    /// The file's text with this mutant applied.
    pub fn apply(&self, source: &str) -> String {
        format!(
            "{}{}{}",
            &source[..self.start],
            self.replacement,
            &source[self.end..]
        )
    }

    /// The source line the mutant starts on, before and after (a change that spans lines is
    /// shown on one line, its line breaks folded).
    pub fn diff_lines(&self, source: &str) -> (String, String) {
        let line_start = source[..self.start].rfind('\n').map_or(0, |k| k + 1);
        let line_end = source[self.end..]
            .find('\n')
            .map_or(source.len(), |k| self.end + k);
        let fold = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let before = fold(&source[line_start..line_end]);
        let after = fold(&format!(
            "{}{}{}",
            &source[line_start..self.start],
            self.replacement,
            &source[self.end..line_end]
        ));
        (before, after)
    }
}

const KEYWORDS: [&str; 38] = [
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Bool",
    "_Complex",
    "bool",
    "_Imaginary",
];

/// Words that open a declaration when they start a statement.
const DECLARATION_WORDS: [&str; 20] = [
    "char", "const", "double", "enum", "extern", "float", "int", "long", "register", "short",
    "signed", "static", "struct", "typedef", "union", "unsigned", "void", "volatile", "_Bool",
    "bool",
];

/// Every mutant of `source` (named `file` in ids), in text order. A statement that starts with a
/// call whose name begins with one of `skip_calls` (tracing or assertion macros that compile to
/// nothing in the build under test) gives no mutant at all.
pub fn enumerate(file: &str, source: &str, skip_calls: &[String]) -> Vec<Mutant> {
    let tokens = tokenize(source);
    let text = |i: usize| tokens[i].text(source);
    let in_body = function_bodies(&tokens, source);
    let statements = statement_starts(&tokens, source, &in_body);
    let mut skipped = vec![false; tokens.len()];
    let mut declaration_start = vec![false; tokens.len()];
    let mut deletable = Vec::new();
    for &s in &statements {
        let end = statement_end(&tokens, source, s);
        if tokens[s].kind == TokenKind::Identifier
            && skip_calls.iter().any(|p| text(s).starts_with(p.as_str()))
        {
            let last = end.unwrap_or(s);
            skipped[s..=last].iter_mut().for_each(|b| *b = true);
            continue;
        }
        if is_declaration(&tokens, source, s) {
            declaration_start[s] = true;
            continue;
        }
        let opener = text(s);
        let simple =
            tokens[s].kind != TokenKind::Punct || matches!(opener, "++" | "--" | "*" | "(");
        let deletes =
            simple && !KEYWORDS.contains(&opener) || matches!(opener, "break" | "continue");
        if deletes && let Some(end) = end {
            deletable.push((s, end));
        }
    }
    let mut found = Vec::new();
    let push = |found: &mut Vec<Mutant>, kind, start: usize, end: usize, replacement: String| {
        let (line, column) = line_col(source, start);
        found.push(Mutant {
            file: file.to_string(),
            line,
            column,
            kind,
            start,
            end,
            original: source[start..end].to_string(),
            replacement,
        });
    };
    let mut deletable = deletable.into_iter().peekable();
    for i in 0..tokens.len() {
        if !in_body[i] || skipped[i] {
            continue;
        }
        let t = &tokens[i];
        while let Some(&(s, end)) = deletable.peek() {
            if s > i {
                break;
            }
            deletable.next();
            push(
                &mut found,
                Kind::DeleteStatement,
                tokens[s].start,
                tokens[end].end,
                ";".into(),
            );
        }
        let operand_before =
            i > 0 && ends_operand(&tokens, source, i - 1) && !declaration_start[i - 1];
        let swap = match (t.kind, t.text(source)) {
            (TokenKind::Punct, op) => operator_swap(
                op,
                operand_before,
                tokens.get(i + 1).map(|n| n.text(source)),
            ),
            _ => None,
        };
        if let Some((kind, to)) = swap {
            push(&mut found, kind, t.start, t.end, to.into());
        }
        if t.kind == TokenKind::Identifier
            && matches!(t.text(source), "if" | "while")
            && let Some(close) = tokens
                .get(i + 1)
                .filter(|n| n.text(source) == "(")
                .and_then(|_| matching_paren(&tokens, source, i + 1))
            && close > i + 2
        {
            let (start, end) = (tokens[i + 2].start, tokens[close - 1].end);
            let kind = if t.text(source) == "if" {
                Kind::NegateIf
            } else {
                Kind::NegateWhile
            };
            push(
                &mut found,
                kind,
                start,
                end,
                format!("!({})", &source[start..end]),
            );
        }
        if t.kind == TokenKind::Number {
            for to in constant_changes(t.text(source)) {
                push(&mut found, Kind::Constant, t.start, t.end, to);
            }
        }
    }
    found
}

/// The operator a token is swapped for, when it is one that is swapped. `*` and the additive
/// operators are swapped only where they are binary (an operand ends just before them, and for
/// `*` no `)` follows, as in a cast to a pointer type).
fn operator_swap(op: &str, binary: bool, next: Option<&str>) -> Option<(Kind, &'static str)> {
    Some(match op {
        "<" => (Kind::Relational, "<="),
        "<=" => (Kind::Relational, "<"),
        ">" => (Kind::Relational, ">="),
        ">=" => (Kind::Relational, ">"),
        "==" => (Kind::Relational, "!="),
        "!=" => (Kind::Relational, "=="),
        "&&" => (Kind::Logical, "||"),
        "||" => (Kind::Logical, "&&"),
        "++" => (Kind::Arithmetic, "--"),
        "--" => (Kind::Arithmetic, "++"),
        "+=" => (Kind::Arithmetic, "-="),
        "-=" => (Kind::Arithmetic, "+="),
        "+" if binary => (Kind::Arithmetic, "-"),
        "-" if binary => (Kind::Arithmetic, "+"),
        "*" if binary && next != Some(")") && next != Some("const") => (Kind::Arithmetic, "/"),
        "/" => (Kind::Arithmetic, "*"),
        _ => return None,
    })
}

/// The changed texts of an integer literal: `0` becomes `1`, `1` becomes `0` and `2`, any other
/// `n` becomes `n+1` (its suffix kept). Floating and octal literals are left alone.
fn constant_changes(literal: &str) -> Vec<String> {
    let digits_end = literal.find(['u', 'U', 'l', 'L']).unwrap_or(literal.len());
    let (number, suffix) = literal.split_at(digits_end);
    let (value, hex) = if let Some(h) = number
        .strip_prefix("0x")
        .or_else(|| number.strip_prefix("0X"))
    {
        (u64::from_str_radix(h, 16).ok(), true)
    } else if number.len() > 1 && number.starts_with('0')
        || !number.bytes().all(|b| b.is_ascii_digit())
    {
        (None, false)
    } else {
        (number.parse::<u64>().ok(), false)
    };
    let Some(value) = value else {
        return Vec::new();
    };
    let render = |v: u64| {
        if hex {
            format!("0x{v:x}{suffix}")
        } else {
            format!("{v}{suffix}")
        }
    };
    match value {
        0 => vec![render(1)],
        1 => vec![render(0), render(2)],
        v => v.checked_add(1).map(render).into_iter().collect(),
    }
}

fn ends_operand(tokens: &[Token], source: &str, i: usize) -> bool {
    let t = &tokens[i];
    match t.kind {
        TokenKind::Number | TokenKind::Literal => true,
        TokenKind::Identifier => !KEYWORDS.contains(&t.text(source)),
        TokenKind::Punct => matches!(t.text(source), ")" | "]" | "++" | "--"),
    }
}

/// For each token, whether it lies inside a function body (a brace block opened at file level
/// right after a `)`).
fn function_bodies(tokens: &[Token], source: &str) -> Vec<bool> {
    let mut inside = vec![false; tokens.len()];
    let mut depth = 0usize;
    let mut body = false;
    for i in 0..tokens.len() {
        match tokens[i].text(source) {
            "{" => {
                if depth == 0 {
                    body = i > 0 && tokens[i - 1].text(source) == ")";
                }
                depth += 1;
            }
            "}" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    inside[i] = false;
                    body = false;
                    continue;
                }
            }
            _ => {}
        }
        inside[i] = body && depth > 0 && !(depth == 1 && tokens[i].text(source) == "{");
    }
    inside
}

/// The tokens that start a statement inside a function body: after `{`, `}`, `;` (outside
/// parentheses), `else`, `do`, a label's or case's `:`, and the header of `if`, `while`, `for`
/// and `switch`.
fn statement_starts(tokens: &[Token], source: &str, in_body: &[bool]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut paren = 0usize;
    let mut after_header: Option<usize> = None;
    for i in 0..tokens.len() {
        if !in_body[i] {
            continue;
        }
        let t = tokens[i].text(source);
        let starts_here = i > 0
            && in_body.get(i).copied().unwrap_or(false)
            && paren == 0
            && (matches!(tokens[i - 1].text(source), "{" | "}" | ";" | "else" | "do")
                || after_header == Some(i)
                || (tokens[i - 1].text(source) == ":" && label_colon(tokens, source, i - 1)));
        if starts_here && !matches!(t, "{" | "}" | ";") {
            starts.push(i);
        }
        match t {
            "(" => paren += 1,
            ")" => paren = paren.saturating_sub(1),
            "if" | "while" | "for" | "switch" if paren == 0 => {
                if let Some(close) = tokens
                    .get(i + 1)
                    .filter(|n| n.text(source) == "(")
                    .and_then(|_| matching_paren(tokens, source, i + 1))
                {
                    after_header = Some(close + 1);
                }
            }
            _ => {}
        }
    }
    starts
}

/// Whether the `:` at `colon` ends a `case …:`, `default:` or a label (rather than a `?:`).
fn label_colon(tokens: &[Token], source: &str, colon: usize) -> bool {
    let mut j = colon;
    while j > 0 {
        j -= 1;
        match tokens[j].text(source) {
            "case" | "default" => return true,
            "?" | ";" | "{" | "}" => return false,
            _ => {}
        }
    }
    false
}

/// The `;` that ends the simple statement starting at `start`, or None when a brace comes first
/// (a compound statement or an initialiser).
fn statement_end(tokens: &[Token], source: &str, start: usize) -> Option<usize> {
    let mut paren = 0usize;
    for (j, t) in tokens.iter().enumerate().skip(start) {
        match t.text(source) {
            "(" | "[" => paren += 1,
            ")" | "]" => paren = paren.saturating_sub(1),
            "{" | "}" => return None,
            ";" if paren == 0 => return Some(j),
            _ => {}
        }
    }
    None
}

fn is_declaration(tokens: &[Token], source: &str, s: usize) -> bool {
    let first = tokens[s].text(source);
    if DECLARATION_WORDS.contains(&first) {
        return true;
    }
    if tokens[s].kind != TokenKind::Identifier || KEYWORDS.contains(&first) {
        return false;
    }
    match tokens.get(s + 1) {
        Some(next) => next.kind == TokenKind::Identifier || next.text(source) == "*",
        None => false,
    }
}

/// The index of the `)` that closes the `(` at `open`.
fn matching_paren(tokens: &[Token], source: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, t) in tokens.iter().enumerate().skip(open) {
        match t.text(source) {
            "(" => depth += 1,
            ")" => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNIPPET: &str = r#"#include <stdio.h>
#define LIMIT(x) ((x) < 10 && (x) > 0)
static int table[3] = { 1, 2, 3 };
typedef struct { int a; } pair;

/* a < b in a comment */
int f(int a, int b, int *p)
{
  int sum = a + b;
  char const *s = "a < b || c";
  TraceValue("%d", a < b);
  if (a < b && b >= 2)
    sum -= 1;
  while (a != 0)
    --a;
  sum = sum * 2 / b;
  p[0] = '<';
  g(sum);
  return sum == 0 || sum > 7;
}
"#;

    fn ids(found: &[Mutant]) -> Vec<String> {
        found
            .iter()
            .map(|m| m.id().split_once(':').unwrap().1.to_string())
            .collect()
    }

    fn found() -> Vec<Mutant> {
        enumerate("f.c", SNIPPET, &["Trace".to_string()])
    }

    /// (line, kind, original, replacement) of each mutant.
    fn changes(found: &[Mutant]) -> Vec<(usize, &'static str, String, String)> {
        found
            .iter()
            .map(|m| {
                (
                    m.line,
                    m.kind.name(),
                    m.original.clone(),
                    m.replacement.clone(),
                )
            })
            .collect()
    }

    #[test]
    fn each_kind_is_found_where_it_applies() {
        let found = found();
        let changes = changes(&found);
        for (line, kind, from, to) in [
            (9, "arithmetic", "+", "-"),
            (12, "relational", "<", "<="),
            (12, "logical", "&&", "||"),
            (12, "relational", ">=", ">"),
            (12, "constant", "2", "3"),
            (12, "negate-if", "a < b && b >= 2", "!(a < b && b >= 2)"),
            (13, "arithmetic", "-=", "+="),
            (13, "constant", "1", "0"),
            (13, "constant", "1", "2"),
            (13, "delete-statement", "sum -= 1;", ";"),
            (14, "relational", "!=", "=="),
            (14, "constant", "0", "1"),
            (14, "negate-while", "a != 0", "!(a != 0)"),
            (15, "arithmetic", "--", "++"),
            (15, "delete-statement", "--a;", ";"),
            (16, "arithmetic", "*", "/"),
            (16, "arithmetic", "/", "*"),
            (18, "delete-statement", "g(sum);", ";"),
            (19, "logical", "||", "&&"),
            (19, "relational", ">", ">="),
            (19, "constant", "7", "8"),
        ] {
            let want = (line, kind, from.to_string(), to.to_string());
            assert!(changes.contains(&want), "{want:?} missing from {changes:?}");
        }
        // Each mutant's recorded original is the text at its line and column.
        for m in &found {
            let line = SNIPPET.lines().nth(m.line - 1).unwrap();
            assert!(
                line[m.column - 1..].starts_with(m.original.lines().next().unwrap()),
                "{}",
                m.id()
            );
        }
    }

    #[test]
    fn comments_strings_preprocessor_lines_declarations_and_file_scope_give_none() {
        let found = found();
        for m in &found {
            assert!(m.line >= 9, "{} lies outside the function body", m.id());
            assert_ne!(
                m.line,
                10,
                "{} mutates inside a string or a declaration's type",
                m.id()
            );
            assert_ne!(m.line, 11, "{} mutates a skipped tracing call", m.id());
            let inside_literal = m.kind != Kind::DeleteStatement && m.original.contains('\'');
            assert!(!inside_literal, "{} mutates a character literal", m.id());
        }
        // The only change on the line with the character literal is its index or the whole
        // statement.
        assert!(
            found
                .iter()
                .filter(|m| m.line == 17)
                .all(|m| m.original == "0" || m.original == "p[0] = '<';")
        );
        // Declarations and returns are never deleted.
        let deleted: Vec<usize> = found
            .iter()
            .filter(|m| m.kind == Kind::DeleteStatement)
            .map(|m| m.line)
            .collect();
        assert!(
            !deleted.contains(&9) && !deleted.contains(&19),
            "{deleted:?}"
        );
    }

    #[test]
    fn applying_a_mutant_changes_only_its_span() {
        let found = found();
        let negation = found.iter().find(|m| m.kind == Kind::NegateIf).unwrap();
        let mutated = negation.apply(SNIPPET);
        assert!(mutated.contains("if (!(a < b && b >= 2))"));
        assert_eq!(mutated.len(), SNIPPET.len() + 3);
        let deletion = found
            .iter()
            .find(|m| m.kind == Kind::DeleteStatement && m.line == 18)
            .unwrap();
        assert_eq!(
            deletion.diff_lines(SNIPPET),
            ("g(sum);".to_string(), ";".to_string())
        );
    }

    #[test]
    fn the_enumeration_is_the_same_on_every_call_and_ids_are_unique() {
        let a = ids(&found());
        assert_eq!(a, ids(&found()));
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), a.len());
    }

    #[test]
    fn without_the_skip_list_the_tracing_call_is_mutated() {
        let all = enumerate("f.c", SNIPPET, &[]);
        assert!(
            all.iter()
                .any(|m| m.line == 11 && m.kind == Kind::Relational)
        );
    }
}
