//! JUnit XML, the report format CI systems display: suites of test cases, each passed, failed
//! (with a message and details) or skipped (with the reason).

use super::markup::escape;

/// One test case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestCase {
    /// The case's name.
    pub name: String,
    /// Seconds taken.
    pub seconds: f64,
    /// `Some((message, details))` when it failed.
    pub failure: Option<(String, String)>,
    /// `Some(why)` when it was skipped (and did not fail).
    pub skipped: Option<String>,
}

/// A suite of cases.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestSuite {
    /// The suite's name.
    pub name: String,
    /// Its cases.
    pub cases: Vec<TestCase>,
}

/// The suites as a JUnit XML document.
///
/// ```
/// use feerie::report::junit::{to_xml, TestCase, TestSuite};
/// let suite = TestSuite {
///     name: "fuzz".into(),
///     cases: vec![
///         TestCase { name: "circe/documented".into(), seconds: 1.5, ..TestCase::default() },
///         TestCase { name: "magic <1>".into(), seconds: 0.5,
///             failure: Some(("1 divergence".into(), "a & b".into())), ..TestCase::default() },
///         TestCase { name: "anticirce".into(), skipped: Some("condition 'anticirce'".into()),
///             ..TestCase::default() },
///     ],
/// };
/// let xml = to_xml(&[suite]);
/// assert!(xml.contains(r#"<testsuite name="fuzz" tests="3" failures="1" errors="0" skipped="1""#));
/// assert!(xml.contains("magic &lt;1&gt;"));
/// assert!(xml.contains("a &amp; b"));
/// assert!(xml.contains(r#"<skipped message="condition &#39;anticirce&#39;"/>"#));
/// ```
pub fn to_xml(suites: &[TestSuite]) -> String {
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures: usize = suites
        .iter()
        .flat_map(|s| &s.cases)
        .filter(|c| c.failure.is_some())
        .count();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x += &format!("<testsuites name=\"feerie check\" tests=\"{tests}\" failures=\"{failures}\">\n");
    for suite in suites {
        let failed = suite.cases.iter().filter(|c| c.failure.is_some()).count();
        let skipped = suite
            .cases
            .iter()
            .filter(|c| c.failure.is_none() && c.skipped.is_some())
            .count();
        let time: f64 = suite.cases.iter().map(|c| c.seconds).sum();
        x += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failed}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time:.3}\">\n",
            escape(&suite.name),
            suite.cases.len()
        );
        for case in &suite.cases {
            x += &format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                escape(&suite.name),
                escape(&case.name),
                case.seconds
            );
            match (&case.failure, &case.skipped) {
                (None, None) => x += "/>\n",
                (None, Some(why)) => {
                    x += ">\n";
                    x += &format!("      <skipped message=\"{}\"/>\n", escape(why));
                    x += "    </testcase>\n";
                }
                (Some((message, details)), _) => {
                    x += ">\n";
                    x += &format!(
                        "      <failure message=\"{}\">{}</failure>\n",
                        escape(message),
                        escape(details)
                    );
                    x += "    </testcase>\n";
                }
            }
        }
        x += "  </testsuite>\n";
    }
    x + "</testsuites>\n"
}
