//! Settling a disputed interpretation on a real position: one engine under several readings of
//! the rules (each value of a switch, or each profile), listing where the legal moves and the
//! perft counts differ.
//!
//! Unlike two engines under one reading, two readings may turn the same move into different
//! records (`Be4*d5=P` against `Be4*d5=PP`) and different positions. The walk therefore pairs
//! the moves of the two readings by what the player does (from, to, castling, promotion) and
//! goes on below each pair, each reading in its own position, so that the consequences show too.

pub mod solutions;

use feerie_oracle::{Engine, MoveRecord, Position, Profile, Rules, RulesError, Switch};

/// One reading of the rules, with its label (`parrain_long_castling=toward_h`, `popeye`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// How the output names it.
    pub label: String,
    /// The rules under this reading.
    pub rules: Rules,
}

/// One reading per value of `key`, on top of `base`.
///
/// ```
/// use feerie::dispute::switch_readings;
/// use feerie::oracle::Rules;
/// let base = Rules::from_words(&["protean"], None, &[] as &[&str]).unwrap();
/// let readings = switch_readings(&base, "pawn_direction").unwrap();
/// assert_eq!(readings.len(), 2);
/// assert!(switch_readings(&base, "colour").unwrap_err().to_string().contains("pawn_direction"));
/// ```
pub fn switch_readings(base: &Rules, key: &str) -> Result<Vec<Reading>, RulesError> {
    let switch: Switch = key.parse()?;
    Ok(switch
        .values()
        .iter()
        .map(|value| {
            let mut rules = base.clone();
            rules.set(key, value).expect("a listed value");
            Reading {
                label: format!("{key}={value}"),
                rules,
            }
        })
        .collect())
}

/// One reading per named profile, keeping the conditions and the switches set on `base`.
///
/// ```
/// use feerie::dispute::profile_readings;
/// use feerie::oracle::{Profile, Rules};
/// let base = Rules::from_words(&["circe"], None, &[] as &[&str]).unwrap();
/// let readings = profile_readings(&base, "documented,popeye").unwrap();
/// assert_eq!(readings[1].rules.profile(), Profile::Popeye);
/// assert!(profile_readings(&base, "popeye").is_err()); // two at least
/// assert!(profile_readings(&base, "popeye,popeye").unwrap_err().to_string().contains("twice"));
/// assert!(profile_readings(&base, "documented,,popeye").unwrap_err().to_string().contains("empty"));
/// ```
pub fn profile_readings(base: &Rules, names: &str) -> Result<Vec<Reading>, RulesError> {
    let mut out: Vec<Reading> = Vec::new();
    for name in names.split(',').map(str::trim) {
        if name.is_empty() {
            return Err(RulesError(format!(
                "--profiles '{names}' has an empty name (give documented,popeye)"
            )));
        }
        let profile: Profile = name.parse()?;
        if out.iter().any(|r| r.rules.profile() == profile) {
            return Err(RulesError(format!("--profiles names {name} twice")));
        }
        let mut rules = Rules::new(base.conditions(), profile)?;
        for (switch, value) in base.overrides() {
            rules.set(switch.key(), value).expect("a valid override");
        }
        out.push(Reading {
            label: profile.to_string(),
            rules,
        });
    }
    if out.len() < 2 {
        return Err(RulesError(format!(
            "--profiles needs two profiles or more, separated by commas (got '{names}')"
        )));
    }
    Ok(out)
}

/// A node where two readings have different legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The moves from the root (`A | B` where the two readings write the move differently).
    pub path: Vec<String>,
    /// Moves only the first reading has.
    pub only_first: Vec<String>,
    /// Moves only the other reading has.
    pub only_other: Vec<String>,
    /// Other nodes where exactly the same moves differ.
    pub repeats: usize,
}

/// What the readings give on one position.
#[derive(Clone, Debug, Default)]
pub struct Dispute {
    /// The readings' labels, in order.
    pub labels: Vec<String>,
    /// Perft counts by depth (1 to the depth), one row per depth, one column per reading;
    /// `None` where the engine could not answer.
    pub perft: Vec<Vec<Option<u64>>>,
    /// For each reading after the first: the nodes where its moves differ from the first's.
    pub splits: Vec<(String, Vec<Split>)>,
    /// Engine errors, one line each.
    pub errors: Vec<String>,
}

impl Dispute {
    /// True when some reading differs from the first somewhere.
    pub fn differs(&self) -> bool {
        self.splits.iter().any(|(_, d)| !d.is_empty())
            || self
                .perft
                .iter()
                .any(|row| row.windows(2).any(|w| w[0] != w[1]))
    }
}

/// The rules as the header of a dispute between profiles shows them: without a profile, since
/// each reading has its own.
///
/// ```
/// use feerie::dispute::rules_without_profile;
/// use feerie::oracle::{Profile, Rules};
/// let rules = Rules::new([], Profile::Popeye).unwrap();
/// assert!(!rules_without_profile(&rules).contains("profile="));
/// assert!(rules_without_profile(&rules).ends_with("(each profile)"));
/// ```
pub fn rules_without_profile(rules: &Rules) -> String {
    let text = rules.to_string();
    let words: Vec<&str> = text
        .split(' ')
        .filter(|w| !w.starts_with("profile="))
        .collect();
    format!("{} (each profile)", words.join(" "))
}

/// Compares the readings on `position` with `engine` down to `depth`, keeping up to `limit`
/// differing nodes per reading.
///
/// ```
/// use feerie::dispute::{dispute, switch_readings};
/// use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
/// let p = fen::parse("7k/8/8/5n2/3P4/8/8/R3K3 b Q - 0 1", Validation::Strict).unwrap();
/// let base = Rules::from_words(&["circe-parrain"], None, &[] as &[&str]).unwrap();
/// let readings = switch_readings(&base, "parrain_long_castling").unwrap();
/// let d = dispute(&ReferenceEngine, &p, &readings, 2, 10);
/// let split = &d.splits[0].1[0];
/// assert_eq!(split.path, ["Sf5*d4"]);
/// assert_eq!(split.only_first, ["0-0-0[+wPc4]"]);
/// assert_eq!(split.only_other, ["0-0-0[+wPe4]"]);
/// ```
pub fn dispute(
    engine: &dyn Engine,
    position: &Position,
    readings: &[Reading],
    depth: u32,
    limit: usize,
) -> Dispute {
    let mut out = Dispute {
        labels: readings.iter().map(|r| r.label.clone()).collect(),
        ..Default::default()
    };
    for d in 1..=depth {
        let row = readings
            .iter()
            .map(|r| match engine.perft(position, &r.rules, d) {
                Ok(n) => Some(n),
                Err(e) => {
                    out.errors.push(format!("{} perft {d}: {e}", r.label));
                    None
                }
            })
            .collect();
        out.perft.push(row);
    }
    if let Some((first, others)) = readings.split_first() {
        for other in others {
            let mut walk = Walk {
                engine,
                first: &first.rules,
                other: &other.rules,
                limit,
                splits: Vec::new(),
                errors: Vec::new(),
            };
            walk.run(position, depth);
            out.errors.extend(walk.errors);
            out.splits.push((other.label.clone(), walk.splits));
        }
    }
    out
}

struct Walk<'a> {
    engine: &'a dyn Engine,
    first: &'a Rules,
    other: &'a Rules,
    limit: usize,
    splits: Vec<Split>,
    errors: Vec<String>,
}

impl Walk<'_> {
    /// Breadth first, so that the shallowest differences come first; a node whose difference
    /// repeats one already found is counted with it instead of listed again.
    fn run(&mut self, root: &Position, depth: u32) {
        let mut level = vec![(Vec::<String>::new(), root.clone(), root.clone())];
        for remaining in (1..=depth).rev() {
            let mut next = Vec::new();
            for (path, pa, pb) in level {
                let (sa, sb) = match (
                    self.engine.successors(&pa, self.first),
                    self.engine.successors(&pb, self.other),
                ) {
                    (Ok(a), Ok(b)) => (a, b),
                    (a, b) => {
                        for e in [a.err(), b.err()].into_iter().flatten() {
                            self.errors.push(format!("after {}: {e}", path.join(" ")));
                        }
                        continue;
                    }
                };
                let text = |list: &[(MoveRecord, Position)]| -> Vec<String> {
                    list.iter().map(|(m, _)| m.to_string()).collect()
                };
                let (ta, tb) = (text(&sa), text(&sb));
                if ta != tb {
                    let only_first: Vec<String> =
                        ta.iter().filter(|m| !tb.contains(m)).cloned().collect();
                    let only_other: Vec<String> =
                        tb.iter().filter(|m| !ta.contains(m)).cloned().collect();
                    if let Some(same) = self
                        .splits
                        .iter_mut()
                        .find(|s| s.only_first == only_first && s.only_other == only_other)
                    {
                        same.repeats += 1;
                    } else if self.splits.len() < self.limit {
                        self.splits.push(Split {
                            path: path.clone(),
                            only_first,
                            only_other,
                            repeats: 0,
                        });
                    }
                }
                if remaining == 1 {
                    continue;
                }
                for (i, (ma, ca)) in sa.iter().enumerate() {
                    let Some(j) = partner(ma, &sa, &sb) else {
                        continue;
                    };
                    let step = if ta[i] == tb[j] {
                        ta[i].clone()
                    } else {
                        format!("{} | {}", ta[i], tb[j])
                    };
                    let mut p = path.clone();
                    p.push(step);
                    next.push((p, ca.clone(), sb[j].1.clone()));
                }
            }
            level = next;
        }
    }
}

/// What the player does: from, to, castling and the promotion chosen.
fn gesture(m: &MoveRecord) -> impl PartialEq + use<> {
    (m.from, m.to, m.castling, m.promotion.map(|p| p.walk))
}

/// The other reading's move that pairs with `m`: the same record, or else the only move with
/// the same gesture when `m` is the only one with it too.
fn partner(
    m: &MoveRecord,
    first: &[(MoveRecord, Position)],
    other: &[(MoveRecord, Position)],
) -> Option<usize> {
    if let Ok(j) = other.binary_search_by(|(x, _)| x.cmp(m)) {
        return Some(j);
    }
    let g = gesture(m);
    let mine = first.iter().filter(|(x, _)| gesture(x) == g).count();
    let theirs: Vec<usize> = (0..other.len())
        .filter(|&j| gesture(&other[j].0) == g)
        .collect();
    (mine == 1 && theirs.len() == 1).then(|| theirs[0])
}

/// The dispute as text: the perft table, then each differing node with the moves only one
/// reading has, or the positions that differ after a move.
pub fn render_dispute(d: &Dispute) -> String {
    let mut out = String::new();
    let width = d.labels.iter().map(|l| l.len()).max().unwrap_or(0).max(12);
    out += &format!("{:<8}", "perft");
    for l in &d.labels {
        out += &format!("{l:>width$}  ");
    }
    out = out.trim_end().to_string() + "\n";
    for (i, row) in d.perft.iter().enumerate() {
        out += &format!("{:<8}", i + 1);
        for n in row {
            let cell = n.map_or("error".to_string(), |n| n.to_string());
            out += &format!("{cell:>width$}  ");
        }
        out = out.trim_end().to_string() + "\n";
    }
    let first = d.labels.first().cloned().unwrap_or_default();
    for (label, splits) in &d.splits {
        if splits.is_empty() {
            out += &format!("{first} and {label}: the same moves at every node\n");
            continue;
        }
        let nodes: usize = splits.iter().map(|s| 1 + s.repeats).sum();
        out += &format!("{first} and {label} differ at {nodes} node(s):\n");
        for split in splits {
            let at = if split.path.is_empty() {
                "at the root".to_string()
            } else {
                format!("after {}", split.path.join("  "))
            };
            if split.repeats > 0 {
                out += &format!("  {at} (and {} more node(s) alike)\n", split.repeats);
            } else {
                out += &format!("  {at}\n");
            }
            out += &format!("    only under {first}: {}\n", list(&split.only_first));
            out += &format!("    only under {label}: {}\n", list(&split.only_other));
        }
    }
    for e in &d.errors {
        out += &format!("error: {e}\n");
    }
    out
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "(none)".into()
    } else {
        moves.join(", ")
    }
}
