#!/usr/bin/env bash
# Usage: Fuzz/run-services.sh SECONDS [TARGET...]   (default: 60 s each, every target)
# Builds Fuzz/build/service-fuzzer (unless FUZZ_SKIP_BUILD=1) and fuzzes each target for SECONDS, one after the
# other, each on a working corpus (Fuzz/build/services/<target>/corpus) seeded from Fuzz/services/corpus/<target>
# and Fuzz/services/regressions/<target>. Prints one summary line per target (runs, exec/s, the working corpus's files
# and bytes, libFuzzer's corpus units/size, coverage) and
# appends it to Fuzz/build/services/summary.txt. Exits non-zero on the first crash and prints the saved input.
# The targets: identity jobs matching payments households fleet-documents gateway.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then targets=(identity jobs matching payments households fleet-documents gateway); fi

if [[ "${FUZZ_SKIP_BUILD:-0}" != 1 ]]; then Fuzz/build-services.sh || exit 2; fi

mkdir -p Fuzz/build/services
for target in "${targets[@]}"; do
    work=Fuzz/build/services/$target
    mkdir -p "$work/corpus"
    # One run per target at a time: a second would truncate the first's log (and its summary line).
    exec 9>"$work/.lock"
    if ! flock -n 9; then
        echo "another Fuzz/run-services.sh is fuzzing $target in $work: wait for it, or fuzz another target" >&2
        exit 2
    fi
    for seeds in "Fuzz/services/corpus/$target" "Fuzz/services/regressions/$target"; do
        if [[ -d $seeds ]]; then cp -n "$seeds"/* "$work/corpus/" 2>/dev/null || true; fi
    done
    log=$work/last-run.log
    before=$(date +%s)
    echo "==> fuzzing $target for ${seconds}s"
    QUAD_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no Fuzz/build/service-fuzzer \
        -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$work/" "$work/corpus" >"$log" 2>&1
    status=$?
    runs=$(grep -aoE 'stat::number_of_executed_units: +[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    speed=$(grep -aoE 'stat::average_exec_per_sec: +[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
    ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+')
    corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' <<<"$last" | cut -d' ' -f2)
    files=$(find "$work/corpus" -type f | wc -l)
    bytes=$(find "$work/corpus" -type f -exec cat {} + | wc -c)
    line="$(date -u +%FT%TZ) $target: ${runs:-?} runs in $(( $(date +%s) - before ))s, ${speed:-?} exec/s, corpus ${files} files (${bytes} bytes; libFuzzer's corp ${corp:-?}), cov ${cov:-?}, ft ${ft:-?}, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "$line" | tee -a Fuzz/build/services/summary.txt
    exec 9>&-
    if [[ $status -ne 0 ]]; then
        tail -40 "$log"
        echo
        echo "FUZZER FAILED on $target (exit $status). Crashing input(s):"
        find "$work" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
            -newermt "@$before" -print
        echo "Reproduce: QUAD_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no Fuzz/build/service-fuzzer <file>"
        echo "Keep it:   cp <file> Fuzz/services/regressions/$target/<short-name>   (see Fuzz/README.md)"
        exit 1
    fi
done
