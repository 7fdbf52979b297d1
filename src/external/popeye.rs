//! Running a user's Popeye binary and comparing its answers with our engine's.
//!
//! The position and rules are written as a Popeye input (English) with a stipulation that makes
//! Popeye list every legal move (`sstipulation <side> 1s[~]`) or every sequence of 2 or 3
//! half-moves (help play of exact length); its output is read back with
//! [`super::popeye_output`]. Popeye's own complaints on stderr are errors, not noise.

use std::path::{Path, PathBuf};
use std::time::Duration;

use feerie_oracle::rules::RebirthTime;
use feerie_oracle::{
    CheckMark, Colour, Condition, Engine, Position, Profile, Rules, Switch, popeye_input,
};

use super::popeye_output;
use super::process::Program;

/// The Popeye binary: `--py PATH`, else the `POPEYE` environment variable. A path is made
/// absolute against the current folder (Popeye runs in a temporary folder); a bare name that is
/// not in the current folder is looked up on PATH.
pub fn popeye_binary(flag: Option<&Path>) -> Result<PathBuf, String> {
    let path = match flag {
        Some(p) => p.to_path_buf(),
        None => std::env::var_os("POPEYE").map(PathBuf::from).ok_or(
            "no Popeye binary: give --py PATH or set POPEYE=PATH (a built Popeye, e.g. \
             ../shared/tools/popeye/py beside the project, or one built from \
             https://github.com/thomas-maeder/popeye with make -f makefile.unx)",
        )?,
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
    let found = found.ok_or_else(|| format!("Popeye binary {} does not exist", path.display()))?;
    std::path::absolute(&found).map_err(|e| format!("Popeye binary {}: {e}", path.display()))
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

/// Whether a switch can change anything under these conditions.
fn relevant(switch: Switch, rules: &Rules) -> bool {
    let circe = rules.circe_model();
    let immediate = circe.is_some_and(|m| m.time == RebirthTime::Immediate);
    match switch {
        Switch::Rex => circe.is_some() || rules.captures_mutate(),
        Switch::RebirthOccupied => immediate,
        Switch::ParrainLongCastling => rules.has(Condition::CirceParrain),
        Switch::FirstRankPawns => true,
        Switch::CloneWalkWhenPromoting => rules.has(Condition::CirceClone),
        Switch::PawnDirection
        | Switch::SameWalkCapture
        | Switch::RoyalRiderPassage
        | Switch::RoyalEnPassant => rules.captures_mutate(),
        // Popeye has no Bédoni magic pieces: positions with them are not sent to it.
        Switch::MagicContactScope
        | Switch::MagicSteps
        | Switch::MagicKeptContact
        | Switch::MagicPawnEdge
        | Switch::MagicRebirthContact => false,
    }
}

/// Popeye's input listing the legal moves of the side to move (`depth` 1), or every sequence
/// of `depth` half-moves (2 or 3).
pub fn input_for(position: &Position, rules: &Rules, depth: u32) -> Result<String, String> {
    let side = match position.side_to_move() {
        Colour::White => "white",
        Colour::Black => "black",
    };
    let stipulation = match depth {
        1 => format!("sstipulation {side} 1s[~]"),
        2 => format!("sstipulation {side} 2:2hh[!#|#]"),
        3 => format!("sstipulation {side} 3:3h[!#|#]h"),
        _ => {
            return Err(format!(
                "Popeye perft input exists for depths 1 to 3, not {depth}"
            ));
        }
    };
    popeye_input::write(position, rules, &stipulation).map_err(|e| e.to_string())
}

/// Runs Popeye on an input, in a temporary folder, within `timeout`, and returns its output.
/// A failing run, anything on stderr, a run past the deadline or an output past
/// [`process::DEFAULT_MAX_OUTPUT`] is an error that says so (quoting Popeye when it complained).
pub fn run_popeye(binary: &Path, input: &str, timeout: Duration) -> Result<String, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("cannot make a temporary folder: {e}"))?;
    let file = dir.path().join("feerie.inp");
    std::fs::write(&file, input).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let out = Program::new(binary)
        .arg_path(&file)
        .current_dir(dir.path())
        .deadline(timeout)
        .run()
        .map_err(|e| format!("Popeye: {e}"))?;
    let stderr = out.stderr_text();
    if !out.status.success() || !stderr.trim().is_empty() {
        return Err(format!(
            "Popeye ({}) complained{}: {}",
            binary.display(),
            out.status
                .code()
                .map_or(String::new(), |c| format!(" with exit code {c}")),
            stderr.trim()
        ));
    }
    Ok(out.stdout_text())
}

/// The differences between Popeye's legal moves and our engine's on one position: lines
/// `only Popeye: …` and `only ours: …`, empty when they agree. Popeye marks mate as `+` in move
/// lists, so check marks are compared as check or not.
pub fn compare_moves(
    binary: &Path,
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    timeout: Duration,
) -> Result<Vec<String>, String> {
    let output = run_popeye(binary, &input_for(position, rules, 1)?, timeout)?;
    let chunks = popeye_output::parse(&output);
    let chunk = chunks
        .first()
        .ok_or("Popeye's output has no solution section")?;
    let mut theirs: Vec<String> = chunk
        .twins
        .iter()
        .flat_map(|t| t.segments.iter().flatten())
        .filter(|m| m.ply == 0)
        .map(|m| {
            let mark = if m.mark.is_some() { " +" } else { "" };
            format!("{}{mark}", m.text)
        })
        .collect();
    let mut ours: Vec<String> = engine
        .legal_moves(position, rules)
        .map_err(|e| e.to_string())?
        .iter()
        .map(|m| {
            let mark = if m.check == CheckMark::None { "" } else { " +" };
            format!("{}{mark}", m.notation_without_check())
        })
        .collect();
    theirs.sort();
    ours.sort();
    let mut diff = Vec::new();
    diff.extend(
        theirs
            .iter()
            .filter(|m| !ours.contains(m))
            .map(|m| format!("only Popeye: {m}")),
    );
    diff.extend(
        ours.iter()
            .filter(|m| !theirs.contains(m))
            .map(|m| format!("only ours: {m}")),
    );
    Ok(diff)
}

/// Popeye's number of sequences of `depth` half-moves (2 or 3) next to ours.
pub fn compare_perft(
    binary: &Path,
    engine: &dyn Engine,
    position: &Position,
    rules: &Rules,
    depth: u32,
    timeout: Duration,
) -> Result<(u64, u64), String> {
    let output = run_popeye(binary, &input_for(position, rules, depth)?, timeout)?;
    let leaves = popeye_output::parse(&output)
        .iter()
        .flat_map(|c| c.twins.iter())
        .flat_map(|t| t.segments.iter().flatten())
        .filter(|m| m.ply + 1 == depth as usize)
        .count() as u64;
    let ours = engine
        .perft(position, rules, depth)
        .map_err(|e| e.to_string())?;
    Ok((leaves, ours))
}
