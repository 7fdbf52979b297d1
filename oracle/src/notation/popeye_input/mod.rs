//! Popeye's input format: reading problem files (English or German keywords) and writing
//! positions with their conditions.
//!
//! - `keywords`: the words of units (walk codes, squares, groups of units);
//! - `reading`: the tokens of a file into [`PopeyeFile`], everything kept as written;
//! - `interpreting`: a [`PopeyeProblem`] into a position and rules ([`PopeyeProblem::to_position`]);
//! - `writing`: a position and rules into a problem ([`write()`]).
//!
//! Popeye reads tokens, not lines: a command takes the words after it until the next command.
//! Keywords are read as Popeye reads them, in the file's language only, and may be abbreviated
//! to any prefix that names one keyword (`beg`, `stip`, `c`): see
//! [`popeye_words`](super::popeye_words). Reading keeps everything a problem says, including
//! conditions, pieces and options this project does not implement;
//! [`PopeyeProblem::to_position`] then says precisely what it cannot use, naming Popeye's word.

use std::fmt;

use crate::rules::registry::PopeyeFollowers;
use crate::rules::{AnticirceType, RebirthOccupied, RebornUnit, Rex};
use crate::{
    CastlingRights, Colour, EnPassant, Piece, Position, Reserve, Rules, Setup, Square, Validation,
    Walk,
};
use crate::{Condition, Profile, Switch};

pub use super::popeye_words::Language;
use super::popeye_words::conditions::{CIRCE_VARIANTS, CONDITIONS, EXTRA_CONDITIONS};
use super::popeye_words::options::OPTIONS;
use super::popeye_words::words::{ATTRIBUTES, COLOURS};
use super::popeye_words::{self, Attribute, ColourWord, Command, Lookup, PopeyeOption};
use super::popeye_words::{CirceVariant, PopeyeCondition};

mod conditions_reading;
mod interpreting;
mod keywords;
mod reading;
mod writing;

use interpreting::*;
use keywords::*;

pub use interpreting::intro_series;
pub(crate) use interpreting::popeye_castling;
pub(crate) use keywords::{piece_token, read_units, squares_of, walk_code, walk_of};
pub use reading::parse;
pub use writing::write;

/// A syntax error in a Popeye input file: line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeInputError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PopeyeInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Popeye input, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PopeyeInputError {}

/// The colour of a unit in a Popeye file, which may be neutral.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitColour {
    /// White or Black.
    Side(Colour),
    /// A neutral unit (belongs to both sides).
    Neutral,
}

/// A unit as a Popeye file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedUnit {
    /// Its colour.
    pub colour: UnitColour,
    /// The walk, when it is one this project knows.
    pub walk: Option<Walk>,
    /// Popeye's code of the walk, lower case (`s`, `pp`, `g`, `li`).
    pub code: String,
    /// Its piece attributes (`royal`, `magic`, …).
    pub attributes: Vec<Attribute>,
    /// Its square.
    pub square: Square,
}

/// One problem of a file (the part between `begin`/`next` and `next`/`end`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeProblem {
    /// The keyword language of its file, in which its words are read.
    pub language: Language,
    /// Line where the problem starts.
    pub line: usize,
    /// `title`, `author`, `origin`, `award`, `remark`, `protocol` texts: (command, text).
    pub texts: Vec<(String, String)>,
    /// `stipulation`, as written.
    pub stipulation: Option<String>,
    /// `sstipulation` (structured stipulation), as written.
    pub structured_stipulation: Option<String>,
    /// The units, from `pieces` and `forsyth`.
    pub units: Vec<PlacedUnit>,
    /// The words of every `condition` command, in order.
    pub conditions: Vec<String>,
    /// The words of every `option` command, in order.
    pub options: Vec<String>,
    /// Each `twin` command as written after the keyword.
    pub twins: Vec<String>,
    /// The commands after `zeroposition`, when the diagram is a zero position (not solved).
    pub zero_position: Option<String>,
    /// `total N` of `pieces`: the number of units, invisible ones included.
    pub total: Option<usize>,
    /// The input errors met in the problem, each with its line; reading went on at the next
    /// problem, so that a problem with one is not read whole (it is not turned into a
    /// position).
    pub input_errors: Vec<String>,
}

/// A whole input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeFile {
    /// Its keyword language.
    pub language: Language,
    /// Its problems.
    pub problems: Vec<PopeyeProblem>,
}

/// Why a problem cannot be turned into a position under this project's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Each reason (a fairy piece, a condition, an option, an invalid position).
    pub reasons: Vec<String>,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported: {}", self.reasons.join("; "))
    }
}

impl std::error::Error for Unsupported {}
