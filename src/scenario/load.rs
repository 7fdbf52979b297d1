//! Reading scenario files, and checking everything in them that does not need an engine:
//! rule words, the position, move texts, status names.

use std::fmt;
use std::path::{Path, PathBuf};

use feerie_oracle::popeye_move::MoveText;
use feerie_oracle::{Colour, Position, Profile, Rules, Validation, fen, popeye_input};

use super::{Expect, PositionSpec, Scenario, ScenarioError};
use crate::limits::MAX_DEPTH;

/// A malformed scenario: the file, the line (when known) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub file: String,
    /// 1-based line, when it can be told.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = crate::limits::shorten_quoted(&self.message, 80);
        match self.line {
            Some(line) => write!(f, "{}:{line}: {message}", self.file),
            None => write!(f, "{}: {message}", self.file),
        }
    }
}

/// The largest scenario file read (bytes). Scenarios are a few hundred bytes; the bound keeps a
/// stray large file (or a link to one) from being read whole.
pub const MAX_SCENARIO_BYTES: u64 = 1 << 20;

/// The deepest nesting a scenario may have (flow brackets `[` `{` open at once, plus the
/// compact block entries `- ` and `? ` that open a collection on one line). Scenarios nest four
/// or five levels; a text nested deeper is refused by a linear scan before the YAML parser sees
/// it, whose time grows with the square of the depth (200,000 levels took minutes).
pub const MAX_SCENARIO_NESTING: usize = 32;

/// The deepest nesting of a YAML text as [`MAX_SCENARIO_NESTING`] counts it, and the 1-based
/// line where it is first reached; the scan stops at the first line beyond `limit`. It is one
/// pass over the text, which errs on the side of counting too deep: a quoted scalar is skipped
/// only to the end of its line, a comment only after a blank, and a bracket inside a plain
/// scalar outside brackets (`Kxe2[+bRa1]`) opens nothing, as in YAML. Nesting by indentation
/// alone is not counted: n levels need about n²/2 bytes of indentation, so the size bound keeps
/// it shallow enough to parse quickly.
///
/// ```
/// use feerie::scenario::nesting;
/// assert_eq!(nesting("a: [1, {b: [2]}]\n", 32), (3, 1));
/// assert_eq!(nesting("play: ['Kxe2[+bRa1]', \"a[\"]  # [[[\nb: x[y\n", 32).0, 1);
/// assert_eq!(nesting("a:\n  - - - x\n", 32), (3, 2));
/// assert_eq!(nesting(&"[".repeat(100_000), 32), (33, 1));
/// ```
pub fn nesting(text: &str, limit: usize) -> (usize, usize) {
    let (mut flow, mut deepest, mut deepest_line) = (0usize, 0usize, 1usize);
    for (number, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        let blank = |b: u8| b == b' ' || b == b'\t';
        let mut i = 0;
        while i < bytes.len() && blank(bytes[i]) {
            i += 1;
        }
        // Compact block entries at the line's start: `- - x`, `? - x`.
        let mut compact = 0;
        while flow == 0
            && i < bytes.len()
            && matches!(bytes[i], b'-' | b'?')
            && bytes.get(i + 1).is_none_or(|b| blank(*b))
        {
            compact += 1;
            i += 1;
            while i < bytes.len() && blank(bytes[i]) {
                i += 1;
            }
        }
        let mut line_deepest = flow + compact;
        // The last byte before `i` that is not blank (none at the line's start or after an
        // entry): a scalar, quoted or a collection, starts after nothing or an indicator.
        let mut before: Option<u8> = None;
        let mut quote: Option<u8> = None;
        while i < bytes.len() {
            let b = bytes[i];
            let starts = before.is_none_or(|p| matches!(p, b'[' | b'{' | b',' | b':'));
            match quote {
                Some(b'"') if b == b'\\' => i += 1,
                Some(q) if b == q => {
                    if q == b'\'' && bytes.get(i + 1) == Some(&b'\'') {
                        i += 1;
                    } else {
                        quote = None;
                    }
                }
                Some(_) => {}
                None => match b {
                    b'#' if i == 0 || blank(bytes[i - 1]) => break,
                    b'\'' | b'"' if starts => quote = Some(b),
                    b'[' | b'{' if starts || flow > 0 => {
                        flow += 1;
                        line_deepest = line_deepest.max(flow + compact);
                        if line_deepest > limit {
                            return (line_deepest, number + 1);
                        }
                    }
                    b']' | b'}' if flow > 0 => flow -= 1,
                    _ => {}
                },
            }
            if !blank(b) {
                before = Some(b);
            }
            i += 1;
        }
        if line_deepest > deepest {
            (deepest, deepest_line) = (line_deepest, number + 1);
            if deepest > limit {
                break;
            }
        }
    }
    (deepest, deepest_line)
}

/// Every `*.yaml` file under `dir` (recursively, in path order), each read and checked.
///
/// Links to folders are followed once: a folder reached again (a link loop, or a second link to
/// the same folder) is reported as an error instead of being read again. Only regular files are
/// read (a FIFO or a device named `x.yaml` is an error, never opened), up to
/// [`MAX_SCENARIO_BYTES`].
pub fn load_dir(dir: &Path) -> Result<Vec<Result<Scenario, LoadError>>, ScenarioError> {
    if !dir.exists() {
        return Err(ScenarioError::Folder(format!(
            "scenario folder {} does not exist",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(ScenarioError::Folder(format!(
            "{} is not a folder",
            dir.display()
        )));
    }
    let mut walk = Walk::default();
    walk.collect_here(dir)
        .map_err(|e| ScenarioError::Folder(format!("cannot list {}: {e}", dir.display())))?;
    walk.files.sort();
    let mut loaded: Vec<Result<Scenario, LoadError>> =
        walk.files.iter().map(|f| load_file(f)).collect();
    loaded.extend(walk.errors.into_iter().map(Err));
    Ok(loaded)
}

/// The `*.yaml` files under `dir` that [`load_dir`] would read (none when it cannot be listed),
/// for the commands that must not write over them.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut walk = Walk::default();
    walk.collect(dir);
    walk.files
}

/// The walk of a scenario folder: the files found, and the folders met twice.
#[derive(Default)]
struct Walk {
    files: Vec<PathBuf>,
    errors: Vec<LoadError>,
    /// Canonical paths of the folders read, to stop at a link loop.
    visited: std::collections::HashMap<PathBuf, PathBuf>,
}

impl Walk {
    /// Reads `dir` and the folders under it; one that cannot be listed is an error of its own.
    fn collect(&mut self, dir: &Path) {
        if let Err(e) = self.collect_here(dir) {
            self.errors.push(LoadError {
                file: dir.display().to_string(),
                line: None,
                message: format!("cannot list the folder: {e}"),
            });
        }
    }

    fn collect_here(&mut self, dir: &Path) -> std::io::Result<()> {
        let canonical = std::fs::canonicalize(dir)?;
        if let Some(first) = self.visited.get(&canonical) {
            self.errors.push(LoadError {
                file: dir.display().to_string(),
                line: None,
                message: format!(
                    "folder already read as {} (a link loop or a second link to it); not read again",
                    first.display()
                ),
            });
            return Ok(());
        }
        self.visited.insert(canonical, dir.to_path_buf());
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()?;
        entries.sort();
        for path in entries {
            if path.is_dir() {
                self.collect(&path);
            } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                self.files.push(path);
            }
        }
        Ok(())
    }
}

/// Reads and checks one scenario file (a regular file of at most [`MAX_SCENARIO_BYTES`]).
pub fn load_file(path: &Path) -> Result<Scenario, LoadError> {
    let name = path.display().to_string();
    let error = |message: String| LoadError {
        file: name.clone(),
        line: None,
        message,
    };
    let text =
        crate::limits::read_text(path, MAX_SCENARIO_BYTES).map_err(|e| error(e.to_string()))?;
    parse_scenario(&name, &text)
}

/// Parses and checks a scenario given as text; `file` names it in errors.
///
/// ```
/// let s = feerie::scenario::parse_scenario("x.yaml",
///     "name: n\nsource: s\nposition: { fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' }\nexpect: { perft: { 1: 5 } }\n").unwrap();
/// assert_eq!(s.name, "n");
/// let e = feerie::scenario::parse_scenario("x.yaml", "name: n\nsource: s\nposition: { fen: 'x' }\n").unwrap_err();
/// assert_eq!(e.line, Some(3));
/// ```
pub fn parse_scenario(file: &str, text: &str) -> Result<Scenario, LoadError> {
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(LoadError {
            file: file.to_string(),
            line: None,
            message: "empty file: a scenario needs name, source, position and expect".into(),
        });
    }
    let (depth, line) = nesting(text, MAX_SCENARIO_NESTING);
    if depth > MAX_SCENARIO_NESTING {
        return Err(LoadError {
            file: file.to_string(),
            line: Some(line),
            message: format!(
                "nested more than {MAX_SCENARIO_NESTING} levels deep (brackets or `- ` entries): not read"
            ),
        });
    }
    let mut scenario: Scenario = serde_yaml::from_str(text).map_err(|e| LoadError {
        file: file.to_string(),
        line: e.location().map(|l| l.line()),
        message: e.to_string(),
    })?;
    scenario.file = file.to_string();
    scenario.text = text.to_string();
    check(&scenario)?;
    Ok(scenario)
}

/// Everything about a scenario that can be checked without an engine.
fn check(s: &Scenario) -> Result<(), LoadError> {
    let base = s.base_rules()?;
    s.position()?;
    for text in &s.play {
        s.move_text(text)?;
    }
    s.parsed_stipulation()?;
    if s.expect.is_none() && s.interpretations.is_empty() {
        return Err(s.error(
            None,
            "no expectation: give expect: or interpretations:".into(),
        ));
    }
    if let Some(e) = &s.expect {
        check_expect(s, e)?;
    }
    for i in &s.interpretations {
        s.interpretation_rules(&base, i.profile.as_deref(), &i.set)?;
        check_expect(s, &i.expect)?;
    }
    Ok(())
}

fn check_expect(s: &Scenario, e: &Expect) -> Result<(), LoadError> {
    let texts = e
        .moves
        .iter()
        .flatten()
        .chain(&e.include)
        .chain(&e.exclude)
        .chain(e.after.iter().map(|a| &a.mv));
    for text in texts {
        s.move_text(text)?;
    }
    for a in &e.after {
        fen::parse_setup(&a.fen).map_err(|err| s.error(Some(&a.fen), format!("after: {err}")))?;
    }
    if let Some((&depth, _)) = e.perft.iter().find(|(d, _)| **d > MAX_DEPTH) {
        return Err(s.error(
            Some(&depth.to_string()),
            format!("perft depth {depth} is above the maximum of {MAX_DEPTH}"),
        ));
    }
    if let Some(status) = &e.status
        && !["normal", "check", "checkmate", "stalemate"].contains(&status.as_str())
    {
        return Err(s.error(
            Some(status),
            format!("status '{status}' is not one of normal, check, checkmate, stalemate"),
        ));
    }
    if let Some(solutions) = &e.solutions {
        super::solutions::check_expected(s, solutions)?;
    }
    if e.moves.is_none()
        && e.solutions.is_none()
        && e.include.is_empty()
        && e.exclude.is_empty()
        && e.perft.is_empty()
        && e.after.is_empty()
        && e.status.is_none()
    {
        return Err(s.error(Some("expect"), "an empty expectation".into()));
    }
    Ok(())
}

impl Scenario {
    /// An error at the line that holds `needle` (or without line).
    pub(crate) fn error(&self, needle: Option<&str>, message: String) -> LoadError {
        let line = needle.and_then(|n| {
            let lines: Vec<&str> = self.text.lines().collect();
            // A quoted value first, then a value after a key or in a list, then anywhere.
            let forms = [
                vec![format!("'{n}'"), format!("\"{n}\"")],
                vec![
                    format!(": {n}"),
                    format!("[{n}"),
                    format!("{{ {n}"),
                    format!(", {n}"),
                ],
                vec![n.to_string()],
            ];
            forms
                .iter()
                .find_map(|f| {
                    lines
                        .iter()
                        .position(|l| f.iter().any(|q| l.contains(q.as_str())))
                })
                .map(|i| i + 1)
        });
        LoadError {
            file: self.file.clone(),
            line,
            message,
        }
    }

    /// The rules of `rules:`.
    pub fn base_rules(&self) -> Result<Rules, LoadError> {
        let sets: Vec<String> = self
            .rules
            .set
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        Rules::from_words(&self.rules.conditions, self.rules.profile.as_deref(), &sets).map_err(
            |e| {
                let needle = self
                    .rules
                    .conditions
                    .first()
                    .map(String::as_str)
                    .unwrap_or("rules");
                self.error(Some(needle), format!("rules: {e}"))
            },
        )
    }

    /// The rules of an interpretation: the base rules under another profile and switches.
    pub fn interpretation_rules(
        &self,
        base: &Rules,
        profile: Option<&str>,
        set: &std::collections::BTreeMap<String, String>,
    ) -> Result<Rules, LoadError> {
        let mut rules = match profile {
            Some(p) => {
                let profile: Profile = p.parse().map_err(|e: feerie_oracle::RulesError| {
                    self.error(Some(p), format!("interpretation: {e}"))
                })?;
                let mut r = Rules::new(base.conditions(), profile)
                    .map_err(|e| self.error(None, e.to_string()))?;
                for (k, v) in base.overrides() {
                    r.set(k.key(), v).expect("valid switch");
                }
                r
            }
            None => base.clone(),
        };
        for (k, v) in set {
            rules
                .set(k, v)
                .map_err(|e| self.error(Some(k), format!("interpretation: {e}")))?;
        }
        Ok(rules)
    }

    /// The position of `position:`.
    pub fn position(&self) -> Result<Position, LoadError> {
        let spec: &PositionSpec = &self.position;
        let validation = if spec.lenient {
            Validation::Lenient
        } else {
            Validation::Strict
        };
        let setup = match (&spec.fen, &spec.pieces) {
            (Some(text), None) => {
                if spec.side.is_some()
                    || spec.castling.is_some()
                    || spec.en_passant.is_some()
                    || spec.reserve.is_some()
                {
                    return Err(self.error(
                        Some("position"),
                        "with fen:, side, castling, en passant and reserve are FEN fields".into(),
                    ));
                }
                fen::parse_setup(text)
                    .map_err(|e| self.error(Some(text), format!("position: {e}")))?
            }
            (None, Some(pieces)) => self.setup_from_pieces(pieces)?,
            _ => {
                return Err(self.error(
                    Some("position"),
                    "position: give exactly one of fen: and pieces:".into(),
                ));
            }
        };
        Position::new(setup, validation)
            .map_err(|e| self.error(Some("position"), format!("position: {e}")))
    }

    fn setup_from_pieces(&self, pieces: &str) -> Result<feerie_oracle::Setup, LoadError> {
        let spec = &self.position;
        let input = format!("begin\npieces {pieces}\nstipulation ~1\nend\n");
        let here = |e: String| self.error(Some(pieces), format!("position: {e}"));
        let file = popeye_input::parse(&input).map_err(|e| here(e.to_string()))?;
        let (position, _) = file.problems[0]
            .to_position(Profile::Popeye, Validation::Lenient)
            .map_err(|e| here(e.to_string()))?;
        let mut setup = position.into_setup();
        setup.side_to_move = match spec.side.as_deref() {
            None | Some("white") => Colour::White,
            Some("black") => Colour::Black,
            Some(other) => {
                return Err(self.error(
                    Some(other),
                    format!("position: side '{other}' is not white or black"),
                ));
            }
        };
        if let Some(c) = &spec.castling {
            setup.castling = fen::parse_castling(c)
                .map_err(|e| self.error(Some(c), format!("position: {e}")))?;
        }
        if let Some(ep) = &spec.en_passant {
            let target = ep
                .parse()
                .ok()
                .and_then(feerie_oracle::EnPassant::from_target)
                .ok_or_else(|| {
                    self.error(
                        Some(ep),
                        format!("position: en passant '{ep}' is not a square of rank 3 or 6"),
                    )
                })?;
            setup.en_passant = Some(target);
        }
        if let Some(r) = &spec.reserve {
            setup.reserve = Some(
                fen::parse_reserve(r).map_err(|e| self.error(Some(r), format!("position: {e}")))?,
            );
        }
        Ok(setup)
    }

    /// A move text, parsed.
    pub fn move_text(&self, text: &str) -> Result<MoveText, LoadError> {
        text.parse::<MoveText>()
            .map_err(|e| self.error(Some(text), e.to_string()))
    }
}
