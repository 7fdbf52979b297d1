#!/usr/bin/env bash
# The test command of the README, run by .ci/run: the release profile, as the README's first
# command builds it, so that the two share their dependencies' build. Then the long forms of
# tests the README's command samples (kept out of it so that it stays within ten minutes on
# two cores): every scenario under every short stipulation through both engines, four fuzzed
# problems per family through both solvers, three random games per family and start read back
# through the validator.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release --workspace --locked
cargo test --release --locked --test solve_engines --test solving_campaign -- --ignored
FEERIE_LEGAL_PLAY_GAMES=3 cargo test --release --locked --test legal_play
