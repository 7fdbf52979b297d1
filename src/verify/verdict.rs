//! What a verification must have compared to pass: by default at least one case, so that a run
//! where every case was skipped fails instead of passing having checked nothing;
//! `--min-compared N` (cases) or `--min-compared P%` (a share of the cases) asks more,
//! `--allow-empty` nothing.

use std::fmt;
use std::str::FromStr;

use super::Counts;

/// The least a run must compare (agree or differ) to pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Threshold {
    /// At least this many cases.
    Cases(usize),
    /// At least this share of the run's cases, in percent (0 to 100).
    Percent(f64),
}

impl Default for Threshold {
    /// One case: a run that compared nothing fails.
    fn default() -> Threshold {
        Threshold::Cases(1)
    }
}

impl FromStr for Threshold {
    type Err = String;

    /// `N` (cases) or `P%` (percent of the cases, 0 to 100).
    ///
    /// ```
    /// use feerie::verify::verdict::Threshold;
    /// assert_eq!("3".parse(), Ok(Threshold::Cases(3)));
    /// assert_eq!("50%".parse(), Ok(Threshold::Percent(50.0)));
    /// assert!("150%".parse::<Threshold>().is_err());
    /// assert!("half".parse::<Threshold>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Threshold, String> {
        let text = text.trim();
        if let Some(percent) = text.strip_suffix('%') {
            return match percent.trim().parse::<f64>() {
                Ok(p) if (0.0..=100.0).contains(&p) => Ok(Threshold::Percent(p)),
                _ => Err(format!(
                    "'{text}': a share is a percentage from 0% to 100% (50%)"
                )),
            };
        }
        text.parse::<usize>().map(Threshold::Cases).map_err(|_| {
            format!("'{text}': give a number of cases (10) or a share of the cases (50%)")
        })
    }
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Threshold::Cases(n) => write!(f, "{n}"),
            Threshold::Percent(p) => write!(f, "{p}%"),
        }
    }
}

impl Threshold {
    /// Why `counts` fall short of the threshold, on one line; `None` when they meet it.
    ///
    /// ```
    /// use feerie::verify::Counts;
    /// use feerie::verify::verdict::Threshold;
    /// let none = Counts { skipped: 14, ..Counts::default() };
    /// let why = Threshold::default().shortfall(&none).unwrap();
    /// assert!(why.starts_with("compared 0 of 14 cases (14 skipped)"), "{why}");
    /// let some = Counts { agree: 2, skipped: 19, ..Counts::default() };
    /// assert_eq!(Threshold::default().shortfall(&some), None);
    /// assert!(Threshold::Percent(50.0).shortfall(&some).unwrap().contains("--min-compared 50%"));
    /// assert_eq!(Threshold::Cases(0).shortfall(&none), None);
    /// ```
    pub fn shortfall(&self, counts: &Counts) -> Option<String> {
        let (compared, cases) = (counts.compared(), counts.cases());
        let enough = match *self {
            Threshold::Cases(n) => compared >= n,
            Threshold::Percent(p) => compared as f64 * 100.0 >= p * cases as f64,
        };
        if enough {
            return None;
        }
        let asked = match *self {
            Threshold::Cases(1) => "nothing of Popeye's output was checked (give --allow-empty \
                                    to accept a run that compares nothing)"
                .to_string(),
            _ => format!("--min-compared {self} asks for more"),
        };
        Some(format!(
            "compared {compared} of {cases} cases ({} skipped): {asked}",
            counts.skipped
        ))
    }
}
