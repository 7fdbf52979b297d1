#!/usr/bin/env bash
# Installs the packages the tests use: Debian's stockfish (UCI perft cross-check).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y stockfish
