#!/usr/bin/env bash
# Usage: Fuzz/run.sh [SECONDS]   (default 60)
# Builds the fuzzer and runs it for SECONDS on a working corpus seeded from Fuzz/corpus.
# Exits non-zero on a crash and prints the saved crashing input (Fuzz/build/crash-*).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}

Fuzz/build.sh || exit 2

# The working corpus grows as libFuzzer finds new coverage; seed it from the committed one.
mkdir -p Fuzz/build/corpus
cp -n Fuzz/corpus/* Fuzz/build/corpus/ 2>/dev/null || true
if [[ -d Fuzz/regressions ]]; then cp -n Fuzz/regressions/* Fuzz/build/corpus/ 2>/dev/null || true; fi

before=$(date +%s)
SWIFT_BACKTRACE=enable=no Fuzz/build/frame-fuzzer \
    -max_total_time="$seconds" -max_len=4096 -artifact_prefix=Fuzz/build/ \
    Fuzz/build/corpus Fuzz/corpus 2>&1 | tee Fuzz/build/last-run.log
status=${PIPESTATUS[0]}

if [[ $status -ne 0 ]]; then
    echo
    echo "FUZZER FAILED (exit $status). Crashing input(s):"
    find Fuzz/build -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
        -newermt "@$before" -print
    echo "Reproduce: SWIFT_BACKTRACE=enable=no Fuzz/build/frame-fuzzer <file>"
    echo "Keep it:   cp <file> Fuzz/regressions/<short-name>   (see Fuzz/README.md)"
    exit 1
fi
echo "no crash in ${seconds}s; log in Fuzz/build/last-run.log"
