//! The `feerie popeye` commands: Popeye's input written (`export`), Popeye compared with our
//! engines on positions and scenarios (`compare`) and on random positions and problems
//! (`fuzz`, `fuzz-solve`), Popeye's solutions verified (`verify`) and replayed (`replay`), and
//! Popeye checked against itself by metamorphic relations (`metamorphic`).

pub mod campaign;
pub mod compare;
pub mod export;
pub mod fuzz;
pub mod metamorphic;
pub mod replay;
pub mod verify;

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Arg, Args};

use super::flags::{PopeyeBinaryArgs, TimeoutArgs};
use crate::error::Error;
use crate::external::popeye_output_source::OutputSource;

/// A Popeye input, and Popeye's output for it or the Popeye binary to run on it: the files of
/// `popeye verify` and `popeye replay`.
#[derive(Args, Debug)]
#[command(mut_args(own_help))]
pub struct PopeyeOutputArgs {
    /// The Popeye input file.
    input: PathBuf,
    /// Popeye's output for it; without it, Popeye (--py or POPEYE) is run on the input.
    output: Option<PathBuf>,
    #[command(flatten)]
    py: PopeyeBinaryArgs,
    #[command(flatten)]
    timeout: TimeoutArgs,
}

/// What `popeye verify` and `popeye replay` says of the shared flags it takes, instead of their shared help.
fn own_help(arg: Arg) -> Arg {
    match arg.get_id().as_str() {
        // Both are for the run of Popeye that a given output replaces: refused beside it.
        "py" => arg
            .help(
                "The Popeye binary to run when no output is given (default: the POPEYE \
                 environment variable)",
            )
            .conflicts_with("output"),
        "timeout" => arg
            .help("Seconds the Popeye run on the whole input may take before it is stopped")
            .conflicts_with("output"),
        _ => arg,
    }
}

/// A Popeye input or output file, read when it is a regular file of at most four times
/// [`crate::limits::MAX_INPUT_BYTES`] (a FIFO or a device must not hang the command), as 8-bit
/// text; the error names the file.
pub(super) fn read_popeye_text(path: &Path) -> Result<String, Error> {
    crate::limits::read_8bit_text(path, 4 * crate::limits::MAX_INPUT_BYTES)
        .map_err(|e| Error::at(path.display(), e))
}

/// A file of Popeye's output as `popeye verify` reads it: streamed, never held whole (a
/// regular file, read line by line); the error names the file.
pub(super) fn popeye_output_file(path: &Path) -> Result<OutputSource<'static>, Error> {
    OutputSource::file(path).map_err(|e| Error::at(path.display(), e))
}

/// Popeye's output as `popeye verify` reads it: a file streamed, or the text a Popeye run
/// printed.
pub enum PopeyeOutput {
    /// A file, streamed.
    File(OutputSource<'static>),
    /// The output of a Popeye run, in a temporary file (removed when this is dropped),
    /// streamed.
    Run {
        /// The file, streamed.
        source: OutputSource<'static>,
        /// The temporary file.
        file: tempfile::TempPath,
        /// Its registration for removal on SIGINT or SIGTERM.
        registered: crate::external::process::cleanup::Registered,
    },
}

impl PopeyeOutput {
    /// Where its lines are read from.
    pub fn source(&self) -> OutputSource<'static> {
        match self {
            PopeyeOutput::File(source) | PopeyeOutput::Run { source, .. } => source.clone(),
        }
    }
}

/// The texts of [`PopeyeOutputArgs::read`].
pub struct PopeyeTexts {
    /// The Popeye input.
    pub input: String,
    /// Popeye's output for it.
    pub output: String,
    /// Where the output came from: its file, or `popeye run: BINARY`.
    pub source: String,
}

impl PopeyeOutputArgs {
    /// The input file.
    pub fn input(&self) -> &Path {
        &self.input
    }

    /// Whether Popeye's output was given (else Popeye is run).
    pub fn output_given(&self) -> bool {
        self.output.is_some()
    }

    /// Whether `--py` was given.
    pub fn py_given(&self) -> bool {
        self.py.given().is_some()
    }

    /// The files read (the input, Popeye's output if given), which no report may replace.
    /// The Popeye binary (`--py` or `POPEYE`) is one of them when it is to be run (no output
    /// given): no report may replace it.
    pub fn files(&self) -> Vec<PathBuf> {
        let binary = match self.output {
            Some(_) => None,
            None => self.py.as_input(),
        };
        std::iter::once(self.input.clone())
            .chain(self.output.clone())
            .chain(binary)
            .collect()
    }

    /// The deadline of the Popeye run; 0 seconds is refused.
    pub fn timeout(&self) -> Result<Duration, Error> {
        self.timeout.duration()
    }

    /// The input and Popeye's output, read when they are regular files of at most four times
    /// [`crate::limits::MAX_INPUT_BYTES`] (a FIFO or a device must not hang the command), or
    /// the output of a Popeye run on the input when none is given; errors name the file.
    pub fn read(&self) -> Result<PopeyeTexts, Error> {
        use crate::external::popeye;
        let input = read_popeye_text(&self.input)?;
        let (output, source) = match &self.output {
            Some(path) => (read_popeye_text(path)?, path.display().to_string()),
            None => {
                let binary = self.py.binary()?;
                let (text, _) = popeye::run_popeye_file(&binary, &input, self.timeout()?)?;
                (text, format!("popeye run: {}", binary.display()))
            }
        };
        Ok(PopeyeTexts {
            input,
            output,
            source,
        })
    }

    /// As [`PopeyeOutputArgs::read`], Popeye's output file streamed rather than read whole:
    /// the input, the output, and where the output came from.
    pub fn read_streamed(&self) -> Result<(String, PopeyeOutput, String), Error> {
        use crate::external::popeye;
        let input = read_popeye_text(&self.input)?;
        Ok(match &self.output {
            Some(path) => (
                input,
                PopeyeOutput::File(popeye_output_file(path)?),
                path.display().to_string(),
            ),
            None => {
                // Popeye's output goes to a temporary file, read from there as a file given.
                let binary = self.py.binary()?;
                let file = tempfile::NamedTempFile::new()
                    .map_err(|e| Error::System(format!("cannot make a temporary file: {e}")))?
                    .into_temp_path();
                let registered = crate::external::process::cleanup::remove_on_signal(&file);
                popeye::run_popeye_to_file(&binary, &input, self.timeout()?, &file)?;
                let source = OutputSource::file(&file)
                    .map_err(|e| Error::System(format!("Popeye's output: {e}")))?;
                let name = format!("popeye run: {}", binary.display());
                let run = PopeyeOutput::Run {
                    source,
                    file,
                    registered,
                };
                (input, run, name)
            }
        })
    }
}
