//! What a solution tree shows, as Popeye's options say it (`Variation`, `NoThreat`, `Try`,
//! `Defence N`, `SetPlay`, `PostKeyPlay`), and the options whose trees are not built.

use feerie_oracle::notation::popeye_words::{Language, Lookup, PopeyeOption};

use super::error::SolveError;

/// What to build, as Popeye's options say it (`Variation`, `NoThreat`, `Try`, `SetPlay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeOptions {
    /// Show threats and variations under each key (Popeye's `option Variation`); without it
    /// only the keys (and the tries with their refutations) are shown.
    pub variations: bool,
    /// Seek threats (without: Popeye's `option NoThreat`, every defence is shown).
    pub threats: bool,
    /// Show tries: first moves that fail against at most `max_refutations` defences
    /// (Popeye's `option Try`, and `option Defence N`, which also sets `max_refutations`).
    pub tries: bool,
    /// Show set play: the defender's moves in the diagram and the attacker's answers (Popeye's
    /// `option SetPlay`).
    pub set_play: bool,
    /// Show the play after the key instead of the solution, the position given with the
    /// defender to move (Popeye's `option PostKeyPlay`; set play is then not shown).
    pub post_key: bool,
    /// A first move refuted by more defences than this is not a try.
    pub max_refutations: usize,
    /// Give up at this moment ([`SolveError::TimeBudget`]); `None`: build the whole tree.
    pub deadline: Option<std::time::Instant>,
}

impl Default for TreeOptions {
    /// Variations and threats, no tries, no set play: the whole tree of each key.
    fn default() -> TreeOptions {
        TreeOptions {
            variations: true,
            threats: true,
            tries: false,
            set_play: false,
            post_key: false,
            max_refutations: 1,
            deadline: None,
        }
    }
}

/// Popeye options that change the tree in ways not built here.
const TREE_OPTIONS_NOT_SUPPORTED: &[(PopeyeOption, &str)] = &[
    (PopeyeOption::NoShortVariations, "no short variations"),
    (PopeyeOption::MaxFlightsquares, "a bound on flight squares"),
    (PopeyeOption::TrivialTriesAvoid, "trivial tries avoided"),
    (PopeyeOption::MatesIn1, "mates in 1"),
];

impl TreeOptions {
    /// The options of a Popeye problem (its `option` words, read in the file's `language`),
    /// or why the tree it asks for is not built here.
    ///
    /// ```
    /// use feerie::oracle::notation::popeye_words::Language;
    /// use feerie::solve::tree::TreeOptions;
    /// let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    /// let read = |s: &str, language| TreeOptions::from_popeye_options(&words(s), language);
    /// let o = read("vari try nowk", Language::English).unwrap();
    /// assert!(o.variations && o.tries && o.threats && !o.set_play);
    /// let o = read("Satz Varianten OhneDrohung", Language::German).unwrap();
    /// assert!(o.variations && o.set_play && !o.threats);
    /// assert!(read("noboard", Language::English).is_ok_and(|o| !o.variations));
    /// // `Try` and `Defence N` set the refutations a try may have; the last read wins.
    /// let o = read("defence 2", Language::English).unwrap();
    /// assert!(o.tries && o.max_refutations == 2);
    /// assert_eq!(read("defence 3 try", Language::English).unwrap().max_refutations, 1);
    /// assert_eq!(read("try defe 3", Language::English).unwrap().max_refutations, 3);
    /// assert!(read("defence", Language::English).is_err());
    /// assert!(read("defence 0", Language::English).is_err());
    /// assert!(read("threat 2", Language::English).is_ok()); // the stipulation's bound
    /// // A German word is no option in an English file (the position says so).
    /// assert!(read("satz", Language::English).is_ok_and(|o| !o.set_play));
    /// ```
    pub fn from_popeye_options(
        words: &[String],
        language: Language,
    ) -> Result<TreeOptions, SolveError> {
        let mut options = TreeOptions {
            variations: false,
            ..TreeOptions::default()
        };
        for (i, word) in words.iter().enumerate() {
            let Lookup::Found(option) = PopeyeOption::of(language, word) else {
                continue;
            };
            match option {
                PopeyeOption::Variations => options.variations = true,
                PopeyeOption::NoThreat => options.threats = false,
                // `Try` and `Defence N` both set how many refutations a try may have: the one
                // read last wins, as in Popeye.
                PopeyeOption::Try => {
                    options.tries = true;
                    options.max_refutations = 1;
                }
                PopeyeOption::Defence => {
                    let n = words.get(i + 1).and_then(|n| n.parse::<usize>().ok());
                    let Some(n) = n.filter(|n| *n >= 1) else {
                        return Err(SolveError::OptionNotSupported {
                            option: word.clone(),
                            why: format!(
                                "a number of refutations (1 or more) must follow it ({})",
                                option.word(language)
                            ),
                        });
                    };
                    options.tries = true;
                    options.max_refutations = n;
                }
                PopeyeOption::SetPlay => options.set_play = true,
                // The play after the key is shown whole, as variations under a key are.
                PopeyeOption::PostKeyPlay => {
                    options.post_key = true;
                    options.variations = true;
                }
                _ => {
                    if let Some((_, why)) = TREE_OPTIONS_NOT_SUPPORTED
                        .iter()
                        .find(|(o, _)| *o == option)
                    {
                        return Err(SolveError::OptionNotSupported {
                            option: word.clone(),
                            why: format!("{why} ({})", option.word(language)),
                        });
                    }
                }
            }
        }
        Ok(options)
    }
}
