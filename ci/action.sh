#!/usr/bin/env bash
# The body of the composite action (action.yml): one `feerie popeye campaign` of the solver
# ($SOLVER) within $BUDGET seconds (default 180): the scenarios of $PROBLEMS (a YAML file or a
# folder; default feerie's own scenarios/), fuzzed positions (at most $FUZZ per family when
# given; 0 for none) and fuzzed problems, then the Popeye input files of $VERIFY solved by the
# solver and by feerie's solver (together held to $MIN_COMPARED compared cases, each case to
# $CASE_TIMEOUT seconds). Writes feerie-report/campaign.{json,xml,html}, the reproducers under
# feerie-report/reproducers, and the action's outputs (verdict, junit, report, verify-reports,
# verify-junit: the campaign's report and JUnit file hold the verification too). Exit 1 when
# the solver and feerie differ or a stage compared nothing (or the files too few cases).
set -uo pipefail
feerie="$GITHUB_ACTION_PATH/target/release/feerie"
out="$PWD/feerie-report"
mkdir -p "$out"
solver="$(realpath "$SOLVER")"
problems="${PROBLEMS:-$GITHUB_ACTION_PATH/scenarios}"
args=(--py "$solver" --budget "${BUDGET:-180}" --scenarios "$problems"
    --depth "${DEPTH:-2}" --min-compared "${MIN_COMPARED:-1}"
    --case-timeout "${CASE_TIMEOUT:-300}" --reproducers "$out/reproducers")
if [ -n "${SEED:-}" ]; then args+=(--seed "$SEED"); fi
if [ -n "${FUZZ:-}" ]; then args+=(--fuzz "$FUZZ"); fi
# Word splitting and globs are wanted: $VERIFY is a list of files.
# shellcheck disable=SC2086
set -- ${VERIFY:-}
if [ "$#" -gt 0 ]; then args+=(--verify "$@"); fi
status=0
"$feerie" popeye campaign "${args[@]}" --format json \
    --junit "$out/campaign.xml" --report "$out/campaign.html" \
    > "$out/campaign.json" || status=$?
verdict=ok
if [ "$status" -ne 0 ]; then verdict=failed; fi
verify_reports=""
verify_junit=""
if [ "$#" -gt 0 ]; then
    verify_reports="$out/campaign.html"
    verify_junit="$out/campaign.xml"
fi
{
    echo "verdict=$verdict"
    echo "verify-reports=$verify_reports"
    echo "verify-junit=$verify_junit"
    echo "junit=$out/campaign.xml"
    echo "report=$out/campaign.html"
} >> "${GITHUB_OUTPUT:-/dev/null}"
echo "feerie: $verdict (reports in $out)"
[ "$verdict" = ok ]
