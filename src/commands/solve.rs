//! The `solve` and `popeye verify` commands: what they print and their exit codes (0 done,
//! 1 a difference with Popeye, 2 bad input).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engines::SearchEngine;
use feerie_oracle::{Colour, Position, Profile, Rules};

use crate::outln;
use crate::report::verify::{VerifyCaseJson, VerifyCounts, VerifyDocument};
use crate::shard::Shard;
use crate::solve::stipulation::{Goal, Play, Stipulation};
use crate::solve::tree::{TreeOptions, solve_tree};
use crate::solve::tree_layout::tree_text;
use crate::solve::{Options, layout, solve};
use crate::verify::error::VerifyError;
use crate::verify::problems;
use crate::verify::{self, Outcome};

/// What [`print_solutions`], [`print_parts`] or [`print_tree`] printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    /// Whether `--max-solutions` stopped the search (the caller then prints `partial
    /// solution`).
    pub partial: bool,
    /// Whether a solution (in direct and self play, a key) was found.
    pub found: bool,
}

/// Prints the solutions of one position in Popeye's layout: a blank line, one line per
/// solution (or key), a blank line; in direct and self play, when `tree` asks for variations,
/// tries or set play, the tree of each key instead ([`print_tree`]).
pub fn print_solutions(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
) -> Result<Printed, VerifyError> {
    print_parts(engine, &[position], rules, stipulation, options, tree)
}

/// [`print_solutions`] for the parts of a duplex problem (help and series play): the
/// solutions from each position in turn, in one block as Popeye prints them.
pub fn print_parts(
    engine: &dyn SearchEngine,
    parts: &[&Position],
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
) -> Result<Printed, VerifyError> {
    let battle = matches!(stipulation.play, Play::Direct | Play::SelfPlay);
    if let [position] = parts
        && battle
        && (tree.variations || tree.tries || tree.set_play)
    {
        return print_tree(engine, position, rules, stipulation, options, tree);
    }
    let (mut partial, mut found) = (false, false);
    let mut lines = Vec::new();
    for position in parts {
        let solved = solve(engine, position, rules, stipulation, options)?;
        partial |= solved.partial;
        found |= !solved.solutions.is_empty();
        lines.extend(layout::lines(
            engine,
            position,
            rules,
            &stipulation,
            &solved.solutions,
        ));
    }
    outln!();
    for line in lines {
        outln!("{line}");
    }
    outln!();
    Ok(Printed { partial, found })
}

/// Prints the tree of a direct or self play stipulation in Popeye's layout (set play, then
/// each key and try, each after a blank line); at most `--max-solutions` keys (`partial` when
/// keys were left out).
pub fn print_tree(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
) -> Result<Printed, VerifyError> {
    let mut solved = solve_tree(
        engine,
        position,
        rules,
        stipulation,
        tree,
        options.hash_megabytes,
    )?;
    let mut keys = 0;
    let before = solved.keys.len();
    solved.keys.retain(|k| {
        let key = k.refutations.is_empty();
        keys += usize::from(key);
        !key || keys <= options.max_solutions
    });
    for line in tree_text(&solved, stipulation.goal == Goal::Stalemate) {
        outln!("{line}");
    }
    Ok(Printed {
        partial: solved.keys.len() < before,
        found: keys > 0,
    })
}

/// `feerie solve --fen`: the solutions of one position; in direct and self play the whole
/// tree of each key (threats and variations, as Popeye's `option Variation`). When there is
/// none and the side to move is not the one a Popeye problem begins with, [`beginner_note`]
/// says so on stderr.
pub fn solve_position(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: &str,
    options: &Options,
) -> Result<i32, VerifyError> {
    let stipulation: Stipulation = stipulation.parse()?;
    let printed = print_solutions(
        engine,
        position,
        rules,
        stipulation,
        options,
        &TreeOptions::default(),
    )?;
    outln!(
        "{}",
        if printed.partial {
            "partial solution"
        } else {
            "solution finished."
        }
    );
    if !printed.found
        && let Some(note) = beginner_note(position, &stipulation)
    {
        eprintln!("{note}");
    }
    Ok(0)
}

/// A one-line note for a position without solution whose side to move is not the side a
/// Popeye problem of `stipulation` begins with (Black in `h#2`), since the side to move begins
/// here: who that makes the mated side, and which side to give in the FEN for Popeye's
/// reading. `None` when the side to move is Popeye's.
///
/// ```
/// use feerie::oracle::{fen, Validation};
/// use feerie::commands::solve::beginner_note;
/// let white = fen::parse("7k/8/8/8/8/8/8/K7 w - - 0 1", Validation::Strict).unwrap();
/// let note = beginner_note(&white, &"h#2".parse().unwrap()).unwrap();
/// assert!(note.contains("in h#2 the side to move begins and is mated"), "{note}");
/// assert!(note.contains("give `b`"), "{note}");
/// assert!(beginner_note(&white, &"#2".parse().unwrap()).is_none());
/// assert!(beginner_note(&white, &"h#2.5".parse().unwrap()).is_none());
/// ```
pub fn beginner_note(position: &Position, stipulation: &Stipulation) -> Option<String> {
    let side = position.side_to_move();
    let usual = stipulation.usual_beginner();
    if side == usual {
        return None;
    }
    let name = |c: Colour| match c {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    let role = match (stipulation.beginner_is_target(), stipulation.goal) {
        (true, Goal::Mate) => "is mated",
        (true, Goal::Stalemate) => "is stalemated",
        (false, Goal::Mate) => "gives the mate",
        (false, Goal::Stalemate) => "gives the stalemate",
    };
    let letter = match usual {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    Some(format!(
        "note: no solution with {} to move: in {stipulation} the side to move begins and {role}; \
         Popeye's problems begin with {} (give `{letter}` as the FEN's side to move)",
        name(side),
        name(usual)
    ))
}

/// `feerie solve --popeye FILE`: the solutions of one problem of a Popeye input (or every
/// problem when `problem` is `None`), twin by twin, under `profile` and the `set` switches;
/// `stipulation` replaces the file's when given. A case that cannot be solved is named on
/// stderr and makes the exit code 2; the others are solved.
pub fn solve_popeye(
    engine: &dyn SearchEngine,
    text: &str,
    problem: Option<usize>,
    profile: Profile,
    set: &[String],
    stipulation: Option<&str>,
    options: &Options,
) -> Result<i32, VerifyError> {
    let forced: Option<Stipulation> = match stipulation {
        Some(s) => Some(s.parse()?),
        None => None,
    };
    let text = match forced {
        // The file's own stipulation is replaced before reading, so that a problem whose
        // stipulation we do not solve can still be solved under another.
        Some(s) => replace_stipulations(text, &s.to_string()),
        None => text.to_string(),
    };
    let (_, problems) = problems::cases(&text, problem, profile, set)?;
    let mut code = 0;
    let several = problems.len() > 1;
    for (popeye_problem, cases) in &problems {
        // The tree asked by the problem's options (direct and self play).
        let tree =
            TreeOptions::from_popeye_options(&popeye_problem.options, popeye_problem.language);
        for case in cases {
            if several && case.label.is_empty() || several && case.label == "a" {
                outln!("problem {}", case.problem);
            }
            if !case.label.is_empty() {
                outln!("{}) ", case.label);
            }
            match &case.setup {
                Ok(_) if let Some(why) = case.refused_by_popeye(engine) => {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
                Ok((_, _, stipulation))
                    if let (Err(why), Play::Direct | Play::SelfPlay) =
                        (&tree, stipulation.play) =>
                {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
                Ok((_, rules, stipulation)) => {
                    let tree = tree.as_ref().copied().unwrap_or_default();
                    let parts = case.parts();
                    let printed = print_parts(engine, &parts, rules, *stipulation, options, &tree)?;
                    if printed.partial {
                        outln!("partial solution");
                    }
                }
                Err(why) => {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
            }
        }
    }
    outln!("solution finished.");
    Ok(code)
}

/// `feerie solve --popeye FILE`: [`solve_popeye`] on a file, read when it is a regular file of
/// at most 16 MB; errors name the file.
pub fn solve_popeye_file(
    engine: &dyn SearchEngine,
    path: &Path,
    problem: Option<usize>,
    profile: Profile,
    set: &[String],
    stipulation: Option<&str>,
    options: &Options,
) -> Result<i32, VerifyError> {
    let text = crate::limits::read_text(path, crate::limits::MAX_INPUT_BYTES)
        .map_err(|e| VerifyError::at(path.display(), VerifyError::Read(e)))?;
    solve_popeye(engine, &text, problem, profile, set, stipulation, options)
        .map_err(|e| VerifyError::at(path.display(), e))
}

/// The input with every `stipulation` line (English or German) replaced by `stipulation`.
pub fn replace_stipulations(text: &str, stipulation: &str) -> String {
    text.lines()
        .map(|line| {
            let head = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if head.len() >= 4
                && ("stipulation".starts_with(&head) || "forderung".starts_with(&head))
            {
                format!("stipulation {stipulation}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where the results of `popeye verify` go besides the text, and which cases it compares.
#[derive(Clone, Debug, Default)]
pub struct VerifyOutput {
    /// `--problem N`: one problem (1-based), or every problem.
    pub problem: Option<usize>,
    /// `--shard K/N`: this shard's cases only.
    pub shard: Shard,
    /// Print the JSON document on standard output (one line under `--format jsonl`, after a
    /// line per case).
    pub json: bool,
    /// Write the HTML report here.
    pub report: Option<PathBuf>,
    /// The files the command reads (the input, Popeye's output), which the report may not
    /// replace.
    pub inputs: Vec<PathBuf>,
}

/// `feerie popeye verify`: reads the input and Popeye's output (regular files only, bounded),
/// or runs Popeye (`py`, else `POPEYE`) on the input within `timeout`, then [`verify_file`].
pub fn verify_command(
    input: &Path,
    output: Option<&Path>,
    py: Option<&Path>,
    timeout: Duration,
    engine: &dyn SearchEngine,
    options: &Options,
    out: &VerifyOutput,
) -> Result<i32, VerifyError> {
    use crate::external::{ExternalError, popeye};
    // Regular files only, bounded: a FIFO or a device must not hang the command.
    let read = |p: &Path| {
        crate::limits::read_text(p, 4 * crate::limits::MAX_INPUT_BYTES)
            .map_err(|e| VerifyError::at(p.display(), VerifyError::Read(e)))
    };
    let text = read(input)?;
    let (output, source) = match output {
        Some(path) => (read(path)?, path.display().to_string()),
        None => {
            let binary = popeye::popeye_binary(py)?;
            let (text, _) = popeye::run_popeye_file(&binary, &text, timeout)
                .map_err(|e| VerifyError::Popeye(ExternalError::from(e)))?;
            (text, format!("popeye run: {}", binary.display()))
        }
    };
    let name = input.display().to_string();
    let files = VerifyFiles {
        name: &name,
        input: &text,
        output: &output,
        output_name: &source,
    };
    verify_files(&files, engine, options, out).map_err(|e| VerifyError::at(&name, e))
}

/// `feerie popeye verify`: prints one line per problem or twin (agree, DIFFER with the
/// solutions on each side, skipped with the reason) and a summary; exit 1 on a difference.
pub fn verify_file(
    name: &str,
    input: &str,
    output: &str,
    problem: Option<usize>,
    engine: &dyn SearchEngine,
    options: &Options,
) -> Result<i32, VerifyError> {
    let files = VerifyFiles {
        name,
        input,
        output,
        output_name: "",
    };
    let out = VerifyOutput {
        problem,
        ..Default::default()
    };
    verify_files(&files, engine, options, &out)
}

/// The texts a verification compares, with their names.
struct VerifyFiles<'a> {
    /// The input's name, as the summary line starts.
    name: &'a str,
    /// The Popeye input.
    input: &'a str,
    /// Popeye's output.
    output: &'a str,
    /// Where Popeye's output came from.
    output_name: &'a str,
}

/// [`verify_file`] with `out`'s selection, JSON and report: each case printed (and under JSON
/// lines written as a line) as soon as it is compared, then the summary, the document and the
/// report.
fn verify_files(
    files: &VerifyFiles,
    engine: &dyn SearchEngine,
    options: &Options,
    out: &VerifyOutput,
) -> Result<i32, VerifyError> {
    let started = std::time::Instant::now();
    let selection = verify::Selection {
        problem: out.problem,
        shard: out.shard,
    };
    if !out.shard.is_whole() {
        let (k, n) = (out.shard.index(), out.shard.count());
        outln!(
            "shard {}: the cases {k}, {}, … of the file only (its problems and twins in order, from 1)",
            out.shard,
            k + n
        );
    }
    let mut cases = Vec::new();
    let mut on_case = |index: u64, case: &problems::Case, r: &verify::CaseReport| {
        print_case(r);
        let json = VerifyCaseJson::new(index, case, r);
        crate::report::json::line("case", &json);
        cases.push(json);
    };
    let reports = verify::verify_each(
        files.input,
        files.output,
        selection,
        engine,
        options,
        &mut on_case,
    )?;
    let (agree, differ, skipped) = verify::counts(&reports);
    outln!(
        "{}: {agree} agree, {differ} differ, {skipped} skipped",
        files.name
    );
    if agree == 0 && differ == 0 && skipped > 0 {
        eprintln!(
            "note: nothing was compared (every case was skipped): no difference found, but \
             nothing of Popeye's output was checked either"
        );
    }
    let mut code = if differ > 0 { 1 } else { 0 };
    if out.json || out.report.is_some() {
        let counts = VerifyCounts::of(&cases);
        let mut document = VerifyDocument {
            command: "popeye verify".into(),
            schema: crate::report::json::SCHEMA_VERSION,
            version: env!("CARGO_PKG_VERSION").into(),
            verdict: crate::report::verify::verdict(code).into(),
            exit_code: code,
            engine: engine.name().into(),
            input: files.name.into(),
            output: files.output_name.into(),
            input_fingerprint: format!("{:016x}", crate::shard::fingerprint(files.input)),
            problem: out.problem,
            shard: out.shard.to_string(),
            merged: Vec::new(),
            counts,
            cases,
            seconds: started.elapsed().as_secs_f64(),
        };
        if let Some(path) = &out.report {
            let inputs: Vec<&Path> = out.inputs.iter().map(PathBuf::as_path).collect();
            let html = crate::report::html::verify_report(&document);
            if let Err(e) = crate::report::html::write(path, &html, &inputs) {
                // Said at once; a difference found still wins (exit 1).
                eprintln!("error: {e}");
                if code == 0 {
                    code = 2;
                    document.exit_code = 2;
                    document.verdict = crate::report::verify::verdict(2).into();
                }
            }
        }
        if out.json {
            crate::report::json::print(&document);
        }
    }
    Ok(code)
}

/// The text line (and lines) of one compared case.
fn print_case(r: &verify::CaseReport) {
    let stip = r.stipulation.map(|s| format!(" {s}")).unwrap_or_default();
    match &r.outcome {
        Outcome::Agree(n) => outln!("{}{stip}: agree ({n} solution(s))", r.name),
        Outcome::Skipped(why) => outln!("{}{stip}: skipped: {why}", r.name),
        Outcome::Differ { missing, extra } => {
            outln!(
                "{}{stip}: DIFFER: {} only Popeye gives, {} only we give",
                r.name,
                missing.len(),
                extra.len()
            );
            for m in missing {
                outln!("  only Popeye: {}", m.trim());
            }
            for e in extra {
                outln!("  only ours:   {}", e.trim());
            }
        }
    }
}
