//! Abbreviated keywords read as Popeye 4.104 reads them. Each probe is a small problem with one
//! word under test (an option, a condition, a twinning command, a colour or a command, in
//! English or German) that the rule of `notation::popeye_words` calls unique, ambiguous or
//! unknown. `tests/data/keywords/popeye.txt` records what Popeye printed for each (run with
//! `-maxmem 64M -regression`): it refuses an ambiguous word ("not uniq"), says it does not
//! know an unknown one (or, for a twinning command, stops reading the twin), and reads a
//! unique one. Here the record is compared with the rule and with how this project reads the
//! whole problem; with the binary beside the repository (`../shared/tools/popeye/py`) the
//! record is also checked to be what it prints. Without it that test says it skipped; under
//! CI (`FEERIE_REQUIRE_POPEYE`, `FEERIE_REQUIRE_SHARED` or `CI` set) it fails instead. With
//! `FEERIE_RECORD_POPEYE=1` and the binary, that test writes the record anew.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use feerie::oracle::notation::popeye_input::{self, Language, UnitColour};
use feerie::oracle::notation::popeye_twin;
use feerie::oracle::notation::popeye_words::words::{COLOURS, TWINNINGS};
use feerie::oracle::notation::popeye_words::{Command, Lookup, PopeyeCondition, PopeyeOption};
use feerie::oracle::{Colour, Profile, Validation};

/// The kind of word a probe tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Option,
    Condition,
    Twinning,
    Colour,
    Command,
}

/// What Popeye makes of a word: the keyword it reads (its word in the file's language), or
/// that the word is ambiguous or unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Found(&'static str),
    Ambiguous,
    Unknown,
}

use Answer::{Ambiguous, Found, Unknown};
use Language::{English as EN, German as DE};

/// Each probe: the language, the kind, the word and what Popeye makes of it.
const PROBES: &[(Language, Kind, &str, Answer)] = &[
    (EN, Kind::Option, "nob", Ambiguous),
    (EN, Kind::Option, "nobo", Found("NoBoard")),
    (EN, Kind::Option, "wh", Found("WhiteToPlay")),
    (EN, Kind::Option, "no", Ambiguous),
    (EN, Kind::Option, "try", Found("Try")),
    (EN, Kind::Option, "satz", Unknown),
    (DE, Kind::Option, "satz", Found("Satzspiel")),
    (DE, Kind::Option, "ohne", Ambiguous),
    (DE, Kind::Option, "ohneb", Found("OhneBrett")),
    (DE, Kind::Option, "noboard", Unknown),
    (EN, Kind::Condition, "parr", Found("ParrainCirce")),
    (EN, Kind::Condition, "circeparrain", Unknown),
    (EN, Kind::Condition, "circ", Ambiguous),
    (EN, Kind::Condition, "circe", Found("Circe")),
    (EN, Kind::Condition, "c", Ambiguous),
    (EN, Kind::Condition, "prot", Found("ProteanChess")),
    (EN, Kind::Condition, "frankfurtschach", Unknown),
    (EN, Kind::Condition, "bolero", Found("Bolero")),
    (EN, Kind::Condition, "bol", Ambiguous),
    (DE, Kind::Condition, "circeparrain", Found("CirceParrain")),
    (DE, Kind::Condition, "parraincirce", Unknown),
    (DE, Kind::Condition, "equi", Ambiguous),
    (DE, Kind::Condition, "frank", Found("FrankfurtSchach")),
    (DE, Kind::Condition, "proteanchess", Unknown),
    (EN, Kind::Twinning, "m", Ambiguous),
    (EN, Kind::Twinning, "mo", Found("move")),
    (EN, Kind::Twinning, "versetze", Unknown),
    (DE, Kind::Twinning, "v", Ambiguous),
    (DE, Kind::Twinning, "vers", Ambiguous),
    (DE, Kind::Twinning, "verse", Found("versetze")),
    (DE, Kind::Twinning, "move", Unknown),
    (EN, Kind::Colour, "b", Found("Black")),
    (EN, Kind::Colour, "schwarz", Unknown),
    (DE, Kind::Colour, "s", Found("Schwarz")),
    (DE, Kind::Colour, "black", Unknown),
    (EN, Kind::Command, "p", Ambiguous),
    (EN, Kind::Command, "pi", Found("pieces")),
    (EN, Kind::Command, "steine", Unknown),
    (DE, Kind::Command, "s", Ambiguous),
    (DE, Kind::Command, "st", Found("Steine")),
    (DE, Kind::Command, "pieces", Unknown),
];

/// The words of a problem in each language.
struct Words {
    begin: &'static str,
    pieces: &'static str,
    white: &'static str,
    black: &'static str,
    stipulation: &'static str,
    option: &'static str,
    condition: &'static str,
    twin: &'static str,
    noboard: &'static str,
    end: &'static str,
}

fn words(language: Language) -> Words {
    match language {
        Language::English => Words {
            begin: "beginproblem",
            pieces: "pieces",
            white: "white",
            black: "black",
            stipulation: "stipulation",
            option: "option",
            condition: "condition",
            twin: "twin",
            noboard: "noboard",
            end: "endproblem",
        },
        Language::German => Words {
            begin: "anfangproblem",
            pieces: "steine",
            white: "weiss",
            black: "schwarz",
            stipulation: "forderung",
            option: "option",
            condition: "bedingung",
            twin: "zwilling",
            noboard: "ohnebrett",
            end: "endeproblem",
        },
    }
}

/// The probe's problem: a white king and knight (e1, d1) and a black king (e8), #1 (which has
/// no solution), and the word under test where a word of its kind is read.
fn input(language: Language, kind: Kind, token: &str) -> String {
    let w = words(language);
    let pieces = format!("{} {} ke1 sd1 {} ke8", w.pieces, w.white, w.black);
    let (begin, stip, end) = (w.begin, format!("{} #1", w.stipulation), w.end);
    let noboard = format!("{} {}", w.option, w.noboard);
    match kind {
        Kind::Option => format!(
            "{begin}\n{pieces}\n{stip}\n{} {token}\n{noboard}\n{end}\n",
            w.option
        ),
        // With the board, which shows the conditions Popeye read.
        Kind::Condition => format!(
            "{begin}\n{pieces}\n{stip}\n{} {token}\n{end}\n",
            w.condition
        ),
        Kind::Twinning => {
            format!(
                "{begin}\n{pieces}\n{stip}\n{noboard}\n{} {token} d1 d2\n{end}\n",
                w.twin
            )
        }
        Kind::Colour => format!(
            "{begin}\n{} {token} ke8 {} ke1 sd1\n{stip}\n{noboard}\n{end}\n",
            w.pieces, w.white
        ),
        Kind::Command => format!(
            "{begin}\n{stip}\n{token} {} ke1 sd1 {} ke8\n{noboard}\n{end}\n",
            w.white, w.black
        ),
    }
}

fn name(language: Language, kind: Kind, token: &str) -> String {
    format!("{language:?} {kind:?} {token}").to_lowercase()
}

/// What Popeye printed for one probe.
#[derive(Debug, PartialEq, Eq)]
struct Printed {
    input: String,
    stdout: String,
    stderr: String,
}

fn record_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/keywords/popeye.txt")
}

/// The record: `== NAME`, then `-- input`, `-- stdout` and `-- stderr` each followed by its
/// lines.
fn read_record() -> BTreeMap<String, Printed> {
    let text = std::fs::read_to_string(record_path()).expect("the record");
    let mut out = BTreeMap::new();
    for section in text.split("== ").skip(1) {
        let (name, rest) = section.split_once('\n').expect("a name line");
        let (input, rest) = rest
            .strip_prefix("-- input\n")
            .and_then(|r| r.split_once("-- stdout\n"))
            .expect("input then stdout");
        let (stdout, stderr) = rest.split_once("-- stderr\n").expect("stderr");
        out.insert(
            name.to_string(),
            Printed {
                input: input.to_string(),
                stdout: stdout.to_string(),
                stderr: stderr.to_string(),
            },
        );
    }
    out
}

fn write_record(printed: &BTreeMap<String, Printed>) {
    let mut text = String::new();
    for (name, p) in printed {
        text.push_str(&format!(
            "== {name}\n-- input\n{}-- stdout\n{}-- stderr\n{}",
            p.input, p.stdout, p.stderr
        ));
    }
    std::fs::create_dir_all(record_path().parent().unwrap()).unwrap();
    std::fs::write(record_path(), text).unwrap();
}

/// What Popeye's output says of the word: it names it ambiguous ("not uniq"), or that it does
/// not know it (for a twinning command, the twin is left unchanged), or neither.
fn popeye_answer(kind: Kind, token: &str, printed: &Printed) -> Lookup<()> {
    let err = &printed.stderr;
    if err.contains("not uniq") || err.contains("nicht eindeutig") {
        return Lookup::Ambiguous;
    }
    let unknown = match kind {
        Kind::Option => err.contains("recognize option") || err.contains("Option nicht erkannt"),
        Kind::Condition => {
            err.contains("recognize condition") || err.contains("Bedingung nicht erkannt")
        }
        Kind::Colour => err.contains("no color") || err.contains("Keine Farbe"),
        Kind::Command => err.lines().any(|l| {
            l == format!("offending item: {token}") || l == format!("Stoerende Eingabe: {token}")
        }),
        Kind::Twinning => printed.stdout.lines().any(|l| l.trim_end() == "b)"),
    };
    if unknown {
        Lookup::Unknown
    } else {
        Lookup::Found(())
    }
}

/// What the rule makes of the word: Popeye's word for the keyword found, or why not.
fn our_answer(language: Language, kind: Kind, token: &str) -> Answer {
    fn answer<T>(found: Lookup<T>, word: impl Fn(T) -> &'static str) -> Answer {
        match found {
            Lookup::Found(value) => Found(word(value)),
            Lookup::Ambiguous => Ambiguous,
            Lookup::Unknown => Unknown,
        }
    }
    match kind {
        Kind::Option => answer(PopeyeOption::of(language, token), |o| o.word(language)),
        Kind::Condition => answer(PopeyeCondition::of(language, token), |c| c.word(language)),
        Kind::Twinning => answer(TWINNINGS.lookup(language, token), |t| {
            TWINNINGS.word(language, t).unwrap()
        }),
        Kind::Colour => answer(COLOURS.lookup(language, token), |c| {
            COLOURS.word(language, c).unwrap()
        }),
        Kind::Command => answer(Command::of(language, token), |c| c.word(language)),
    }
}

/// How this project reads the whole probe agrees with the answer: a word it finds is used
/// (or named as unsupported by Popeye's word), and one it does not is reported, never read as
/// something else.
fn check_reading(language: Language, kind: Kind, token: &str, answer: Answer) {
    let at = name(language, kind, token);
    let text = input(language, kind, token);
    let parsed = popeye_input::parse(&text);
    let found = matches!(answer, Found(_));
    match kind {
        Kind::Colour | Kind::Command => {
            // The units are read only when the word is (a word we do not know either fails
            // the reading or, after `stipulation`, is taken for more of the stipulation).
            let units = parsed.map(|file| file.problems[0].units.clone());
            let read = units.as_ref().is_ok_and(|units| units.len() == 3);
            assert_eq!(read, found, "{at}: {units:?}");
            if let (true, Ok(units)) = (found, &units) {
                let e8 = units.iter().find(|u| u.square.to_string() == "e8").unwrap();
                assert_eq!(e8.colour, UnitColour::Side(Colour::Black), "{at}");
            }
        }
        Kind::Option | Kind::Condition => {
            let problem = &parsed.unwrap_or_else(|e| panic!("{at}: {e}")).problems[0];
            let read = problem.to_position(Profile::Popeye, Validation::Lenient);
            match (answer, read) {
                (Found(word), Ok((_, rules))) if kind == Kind::Condition => {
                    let ours = PopeyeCondition::of(language, token)
                        .found()
                        .and_then(PopeyeCondition::ours);
                    let ours = ours.unwrap_or_else(|| panic!("{at}: {word} read as ours"));
                    assert!(rules.has(ours), "{at}");
                }
                (Found(word), Ok(_)) => {
                    let option = PopeyeOption::of(language, token).found().unwrap();
                    assert_eq!(option.word(language), word, "{at}");
                    assert!(problem.has_option(option), "{at}");
                }
                (Found(word), Err(why)) => {
                    // Named by Popeye's word (as written when it is the same but for case).
                    let said = why.to_string().to_lowercase();
                    assert!(said.contains(&word.to_lowercase()), "{at}: {why}");
                }
                (_, Ok(_)) => panic!("{at}: read though Popeye does not"),
                (_, Err(why)) => {
                    let said = why.to_string();
                    assert!(said.contains(&format!("'{token}'")), "{at}: {said}");
                    let named = if answer == Ambiguous {
                        "ambiguous"
                    } else {
                        "not one of Popeye's"
                    };
                    assert!(said.contains(named), "{at}: {said}");
                }
            }
        }
        Kind::Twinning => {
            let file = parsed.unwrap_or_else(|e| panic!("{at}: {e}"));
            let twins = popeye_twin::twins(&file.problems[0]);
            match (answer, &twins[1].problem) {
                (Found(_), Ok(p)) => {
                    assert!(p.units.iter().all(|u| u.square.to_string() != "d1"), "{at}");
                }
                (Found(_), Err(e)) => panic!("{at}: {e}"),
                (_, Ok(_)) => panic!("{at}: made though Popeye does not"),
                (_, Err(e)) => assert!(e.to_string().contains(&format!("'{token}'")), "{at}"),
            }
        }
    }
}

#[test]
fn the_rule_reads_each_word_as_popeye_did() {
    let record = read_record();
    assert_eq!(record.len(), PROBES.len(), "one record a probe");
    for &(language, kind, token, answer) in PROBES {
        let at = name(language, kind, token);
        let printed = record
            .get(&at)
            .unwrap_or_else(|| panic!("{at}: not recorded"));
        assert_eq!(printed.input, input(language, kind, token), "{at}: input");
        let popeye = popeye_answer(kind, token, printed);
        let expected = match answer {
            Found(_) => Lookup::Found(()),
            Ambiguous => Lookup::Ambiguous,
            Unknown => Lookup::Unknown,
        };
        assert_eq!(popeye, expected, "{at}: Popeye's answer");
        assert_eq!(our_answer(language, kind, token), answer, "{at}: the rule");
        check_reading(language, kind, token, answer);
    }
}

#[test]
fn the_probes_try_every_kind_and_answer_in_both_languages() {
    for kind in [
        Kind::Option,
        Kind::Condition,
        Kind::Twinning,
        Kind::Colour,
        Kind::Command,
    ] {
        for language in Language::ALL {
            for answer in [Found(""), Ambiguous, Unknown] {
                let tried = PROBES.iter().any(|&(l, k, _, a)| {
                    l == language
                        && k == kind
                        && std::mem::discriminant(&a) == std::mem::discriminant(&answer)
                });
                // Popeye's colour words begin with different letters: none is ambiguous.
                let possible = !(kind == Kind::Colour && answer == Ambiguous);
                assert_eq!(tried, possible, "{language:?} {kind:?} {answer:?}");
            }
        }
    }
}

/// The record is what the binary prints (or, with FEERIE_RECORD_POPEYE set, becomes it).
#[test]
fn the_record_is_what_popeye_prints() {
    let Some(py) = common::shared_popeye() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("feerie-keywords-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut printed = BTreeMap::new();
    for &(language, kind, token, _) in PROBES {
        let text = input(language, kind, token);
        let file = dir.join("probe.inp");
        std::fs::write(&file, &text).unwrap();
        let run = Process::new(&py)
            .args(["-maxmem", "64M", "-regression"])
            .arg(&file)
            .output()
            .expect("Popeye runs");
        assert!(run.status.success(), "{token}: {:?}", run.status);
        printed.insert(
            name(language, kind, token),
            Printed {
                input: text,
                stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&run.stderr).into_owned(),
            },
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    if std::env::var("FEERIE_RECORD_POPEYE").is_ok_and(|v| !v.is_empty() && v != "0") {
        write_record(&printed);
        return;
    }
    let record = read_record();
    for (name, p) in &printed {
        assert_eq!(
            record.get(name),
            Some(p),
            "{name}: Popeye now prints otherwise than the record; write it again with \
             FEERIE_RECORD_POPEYE=1 cargo test --test popeye_keywords"
        );
    }
    assert_eq!(record.len(), printed.len());
}
