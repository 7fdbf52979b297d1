#!/usr/bin/env bash
# cargo-mutants over the rule code of both engines (the reference engine's rules, the bitboard
# engine's rules and its compact path), each mutant judged by the unit tests of both crates and
# `feerie check`'s quick run (tests/rule_mutants.rs), built with the `mutants` profile (quick to
# rebuild). Extra arguments go to cargo-mutants, e.g. `--shard 0/25` for a systematic sample of
# one mutant in 25, `--list` to see them, `--output DIR` for where the tables go.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo mutants --profile mutants --test-workspace true \
    --file 'oracle/src/reference/**' --file 'src/bitboard/rules/**' --file 'src/bitboard/compact/**' \
    --timeout 300 --build-timeout 1200 \
    --cargo-arg=--lib --cargo-arg=--test --cargo-arg=rule_mutants \
    "$@" -- -- --include-ignored
