//! Headless Chromium for the tests that look at pages: the browser (or a skip, or a failure
//! where it is required), a run with a deadline, and a page rendered with its console checked
//! and its screenshot kept under `target/test-artifacts/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Where the screenshots are kept: `target/test-artifacts/`.
pub fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .join("test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Chromium, or `None` (with a message) when it is absent and not required.
pub fn chromium() -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            !super::required(&["FEERIE_REQUIRE_CHROMIUM"]),
            "Chromium (/usr/bin/chromium) is missing, and FEERIE_REQUIRE_CHROMIUM or CI=true \
             says it must be there"
        );
        super::skip("no Chromium at /usr/bin/chromium (Debian's chromium package)");
    }
    found
}

/// Runs headless Chromium with `args` on `page`, at most a minute; returns stdout and stderr.
pub fn headless(browser: &Path, page: &Path, args: &[String]) -> (String, String) {
    let profile = tempfile::tempdir().unwrap();
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null());
    // Into files, not pipes: a page's DOM outgrows a pipe's buffer, and Chromium would wait
    // for a reader while this waits for it to end.
    let stdout = profile.path().join("stdout");
    let stderr = profile.path().join("stderr");
    command
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap());
    let mut child = command.spawn().expect("Chromium starts");
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("Chromium did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let read = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    (read(&stdout), read(&stderr))
}

/// Opens the page in headless Chromium: its DOM holds the diagrams, the console says nothing,
/// and its screenshot is kept as `target/test-artifacts/NAME.png`.
pub fn render_in_chromium(page: &Path, name: &str) {
    let Some(browser) = chromium() else { return };
    let (dom, log) = headless(&browser, page, &["--dump-dom".to_string()]);
    assert!(dom.contains("class=\"diagram\""), "the DOM: {dom}\n{log}");
    let console: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught") || l.contains("net::ERR"))
        .collect();
    assert!(console.is_empty(), "console messages: {console:?}");
    let shot = artifacts().join(format!("{name}.png"));
    let _ = std::fs::remove_file(&shot);
    let (_, log) = headless(
        &browser,
        page,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1200,1600".to_string(),
        ],
    );
    let png = std::fs::read(&shot)
        .unwrap_or_else(|e| panic!("no screenshot {}: {e}\n{log}", shot.display()));
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    eprintln!("screenshot: {}", shot.display());
}
