//! `feerie popeye compare`: our engine's legal moves (and perft counts) against a Popeye
//! binary's, on one position or on every scenario of a file or folder, each case judged as
//! agreeing, differing only where our switches are not Popeye's, refused by Popeye, skipped, or
//! differing; a folder run goes on past refusals and failures and ends with a table.

use std::path::{Path, PathBuf};
use std::time::Duration;

use feerie_oracle::{Engine, EngineError, Position, Profile, Rules, popeye_move};

use crate::error::Error;
use crate::external::popeye::{self, PopeyeError};

/// One position to compare, with its rules.
pub struct Case {
    /// How it is named in the report (`scenarios/circe/x.yaml (name)`).
    pub name: String,
    /// The position.
    pub position: Position,
    /// The rules.
    pub rules: Rules,
}

/// How to compare.
pub struct CompareOptions<'a> {
    /// The Popeye binary (absolute: Popeye runs in a temporary folder).
    pub binary: PathBuf,
    /// Deadline of each Popeye run.
    pub timeout: Duration,
    /// Also compare perft at this depth (2 or 3).
    pub depth: Option<u32>,
    /// Our engine.
    pub engine: &'a dyn Engine,
}

/// The judgement on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same moves (and counts).
    Agree,
    /// Different, but our engine under Popeye's values of the named switches agrees with Popeye.
    ProfileDifference {
        /// `switch=ours (Popeye: theirs)`.
        switches: Vec<String>,
        /// The differences under the case's own rules.
        lines: Vec<String>,
    },
    /// Popeye refused the problem, in its words.
    Refused(String),
    /// Not sent to Popeye, with the reason.
    Skipped(String),
    /// A real difference: the lines, and the switches whose values are not Popeye's if any.
    Differ {
        /// `only Popeye: …`, `only ours: …`, `perft 2: Popeye …, ours …`.
        lines: Vec<String>,
        /// Switches not at Popeye's value (they did not explain the difference).
        switches: Vec<String>,
    },
    /// Popeye or our engine could not give an answer.
    Failed(String),
}

impl Verdict {
    /// Whether Popeye's refusal names our input as malformed (an input error), rather than the
    /// position as one it does not accept.
    pub fn is_input_error(&self) -> bool {
        matches!(self, Verdict::Refused(w) if w.contains("input-error") || w.contains("offending item"))
    }
}

/// The counts of a run, printed as its final table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases that agree.
    pub agree: usize,
    /// Cases explained by switch values that are not Popeye's, and the switches seen.
    pub profile: usize,
    /// The switches named by profile differences.
    pub profile_switches: Vec<String>,
    /// Cases Popeye refused.
    pub refused: usize,
    /// Of those, refusals of our input as malformed.
    pub input_errors: usize,
    /// Cases skipped, and how many for each reason (the words before its parenthesis).
    pub skipped: usize,
    /// The reasons of the skipped cases, with their counts.
    pub skip_reasons: Vec<(String, usize)>,
    /// Real differences.
    pub differ: usize,
    /// Cases where Popeye or our engine gave no answer.
    pub failed: usize,
}

impl Tally {
    /// Adds a verdict.
    pub fn add(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Agree => self.agree += 1,
            Verdict::ProfileDifference { switches, .. } => {
                self.profile += 1;
                for s in switches {
                    let key = s.split('=').next().unwrap_or(s).to_string();
                    if !self.profile_switches.contains(&key) {
                        self.profile_switches.push(key);
                    }
                }
            }
            Verdict::Refused(_) => {
                self.refused += 1;
                if verdict.is_input_error() {
                    self.input_errors += 1;
                }
            }
            Verdict::Skipped(why) => {
                self.skipped += 1;
                let reason = why.split(" (").next().unwrap_or(why).to_string();
                match self.skip_reasons.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, n)) => *n += 1,
                    None => self.skip_reasons.push((reason, 1)),
                }
            }
            Verdict::Differ { .. } => self.differ += 1,
            Verdict::Failed(_) => self.failed += 1,
        }
    }

    /// 1 on a real difference; else 2 when Popeye could not be run or called our input
    /// malformed; else 0.
    pub fn exit_code(&self) -> i32 {
        if self.differ > 0 {
            1
        } else if self.failed > 0 || self.input_errors > 0 {
            2
        } else {
            0
        }
    }

    /// The final table.
    pub fn table(&self) -> String {
        let switches = if self.profile_switches.is_empty() {
            String::new()
        } else {
            format!("   ({})", self.profile_switches.join(", "))
        };
        let input_errors = if self.input_errors > 0 {
            format!("   ({} input errors: ours)", self.input_errors)
        } else {
            String::new()
        };
        let reasons = if self.skip_reasons.is_empty() {
            String::new()
        } else {
            let each: Vec<String> = self
                .skip_reasons
                .iter()
                .map(|(r, n)| format!("{r}: {n}"))
                .collect();
            format!("   ({})", each.join(", "))
        };
        let total =
            self.agree + self.profile + self.refused + self.skipped + self.differ + self.failed;
        format!(
            "popeye compare: {total} positions\n\
             \x20 agree               {:>5}\n\
             \x20 profile difference  {:>5}{switches}\n\
             \x20 refused by Popeye   {:>5}{input_errors}\n\
             \x20 skipped             {:>5}{reasons}\n\
             \x20 differ              {:>5}\n\
             \x20 failed              {:>5}\n",
            self.agree, self.profile, self.refused, self.skipped, self.differ, self.failed
        )
    }
}

/// The same conditions under another profile: its values for every switch, except rex, which
/// the exported input states and which therefore keeps ours when it was set.
pub fn with_profile(rules: &Rules, profile: Profile) -> Rules {
    popeye::reading_under(rules, profile)
}

/// The scenarios of a file or folder as cases: each at its position after `play` (played under
/// its own rules), compared under its own rules, or under `profile` when given.
pub fn scenario_cases(
    path: &Path,
    engine: &dyn Engine,
    profile: Option<Profile>,
) -> Result<Vec<Case>, Error> {
    let loaded = if path.is_dir() {
        crate::scenario::load_dir(path)?
    } else {
        vec![crate::scenario::load_file(path)]
    };
    let mut cases = Vec::new();
    for item in loaded {
        let s = item?;
        let rules = s.base_rules()?;
        let mut p = s.position()?;
        for text in &s.play {
            let legal = engine
                .legal_moves(&p, &rules)
                .map_err(|e| Error::at(&s.file, e))?;
            let mv = popeye_move::resolve(text, &legal).map_err(|e| Error::at(&s.file, e))?;
            p = engine
                .play(&p, &rules, &mv)
                .map_err(|e| Error::at(&s.file, e))?;
        }
        let rules = match profile {
            Some(profile) => with_profile(&rules, profile),
            None => rules,
        };
        cases.push(Case {
            name: format!("{} ({})", s.file, s.name),
            position: p,
            rules,
        });
    }
    Ok(cases)
}

/// Popeye's and our answers on one position under `rules`: the differences.
fn differences(
    options: &CompareOptions,
    position: &Position,
    rules: &Rules,
    theirs: &Answers,
) -> Result<Vec<String>, EngineError> {
    let ours = popeye::our_moves(options.engine, position, rules)?;
    let mut lines = popeye::move_differences(&theirs.moves, &ours);
    if let (Some(d), Some(n)) = (options.depth, theirs.perft) {
        let mine = options.engine.perft(position, rules, d)?;
        if mine != n {
            lines.push(format!("perft {d}: Popeye {n}, ours {mine}"));
        }
    }
    Ok(lines)
}

struct Answers {
    moves: Vec<String>,
    perft: Option<u64>,
}

/// Judges one case.
pub fn judge(case: &Case, options: &CompareOptions) -> Verdict {
    if case.position.board().pieces().any(|(_, u)| u.magic) {
        return Verdict::Skipped("magic pieces (Popeye has no Bédoni magic pieces)".into());
    }
    if let Some(why) = popeye::marks_read_otherwise(&case.position) {
        return Verdict::Skipped(why);
    }
    if let Err(unsupported) =
        feerie_oracle::popeye_input::write(&case.position, &case.rules, "stipulation ~1")
    {
        return Verdict::Skipped(format!("not expressible in Popeye's input ({unsupported})"));
    }
    let asked = popeye::popeye_moves(
        &options.binary,
        &case.position,
        &case.rules,
        options.timeout,
    )
    .and_then(|moves| {
        let perft = match options.depth {
            Some(d) => Some(popeye::popeye_perft(
                &options.binary,
                &case.position,
                &case.rules,
                d,
                options.timeout,
            )?),
            None => None,
        };
        Ok(Answers { moves, perft })
    });
    let theirs = match asked {
        Ok(a) => a,
        Err(PopeyeError::Refused(words)) => return Verdict::Refused(words),
        Err(PopeyeError::Failed(why)) => return Verdict::Failed(why),
    };
    let lines = match differences(options, &case.position, &case.rules, &theirs) {
        Ok(l) => l,
        Err(e) => return Verdict::Failed(e.to_string()),
    };
    if lines.is_empty() {
        return Verdict::Agree;
    }
    let switches = popeye::non_popeye_switches(&case.rules);
    if !switches.is_empty() {
        let popeye_rules = popeye::popeye_reading(&case.rules);
        if let Ok(under_popeye) = differences(options, &case.position, &popeye_rules, &theirs)
            && under_popeye.is_empty()
        {
            return Verdict::ProfileDifference { switches, lines };
        }
    }
    Verdict::Differ { lines, switches }
}

/// Prints one verdict: a line, then the differences indented.
pub fn print_verdict(case: &Case, verdict: &Verdict) {
    let name = &case.name;
    match verdict {
        Verdict::Agree => println!("agree {name}"),
        Verdict::ProfileDifference { switches, lines } => {
            println!(
                "profile difference {name}: our engine under Popeye's {} agrees",
                switches.join(", ")
            );
            for l in lines {
                println!("  {l}");
            }
        }
        Verdict::Refused(words) => println!("REFUSED by Popeye {name}: {words}"),
        Verdict::Skipped(why) => println!("skipped {name}: {why}"),
        Verdict::Differ { lines, switches } => {
            println!("DIFFER {name} ({})", case.rules);
            if !switches.is_empty() {
                println!(
                    "  (not explained by the switches that are not Popeye's: {})",
                    switches.join(", ")
                );
            }
            for l in lines {
                println!("  {l}");
            }
        }
        Verdict::Failed(why) => println!("FAILED {name}: {why}"),
    }
}

/// What `feerie popeye compare` compares: one position under its rules, or the scenarios of a
/// file or folder (under their own rules, or under a profile).
pub enum Target {
    /// One position.
    Position(Position, Rules),
    /// The scenarios of a file or folder, under their own rules or this profile.
    Scenarios(PathBuf, Option<Profile>),
}

/// `feerie popeye compare`: prints the verdict of each case and the table, and returns the
/// exit code. One position that Popeye refuses, or that cannot be compared, is an error.
///
/// `shard` keeps only its share of a folder's scenarios; `output` adds the JSON document, the
/// JUnit file and the HTML report when asked.
pub fn compare_command(
    target: Target,
    options: &CompareOptions,
    shard: crate::shard::Shard,
    output: &crate::report::compare::Output,
) -> Result<i32, Error> {
    match target {
        Target::Position(position, rules) => {
            let case = Case {
                name: "the position".into(),
                position,
                rules,
            };
            let verdict = judge(&case, options);
            match &verdict {
                Verdict::Refused(words) => {
                    return Err(crate::external::ExternalError::Refused(words.clone()).into());
                }
                Verdict::Failed(why) => {
                    return Err(crate::external::ExternalError::Failed(why.clone()).into());
                }
                _ => {}
            }
            if output.wanted() {
                return output
                    .finish(&[(&case, verdict)], options, shard)
                    .map_err(Error::Report);
            }
            print_verdict(&case, &verdict);
            let mut tally = Tally::default();
            tally.add(&verdict);
            print!("{}", tally.table());
            Ok(tally.exit_code())
        }
        Target::Scenarios(path, profile) => {
            let cases = shard.pick(scenario_cases(&path, options.engine, profile)?);
            if output.wanted() {
                let judged = crate::report::compare::judge_all(&cases, options);
                return output
                    .finish(&judged, options, shard)
                    .map_err(Error::Report);
            }
            Ok(run(&cases, options).exit_code())
        }
    }
}

/// Compares every case, printing one verdict each as it comes, then the table; returns the
/// tally (its [`Tally::exit_code`] is the command's).
pub fn run(cases: &[Case], options: &CompareOptions) -> Tally {
    let mut tally = Tally::default();
    for case in cases {
        let verdict = judge(case, options);
        print_verdict(case, &verdict);
        tally.add(&verdict);
    }
    print!("{}", tally.table());
    tally
}
