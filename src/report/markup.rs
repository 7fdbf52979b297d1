//! Text made safe inside markup: the HTML reports, the SVG diagrams and the JUnit files.

/// Text as HTML or XML character data or attribute value (the HTML reports, the SVG diagrams
/// and the JUnit files); the control characters XML cannot carry are dropped.
///
/// ```
/// assert_eq!(feerie::report::markup::escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&#39;",
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}
