//! The command line's contract: output formats, and exit 2 with one clear line on stderr for
//! every kind of bad input.

mod common;

fn feerie(args: &[&str]) -> (i32, String, String) {
    common::feerie_in(&std::env::current_dir().expect("a working folder"), args)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn moves_prints_one_move_per_line_with_check_marks() {
    let (code, out, _) = feerie(&["moves", "--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"Ra1-a8 #"), "{out}");
    assert!(lines.contains(&"Kg1-f1"));
    assert_eq!(lines.len(), 17); // 12 rook moves, 5 king moves
}

#[test]
fn perft_prints_the_count_last_and_divides() {
    let (code, out, _) = feerie(&["perft", "--fen", START, "--depth", "3"]);
    assert_eq!((code, out.trim()), (0, "8902"));
    let (code, out, _) = feerie(&["perft", "--fen", START, "--depth", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"Sg1-f3: 20"));
    assert_eq!(*lines.last().unwrap(), "400");
}

#[test]
fn popeye_files_give_position_and_conditions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.inp");
    std::fs::write(
        &path,
        "begin\npieces white ke1 ra1 black ke8\nstipulation ~1\nend\n",
    )
    .unwrap();
    let (code, out, err) = feerie(&["perft", "--popeye", path.to_str().unwrap(), "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "16"); // 5 king moves, 10 rook moves, 0-0-0
}

fn write_temp(content: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.inp");
    std::fs::write(&path, content).unwrap();
    let p = path.to_str().unwrap().to_string();
    (dir, p)
}

#[test]
fn malformed_inputs_exit_2_with_one_clear_line() {
    let ok_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let (_d1, bad_popeye_piece) = write_temp("begin\npieces white kz9\nend\n");
    let (_d2, no_end) = write_temp("begin\npieces white ke1 black ke8\nstipulation ~1\n");
    let (_d3, bad_start) = write_temp("pieces white ke1\nend\n");
    let (_d4, unknown_command) = write_temp("begin\nfrobnicate 3\nend\n");
    // The eagle is a Popeye walk outside RULES.md §9.
    let (_d5, fairy) = write_temp("begin\npieces white ke1 ead4 black ke8\nstip ~1\nend\n");
    // Popeye reads an attribute right after a colour only.
    let (_d6, popeye_magic) =
        write_temp("begin\npieces white ke1 white magic rd4 black ke8\nstip ~1\nend\n");
    let (_d7, empty) = write_temp("");
    let (_d8, unknown_condition) =
        write_temp("begin\npieces white ke1 black ke8\ncond superguards\nstip ~1\nend\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["moves", "--fen", "8/8/8 w - - 0 1"], "ranks"),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"],
            "side",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w Z - 0 1"],
            "castling",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1"],
            "en passant",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1"],
            "en passant",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - x 1"],
            "halfmove",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 0"],
            "fullmove",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4X3 w - - 0 1"],
            "piece letter",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K4 w - - 0 1"],
            "more than 8",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/(wQ w - - 0 1"],
            "unclosed",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/(xQ)3K3 w - - 0 1"],
            "not a piece",
        ),
        (
            vec!["moves", "--fen", "8/8/8/8/8/8/8/4K3 w - - 0 1"],
            "black has no king",
        ),
        (
            vec!["moves", "--fen", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"],
            "promotion rank",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"],
            "castling right",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/(wmK)7 w - - 0 1"],
            "cannot be magic",
        ),
        (
            vec!["moves", "--fen", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"],
            "black is in check",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--rules", "circus"],
            "unknown rule",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--rules", "circe,circe-clone"],
            "at most one",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--profile", "winchloe"],
            "possible values: documented, popeye",
        ),
        (vec!["moves", "--fen", ok_fen, "--set", "rex"], "KEY=VALUE"),
        (
            vec!["moves", "--fen", ok_fen, "--set", "colour=blue"],
            "unknown switch",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--set", "rex=sometimes"],
            "exclusive, inclusive",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--reserve", "wXd3"],
            "reserve",
        ),
        (
            vec![
                "moves",
                "--fen",
                ok_fen,
                "--reserve",
                "wKd3",
                "--rules",
                "circe-parrain",
            ],
            "royal",
        ),
        (
            vec![
                "moves",
                "--fen",
                ok_fen,
                "--reserve",
                "wBd3",
                "--rules",
                "circe",
            ],
            "without circe-parrain",
        ),
        (
            vec!["moves", "--fen", "4k3/8/8/8/8/8/8/(wpQ)3K3 w - - 0 1"],
            "marked mutable",
        ),
        (
            vec![
                "moves",
                "--fen",
                "4k3/8/8/8/8/8/8/3K4 w E - 0 1",
                "--rules",
                "circe",
            ],
            "castling",
        ),
        (
            vec!["moves", "--fen", ok_fen, "--engine", "chessmaster"],
            "reference, bitboard",
        ),
        (vec!["perft", "--fen", ok_fen, "--depth", "-1"], "depth"),
        (vec!["perft", "--fen", ok_fen], "--depth"),
        (vec!["moves"], "--fen"),
        (
            vec!["moves", "--popeye", "/nonexistent/file.inp"],
            "cannot read",
        ),
        (vec!["moves", "--popeye", &bad_popeye_piece], "line 2"),
        (vec!["moves", "--popeye", &no_end], "without end"),
        (
            vec!["moves", "--popeye", &bad_start],
            "must start with begin",
        ),
        (vec!["moves", "--popeye", &unknown_command], "not a command"),
        (vec!["moves", "--popeye", &fairy], "fairy piece 'ea'"),
        (vec!["moves", "--popeye", &popeye_magic], "Magic"),
        (vec!["moves", "--popeye", &empty], "empty input"),
        (
            vec!["moves", "--popeye", &unknown_condition],
            "condition 'superguards'",
        ),
        (
            vec!["moves", "--popeye", &fairy, "--problem", "3"],
            "has 1 problem",
        ),
        (
            vec!["moves", "--popeye", &fairy, "--rules", "circe"],
            "cannot be combined",
        ),
    ];
    assert!(cases.len() >= 20);
    for (args, needle) in cases {
        let (code, out, err) = feerie(&args);
        assert_eq!(code, 2, "{args:?} gave {code}: {out}{err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(
            err.contains(needle),
            "{args:?}: stderr does not say '{needle}': {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn solve_popeye_solves_every_problem_unless_one_is_named() {
    let (_dir, path) = write_temp(
        "beginproblem\nstipulation #1\npieces white kb6 rh1 black ka8\nnextproblem\n\
         stipulation #1\npieces white kb6 rc1 black ka8\nendproblem\n",
    );
    let (code, out, err) = feerie(&["solve", "--popeye", &path, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("problem 1\n") && out.contains("problem 2\n"),
        "{out}"
    );
    assert!(
        out.contains("Rh1-h8 #") && out.contains("Rc1-c8 #"),
        "{out}"
    );
    let (code, out, err) = feerie(&["solve", "--popeye", &path, "--problem", "2", "--quiet"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("Rh1-h8") && out.contains("Rc1-c8 #"), "{out}");
}

/// A FEN of board and side alone has Popeye's castling rights (king and rooks at home), not
/// none; `-` still means none.
#[test]
fn a_fen_without_castling_field_castles_as_in_popeye() {
    let (code, out, err) = feerie(&["moves", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"0-0") && lines.contains(&"0-0-0"), "{out}");
    let (code, out, err) = feerie(&["moves", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w -"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.lines().any(|l| l.starts_with("0-0")), "{out}");
}

/// `solve --fen` with the side to move Popeye does not begin with, and nothing found, says
/// which side to give; with Popeye's side it finds the solution and says nothing more.
#[test]
fn solve_without_solution_names_the_side_popeye_begins_with() {
    let fen = |side: &str| format!("7k/8/6K1/8/8/8/8/R7 {side} - - 0 1");
    let (code, out, err) = feerie(&[
        "solve",
        "--fen",
        &fen("w"),
        "--stipulation",
        "h#1",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solution finished."), "{out}");
    let notes: Vec<&str> = err.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(
        notes,
        [
            "note: no solution with White to move: in h#1 the side to move begins and is mated; \
          Popeye's problems begin with Black (give `b` as the FEN's side to move)"
        ],
        "{err}"
    );
    let (code, out, err) = feerie(&[
        "solve",
        "--fen",
        &fen("b"),
        "--stipulation",
        "h#1",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1.Kh8-g8 Ra1-a8 #"), "{out}");
    assert!(!err.contains("note:"), "{err}");
}

/// A verification where every case is skipped, allowed with `--allow-empty`, exits 0 (no
/// difference) but says on stderr that nothing of Popeye's output was checked.
#[test]
fn verify_says_when_nothing_was_compared() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("p.inp");
    let output = dir.path().join("p.out");
    std::fs::write(
        &input,
        "beginproblem\noption noboard\nstipulation pser-#1\npieces white ke1 black ke8\nendproblem\n",
    )
    .unwrap();
    std::fs::write(&output, "\n   1.Ke1-d1 !\n\nsolution finished.\n").unwrap();
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &[
            "popeye",
            "verify",
            "p.inp",
            "p.out",
            "--engine",
            "bitboard",
            "--allow-empty",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("0 agree, 0 differ, 1 skipped"), "{out}");
    assert!(err.contains("nothing was compared"), "{err}");
}

#[test]
fn popeye_fuzz_never_overwrites_a_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fairy.yaml");
    std::fs::write(&path, "kept\n").unwrap();
    let (code, _, err) = feerie(&[
        "popeye",
        "fuzz",
        "--py",
        "/nonexistent/py",
        "--golden",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the file exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept\n");
}

/// `popeye fuzz-solve --help` and the guide's Popeye chapter name every stipulation the
/// campaign asks, so that neither falls behind the campaign's lists.
#[test]
fn fuzz_solve_help_and_guide_name_every_stipulation_asked() {
    use feerie::harness::popeye_campaign::{BLACK_BEGINS, WHITE_BEGINS, WITH_OPTION};
    let (code, help, _) = feerie(&["popeye", "fuzz-solve", "--help"]);
    assert_eq!(code, 0);
    let guide = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/book/src/guide/popeye.md"
    ))
    .expect("docs/book/src/guide/popeye.md");
    let help_words: Vec<&str> = help
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == ')')
        .collect();
    for stipulation in WHITE_BEGINS.iter().chain(&BLACK_BEGINS) {
        // A goal in parentheses (`reci-h(=)#2`) is split by the words' `)`: found whole.
        let named = if stipulation.contains('(') {
            help.contains(&format!(" {stipulation},")) || help.contains(&format!(" {stipulation})"))
        } else {
            help_words.contains(stipulation)
        };
        assert!(named, "--help lacks {stipulation}");
        assert!(
            guide.contains(&format!("`{stipulation}`")),
            "docs/book/src/guide/popeye.md lacks {stipulation}"
        );
    }
    for (_, option) in WITH_OPTION {
        let word = option.split_whitespace().next().unwrap();
        assert!(help_words.contains(&word), "--help lacks {option}");
        let words = guide.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(&format!("`option {option}`")),
            "docs/book/src/guide/popeye.md lacks {option}"
        );
    }
}

/// `solve --popeye` on reflex play whose attacker can mate in the diagram prints the binding
/// move as Popeye does (`   1.Bg7-f8 # ?!?`), without `option variation` too.
#[test]
fn solve_prints_the_moves_that_bind_a_reflex_attacker() {
    let (_dir, path) =
        write_temp("begin\npieces white ka1 bg7 black ka3 pa2 pa4 pb3\nstipulation r#1\nend\n");
    let (code, out, err) = feerie(&["solve", "--popeye", &path, "--engine", "bitboard"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l == "   1.Bg7-f8 # ?!?"), "{out}");
}

/// `popeye verify FOLDER --summary`: every input with Popeye's output beside it verified, one
/// without named and left, and the coverage table sorting each skip by its reason.
#[test]
fn popeye_verify_takes_a_folder_and_tallies_its_coverage() {
    let dir = tempfile::tempdir().unwrap();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/verify");
    for name in ["kinds.inp", "kinds.out", "goals.inp", "goals.out"] {
        std::fs::copy(data.join(name), dir.path().join(name)).unwrap();
    }
    // A condition feerie does not know and a stipulation it does not solve, each skipped;
    // an input with no output beside it.
    std::fs::write(
        dir.path().join("skips.inp"),
        "beginproblem\noption noboard\ncondition superguards\nstipulation #2\npieces white ke1 qd1 \
         black ke8\nnext\nstipulation pser-#1\npieces white ke1 black ke8\nendproblem\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("skips.out"),
        "\nsolution finished.\n\nsolution finished.\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("alone.inp"), "beginproblem\nendproblem\n").unwrap();
    let (code, out, err) = common::feerie_in(
        dir.path(),
        &["popeye", "verify", ".", "--summary", "--engine", "bitboard"],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("alone.inp: not verified: no Popeye output beside it"),
        "{out}"
    );
    assert!(
        out.contains("4 input(s), 3 verified, 0 in error, 1 without an output"),
        "{out}"
    );
    assert!(
        out.contains("a condition outside feerie's families"),
        "{out}"
    );
    assert!(out.contains("superguards 1"), "{out}");
    assert!(out.contains("a stipulation feerie does not solve"), "{out}");
    assert!(out.contains("pser-#1 1"), "{out}");
    // Each file's own verdict is there too, and the summary's totals are theirs.
    let per_file: Vec<(usize, usize, usize)> = out
        .lines()
        .filter(|l| l.contains(".inp: ") && l.contains(" agree, "))
        .map(|l| {
            let n = |word: &str| {
                let before = l.split(&format!(" {word}")).next().unwrap();
                before
                    .rsplit([' ', ':', ','])
                    .next()
                    .unwrap()
                    .parse::<usize>()
                    .unwrap()
            };
            (n("agree"), n("differ"), n("skipped"))
        })
        .collect();
    assert_eq!(per_file.len(), 3, "{out}");
    let agree: usize = per_file.iter().map(|c| c.0).sum();
    let skipped: usize = per_file.iter().map(|c| c.2).sum();
    assert!(agree > 0, "{out}");
    assert!(
        out.contains(&format!("{agree} agree, 0 differ, {skipped} skipped")),
        "{out}"
    );
    // Flags of one file are refused with a folder.
    let (code, _, err) =
        common::feerie_in(dir.path(), &["popeye", "verify", ".", "--problem", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("--problem applies to one input file"), "{err}");
    let empty = tempfile::tempdir().unwrap();
    let (code, _, err) = common::feerie_in(empty.path(), &["popeye", "verify", "."]);
    assert_eq!(code, 2);
    assert!(err.contains("no Popeye input (*.inp)"), "{err}");
    // Inputs but no output beside any: nothing verified is no success.
    std::fs::write(empty.path().join("alone.INP"), "beginproblem\nendproblem\n").unwrap();
    let (code, out, err) = common::feerie_in(empty.path(), &["popeye", "verify", "."]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("alone.INP: not verified"), "{out}");
    assert!(err.contains("nothing was verified"), "{err}");
}

/// `solve` prints the lines of help play as the search finds them, `--sorted` gathers and
/// sorts them: the same lines either way, and `--max-solutions` bounds both.
#[test]
fn solve_streams_its_lines_and_sorted_gathers_the_same() {
    let fen = "8/1R6/4P3/2Q5/1q1q4/2p5/P7/kR2K2R b K - 0 1";
    let run = |more: &[&str]| {
        let mut args = vec![
            "solve",
            "--fen",
            fen,
            "--rules",
            "circe-equipollents",
            "--stipulation",
            "h#2",
            "--quiet",
        ];
        args.extend_from_slice(more);
        let (code, out, err) = feerie(&args);
        assert_eq!(code, 0, "{err}");
        let mut lines: Vec<String> = out
            .lines()
            .filter(|l| l.starts_with("  1."))
            .map(String::from)
            .collect();
        let tail = out.lines().last().unwrap_or("").to_string();
        (
            lines.clone(),
            {
                lines.sort();
                lines
            },
            tail,
        )
    };
    let (streamed, streamed_sorted, tail) = run(&[]);
    let (gathered, gathered_sorted, _) = run(&["--sorted"]);
    assert!(streamed.len() > 10, "{streamed:?}");
    assert_eq!(streamed_sorted, gathered_sorted);
    assert_eq!(gathered.len(), streamed.len());
    assert_eq!(tail, "solution finished.");
    for more in [&[][..], &["--sorted"][..]] {
        let mut args = vec!["--max-solutions", "3"];
        args.extend_from_slice(more);
        let (lines, _, tail) = run(&args);
        assert_eq!(lines.len(), 3, "{more:?}");
        assert_eq!(tail, "partial solution", "{more:?}");
    }
}
