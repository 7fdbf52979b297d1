#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for a bounded time (FEERIE_FUZZ_SECONDS each, default 20) on
# the stable toolchain, starting from its seeds in corpus/<target>/. New inputs the fuzzer keeps
# go to a scratch folder, so the run leaves the repository as it was; a finding is written under
# fuzz/artifacts/<target>/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FEERIE_FUZZ_SECONDS:-20}"
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
cargo fuzz build --sanitizer none
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in fen popeye_input popeye_move scenario differential; do
    mkdir -p "$scratch/$target"
    echo "fuzz target $target: ${SECONDS_EACH} s"
    log="$scratch/$target.log"
    status=0
    cargo fuzz run --sanitizer none "$target" "$scratch/$target" "corpus/$target" -- \
        -max_total_time="$SECONDS_EACH" -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E "^(Done|stat::number_of_executed_units|stat::average_exec_per_sec)" "$log" || true
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$log"
        echo "fuzz target $target failed: see fuzz/artifacts/$target/" >&2
        exit 1
    fi
done
