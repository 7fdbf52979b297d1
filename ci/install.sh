#!/usr/bin/env bash
# Installs the packages the tests use: Debian's stockfish (UCI perft cross-check) and chromium
# (tests/html_report.rs renders the HTML reports in it, headless), and zip (the ClusterFuzzLite
# build script packs each fuzz target's seeds).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y stockfish chromium zip
