#!/usr/bin/env bash
# The live comparison with Popeye, run by .ci/run: the live tests that take minutes
# (tests/popeye_live.rs, --ignored), then one `feerie popeye campaign` within
# FEERIE_POPEYE_BUDGET seconds (default 180, the campaign's own default): the shipped
# scenarios, then fuzzed positions and fuzzed problems of every family Popeye can express, as
# many as the budget allows, with a fixed seed so that a run can be repeated
# (FEERIE_POPEYE_SEED chooses another). FEERIE_POPEYE_FUZZ and FEERIE_POPEYE_SOLVE, when set,
# cap the positions per family of the two fuzz stages (0 turns a stage off). Under CI the
# shared binary must be there, as Stockfish must.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${POPEYE:-../shared/tools/popeye/py}"
if [ ! -x "$PY" ]; then
    if [ -n "${CI:-}" ] || [ -n "${FEERIE_REQUIRE_POPEYE:-}" ]; then
        echo "ci/popeye.sh: no Popeye binary at $PY" >&2
        exit 1
    fi
    echo "ci/popeye.sh: skipped, no Popeye binary at $PY"
    exit 0
fi
cargo build --release --locked
# The live tests that take minutes, kept out of the README's test command.
cargo test --release --locked --test popeye_live -- --ignored
caps=()
if [ -n "${FEERIE_POPEYE_FUZZ:-}" ]; then caps+=(--fuzz "$FEERIE_POPEYE_FUZZ"); fi
if [ -n "${FEERIE_POPEYE_SOLVE:-}" ]; then caps+=(--fuzz-solve "$FEERIE_POPEYE_SOLVE"); fi
target/release/feerie popeye campaign --py "$PY" --budget "${FEERIE_POPEYE_BUDGET:-180}" \
    --seed "${FEERIE_POPEYE_SEED:-20261123}" --scenarios scenarios/ \
    --reproducers "$(mktemp -d)" --quiet ${caps[@]+"${caps[@]}"}
