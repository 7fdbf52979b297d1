//! The position flags every command that reads a position takes (`--fen` or `--popeye FILE
//! [--problem N]`, `--rules`, `--profile`, `--set`, `--reserve`, `--engine`, `--lenient`,
//! `--strict`), and
//! the one loader that turns them into a position and its rules ([`PositionArgs::load`]), or
//! into the Popeye file whose problems a command reads one by one
//! ([`PositionArgs::popeye_file`]). Which problem `--problem N` names is
//! [`crate::verify::problems::chosen`]'s to say.

use std::path::{Path, PathBuf};

use clap::Args;
use feerie_oracle::{Condition, Position, Profile, Rules, Switch, Validation, fen, popeye_input};

use super::flags::EngineArgs;
use crate::engines::SearchEngine;
use crate::error::Error;
use crate::verify::problems;

/// Where the position and rules come from.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The position as (extended) FEN.
    #[arg(long, conflicts_with = "popeye")]
    fen: Option<String>,
    /// A Popeye input file giving position and conditions.
    #[arg(long)]
    popeye: Option<PathBuf>,
    /// Which problem of the Popeye file (1 = first) [default: 1; `solve`: every problem].
    #[arg(long, requires = "popeye")]
    problem: Option<usize>,
    /// Rules in force; repeat the flag or separate with commas (--rules circe,frankfurt).
    #[arg(long = "rules", value_name = "SLUG", long_help = rules_help())]
    rules: Vec<String>,
    /// Profile: the named set of switch values the rules start from [default: documented].
    #[arg(long, value_parser = Profile::ALL.map(|p| p.name()))]
    profile: Option<String>,
    #[arg(long = "set", value_name = "KEY=VALUE", help = set_short_help(), long_help = set_help())]
    set: Vec<String>,
    /// A piece waiting in the Parrain reserve, as colour, Popeye code and capture square: wSd3
    /// for a knight, (wN)d3 for a nightrider (a bare N is refused); not with a FEN that has a
    /// reserve field.
    #[arg(long)]
    reserve: Option<String>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Accept positions that problem collections contain but games cannot reach (a --fen is
    /// checked strictly without it; a --popeye problem is read as Popeye reads it anyway).
    #[arg(long, conflicts_with = "strict")]
    lenient: bool,
    /// With --popeye, refuse a problem that Popeye accepts but feerie calls illegal (a side
    /// without a king, the side not to move in check, …); without it such a problem is read,
    /// with one warning line naming what is illegal.
    #[arg(long)]
    strict: bool,
}

/// A position, its rules and the engine chosen, as [`PositionArgs::load`] gives them.
pub type Loaded = (Position, Rules, &'static dyn SearchEngine);

/// The Popeye file of `--popeye`, for a command that reads each of its problems and twins
/// (`solve`, `dispute --solve`).
pub struct PopeyeFile<'a> {
    /// The file, as errors name it.
    pub path: &'a Path,
    /// `--problem N`, or `None` for every problem.
    pub problem: Option<usize>,
    /// `--strict`: a problem feerie calls illegal is refused instead of read with a warning.
    pub strict: bool,
}

impl PopeyeFile<'_> {
    /// The file's text (a regular file of at most [`crate::limits::MAX_INPUT_BYTES`]); the
    /// error names the file.
    pub fn read(&self) -> Result<String, Error> {
        read(self.path)
    }

    /// Each problem of `text` that the command reads (all, or `--problem N`) as Popeye reads
    /// it although feerie calls its diagram illegal: one warning line each on stderr, or with
    /// `--strict` the first refused (exit 2). Problems feerie cannot read at all are left to
    /// the command, which says why.
    pub fn judge_legality(&self, text: &str, profile: Profile) -> Result<(), Error> {
        let Ok(file) = popeye_input::parse(text) else {
            return Ok(());
        };
        let Ok(chosen) = problems::chosen(&file, self.problem) else {
            return Ok(());
        };
        for (number, problem) in chosen {
            // Read leniently only when the strict reading fails, to tell an illegal diagram
            // from a problem feerie cannot read at all.
            if let Err(illegal) = problem.to_position(profile, Validation::Strict)
                && problem.to_position(profile, Validation::Lenient).is_ok()
            {
                let place = format!("{}, problem {number}", self.path.display());
                let reasons = illegal.reasons.join("; ");
                let reasons = reasons.trim_start_matches("invalid position: ");
                if self.strict {
                    return Err(Error::Usage(format!(
                        "{place}: {reasons} (Popeye reads it; without --strict feerie does too)"
                    )));
                }
                warn_illegal(&place, reasons);
            }
        }
        Ok(())
    }
}

/// The one warning line of a Popeye problem read although feerie calls it illegal.
fn warn_illegal(place: &str, reasons: &str) {
    eprintln!(
        "warning: {place}: read as Popeye reads it, although feerie calls it illegal \
         ({reasons}); --strict refuses it"
    );
}

impl PositionArgs {
    /// The Popeye file given, if any.
    pub fn popeye_path(&self) -> Option<&Path> {
        self.popeye.as_deref()
    }

    /// The `--set` switches, as given.
    pub fn set(&self) -> &[String] {
        &self.set
    }

    /// `--profile`, as given.
    pub fn profile_name(&self) -> Option<&str> {
        self.profile.as_deref()
    }

    /// `--profile` if given.
    pub fn profile_given(&self) -> Result<Option<Profile>, Error> {
        Ok(match &self.profile {
            Some(p) => Some(p.parse::<Profile>()?),
            None => None,
        })
    }

    /// `--profile`, or the default profile.
    pub fn profile(&self) -> Result<Profile, Error> {
        Ok(self.profile_given()?.unwrap_or_default())
    }

    /// The engine of `--engine`.
    pub fn engine(&self) -> Result<&'static dyn SearchEngine, Error> {
        self.engine.engine()
    }

    /// Whether `--engine` was given (a command that runs no engine refuses it).
    pub fn engine_given(&self) -> bool {
        self.engine.given()
    }

    /// The position and rules: from `--fen` and `--rules`, or from problem `--problem N`
    /// (default 1) of the `--popeye` file; then `--profile`, `--set` and `--reserve` on top,
    /// and the position checked under those rules: a FEN strictly unless `--lenient`, a Popeye
    /// problem as Popeye reads it unless `--strict` (what feerie calls illegal in it is said in
    /// one warning line on stderr).
    pub fn load(&self) -> Result<Loaded, Error> {
        let strict = if self.popeye.is_some() {
            self.strict
        } else {
            !self.lenient
        };
        let (mut setup, mut rules) = match (&self.fen, &self.popeye) {
            (Some(text), None) => {
                let setup = fen::parse_setup(text)?;
                (
                    setup,
                    Rules::from_words(&self.rules, self.profile.as_deref(), &[] as &[String])?,
                )
            }
            (None, Some(path)) => {
                self.refuse_rules()?;
                let text = read(path)?;
                let file = popeye_input::parse(&text).map_err(|e| Error::at(path.display(), e))?;
                let number = self.problem.unwrap_or(1);
                let chosen = problems::chosen(&file, Some(number))
                    .map_err(|e| Error::at(path.display(), e))?;
                let (_, problem) = chosen[0];
                let (position, rules) = problem
                    .to_position(self.profile()?, Validation::Lenient)
                    .map_err(|e| {
                    Error::at(format!("{}, problem {number}", path.display()), e)
                })?;
                (position.into_setup(), rules)
            }
            _ => {
                return Err(Error::Usage(
                    "give exactly one of --fen and --popeye".into(),
                ));
            }
        };
        rules
            .set_pairs(&self.set)
            .map_err(|e| Error::at("--set", e))?;
        if let Some(r) = &self.reserve {
            if let Some(there) = setup.reserve {
                return Err(Error::Usage(format!(
                    "--reserve {r}: the position already has a reserve ({there}); give it once"
                )));
            }
            setup.reserve = Some(fen::parse_reserve(r).map_err(|e| Error::at("--reserve", e))?);
        }
        // Checked strictly first: only a position that fails is read again leniently, and a
        // Popeye problem read so says what feerie calls illegal in it.
        let position = match Position::under_rules(setup.clone(), Validation::Strict, &rules) {
            Ok(position) => position,
            Err(illegal) if !strict => {
                if let Some(path) = &self.popeye {
                    let place =
                        format!("{}, problem {}", path.display(), self.problem.unwrap_or(1));
                    let illegal = illegal.to_string();
                    warn_illegal(&place, illegal.trim_start_matches("invalid position: "));
                }
                Position::under_rules(setup, Validation::Lenient, &rules)?
            }
            Err(illegal) => return Err(illegal.into()),
        };
        Ok((position, rules, self.engine()?))
    }

    /// The `--popeye` file, for a command that reads its problems itself (each solved from the
    /// file's conditions, under `--profile` and `--set`); `None` with `--fen`.
    pub fn popeye_file(&self) -> Option<PopeyeFile<'_>> {
        Some(PopeyeFile {
            path: self.popeye.as_deref()?,
            problem: self.problem,
            strict: self.strict,
        })
    }

    /// With `--popeye`, `--rules` and `--reserve` are refused: the file gives the conditions and
    /// the reserve.
    pub fn refuse_with_popeye(&self) -> Result<(), Error> {
        self.refuse_rules()?;
        if self.popeye.is_some() && self.reserve.is_some() {
            return Err(Error::Usage(
                "--reserve cannot be combined with --popeye: the file gives the reserve (LastCapture)"
                    .into(),
            ));
        }
        Ok(())
    }

    /// With `--popeye`, `--rules` is refused: the file gives the conditions.
    fn refuse_rules(&self) -> Result<(), Error> {
        if self.popeye.is_some() && !self.rules.is_empty() {
            return Err(Error::Usage(
                "--rules cannot be combined with --popeye: the file gives the conditions".into(),
            ));
        }
        Ok(())
    }
}

/// A Popeye input file (UTF-8 or an 8-bit encoding, as Popeye reads), read when it is a
/// regular file of at most [`crate::limits::MAX_INPUT_BYTES`]; the error names the file.
fn read(path: &Path) -> Result<String, Error> {
    crate::limits::read_8bit_text(path, crate::limits::MAX_INPUT_BYTES)
        .map_err(|e| Error::at(path.display(), e))
}

/// The long help of `--rules`: the slugs, each with its rule, from the registry of conditions.
fn rules_help() -> String {
    let mut text = String::from(
        "Rules in force: orthodox (no condition, the default) or conditions. Repeat the flag or \
         separate slugs with commas (--rules circe,frankfurt); a slug given twice, an empty one \
         and orthodox with a condition are errors. At most one Circe variant at a time; frankfurt \
         and protean do not combine. Conditions:",
    );
    for c in Condition::ALL {
        text += &format!("\n  {}: {}", c.slug(), c.entry().description);
    }
    text
}

/// The short help of `--set`: the keys.
fn set_short_help() -> String {
    format!(
        "A switch, KEY=VALUE (repeatable; --help lists the values): {}",
        Switch::ALL.map(|s| s.key()).join(", ")
    )
}

/// The long help of `--set`: every switch with its values.
fn set_help() -> String {
    let mut text = String::from(
        "A switch, KEY=VALUE, on top of the profile (repeatable; a key set twice to different \
         values is an error). Keys and values:",
    );
    for switch in Switch::ALL {
        text += &format!(
            "\n  {}: {} (documented: {}, popeye: {}{})",
            switch.key(),
            switch.values().join(", "),
            switch.default_under(Profile::Documented),
            switch.default_under(Profile::Popeye),
            presets_help(switch)
        );
    }
    text
}

/// The conditions that preset a switch over the profiles' defaults, as `--set`'s help shows
/// them: `; protean: opposing`.
fn presets_help(switch: Switch) -> String {
    let mut text = String::new();
    for c in Condition::ALL {
        for p in c.entry().presets.iter().filter(|p| p.switch == switch) {
            let profiles = p.profile.map_or(Profile::ALL.to_vec(), |only| vec![only]);
            if profiles
                .iter()
                .all(|&pr| switch.default_under(pr) == p.value)
            {
                continue;
            }
            let under = p
                .profile
                .map_or(String::new(), |only| format!(" under {only}"));
            text += &format!("; {}{under}: {}", c.slug(), p.value);
        }
    }
    text
}
