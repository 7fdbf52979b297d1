//! The words of Popeye's input language and the one rule by which Popeye reads them.
//!
//! Popeye 4.104 reads a keyword from a table of the words of one kind (commands, options,
//! conditions, colours, …) in the language the file began in. A token matches a keyword when
//! it is a prefix of it, case ignored. The first keyword of the table it matches is taken if
//! the token is as long as that keyword (it spells it out) or if no later keyword matches;
//! otherwise the token is ambiguous. There is no minimum length: `c` is a condition command in
//! English (no other command begins with `c`), while `circ` names no condition (`Circe`,
//! `CirceParrain`, … all begin with it). [`lookup`] is that rule; the tables are data, each
//! in Popeye's order, which decides what an abbreviation means:
//!
//! - [`words`]: the commands, twinning commands, mirror axes, colours and piece attributes;
//! - [`options`]: every option of Popeye, as [`PopeyeOption`];
//! - [`conditions`]: every condition word of Popeye, as [`PopeyeCondition`], and the words
//!   read after some of them (Circe's variants, `RexInclusive`, `RexExclusive`).
//!
//! Popeye reads only the words of the file's language, fixed by its first token
//! ([`file_language`]): a German condition word in an English file is no condition for it.
//! Popeye knows French as well; this project reads English and German files and says so of a
//! French one.

mod condition_words;
pub mod conditions;
pub mod options;
pub mod words;

pub use conditions::{CirceVariant, ExtraCondition, PopeyeCondition};
pub use options::PopeyeOption;
pub use words::{Attribute, ColourWord, Command, MirrorAxis, Twinning};

/// The keyword language of a file, fixed by its first word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// `beginproblem`, `pieces`, `white`, walks `K Q R B S P`.
    #[default]
    English,
    /// `anfangproblem`, `steine`, `weiss`, walks `K D T L S B`.
    German,
}

impl Language {
    /// Both languages this project reads.
    pub const ALL: [Language; 2] = [Language::English, Language::German];

    /// The word that begins a file in the language (`beginproblem`, `AnfangProblem`).
    pub fn begin_word(self) -> &'static str {
        BEGIN
            .iter()
            .find(|(_, language)| *language == Some(self))
            .map(|(word, _)| *word)
            .expect("every language has its begin word")
    }

    /// The language's name in English, for messages (`English`, `German`).
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::German => "German",
        }
    }
}

/// What a token names in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup<T> {
    /// The keyword it spells or abbreviates.
    Found(T),
    /// It abbreviates two keywords or more, and spells out none of them first.
    Ambiguous,
    /// It begins no keyword of the table.
    Unknown,
}

impl<T> Lookup<T> {
    /// The keyword found, if one was.
    pub fn found(self) -> Option<T> {
        match self {
            Lookup::Found(value) => Some(value),
            _ => None,
        }
    }

    /// Whether the token begins a keyword of the table (found or ambiguous): Popeye treats it
    /// as one of the table's words, and says so when it is ambiguous.
    pub fn is_known(&self) -> bool {
        !matches!(self, Lookup::Unknown)
    }
}

/// What `token` names in `table` (keywords in Popeye's order, each with its value), by
/// Popeye's rule: the first keyword the token begins (case ignored), if the token spells it
/// out or begins no later keyword; [`Lookup::Ambiguous`] otherwise.
///
/// ```
/// use feerie_oracle::notation::popeye_words::{lookup, Lookup};
/// let table = [("Circe", 0), ("CirceParrain", 1), ("Madrasi", 2)];
/// assert_eq!(lookup(&table, "m"), Lookup::Found(2)); // one letter is enough when unique
/// assert_eq!(lookup(&table, "CIRCE"), Lookup::Found(0)); // spelt out, and first
/// assert_eq!(lookup(&table, "circ"), Lookup::Ambiguous); // begins two, spells none
/// assert_eq!(lookup(&table, "circep"), Lookup::Found(1));
/// assert_eq!(lookup(&table, "circeparrains"), Lookup::Unknown); // longer than any
/// ```
pub fn lookup<T: Copy>(table: &[(&str, T)], token: &str) -> Lookup<T> {
    let mut found = table.iter().filter(|(keyword, _)| begins(keyword, token));
    let Some(&(first, value)) = found.next() else {
        return Lookup::Unknown;
    };
    if first.len() == token.len() || found.next().is_none() {
        Lookup::Found(value)
    } else {
        Lookup::Ambiguous
    }
}

/// The keywords of `table` that `token` begins, in order: what an ambiguous token could mean,
/// for messages.
///
/// ```
/// use feerie_oracle::notation::popeye_words::candidates;
/// let table = [("NoBk", 0), ("NoBoard", 1), ("Try", 2)];
/// assert_eq!(candidates(&table, "nob"), ["NoBk", "NoBoard"]);
/// ```
pub fn candidates<'a, T>(table: &[(&'a str, T)], token: &str) -> Vec<&'a str> {
    table
        .iter()
        .filter(|(keyword, _)| begins(keyword, token))
        .map(|(keyword, _)| *keyword)
        .collect()
}

/// Whether `token` is a prefix of `keyword`, ASCII case ignored (Popeye compares bytes with
/// `tolower`, so a token with other letters matches only itself).
fn begins(keyword: &str, token: &str) -> bool {
    keyword
        .as_bytes()
        .get(..token.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(token.as_bytes()))
}

/// A table of one kind of words in each language this project reads, each in Popeye's order.
#[derive(Clone, Copy, Debug)]
pub struct Words<T: 'static> {
    english: &'static [(&'static str, T)],
    german: &'static [(&'static str, T)],
}

impl<T: Copy + PartialEq> Words<T> {
    /// The tables of English and German words.
    pub const fn new(
        english: &'static [(&'static str, T)],
        german: &'static [(&'static str, T)],
    ) -> Words<T> {
        Words { english, german }
    }

    /// The table of `language`.
    pub fn table(&self, language: Language) -> &'static [(&'static str, T)] {
        match language {
            Language::English => self.english,
            Language::German => self.german,
        }
    }

    /// What `token` names among the words of `language` ([`lookup`]).
    pub fn lookup(&self, language: Language, token: &str) -> Lookup<T> {
        lookup(self.table(language), token)
    }

    /// Popeye's word for `value` in `language`, as its table spells it.
    pub fn word(&self, language: Language, value: T) -> Option<&'static str> {
        self.table(language)
            .iter()
            .find(|(_, v)| *v == value)
            .map(|(word, _)| *word)
    }

    /// Why `token` is not one word of the table in `language`, for messages: the words it
    /// begins when it is ambiguous, or that it begins none; `None` when it names one.
    pub fn why_not(&self, language: Language, token: &str, kind: &str) -> Option<String> {
        not_one(self.table(language), language, token, kind)
    }
}

/// Why `token` names no single keyword of `table` (words of `kind` in `language`), or `None`
/// when it names one.
pub(crate) fn not_one<T: Copy>(
    table: &[(&str, T)],
    language: Language,
    token: &str,
    kind: &str,
) -> Option<String> {
    let language = language.name();
    match lookup(table, token) {
        Lookup::Found(_) => None,
        Lookup::Ambiguous => {
            // A short token can begin dozens of conditions: the first few say enough.
            const SHOWN: usize = 6;
            let all = candidates(table, token);
            let mut shown = all[..all.len().min(SHOWN)].join(", ");
            if all.len() > SHOWN {
                shown.push_str(&format!(", … {} in all", all.len()));
            }
            Some(format!(
                "'{token}' is ambiguous among Popeye's {language} {kind}s ({shown})"
            ))
        }
        Lookup::Unknown => Some(format!(
            "'{token}' is not one of Popeye's {language} {kind}s"
        )),
    }
}

/// The word that begins a file of each language Popeye reads, in the order it tries them.
const BEGIN: [(&str, Option<Language>); 3] = [
    ("DebutProbleme", None),
    ("AnfangProblem", Some(Language::German)),
    ("beginproblem", Some(Language::English)),
];

/// The language of a file whose first token is `token`, as Popeye finds it: the first
/// language whose begin word the token abbreviates; or why the file cannot be read.
///
/// ```
/// use feerie_oracle::notation::popeye_words::{file_language, Language};
/// assert_eq!(file_language("b"), Ok(Language::English));
/// assert_eq!(file_language("AnfangProblem"), Ok(Language::German));
/// assert!(file_language("debut").unwrap_err().contains("French"));
/// assert!(file_language("start").is_err());
/// ```
pub fn file_language(token: &str) -> Result<Language, String> {
    // Each language's table holds its begin word alone, so the rule is only "a prefix of it".
    let found = BEGIN
        .iter()
        .find_map(|entry| lookup(std::slice::from_ref(entry), token).found());
    match found {
        Some(Some(language)) => Ok(language),
        Some(None) => Err(format!(
            "'{token}' begins a French input (DebutProbleme), which is not read here"
        )),
        None => Err(format!(
            "the file must start with beginproblem (or anfangproblem), not '{token}'"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: [(&str, u8); 5] = [
        ("Move", 0),
        ("Mirror", 1),
        ("Add", 2),
        ("AddAll", 3),
        ("Exchange", 4),
    ];

    #[test]
    fn a_unique_prefix_of_any_length_is_found() {
        assert_eq!(lookup(&TABLE, "e"), Lookup::Found(4));
        assert_eq!(lookup(&TABLE, "mo"), Lookup::Found(0));
        assert_eq!(lookup(&TABLE, "mi"), Lookup::Found(1));
        assert_eq!(lookup(&TABLE, "EXCHANGE"), Lookup::Found(4));
    }

    #[test]
    fn a_prefix_of_two_keywords_is_ambiguous() {
        assert_eq!(lookup(&TABLE, "m"), Lookup::Ambiguous);
        assert_eq!(lookup(&TABLE, "a"), Lookup::Ambiguous);
        assert_eq!(lookup(&TABLE, "ad"), Lookup::Ambiguous);
        assert_eq!(candidates(&TABLE, "ad"), ["Add", "AddAll"]);
    }

    #[test]
    fn spelling_out_the_first_match_wins_over_later_ones() {
        // `add` spells out `Add` and also begins `AddAll`, which comes later.
        assert_eq!(lookup(&TABLE, "add"), Lookup::Found(2));
        assert_eq!(lookup(&TABLE, "adda"), Lookup::Found(3));
    }

    #[test]
    fn spelling_out_a_later_match_does_not_win() {
        // Were a keyword a prefix of an earlier one, spelling it out would still be ambiguous:
        // the first match is the earlier, longer keyword.
        let table = [("AddAll", 0), ("Add", 1)];
        assert_eq!(lookup(&table, "add"), Lookup::Ambiguous);
        assert_eq!(lookup(&table, "addall"), Lookup::Found(0));
    }

    #[test]
    fn longer_tokens_and_other_words_are_unknown() {
        assert_eq!(lookup(&TABLE, "moves"), Lookup::Unknown);
        assert_eq!(lookup(&TABLE, "rotate"), Lookup::Unknown);
        assert_eq!(lookup(&TABLE, "mé"), Lookup::Unknown);
        assert_eq!(lookup::<u8>(&[], "move"), Lookup::Unknown);
    }

    #[test]
    fn the_empty_token_begins_every_keyword() {
        // Popeye never reads an empty token; the rule still says what it would be.
        assert_eq!(lookup(&TABLE, ""), Lookup::Ambiguous);
        assert_eq!(lookup(&[("Only", 7)], ""), Lookup::Found(7));
    }

    #[test]
    fn messages_name_popeye_s_words() {
        let words = Words::new(&TABLE, &[("Versetze", 0)]);
        assert_eq!(
            words.why_not(Language::English, "m", "twinning command"),
            Some("'m' is ambiguous among Popeye's English twinning commands (Move, Mirror)".into())
        );
        assert_eq!(
            words.why_not(Language::German, "move", "twinning command"),
            Some("'move' is not one of Popeye's German twinning commands".into())
        );
        assert_eq!(
            words.why_not(Language::German, "v", "twinning command"),
            None
        );
        assert_eq!(words.word(Language::German, 0), Some("Versetze"));
        let many: Vec<(&str, u8)> = ["Sa", "Sb", "Sc", "Sd", "Se", "Sf", "Sg"]
            .into_iter()
            .zip(0..)
            .collect();
        assert_eq!(
            not_one(&many, Language::English, "s", "word"),
            Some("'s' is ambiguous among Popeye's English words (Sa, Sb, Sc, Sd, Se, Sf, … 7 in all)".into())
        );
    }

    #[test]
    fn the_first_token_decides_the_language() {
        assert_eq!(file_language("beg"), Ok(Language::English));
        assert_eq!(file_language("BEGINPROBLEM"), Ok(Language::English));
        assert_eq!(file_language("a"), Ok(Language::German));
        assert!(file_language("d").is_err());
        assert!(file_language("beginproblems").is_err());
        assert!(file_language("begin:").is_err());
    }
}
