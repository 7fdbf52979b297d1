//! The families of fuzzed positions the registry of conditions declares: orthodox chess, each
//! condition alone, magic pieces, and the pairs and magic combinations its entries name.

use super::Condition;

/// One family of fuzzed positions: conditions (none for orthodox chess) and whether magic
/// pieces are placed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FuzzFamily {
    /// The conditions in force.
    pub conditions: Vec<Condition>,
    /// Magic pieces are placed on the board.
    pub magic: bool,
}

impl FuzzFamily {
    /// Every family, from the registry: orthodox chess, each condition alone, magic pieces
    /// alone, then the pairs of conditions the entries name, then each condition the entries
    /// mark with magic pieces.
    ///
    /// ```
    /// use feerie_oracle::rules::FuzzFamily;
    /// let names: Vec<String> = FuzzFamily::all().iter().map(FuzzFamily::name).collect();
    /// assert_eq!(names[0], "orthodox");
    /// assert!(names.contains(&"circe-parrain+frankfurt".to_string()));
    /// assert!(names.contains(&"magic".to_string()));
    /// ```
    pub fn all() -> Vec<FuzzFamily> {
        let family = |conditions: Vec<Condition>, magic| FuzzFamily { conditions, magic };
        let mut out = vec![family(vec![], false)];
        out.extend(Condition::ALL.map(|c| family(vec![c], false)));
        out.push(family(vec![], true));
        for c in Condition::ALL {
            for &other in c.entry().fuzzed_with {
                let mut pair = vec![c, other];
                pair.sort();
                out.push(family(pair, false));
            }
        }
        for c in Condition::ALL
            .into_iter()
            .filter(|c| c.entry().fuzzed_with_magic)
        {
            out.push(family(vec![c], true));
        }
        out
    }

    /// The family's name: `orthodox`, `magic`, or the slugs joined by `+`, then `+magic` when
    /// magic pieces are placed (`circe-parrain+frankfurt`, `circe+magic`).
    pub fn name(&self) -> String {
        let mut parts: Vec<&str> = self.conditions.iter().map(|c| c.slug()).collect();
        if self.magic {
            parts.push("magic");
        }
        if parts.is_empty() {
            "orthodox".into()
        } else {
            parts.join("+")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::rules::Profile;

    #[test]
    fn every_family_is_a_valid_combination_named_once() {
        let families = FuzzFamily::all();
        let mut names: Vec<String> = families.iter().map(FuzzFamily::name).collect();
        for f in &families {
            Rules::new(f.conditions.iter().copied(), Profile::Documented).unwrap();
        }
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count);
        for c in Condition::ALL {
            assert!(names.contains(&c.slug().to_string()), "{c} alone");
        }
    }
}
