#!/bin/bash -eu
# Builds Masonry's libFuzzer target (Sources/MasonryFuzzTarget: bytes to a scenario, the optimized
# engine checked against the reference; the same bytes fed to the parsers) for ClusterFuzzLite and
# OSS-Fuzz, and writes what they read into $OUT:
#   masonry_fuzzer                  the target (the Swift runtime linked in statically)
#   masonry_fuzzer_seed_corpus.zip  the example descriptions and scenarios, and the fuzzer's
#                                   committed reproducers (Tests/Fixtures/fuzz-reproducers); the
#                                   same files in the folder masonry_fuzzer_seed_corpus/
#   masonry_fuzzer.dict             the format's field names and values (a test keeps it whole)
# The environment ClusterFuzzLite sets: OUT, SANITIZER (address, undefined, coverage; here also
# none: libFuzzer alone), CFLAGS and CXXFLAGS (passed to clang as -Xcc/-Xcxx). SRC is where the
# image put the checkout ($SRC/masonry, the working directory). It runs without Docker too:
#   OUT=/tmp/cflite SANITIZER=address .clusterfuzzlite/build.sh
#   /tmp/cflite/masonry_fuzzer -dict=/tmp/cflite/masonry_fuzzer.dict -max_total_time=10 CORPUS_DIR
# Scripts/fuzz builds with it (SANITIZER=none) and runs the target on a local corpus.
# Each sanitizer builds in a folder of its own (.build/clusterfuzzlite-SANITIZER).
set -o pipefail

# The checkout: the working directory in the image, else the folder above this script.
if [ -f Package.swift ] && [ -d Sources/MasonryFuzzTarget ]; then
    repository=$PWD
else
    repository=$(cd "$(dirname "$0")/.." && pwd)
fi
cd "$repository"
: "${OUT:?OUT must name the folder the fuzzer goes to}"
sanitizer=${SANITIZER:-address}
mkdir -p "$OUT"

# OSS-Fuzz's helper copies its llvm-symbolizer (for symbolized stack traces) into $OUT; it also
# sets SWIFTFLAGS, which this build does not take: they add -parse-as-library, and this package
# states its flags below in SwiftPM's own options.
if command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1090
    . "$(command -v precompile_swift)"
fi

flags=(-c release --product MasonryFuzzTarget --scratch-path ".build/clusterfuzzlite-$sanitizer" --sanitize=fuzzer)
case "$sanitizer" in
    address | undefined | thread) flags+=("--sanitize=$sanitizer") ;;
    coverage) flags+=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) ;;
    none) ;;
    *) echo "build.sh: SANITIZER '$sanitizer' is not one of address, undefined, coverage, none" >&2; exit 2 ;;
esac
# Statically linked, the target runs in ClusterFuzzLite's runner image, which has no Swift runtime.
[ "$sanitizer" = none ] || flags+=(--static-swift-stdlib)
for flag in ${CFLAGS:-}; do flags+=("-Xcc=$flag"); done
for flag in ${CXXFLAGS:-}; do flags+=("-Xcxx=$flag"); done

swift build "${flags[@]}"
cp ".build/clusterfuzzlite-$sanitizer/release/MasonryFuzzTarget" "$OUT/masonry_fuzzer"
cp .clusterfuzzlite/masonry_fuzzer.dict "$OUT/masonry_fuzzer.dict"

# The seed corpus: every committed description, scenario and reproducer (JSON; the target reads
# both a description and a scenario chain).
# Also as a folder, for Scripts/fuzz.
corpus_files=(Examples/*.json Examples/Scenarios/*.json Tests/Fixtures/fuzz-reproducers/*.json)
rm -rf "$OUT/masonry_fuzzer_seed_corpus" "$OUT/masonry_fuzzer_seed_corpus.zip"
mkdir -p "$OUT/masonry_fuzzer_seed_corpus"
cp "${corpus_files[@]}" "$OUT/masonry_fuzzer_seed_corpus/"
if command -v zip >/dev/null 2>&1; then
    zip -q -j "$OUT/masonry_fuzzer_seed_corpus.zip" "${corpus_files[@]}"
elif command -v python3 >/dev/null 2>&1; then
    (cd "$OUT/masonry_fuzzer_seed_corpus" && python3 -m zipfile -c ../masonry_fuzzer_seed_corpus.zip ./*.json)
else
    echo "build.sh: neither zip nor python3: no $OUT/masonry_fuzzer_seed_corpus.zip (the folder beside it has the files)" >&2
fi
echo "build.sh: $OUT/masonry_fuzzer ($sanitizer), ${#corpus_files[@]} seed inputs, $(grep -c '^"' .clusterfuzzlite/masonry_fuzzer.dict) dictionary entries" >&2
