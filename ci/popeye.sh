#!/usr/bin/env bash
# The live comparison with Popeye, run by .ci/run: the shipped scenarios, then a bounded fuzz
# campaign over every family Popeye can express (FEERIE_POPEYE_FUZZ positions each, default 40,
# with a fixed seed so that a run can be repeated; FEERIE_POPEYE_SEED chooses another), and the
# solutions of new problems (FEERIE_POPEYE_SOLVE positions per family, default 20). Under CI
# the shared binary must be there, as Stockfish must.
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
target/release/feerie popeye compare --py "$PY" --scenarios scenarios/
target/release/feerie popeye fuzz --py "$PY" --fuzz "${FEERIE_POPEYE_FUZZ:-40}" \
    --seed "${FEERIE_POPEYE_SEED:-20261123}" --reproducers "$(mktemp -d)" --quiet
target/release/feerie popeye fuzz-solve --py "$PY" --fuzz "${FEERIE_POPEYE_SOLVE:-20}" \
    --seed "${FEERIE_POPEYE_SEED:-20261123}" --quiet
