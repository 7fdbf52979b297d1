#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ and puts each binary, with its seeds from
# corpus/<target>/ as <target>_seed_corpus.zip, in $OUT. ClusterFuzzLite runs it in its image
# ($SRC, $OUT and $SANITIZER set, nightly Rust); run directly, it builds in the repository with
# the stable toolchain and no sanitizer, into target/clusterfuzzlite/ (or $OUT when set).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${SRC:-}" ] && [ -d "$SRC/feerie" ]; then
    ROOT="$SRC/feerie"
fi
cd "$ROOT"
OUT="${OUT:-$ROOT/target/clusterfuzzlite}"
mkdir -p "$OUT"
if [ -n "${SANITIZER:-}" ] && [ "$SANITIZER" != "none" ]; then
    # In ClusterFuzzLite's image: its nightly toolchain and the sanitizer it asks for.
    cargo fuzz build -O
else
    # The same build as ci/fuzz.sh's (release, debug assertions on), so that a CI run that
    # fuzzed first reuses its artifacts instead of building the targets a second time.
    cargo fuzz build --sanitizer none
fi
triple="$(rustc -vV | sed -n 's/^host: //p')"
built="fuzz/target/$triple/release"
targets="$(sed -n 's/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml | grep -v '^feerie-fuzz$')"
for target in $targets; do
    cp "$built/$target" "$OUT/"
    if [ -d "corpus/$target" ] && command -v zip >/dev/null; then
        rm -f "$OUT/${target}_seed_corpus.zip"
        (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
    echo "built $OUT/$target"
done
