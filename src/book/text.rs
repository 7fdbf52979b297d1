//! Text for the book's pages: HTML escaping and lists of moves as inline code.

/// `text` safe inside HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Moves as inline code, separated by commas: `` `a`, `b` ``; `none` when there are none.
pub fn code_list(moves: &[String]) -> String {
    if moves.is_empty() {
        return "none".into();
    }
    moves
        .iter()
        .map(|m| format!("`{m}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_code() {
        assert_eq!(code_list(&[]), "none");
        assert_eq!(code_list(&["a".into(), "b*c".into()]), "`a`, `b*c`");
        assert_eq!(escape("a<b&c>"), "a&lt;b&amp;c&gt;");
    }
}
