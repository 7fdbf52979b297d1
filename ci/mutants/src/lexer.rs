//! A C lexer just good enough to find mutation points: it yields the tokens of the code with
//! their byte offsets, and skips comments, preprocessor lines (with their continuations), string
//! and character literals (kept as opaque tokens so that statements still end where they end).

/// What a token is, as far as mutation cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    Identifier,
    Number,
    /// A string or character literal: never mutated inside.
    Literal,
    Punct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    /// Byte offset of the first character in the source.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
}

impl Token {
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }
}

/// Punctuators of more than one character, longest first so that the first match is the longest.
const MULTI_PUNCT: [&str; 23] = [
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##",
];

/// The tokens of `source` outside comments and preprocessor lines.
pub fn tokenize(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    // Whether only blanks stand between the start of the line and `i`: a `#` there opens a
    // preprocessor line.
    let mut at_line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            at_line_start = true;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'#' && at_line_start {
            i = skip_preprocessor_line(bytes, i);
        } else if source[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if source[i..].starts_with("/*") {
            i = match source[i + 2..].find("*/") {
                Some(k) => i + 2 + k + 2,
                None => bytes.len(),
            };
        } else {
            at_line_start = false;
            let start = i;
            let kind = if c == b'"' || c == b'\'' {
                i = skip_quoted(bytes, i, c);
                TokenKind::Literal
            } else if c.is_ascii_alphabetic() || c == b'_' {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                // A prefixed literal such as L"..." or u8'x'.
                if i < bytes.len() && (bytes[i] == b'"' || bytes[i] == b'\'') {
                    i = skip_quoted(bytes, i, bytes[i]);
                    TokenKind::Literal
                } else {
                    TokenKind::Identifier
                }
            } else if c.is_ascii_digit()
                || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric()
                        || bytes[i] == b'.'
                        || ((bytes[i] == b'+' || bytes[i] == b'-')
                            && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P')))
                {
                    i += 1;
                }
                TokenKind::Number
            } else {
                let len = MULTI_PUNCT
                    .iter()
                    .find(|p| source[i..].starts_with(**p))
                    .map_or(1, |p| p.len());
                // Keep to character boundaries when the source holds non-ASCII text.
                let mut end = i + len;
                while !source.is_char_boundary(end) {
                    end += 1;
                }
                i = end;
                TokenKind::Punct
            };
            tokens.push(Token {
                kind,
                start,
                end: i,
            });
        }
    }
    tokens
}

/// From a `#` that opens a preprocessor line, the offset of the newline that ends it (lines
/// continued with a backslash belong to it, and so does a comment that crosses a line end).
fn skip_preprocessor_line(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'\\' if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') => i += 3,
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(bytes.len());
            }
            b'\n' => return i,
            _ => i += 1,
        }
    }
    i
}

/// From an opening quote, the offset one past the closing one (escapes honoured; an
/// unterminated literal ends at the line's end).
fn skip_quoted(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    i.min(bytes.len())
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, source[line_start..offset].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(source: &str) -> Vec<&str> {
        tokenize(source).iter().map(|t| t.text(source)).collect()
    }

    #[test]
    fn comments_preprocessor_lines_and_literals_yield_no_code_tokens() {
        let source =
            "#define A(x) \\\n  ((x) < 1)\n/* a < b */ x <= y; // c == d\ns = \"p < q\"; c = '<';";
        assert_eq!(
            texts(source),
            [
                "x",
                "<=",
                "y",
                ";",
                "s",
                "=",
                "\"p < q\"",
                ";",
                "c",
                "=",
                "'<'",
                ";"
            ]
        );
    }

    #[test]
    fn multi_character_operators_are_one_token() {
        assert_eq!(
            texts("a<<=b>=c&&d++"),
            ["a", "<<=", "b", ">=", "c", "&&", "d", "++"]
        );
    }

    #[test]
    fn line_and_column_are_one_based() {
        let source = "ab\n  cd";
        assert_eq!(line_col(source, 5), (2, 3));
    }
}
