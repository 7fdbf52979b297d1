#!/usr/bin/env bash
# The body of the composite action (action.yml): compares the solver ($SOLVER) with feerie on
# the scenarios of $PROBLEMS (a YAML file or a folder; default feerie's own scenarios/) and on
# $FUZZ fuzzed positions per family; solves the Popeye input files of $VERIFY with the solver
# and with feerie's solver (`popeye verify`, each file held to $MIN_COMPARED compared cases, each
# case to $CASE_TIMEOUT seconds); writes feerie-report/compare.{json,xml,html},
# feerie-report/verify-NAME.{json,html,xml} and the action's outputs (verdict, junit, report,
# verify-reports, verify-junit). Exit 1 when the solver and feerie differ, or a verified file
# compared too few cases.
set -uo pipefail
feerie="$GITHUB_ACTION_PATH/target/release/feerie"
out="$PWD/feerie-report"
mkdir -p "$out"
solver="$(realpath "$SOLVER")"
problems="${PROBLEMS:-$GITHUB_ACTION_PATH/scenarios}"
verdict=ok
status=0
"$feerie" popeye compare --py "$solver" --scenarios "$problems" --profile popeye \
    --format json --junit "$out/compare.xml" --report "$out/compare.html" \
    > "$out/compare.json" || status=$?
if [ "$status" -ne 0 ]; then verdict=failed; fi
if [ "${FUZZ:-0}" != "0" ]; then
    status=0
    "$feerie" popeye fuzz --py "$solver" --fuzz "$FUZZ" --seed "${SEED:-${GITHUB_RUN_ID:-1}}" \
        --depth "${DEPTH:-2}" --reproducers "$out/reproducers" --quiet || status=$?
    if [ "$status" -ne 0 ]; then verdict=failed; fi
fi
verify_reports=""
verify_junit=""
# Word splitting and globs are wanted: $VERIFY is a list of files.
# shellcheck disable=SC2086
for problem in ${VERIFY:-}; do
    name="$(basename "$problem" .inp)"
    status=0
    "$feerie" popeye verify "$problem" --py "$solver" --engine bitboard \
        --min-compared "${MIN_COMPARED:-1}" --case-timeout "${CASE_TIMEOUT:-300}" \
        --format json --report "$out/verify-$name.html" --junit "$out/verify-$name.xml" \
        > "$out/verify-$name.json" || status=$?
    if [ "$status" -ne 0 ]; then verdict=failed; fi
    verify_reports="${verify_reports:+$verify_reports }$out/verify-$name.html"
    verify_junit="${verify_junit:+$verify_junit }$out/verify-$name.xml"
done
{
    echo "verdict=$verdict"
    echo "verify-reports=$verify_reports"
    echo "verify-junit=$verify_junit"
    echo "junit=$out/compare.xml"
    echo "report=$out/compare.html"
} >> "${GITHUB_OUTPUT:-/dev/null}"
echo "feerie: $verdict (reports in $out)"
[ "$verdict" = ok ]
