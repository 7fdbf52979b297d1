//! Running a user's Popeye binary and comparing its answers with our engine's.
//!
//! The position and rules are written as a Popeye input (English) with a stipulation that makes
//! Popeye list every legal move (`sstipulation <side> 1s[~]`) or every sequence of 2 or 3
//! half-moves (help play of exact length); its output is read back with
//! [`super::popeye_output`]. Popeye's own complaints on stderr are errors, not noise.

use std::path::{Path, PathBuf};
use std::time::Duration;

use feerie_oracle::rules::PopeyeReading;
use feerie_oracle::{Colour, Engine, EngineError, Position, Profile, Rules, Switch, popeye_input};

use super::ExternalError;
use super::popeye_batch::ListedMove;
use super::popeye_fault::aborted;
use super::popeye_output;
use super::process::{Program, RunError};

/// Why Popeye reads a position's capture-mutable marks as another rule, if it has any: it
/// lets every unit mutate once one is marked (RULES.md §5), where a mark here says which units
/// mutate. Such a position is not compared with Popeye.
///
/// ```
/// use feerie::external::popeye::marks_read_otherwise;
/// use feerie::oracle::{fen, Validation};
/// let marked = fen::parse("4k3/8/8/8/8/8/8/(wpQ)3K3 w - - 0 1", Validation::Strict).unwrap();
/// assert!(marks_read_otherwise(&marked).is_some());
/// assert!(marks_read_otherwise(&fen::parse("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", Validation::Strict).unwrap()).is_none());
/// ```
pub fn marks_read_otherwise(position: &Position) -> Option<String> {
    position.board().pieces().any(|(_, p)| p.mutable).then(|| {
        "marked capture-mutable units (Popeye mutates every unit once one is marked, RULES.md §5)"
            .to_string()
    })
}

/// The Popeye binary: `--py PATH`, else the `POPEYE` environment variable. A path is made
/// absolute against the current folder (Popeye runs in a temporary folder); a bare name that is
/// not in the current folder is looked up on PATH.
pub fn popeye_binary(flag: Option<&Path>) -> Result<PathBuf, ExternalError> {
    let path = match flag {
        Some(p) => p.to_path_buf(),
        None => std::env::var_os("POPEYE")
            .map(PathBuf::from)
            .ok_or_else(|| {
                ExternalError::NotFound(
                    "no Popeye binary: give --py PATH or set POPEYE=PATH (a built Popeye, e.g. \
                 ../shared/tools/popeye/py beside the project, or one built from \
                 https://github.com/thomas-maeder/popeye with make -f makefile.unx)"
                        .into(),
                )
            })?,
    };
    let bare_name = path.components().count() == 1 && !path.exists();
    let found = if bare_name {
        std::env::var_os("PATH")
            .into_iter()
            .flat_map(|dirs| std::env::split_paths(&dirs).collect::<Vec<_>>())
            .map(|dir| dir.join(&path))
            .find(|candidate| candidate.is_file())
    } else {
        path.exists().then_some(path.clone())
    };
    let found = found.ok_or_else(|| {
        ExternalError::NotFound(format!("Popeye binary {} does not exist", path.display()))
    })?;
    std::path::absolute(&found)
        .map_err(|e| ExternalError::NotFound(format!("Popeye binary {}: {e}", path.display())))
}

/// The switches of `rules` whose values are not Popeye's, so that Popeye cannot be expected to
/// agree on them: `parrain_long_castling=toward_a (Popeye: toward_h)`.
pub fn non_popeye_switches(rules: &Rules) -> Vec<String> {
    let popeye = Rules::new(rules.conditions(), Profile::Popeye).expect("same conditions");
    rules
        .resolved()
        .into_iter()
        .zip(popeye.resolved())
        .filter(|((_, ours), (_, theirs))| ours != theirs)
        .filter(|((k, _), _)| relevant(*k, rules))
        .map(|((k, ours), (_, theirs))| format!("{k}={ours} (Popeye: {theirs})"))
        .collect()
}

/// Whether Popeye's answers can differ on a switch under these conditions: the switch matters
/// there, and Popeye behaves one fixed way on it (the input states `rex`; Popeye has no magic
/// pieces, so positions with them are not sent to it).
fn relevant(switch: Switch, rules: &Rules) -> bool {
    switch.popeye_reading() == PopeyeReading::Fixed && rules.switch_matters(switch)
}

/// Popeye's input listing the legal moves of the side to move (`depth` 1), or every sequence
/// of `depth` half-moves (2 or 3). [`ExternalError::Inexpressible`] for another depth,
/// [`ExternalError::Unexportable`] for a position or rules Popeye's input cannot state.
pub fn input_for(position: &Position, rules: &Rules, depth: u32) -> Result<String, ExternalError> {
    let side = match position.side_to_move() {
        Colour::White => "white",
        Colour::Black => "black",
    };
    // (Super Circe's listings of three half-moves are asked when asked for: a campaign caps
    // them, a chosen position may be small enough.)
    if rules.checkless() && super::popeye_batch::comparable_depth(depth, rules) != depth {
        return Err(ExternalError::Inexpressible(format!(
            "Popeye lists lines of {depth} half-moves under Ohneschach at even depths only"
        )));
    }
    let stipulation = match depth {
        1 => format!("sstipulation {side} 1s[~]"),
        2 | 3 => format!(
            "sstipulation {side} {}",
            super::popeye_batch::line_stipulation(depth, rules)
        ),
        _ => {
            return Err(ExternalError::Inexpressible(format!(
                "Popeye perft input exists for depths 1 to 3, not {depth}"
            )));
        }
    };
    Ok(popeye_input::write(position, rules, &stipulation)?)
}

/// Why Popeye gave no answer to compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopeyeError {
    /// Popeye read the input and refused the problem (an input error, an illegal position such
    /// as "the side to play can capture the king"); its own words.
    Refused(String),
    /// Popeye could not be run or gave no usable output (not found, a failing exit, the
    /// deadline, too much output, no solution section), or the input could not be written.
    Failed(String),
    /// Popeye was killed by a signal (a segmentation fault, an abort), or stopped itself with
    /// a fatal error of its own (`-- aborting.`, not for want of memory for its hash table), on
    /// an input it was given: a fault of the solver's, which a campaign reports as a difference.
    Crashed(String),
    /// Popeye gave no answer within the run's deadline, `after`, and was stopped; the message
    /// says so. On the moves of one position, which Popeye lists in milliseconds, a deadline of
    /// [`HANG_AFTER`](super::popeye_fault::HANG_AFTER) or more passed is a hang: a fault of the
    /// solver's (see [`hangs`](super::popeye_fault::hangs)).
    TimedOut {
        /// The deadline that passed.
        after: Duration,
        /// What happened, in one line.
        message: String,
    },
}

impl std::fmt::Display for PopeyeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PopeyeError::Refused(words) => write!(f, "Popeye refused the problem: {words}"),
            PopeyeError::Failed(why) | PopeyeError::Crashed(why) => f.write_str(why),
            PopeyeError::TimedOut { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for PopeyeError {}

/// Runs Popeye on an input, in a temporary folder, within `timeout` (`-maxmem 256M` bounds its
/// hash table), and returns its standard output. Anything Popeye writes on standard error, and
/// an input error or `problem ignored` in its output, is a refusal quoting Popeye; a failing
/// run, a run past the deadline or an output past [`super::process::DEFAULT_MAX_OUTPUT`] is a
/// failure that says so.
pub fn run_popeye(binary: &Path, input: &str, timeout: Duration) -> Result<String, PopeyeError> {
    let (stdout, stderr) = run_popeye_file(binary, input, timeout)?;
    if let Some(words) = complaint(&stderr, &stdout) {
        return Err(PopeyeError::Refused(words));
    }
    Ok(stdout)
}

/// Runs Popeye on a whole input file's text (several problems, each judged by the caller), in a
/// temporary folder (a `protocol` file it writes there is dropped), within `timeout`, and
/// returns its standard output and standard error. Only a failed run is an error.
pub fn run_popeye_file(
    binary: &Path,
    input: &str,
    timeout: Duration,
) -> Result<(String, String), PopeyeError> {
    run_popeye_file_with_table(binary, input, timeout, DEFAULT_MAXMEM)
}

/// The hash table Popeye is given unless told otherwise (`-maxmem`).
pub const DEFAULT_MAXMEM: &str = "256M";

/// [`run_popeye_file`] with a hash table of `maxmem` (Popeye's `-maxmem` value, `8M`).
pub fn run_popeye_file_with_table(
    binary: &Path,
    input: &str,
    timeout: Duration,
    maxmem: &str,
) -> Result<(String, String), PopeyeError> {
    let out = run_in_folder(binary, input, timeout, None, maxmem)?;
    Ok((out.stdout_text(), out.stderr_text()))
}

/// The bound on the output of Popeye's run written to a file ([`run_popeye_to_file`]), in
/// bytes: not held, so far beyond [`super::process::DEFAULT_MAX_OUTPUT`].
pub const MAX_OUTPUT_FILE: usize = 16 << 30;

/// [`run_popeye_file`] with Popeye's standard output written to `output` (at most
/// [`MAX_OUTPUT_FILE`] bytes) instead of kept: an output of millions of solutions is then read
/// from the file. Returns its standard error.
pub fn run_popeye_to_file(
    binary: &Path,
    input: &str,
    timeout: Duration,
    output: &Path,
) -> Result<String, PopeyeError> {
    let out = run_in_folder(binary, input, timeout, Some(output), DEFAULT_MAXMEM)?;
    Ok(out.stderr_text())
}

/// Popeye run on `input` in a temporary folder, its standard output kept or written to
/// `stdout_to`; a failed run is an error.
fn run_in_folder(
    binary: &Path,
    input: &str,
    timeout: Duration,
    stdout_to: Option<&Path>,
    maxmem: &str,
) -> Result<super::process::Finished, PopeyeError> {
    let failed = PopeyeError::Failed;
    let dir = super::process::cleanup::TemporaryFolder::new()
        .map_err(|e| failed(format!("cannot make a temporary folder: {e}")))?;
    let file = dir.path().join("feerie.inp");
    std::fs::write(&file, input)
        .map_err(|e| failed(format!("cannot write {}: {e}", file.display())))?;
    let mut program = Program::new(binary)
        .args(["-maxmem", maxmem])
        .arg_path(&file)
        .current_dir(dir.path())
        .deadline(timeout);
    if let Some(path) = stdout_to {
        program = program.stdout_to(path).max_output(MAX_OUTPUT_FILE);
    }
    let out = program.run().map_err(|e| match e {
        RunError::Timeout { after, .. } => PopeyeError::TimedOut {
            after,
            message: format!("Popeye: {e}"),
        },
        e => failed(format!("Popeye: {e}")),
    })?;
    if out.status.code().is_none() {
        use std::os::unix::process::ExitStatusExt;
        let signal = out.status.signal().unwrap_or_default();
        // A signal the program raises on a fault of its own is a crash; another (a kill for
        // memory, by a user) says nothing of the input.
        const FAULTS: [i32; 7] = [4, 5, 6, 7, 8, 11, 31]; // ILL TRAP ABRT BUS FPE SEGV SYS
        let what = format!(
            "Popeye ({}) killed by a signal ({signal}): {}",
            binary.display(),
            out.stderr_text().trim()
        );
        return Err(match FAULTS.contains(&signal) {
            true => PopeyeError::Crashed(format!("crashed, {what}")),
            false => failed(what),
        });
    }
    if !out.status.success() {
        let what = format!(
            "Popeye ({}) failed{}: {}",
            binary.display(),
            out.status
                .code()
                .map_or(String::new(), |c| format!(" with exit code {c}")),
            out.stderr_text().trim()
        );
        return Err(match aborted(&out.stderr_text()) {
            true => PopeyeError::Crashed(format!("aborted, {what}")),
            false => failed(what),
        });
    }
    Ok(out)
}

/// Whether a line of Popeye's output reports an input error, in the language of the input it
/// read (English, French or German): the error itself or the item it stumbled on.
///
/// ```
/// use feerie::external::popeye::reports_input_error;
/// assert!(reports_input_error("input-error:unknown stipulation"));
/// assert!(reports_input_error("Eingabe-Fehler:Forderung nicht bekannt"));
/// assert!(reports_input_error("Stoerende Eingabe: black"));
/// assert!(reports_input_error("erreur d'entree:"));
/// assert!(!reports_input_error("  1.Kh2-g3 Ta7-a1"));
/// ```
pub fn reports_input_error(line: &str) -> bool {
    const MARKS: [&str; 6] = [
        "input-error",
        "offending item",
        "Eingabe-Fehler",
        "Stoerende Eingabe",
        "erreur d'entree",
        "element d'offenser",
    ];
    MARKS.iter().any(|m| line.contains(m))
}

/// Popeye's complaint, if it made one: its standard error, else the lines of its output that
/// report an input error or come before `problem ignored`.
fn complaint(stderr: &str, stdout: &str) -> Option<String> {
    let join = |lines: Vec<&str>| {
        let mut words: Vec<&str> = Vec::new();
        for l in lines.into_iter().map(str::trim).filter(|l| !l.is_empty()) {
            if !words.contains(&l) {
                words.push(l);
            }
        }
        words.join("; ")
    };
    if !stderr.trim().is_empty() {
        return Some(join(stderr.lines().collect()));
    }
    let lines: Vec<&str> = stdout.lines().collect();
    let errors: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| reports_input_error(l))
        .collect();
    if !errors.is_empty() {
        return Some(join(errors));
    }
    let ignored = lines.iter().position(|l| l.trim() == "problem ignored")?;
    // The complaint is printed between the banner (or the diagram) and `problem ignored`.
    let from = lines[..ignored]
        .iter()
        .rposition(|l| l.trim().is_empty() || l.starts_with("Popeye "))
        .map_or(0, |i| i + 1);
    Some(join(lines[from..=ignored].to_vec()))
}

/// Popeye's legal moves of the side to move, as `move` or `move +` (Popeye marks mate `+` in
/// move lists, so marks are check or not), sorted.
pub fn popeye_moves(
    binary: &Path,
    position: &Position,
    rules: &Rules,
    timeout: Duration,
) -> Result<Vec<String>, PopeyeError> {
    let input = input_for(position, rules, 1).map_err(|e| PopeyeError::Failed(e.to_string()))?;
    let output = run_popeye(binary, &input, timeout)?;
    let chunks = popeye_output::parse(&output);
    let chunk = chunks.first().ok_or_else(|| {
        PopeyeError::Failed(format!(
            "Popeye's output has no solution section (no 'solution finished.' line): {}",
            output.trim().lines().last().unwrap_or("empty output")
        ))
    })?;
    let mut theirs: Vec<String> = chunk
        .twins
        .iter()
        .flat_map(|t| t.segments.iter().flatten())
        .filter(|m| m.ply == 0)
        .map(|m| ListedMove::from(m).to_string())
        .collect();
    theirs.sort();
    Ok(theirs)
}

/// Our engine's legal moves in the form of [`popeye_moves`].
pub fn our_moves(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
) -> Result<Vec<String>, EngineError> {
    let mut ours: Vec<String> = our_listed_moves(engine, position, rules)?
        .iter()
        .map(ListedMove::to_string)
        .collect();
    ours.sort();
    Ok(ours)
}

/// Our engine's legal moves as Popeye lists them, sorted.
pub fn our_listed_moves(
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
) -> Result<Vec<ListedMove>, EngineError> {
    let mut ours: Vec<ListedMove> = engine
        .legal_moves(position, rules)?
        .iter()
        .map(ListedMove::of)
        .collect();
    ours.sort();
    Ok(ours)
}

/// The lines `only Popeye: …` and `only ours: …` between two sorted move lists.
pub fn move_differences(theirs: &[String], ours: &[String]) -> Vec<String> {
    let mut diff: Vec<String> = theirs
        .iter()
        .filter(|m| !ours.contains(m))
        .map(|m| format!("only Popeye: {m}"))
        .collect();
    diff.extend(
        ours.iter()
            .filter(|m| !theirs.contains(m))
            .map(|m| format!("only ours: {m}")),
    );
    diff
}

/// The differences between Popeye's legal moves and our engine's on one position: lines
/// `only Popeye: …` and `only ours: …`, empty when they agree.
pub fn compare_moves(
    binary: &Path,
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    timeout: Duration,
) -> Result<Vec<String>, PopeyeError> {
    let theirs = popeye_moves(binary, position, rules, timeout)?;
    let ours =
        our_moves(engine, position, rules).map_err(|e| PopeyeError::Failed(e.to_string()))?;
    Ok(move_differences(&theirs, &ours))
}

/// Popeye's number of sequences of `depth` half-moves (2 or 3): the lines of its listing, each
/// counted once ([`super::popeye_batch::line_count`]).
pub fn popeye_perft(
    binary: &Path,
    position: &Position,
    rules: &Rules,
    depth: u32,
    timeout: Duration,
) -> Result<u64, PopeyeError> {
    let input =
        input_for(position, rules, depth).map_err(|e| PopeyeError::Failed(e.to_string()))?;
    let output = run_popeye(binary, &input, timeout)?;
    let chunks = popeye_output::parse(&output);
    if chunks.is_empty() {
        return Err(PopeyeError::Failed(
            "Popeye's output has no solution section (no 'solution finished.' line)".into(),
        ));
    }
    Ok(chunks
        .iter()
        .map(|c| super::popeye_batch::line_count(c, depth).total)
        .sum())
}

/// Popeye's number of sequences of `depth` half-moves (2 or 3) next to ours.
pub fn compare_perft(
    binary: &Path,
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    timeout: Duration,
) -> Result<(u64, u64), PopeyeError> {
    let theirs = popeye_perft(binary, position, rules, depth, timeout)?;
    let ours = engine
        .perft(position, rules, depth)
        .map_err(|e| PopeyeError::Failed(e.to_string()))?;
    Ok((theirs, ours))
}

/// The same conditions under Popeye's reading: every switch at the popeye profile's value,
/// except those the exported input states (rex), which keep ours when set.
pub fn popeye_reading(rules: &Rules) -> Rules {
    reading_under(rules, Profile::Popeye)
}

/// The same conditions under `profile`: its value for every switch, except those Popeye's input
/// states ([`PopeyeReading::Stated`]: rex), which keep ours when set.
pub fn reading_under(rules: &Rules, profile: Profile) -> Rules {
    let mut other = Rules::new(rules.conditions(), profile).expect("same conditions");
    for (switch, value) in rules.overrides() {
        if switch.popeye_reading() == PopeyeReading::Stated {
            other
                .set(switch.key(), value)
                .expect("a value of the same switch");
        }
    }
    other
}
