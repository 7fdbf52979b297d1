#!/usr/bin/env bash
# Installs the packages the tests use: Debian's stockfish (UCI perft cross-check) and chromium
# (tests/html_report.rs renders the HTML reports in it, headless), and zip (the ClusterFuzzLite
# build script packs each fuzz target's seeds); and mdBook from crates.io (tests/book.rs builds
# the rules book with it, follows its links and renders two of its pages in Chromium).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y stockfish chromium zip
if ! command -v mdbook >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/mdbook" ]; then
  cargo install mdbook --version 0.5.4 --locked
fi
