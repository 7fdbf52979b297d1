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

/// The share of all the files' cases that feerie's solver does not take (0 without files).
pub(super) fn share_beyond_solving(files: &[(PathBuf, String)]) -> f64 {
    let (beyond, all) = files
        .iter()
        .map(|(_, text)| beyond_solving(text))
        .fold((0, 0), |(b, a), (fb, fa)| (b + fb, a + fa));
    if all == 0 {
        0.0
    } else {
        beyond as f64 / all as f64
    }
}

/// The files in the order the relations take them: the largest share beyond solving first
/// (the relations are the only check there), the given order among equal shares.
pub(super) fn relations_order(files: &[(PathBuf, String)]) -> Vec<&(PathBuf, String)> {
    let mut keyed: Vec<(f64, &(PathBuf, String))> = files
        .iter()
        .map(|file| {
            let (beyond, all) = beyond_solving(&file.1);
            (beyond as f64 / all.max(1) as f64, file)
        })
        .collect();
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    keyed.into_iter().map(|(_, file)| file).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "beginproblem\nstipulation #2\npieces white kb6 qa1 black ka8\nendproblem\n";
    /// A condition feerie does not model, and a twin of it.
    const BEYOND: &str = "beginproblem\ncondition imitator c3\nstipulation #2\n\
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
        assert!((share_beyond_solving(&files) - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(share_beyond_solving(&[]), 0.0);
    }

    #[test]
    fn the_relations_take_the_files_beyond_solving_first() {
        let files = [file("a", SOLVED), file("b", BEYOND), file("c", SOLVED)];
        let order: Vec<&str> = relations_order(&files)
            .iter()
            .map(|f| f.0.to_str().unwrap())
            .collect();
        assert_eq!(order, ["b", "a", "c"]);
    }
}
