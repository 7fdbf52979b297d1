#!/usr/bin/env bash
# The test command of the README, run by .ci/run: the release profile, as the README's first
# command builds it, so that the two share their dependencies' build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --workspace --locked
