//! The rules book (`docs/book`): its generated parts are those `feerie book` makes from the
//! code and the scenarios; every example is a scenario `feerie check` runs and passes; every
//! diagram of the source pages has its scenario in the book; every switch has its section with
//! a diagram and the moves that part the readings. With mdBook installed (CI installs it;
//! `FEERIE_REQUIRE_MDBOOK` or CI=true make its absence a failure) the book is built, its links
//! are followed, and two pages are rendered in headless Chromium with their screenshots kept
//! under `target/test-artifacts/`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::browser::render_in_chromium;
use feerie::book;
use feerie::oracle::{ReferenceEngine, Switch};
use feerie::scenario::{load_file, run};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn generated_parts_are_up_to_date() {
    let stale = book::stale(root()).unwrap();
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; make them again with `cargo run --release -- book`"
    );
}

#[test]
fn every_example_is_a_scenario_that_feerie_check_runs_and_passes() {
    let named = book::named_scenarios(root()).unwrap();
    assert!(named.len() >= 30, "{} examples", named.len());
    for (id, page) in &named {
        // `feerie check` runs every scenario under `scenarios/` by default.
        let file = root().join("scenarios").join(format!("{id}.yaml"));
        let scenario = load_file(&file).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let outcome = run(&scenario, &ReferenceEngine).unwrap();
        assert!(outcome.failures.is_empty(), "{id}: {:?}", outcome.failures);
    }
}

#[test]
fn every_diagram_of_the_source_pages_appears_with_its_scenario() {
    let named = book::named_scenarios(root()).unwrap();
    let mut diagrams = 0;
    for (id, scenario) in book::disputes::scenarios(root()).unwrap() {
        let source = scenario.source.to_lowercase();
        if source.contains(".fr.txt") && source.contains("diagram") {
            diagrams += 1;
            assert!(
                named.contains_key(&id),
                "{id} ({}) is not in the book",
                scenario.source
            );
        }
    }
    assert!(diagrams >= 14, "{diagrams}");
}

#[test]
fn every_switch_has_its_section_with_a_diagram_and_the_moves_that_part_the_readings() {
    let chapter = std::fs::read_to_string(root().join(book::SOURCE).join(book::DISPUTES)).unwrap();
    for switch in Switch::ALL {
        let heading = format!("## `{}`\n", switch.key());
        let start = chapter
            .find(&heading)
            .unwrap_or_else(|| panic!("no section for {switch}"));
        let rest = &chapter[start + heading.len()..];
        let section = &rest[..rest.find("\n## ").unwrap_or(rest.len())];
        assert!(section.contains("<svg"), "{switch}: no diagram");
        assert!(section.contains("**Popeye 4.104**"), "{switch}");
        for value in switch.values() {
            assert!(
                section.contains(&format!("| `{value}` |")),
                "{switch}={value}"
            );
        }
        let parts = section
            .lines()
            .filter(|l| l.starts_with("- ") && l.contains(": only under `"))
            .count();
        assert!(parts > 0, "{switch}: no node where the readings part");
    }
}

/// mdBook, or `None` (with a message) when it is absent and not required.
fn mdbook() -> Option<PathBuf> {
    let home = std::env::var("HOME").unwrap_or_default();
    let found = ["mdbook".to_string(), format!("{home}/.cargo/bin/mdbook")]
        .into_iter()
        .find(|p| {
            Command::new(p)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .map(PathBuf::from);
    if found.is_none() {
        assert!(
            !common::required(&["FEERIE_REQUIRE_MDBOOK"]),
            "mdbook is missing, and FEERIE_REQUIRE_MDBOOK or CI=true says it must be there \
             (cargo install mdbook --locked)"
        );
        common::skip("no mdbook (cargo install mdbook --locked)");
    }
    found
}

/// Every `href` and `src` of the built pages that points into the book resolves to a file.
fn assert_links_resolve(out: &Path) {
    let mut pages = Vec::new();
    let mut todo = vec![out.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                pages.push(path);
            }
        }
    }
    assert!(pages.len() >= 10, "{} pages", pages.len());
    for page in pages {
        let html = std::fs::read_to_string(&page).unwrap();
        for attribute in ["href=\"", "src=\""] {
            for (at, _) in html.match_indices(attribute) {
                let value = &html[at + attribute.len()..];
                let target = &value[..value.find('"').unwrap_or(0)];
                let target = target.split(['#', '?']).next().unwrap_or("");
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let resolved = page.parent().unwrap().join(target);
                assert!(
                    resolved.exists(),
                    "{}: a link to {target} that does not resolve",
                    page.display()
                );
            }
        }
    }
}

#[test]
fn the_book_builds_its_links_resolve_and_its_pages_render() {
    let Some(mdbook) = mdbook() else { return };
    let out = tempfile::tempdir().unwrap();
    let built = Command::new(&mdbook)
        .arg("build")
        .arg(root().join("docs/book"))
        .arg("--dest-dir")
        .arg(out.path())
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert_links_resolve(out.path());
    for (page, name) in [
        ("rules/parrain.html", "book-parrain"),
        ("disputes.html", "book-disputes"),
    ] {
        let path = out.path().join(page);
        let html = std::fs::read_to_string(&path).unwrap();
        let diagrams = html.matches("class=\"diagram\"").count();
        assert!(diagrams >= 5, "{page}: {diagrams} diagrams");
        render_in_chromium(&path, name);
        // Every diagram of the page is in the document the browser built.
        if let Some(browser) = common::browser::chromium() {
            let (dom, _) = common::browser::headless(&browser, &path, &["--dump-dom".to_string()]);
            assert_eq!(dom.matches("class=\"diagram\"").count(), diagrams, "{page}");
        }
    }
}

/// What the disputes chapter says Popeye does is measured: on each switch's example, the live
/// Popeye gives feerie's moves under the scenario's rules or under the `popeye` profile's values
/// (an agreement or a profile difference), never a difference, a refusal or a skip.
#[test]
fn popeye_plays_each_example_as_the_disputes_chapter_says() {
    let Some(py) = common::shared_path("tools/popeye/py", &["FEERIE_REQUIRE_POPEYE"]) else {
        return;
    };
    let mut asked = 0;
    for (switch, id) in book::disputes::example_ids(root()).unwrap() {
        if switch.popeye_reading() == feerie::oracle::rules::PopeyeReading::Absent {
            continue;
        }
        let id = id.unwrap_or_else(|| panic!("{switch}: no example"));
        let file = format!("scenarios/{id}.yaml");
        let (code, out, err) = common::feerie_in(
            root(),
            &[
                "popeye",
                "compare",
                "--py",
                py.to_str().unwrap(),
                "--scenarios",
                &file,
            ],
        );
        assert_eq!(code, 0, "{switch} ({file}): {out}{err}");
        let judged = |word: &str| {
            // The table at the end: `  agree                   1`.
            out.lines()
                .find(|l| l.starts_with(&format!("  {word} ")))
                .and_then(|l| l.split_whitespace().find_map(|w| w.parse::<u32>().ok()))
                .unwrap_or(0)
        };
        // The scenario's position and its mirrors (colour, and file where symmetric).
        let total: u32 = [
            "agree",
            "profile difference",
            "refused",
            "skipped",
            "differ",
            "failed",
        ]
        .iter()
        .map(|w| judged(w))
        .sum();
        assert!((2..=3).contains(&total), "{switch} ({file}): {out}");
        assert_eq!(
            judged("agree") + judged("profile difference"),
            total,
            "{switch} ({file}): {out}"
        );
        asked += 1;
    }
    assert!(asked >= 14, "{asked}");
}

/// Copies `from` into `to`, folders included.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// `feerie book --check` names a stale page and exits 1; `feerie book` writes it again; a root
/// without the book is refused in one line.
#[test]
fn book_check_names_a_stale_page_and_book_makes_it_again() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &root().join("docs/book/src"),
        &dir.path().join("docs/book/src"),
    );
    copy_tree(&root().join("scenarios"), &dir.path().join("scenarios"));
    let page = dir.path().join("docs/book/src/rules/parrain.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let edited = text.replacen("Legal moves (", "Legal moves (0 + ", 1);
    assert_ne!(edited, text);
    std::fs::write(&page, &edited).unwrap();
    let root_arg = dir.path().to_str().unwrap();
    let (code, out, _) = common::feerie_in(dir.path(), &["book", "--check", "--root", root_arg]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("stale: ") && out.contains("parrain.md"),
        "{out}"
    );
    let (code, out, _) = common::feerie_in(dir.path(), &["book", "--root", root_arg]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("wrote ") && out.contains("1 page(s) written"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&page).unwrap(), text);
    let (code, _, _) = common::feerie_in(dir.path(), &["book", "--check", "--root", root_arg]);
    assert_eq!(code, 0);
    let (code, _, err) = common::feerie_in(dir.path(), &["book", "--root", "/nonexistent"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}
