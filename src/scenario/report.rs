//! How a failed expectation is shown: the scenario, the rules, the expectation, and a diff of
//! expected and actual lines.

use similar::{ChangeTag, TextDiff};

use super::Failure;

/// Writes one failure as readable text: a header, then `-` for expected lines the engine did not
/// give and `+` for lines it gave that were not expected.
///
/// ```
/// let f = feerie::scenario::Failure {
///     file: "x.yaml".into(), scenario: "demo".into(), rules: "orthodox profile=documented".into(),
///     expectation: "moves (the exact list)".into(),
///     expected: vec!["Ke1-d1".into(), "Ke1-e2".into()],
///     actual: vec!["Ke1-e2".into(), "Ke1-f1".into()],
/// };
/// let text = feerie::scenario::print_failure(&f);
/// assert!(text.contains("-Ke1-d1") && text.contains("+Ke1-f1") && text.contains(" Ke1-e2"));
/// ```
pub fn print_failure(f: &Failure) -> String {
    let mut out = format!(
        "FAIL {}: {}\n  rules: {}\n  expectation: {}\n  --- expected\n  +++ actual\n",
        f.file, f.scenario, f.rules, f.expectation
    );
    let expected = lines(&f.expected);
    let actual = lines(&f.actual);
    let diff = TextDiff::from_lines(&expected, &actual);
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            ChangeTag::Delete => '-',
            ChangeTag::Insert => '+',
            ChangeTag::Equal => ' ',
        };
        out.push_str(&format!("  {sign}{}", change.value()));
        if !change.value().ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

fn lines(items: &[String]) -> String {
    items.iter().map(|l| format!("{l}\n")).collect()
}
