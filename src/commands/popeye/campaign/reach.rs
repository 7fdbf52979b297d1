//! How much of the files given to verify only the metamorphic relations can check: the cases
//! (problems and twins) feerie's solver does not take (a condition, a walk or a stipulation it
//! does not model). The campaign gives the relations more of its budget, and runs them first on
//! the files, where that share is larger: there they are the only check of the binary.

use std::path::PathBuf;

use feerie_oracle::Profile;

use crate::verify::problems::cases;

/// Of a Popeye input's cases, how many feerie's solver does not take, and how many there are.
/// An input that does not read counts as one case not taken.
pub(super) fn beyond_solving(text: &str) -> (usize, usize) {
    match cases(text, None, Profile::Popeye, &[]) {
        Ok((_, problems)) => {
            let all: Vec<_> = problems.iter().flat_map(|(_, cases)| cases).collect();
            let beyond = all.iter().filter(|c| c.setup.is_err()).count();
            (beyond, all.len())
        }
        Err(_) => (1, 1),
    }
}

/// Of each file given, how many cases feerie's solver does not take and how many there are:
/// read once, for the stages' shares and the relations' order.
pub(super) struct Reach(Vec<(usize, usize)>);

impl Reach {
    /// The counts of each of `files`.
    pub(super) fn of(files: &[(PathBuf, String)]) -> Reach {
        Reach(files.iter().map(|(_, text)| beyond_solving(text)).collect())
    }

    /// The share of all the files' cases that feerie's solver does not take (0 without files).
    pub(super) fn share(&self) -> f64 {
        let (beyond, all) = (self.0.iter()).fold((0, 0), |(b, a), (fb, fa)| (b + fb, a + fa));
        if all == 0 {
            0.0
        } else {
            beyond as f64 / all as f64
        }
    }

    /// The files (those it was read of) in the order the relations take them: the largest
    /// share beyond solving first (the relations are the only check there), the given order
    /// among equal shares.
    pub(super) fn relations_order<'f>(
        &self,
        files: &'f [(PathBuf, String)],
    ) -> Vec<&'f (PathBuf, String)> {
        let mut keyed: Vec<(f64, &(PathBuf, String))> = (self.0.iter())
            .zip(files)
            .map(|(&(beyond, all), file)| (beyond as f64 / all.max(1) as f64, file))
            .collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        keyed.into_iter().map(|(_, file)| file).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "beginproblem\nstipulation #2\npieces white kb6 qa1 black ka8\nendproblem\n";
    /// A condition feerie does not model, and a twin of it.
    const BEYOND: &str = "beginproblem\ncondition frischaufcirce\nstipulation #2\n\
                          pieces white kb6 qa1 black ka8\ntwin move a1 a2\nendproblem\n";

    fn file(name: &str, text: &str) -> (PathBuf, String) {
        (PathBuf::from(name), text.to_string())
    }

    #[test]
    fn the_cases_beyond_solving_are_counted_twins_included() {
        assert_eq!(beyond_solving(SOLVED), (0, 1));
        assert_eq!(beyond_solving(BEYOND), (2, 2));
        assert_eq!(beyond_solving("not an input"), (1, 1));
        let files = [file("a", SOLVED), file("b", BEYOND)];
        assert!((Reach::of(&files).share() - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(Reach::of(&[]).share(), 0.0);
    }

    #[test]
    fn the_relations_take_the_files_beyond_solving_first() {
        let files = [file("a", SOLVED), file("b", BEYOND), file("c", SOLVED)];
        let order: Vec<&str> = (Reach::of(&files).relations_order(&files))
            .iter()
            .map(|f| f.0.to_str().unwrap())
            .collect();
        assert_eq!(order, ["b", "a", "c"]);
    }
}
