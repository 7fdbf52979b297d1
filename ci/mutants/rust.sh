#!/usr/bin/env bash
# cargo-mutants over the rule code of both engines (the reference engine's rules, the bitboard
# engine's rules and its compact path), each mutant judged by the unit tests of both crates and
# `feerie check`'s quick run (tests/rule_mutants.rs), built with the `mutants` profile (quick to
# rebuild). Both packages of the workspace are mutated (`--workspace`). Extra arguments go to
# cargo-mutants, e.g. `--shard 1/30 --sharding round-robin` for a systematic sample of one
# mutant in 30 spread over every file (cargo-mutants' default sharding takes consecutive
# slices of the list instead), `--list` to see them, `--output DIR` for where the tables go.
# A mutant whose judge runs past 150 s (a loop that no longer ends) is a timeout.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo mutants --workspace --profile mutants --test-workspace true \
    --file 'oracle/src/reference/**' --file 'src/bitboard/rules/**' --file 'src/bitboard/compact/**' \
    --timeout 150 --build-timeout 1200 \
    --cargo-arg=--lib --cargo-arg=--test --cargo-arg=rule_mutants \
    "$@" -- -- --include-ignored
