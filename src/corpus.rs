//! Perft suites shipped under `corpus/perft/`: one file per rule setting, a header of `# key:
//! value` lines naming the rules and who confirmed the counts, then lines `FEN ; 1=20 2=400 …`;
//! other lines starting with `#` are comments.
//!
//! ```text
//! # rules: circe-parrain; profile: popeye; set: rex=inclusive
//! # reference: counts up to 2000000
//! # popeye: 4.104; depths up to 3, counts up to 200000 at depth 4
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; 1=20 2=400 3=8902
//! ```
//!
//! - `rules` (required): the condition slugs (`orthodox` for none), separated by `,` or `+`, then
//!   optionally `; profile: NAME` and `; set: KEY=VALUE, KEY=VALUE`, exactly as `--rules`,
//!   `--profile` and `--set` on the command line.
//! - `reference` (optional): the counts the reference engine confirmed. The bitboard engine gives
//!   every count of every suite.
//! - `popeye` (optional): `VERSION; CLAIM` for the counts Popeye confirmed, or `none; REASON`.
//! - A claim is a list of items separated by `,`: `depths up to D` (every count of depth ≤ D),
//!   `counts up to N` (every count ≤ N), `counts up to N at depth D` (the counts ≤ N of depth D).
//!   A count is claimed when any item covers it.

use std::path::Path;

use feerie_oracle::{Rules, RulesError};

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// File and line, for messages.
    pub origin: String,
    /// The position.
    pub fen: String,
    /// (depth, count) pairs.
    pub counts: Vec<(u32, u64)>,
    /// The rules of the suite the position belongs to.
    pub rules: Rules,
}

/// A suite file: its rules, who confirmed its counts, and its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftSuite {
    /// The file, for messages.
    pub name: String,
    /// The rules every position is counted under.
    pub rules: Rules,
    /// The counts the reference engine confirmed (`None`: the header does not say).
    pub reference: Option<Claim>,
    /// What the header says of Popeye.
    pub popeye: PopeyeClaim,
    /// The positions in file order.
    pub cases: Vec<PerftCase>,
}

/// What a suite's header says about Popeye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopeyeClaim {
    /// No `popeye` line.
    Unstated,
    /// `popeye: 4.104; depths up to 3`: this version of Popeye gave these counts.
    Confirmed {
        /// Popeye's version, e.g. `4.104`.
        version: String,
        /// The counts it confirmed.
        claim: Claim,
    },
    /// `popeye: none; REASON`: Popeye cannot count these rules.
    None {
        /// Why, in words.
        reason: String,
    },
}

/// Which counts of a suite an engine confirmed: a count is covered when any item covers it.
///
/// ```
/// let claim: feerie::corpus::Claim = "depths up to 3, counts up to 200000 at depth 4".parse().unwrap();
/// assert!(claim.covers(3, 9_000_000));
/// assert!(claim.covers(4, 197_281));
/// assert!(!claim.covers(4, 4_085_603));
/// assert!("depth 3".parse::<feerie::corpus::Claim>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    items: Vec<ClaimItem>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ClaimItem {
    Depths(u32),
    Counts(u64),
    CountsAtDepth(u64, u32),
}

impl Claim {
    /// Whether the count of `count` nodes at `depth` is claimed.
    pub fn covers(&self, depth: u32, count: u64) -> bool {
        self.items.iter().any(|item| match *item {
            ClaimItem::Depths(d) => depth <= d,
            ClaimItem::Counts(n) => count <= n,
            ClaimItem::CountsAtDepth(n, d) => depth == d && count <= n,
        })
    }
}

impl std::str::FromStr for Claim {
    type Err = SuiteProblem;

    fn from_str(text: &str) -> Result<Claim, SuiteProblem> {
        let bad = |item: &str| SuiteProblem::NotClaimItem(item.to_string());
        let items = text
            .split(',')
            .map(|item| {
                let words: Vec<&str> = item.split_whitespace().collect();
                let item = item.trim();
                match words.as_slice() {
                    ["depths", "up", "to", d] => d.parse().map(ClaimItem::Depths),
                    ["counts", "up", "to", n] => n.parse().map(ClaimItem::Counts),
                    ["counts", "up", "to", n, "at", "depth", d] => n
                        .parse()
                        .and_then(|n| d.parse().map(|d| ClaimItem::CountsAtDepth(n, d))),
                    _ => return Err(bad(item)),
                }
                .map_err(|_| bad(item))
            })
            .collect::<Result<Vec<_>, SuiteProblem>>()?;
        Ok(Claim { items })
    }
}

/// A perft suite that cannot be used, or a folder of suites that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorpusError {
    /// A malformed perft suite: the file and line, and what is wrong.
    Suite(SuiteError),
    /// A folder of suites, or a file in it, that cannot be read.
    Folder(String),
}

impl std::fmt::Display for CorpusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CorpusError::Suite(e) => e.fmt(f),
            CorpusError::Folder(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CorpusError {}

/// A malformed perft suite: the place (`file:line`, or the file) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// `file:line`, or the file for what concerns the whole suite.
    pub place: String,
    /// What is wrong.
    pub problem: SuiteProblem,
}

impl std::fmt::Display for SuiteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.place, self.problem)
    }
}

impl std::error::Error for SuiteError {}

/// What is wrong in a perft suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuiteProblem {
    /// A header line whose key is not `rules`, `reference` or `popeye`.
    UnknownHeaderKey(String),
    /// A header line below a position.
    HeaderAfterPosition(String),
    /// A header key given twice.
    RepeatedHeader(String),
    /// A position line without `;` between the FEN and the counts.
    NotFenAndCounts,
    /// A count that is not `depth=count`.
    NotDepthCount(String),
    /// No `# rules:` header.
    NoRulesHeader,
    /// A `rules:` header without a condition.
    NoCondition,
    /// A field of `rules:` that is neither `profile: NAME` (once) nor `set: …`.
    RulesField(String),
    /// Rules that do not exist or combine.
    Rules(RulesError),
    /// A claim item of none of the three forms.
    NotClaimItem(String),
    /// A `popeye:` header without `;`.
    PopeyeHeader,
    /// A Popeye version that is empty or has a space.
    NotPopeyeVersion(String),
}

impl std::fmt::Display for SuiteProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SuiteProblem::UnknownHeaderKey(key) => write!(
                f,
                "unknown header key '{key}' (known: {})",
                HEADER_KEYS.join(", ")
            ),
            SuiteProblem::HeaderAfterPosition(key) => {
                write!(f, "header line '{key}:' after the first position")
            }
            SuiteProblem::RepeatedHeader(key) => write!(f, "a second '{key}:' header line"),
            SuiteProblem::NotFenAndCounts => f.write_str("expected 'FEN ; depth=count ...'"),
            SuiteProblem::NotDepthCount(word) => write!(f, "'{word}' is not depth=count"),
            SuiteProblem::NoRulesHeader => {
                f.write_str("no '# rules:' header line (e.g. '# rules: circe; profile: popeye')")
            }
            SuiteProblem::NoCondition => {
                f.write_str("'rules:' names no condition (write 'orthodox' for none)")
            }
            SuiteProblem::RulesField(field) => write!(
                f,
                "'{field}' in 'rules:' is not 'profile: NAME' (once) or 'set: KEY=VALUE, …'"
            ),
            SuiteProblem::Rules(e) => e.fmt(f),
            SuiteProblem::NotClaimItem(item) => write!(
                f,
                "'{item}' is not a claim item ('depths up to D', 'counts up to N' or 'counts up \
                 to N at depth D')"
            ),
            SuiteProblem::PopeyeHeader => {
                f.write_str("'popeye:' is 'VERSION; CLAIM' or 'none; REASON'")
            }
            SuiteProblem::NotPopeyeVersion(version) => {
                write!(f, "'{version}' is not a Popeye version")
            }
        }
    }
}

/// The keys of a suite's header lines.
const HEADER_KEYS: [&str; 3] = ["rules", "reference", "popeye"];

/// A comment line `# key: value` whose key is one lowercase word, or `None`.
fn header_line(comment: &str) -> Option<(&str, &str)> {
    let (key, value) = comment.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .then_some((key, value.trim()))
}

/// The rules of a `rules:` header value: `circe-parrain; profile: popeye; set: rex=inclusive`.
fn parse_rules_header(value: &str) -> Result<Rules, SuiteProblem> {
    let mut fields = value.split(';').map(str::trim);
    let slugs: Vec<String> = fields
        .next()
        .unwrap_or("")
        .split(['+', ','])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if slugs.is_empty() {
        return Err(SuiteProblem::NoCondition);
    }
    let (mut profile, mut sets) = (None, Vec::new());
    for field in fields.filter(|f| !f.is_empty()) {
        match field.split_once(':').map(|(k, v)| (k.trim(), v.trim())) {
            Some(("profile", p)) if profile.is_none() => profile = Some(p.to_string()),
            Some(("set", s)) => sets.extend(
                s.split(',')
                    .map(|x| x.trim().to_string())
                    .filter(|x| !x.is_empty()),
            ),
            _ => {
                return Err(SuiteProblem::RulesField(field.to_string()));
            }
        }
    }
    Rules::from_words(&slugs, profile.as_deref(), &sets).map_err(SuiteProblem::Rules)
}

fn parse_popeye_header(value: &str) -> Result<PopeyeClaim, SuiteProblem> {
    let (first, rest) = value
        .split_once(';')
        .map(|(a, b)| (a.trim(), b.trim()))
        .ok_or(SuiteProblem::PopeyeHeader)?;
    if first == "none" {
        return Ok(PopeyeClaim::None {
            reason: rest.to_string(),
        });
    }
    if first.is_empty() || first.contains(char::is_whitespace) {
        return Err(SuiteProblem::NotPopeyeVersion(first.to_string()));
    }
    Ok(PopeyeClaim::Confirmed {
        version: first.to_string(),
        claim: rest.parse()?,
    })
}

/// Reads a suite; errors name the file and line.
///
/// ```
/// use feerie::corpus::parse_suite;
/// let text = "# rules: circe; profile: popeye\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5 2=25\n";
/// let suite = parse_suite("x.txt", text).unwrap();
/// assert_eq!(suite.rules.to_string(), "circe profile=popeye");
/// assert_eq!(suite.cases[0].counts, vec![(1, 5), (2, 25)]);
/// assert!(parse_suite("x.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5").unwrap_err().to_string().contains("no '# rules:'"));
/// assert!(parse_suite("x.txt", "# rules: circe-plain\n").unwrap_err().to_string().starts_with("x.txt:1:"));
/// ```
pub fn parse_suite(name: &str, text: &str) -> Result<PerftSuite, CorpusError> {
    read_suite(name, text).map_err(CorpusError::Suite)
}

/// [`parse_suite`], its error naming the file and line.
fn read_suite(name: &str, text: &str) -> Result<PerftSuite, SuiteError> {
    let mut rules = None;
    let mut reference = None;
    let mut popeye = PopeyeClaim::Unstated;
    let mut cases: Vec<PerftCase> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let origin = format!("{name}:{}", i + 1);
        let at = |problem| SuiteError {
            place: origin.clone(),
            problem,
        };
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let Some((key, value)) = header_line(comment) else {
                continue;
            };
            if !HEADER_KEYS.contains(&key) {
                return Err(at(SuiteProblem::UnknownHeaderKey(key.to_string())));
            }
            if !cases.is_empty() {
                return Err(at(SuiteProblem::HeaderAfterPosition(key.to_string())));
            }
            let repeated = match key {
                "rules" => rules
                    .replace(parse_rules_header(value).map_err(at)?)
                    .is_some(),
                "reference" => reference
                    .replace(value.parse::<Claim>().map_err(at)?)
                    .is_some(),
                _ => {
                    let claim = parse_popeye_header(value).map_err(at)?;
                    std::mem::replace(&mut popeye, claim) != PopeyeClaim::Unstated
                }
            };
            if repeated {
                return Err(at(SuiteProblem::RepeatedHeader(key.to_string())));
            }
            continue;
        }
        let (fen, counts) = line
            .split_once(';')
            .ok_or_else(|| at(SuiteProblem::NotFenAndCounts))?;
        let counts = counts
            .split_whitespace()
            .map(|w| {
                let not_depth_count = || at(SuiteProblem::NotDepthCount(w.to_string()));
                let (d, n) = w.split_once('=').ok_or_else(not_depth_count)?;
                match (d.parse(), n.parse()) {
                    (Ok(d), Ok(n)) => Ok((d, n)),
                    _ => Err(not_depth_count()),
                }
            })
            .collect::<Result<Vec<_>, SuiteError>>()?;
        cases.push(PerftCase {
            origin,
            fen: fen.trim().to_string(),
            counts,
            // Set below, once the whole header is read.
            rules: Rules::orthodox(),
        });
    }
    let rules = rules.ok_or_else(|| SuiteError {
        place: name.to_string(),
        problem: SuiteProblem::NoRulesHeader,
    })?;
    for case in &mut cases {
        case.rules = rules.clone();
    }
    Ok(PerftSuite {
        name: name.to_string(),
        cases,
        rules,
        reference,
        popeye,
    })
}

/// The positions of a suite (see [`parse_suite`]).
///
/// ```
/// let cases = feerie::corpus::parse_perft_suite("x.txt", "# rules: orthodox\n# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5 2=25\n").unwrap();
/// assert_eq!(cases[0].counts, vec![(1, 5), (2, 25)]);
/// assert!(feerie::corpus::parse_perft_suite("x.txt", "# rules: orthodox\n4k3/8 w ; 1=x").is_err());
/// ```
pub fn parse_perft_suite(name: &str, text: &str) -> Result<Vec<PerftCase>, CorpusError> {
    parse_suite(name, text).map(|s| s.cases)
}

/// Every suite file (`*.txt`) of a folder, sorted by name: regular files of at most
/// [`crate::limits::MAX_INPUT_BYTES`] each.
pub fn load_suites(dir: &Path) -> Result<Vec<PerftSuite>, CorpusError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| CorpusError::Folder(format!("cannot read {}: {e}", dir.display())))?;
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = crate::limits::read_text(path, crate::limits::MAX_INPUT_BYTES)
                .map_err(|e| CorpusError::Folder(format!("{}: {e}", path.display())))?;
            parse_suite(&path.display().to_string(), &text)
        })
        .collect()
}

/// The positions of every suite of a folder, each with its suite's rules.
pub fn load_perft_dir(dir: &Path) -> Result<Vec<PerftCase>, CorpusError> {
    Ok(load_suites(dir)?
        .into_iter()
        .flat_map(|s| s.cases)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_suite("s.txt", text).unwrap_err().to_string()
    }

    #[test]
    fn bad_headers_are_one_line_errors_naming_the_line() {
        assert!(error("# rules: circe; profile: winchloe").starts_with("s.txt:1: "));
        assert!(error("# rules: circe; set: rex=maybe").contains("exclusive, inclusive"));
        assert!(error("# rules: circe; colour: blue").contains("'colour: blue'"));
        assert!(error("# rules: circe, protean, frankfurt").contains("choose one"));
        assert!(error("# rules:").contains("names no condition"));
        assert!(error("# rules: circe\n# rules: circe").starts_with("s.txt:2: a second"));
        assert!(error("# rule: circe").contains("unknown header key 'rule'"));
        assert!(
            error("# rules: circe\n8/8/8/8/8/8/8/k1K5 w - - 0 1 ; 1=3\n# popeye: none; x")
                .contains("after the first position")
        );
        assert!(error("# rules: circe\n# popeye: 4.104").contains("'VERSION; CLAIM'"));
        assert!(error("# rules: circe\n# popeye: 4.104; depth 3").contains("'depth 3'"));
        assert!(error("# rules: circe\n# reference: counts up to many").contains("'counts up"));
        for e in [
            error("# rules: circe; profile: winchloe"),
            error("# rules: circe\n# popeye: 4.104; depth 3"),
        ] {
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn a_full_header_is_read() {
        let suite = parse_suite(
            "s.txt",
            "# Free comment: with a colon.\n# rules: circe-parrain + frankfurt; profile: popeye; \
             set: rex=exclusive, first_rank_pawns=inert\n# reference: counts up to 1000\n# popeye: \
             4.104; depths up to 3, counts up to 50 at depth 4\n# note\n\
             4k3/8/8/8/8/8/8/4K3 w - - 0 1 wPe4 ; 1=5\n",
        )
        .unwrap();
        assert_eq!(
            suite.rules.to_string(),
            "circe-parrain+frankfurt profile=popeye rex=exclusive first_rank_pawns=inert"
        );
        assert!(suite.reference.as_ref().unwrap().covers(9, 1000));
        assert!(!suite.reference.as_ref().unwrap().covers(1, 1001));
        let PopeyeClaim::Confirmed { version, claim } = &suite.popeye else {
            panic!("{:?}", suite.popeye)
        };
        assert_eq!(version, "4.104");
        assert!(claim.covers(4, 50) && !claim.covers(4, 51) && !claim.covers(5, 1));
        assert_eq!(suite.cases[0].fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 wPe4");
        assert_eq!(suite.cases[0].rules, suite.rules);
        let none = parse_suite(
            "s.txt",
            "# rules: orthodox\n# popeye: none; no magic pieces\n",
        );
        assert_eq!(
            none.unwrap().popeye,
            PopeyeClaim::None {
                reason: "no magic pieces".into()
            }
        );
    }
}
