#!/usr/bin/env bash
# Runs the echo benchmarks: for each (payload, in-flight) cell, each implementation in turn
# (A, B, C, D, A, B, C, D, …), a fresh server per run pinned to core 1 and the client pinned
# to core 0; then prints medians with min–max and the ratios quad/raw and quad/grpc.
#
#   Benchmarks/run.sh                 3 rounds, 3 s warm-up, 10 s measured (~12 min)
#   Benchmarks/run.sh --quick         1 round, 1 s warm-up, 3 s measured
#   options: --rounds N --warmup S --duration S --impls "quad raw grpc hummingbird quad-pb"
#            --payloads "64 16384" --in-flight "1 64" --no-build --no-allocations --out FILE.jsonl
#
# After each cell's timing rounds, an allocation pass runs each implementation once with
# malloc-interposer preloaded into the server (1 s warm-up, 3 s measured) for its mallocs per call.
#
# Results (one JSON line per run) go to Benchmarks/results/<UTC date>.jsonl unless --out.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

rounds=3 warmup=3 duration=10 build=1 allocations=1
impls="quad raw grpc hummingbird"
payloads="64 16384"
in_flights="1 64"
out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) rounds=1 warmup=1 duration=3; shift ;;
        --rounds) rounds="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --impls) impls="$2"; shift 2 ;;
        --payloads) payloads="$2"; shift 2 ;;
        --in-flight) in_flights="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --no-allocations) allocations=0; shift ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench MallocInterposerSwift  # the interposer is preloaded in allocation passes
fi
bindir="$(swift build -c release --show-bin-path)"
bin="$bindir/quad-bench"
[[ -x "$bin" ]] || { echo "run.sh: $bin not built" >&2; exit 1; }

mkdir -p results
[[ -n "$out" ]] || out="results/$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
"$bin" certs --dir "$work/certs"

# One run: a fresh server pinned to core 1, the client pinned to core 0, one JSON line out.
# pass "allocations" preloads malloc-interposer into the server and counts its mallocs over
# the window (slower, so it never mixes with the timing passes).
run_one() {
    local impl="$1" payload="$2" in_flight="$3" round="$4" pass="$5"
    local server_env=() server_extra=() client_extra=() run_warmup="$warmup" run_duration="$duration"
    if [[ $pass == allocations ]]; then
        rm -f "$work/allocs"
        server_env=(env "LD_PRELOAD=$bindir/libMallocInterposerSwift.so")
        server_extra=(--count-allocations "$work/allocs")
        client_extra=(--alloc-file "$work/allocs")
        run_warmup=1 run_duration=3
    fi
    rm -f "$work/ready"
    taskset -c 1 "${server_env[@]}" "$bin" server --impl "$impl" --port 0 --certs "$work/certs" \
        --ready-file "$work/ready" "${server_extra[@]}" 2>"$work/server.log" &
    server_pid=$!
    for _ in $(seq 1 200); do [[ -s "$work/ready" ]] && break; sleep 0.05; done
    if [[ ! -s "$work/ready" ]]; then
        echo "run.sh: $impl server did not start:" >&2; cat "$work/server.log" >&2; exit 1
    fi
    local port line
    port="$(sed -E 's/.*"port":([0-9]+).*/\1/' "$work/ready")"
    line="$(taskset -c 0 "$bin" client --impl "$impl" --port "$port" --certs "$work/certs" \
        --payload "$payload" --in-flight "$in_flight" --warmup "$run_warmup" --duration "$run_duration" \
        --server-pid "$server_pid" "${client_extra[@]}")" || line=""
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
    if [[ -z "$line" ]]; then
        echo "run.sh: $impl payload=$payload in-flight=$in_flight round=$round $pass failed" >&2
        return
    fi
    echo "${line%\}},\"round\":$round,\"pass\":\"$pass\",\"load\":\"$(cut -d' ' -f1 /proc/loadavg)\"}" >>"$out"
    if [[ $pass == allocations ]]; then
        printf '%-12s %6s B  %3s in flight  allocations: %s per call\n' "$impl" "$payload" "$in_flight" \
            "$(sed -E 's/.*"serverAllocationsPerCall":([0-9.]+).*/\1/' <<<"$line")" >&2
    else
        printf '%-12s %6s B  %3s in flight  round %s: %s calls/s\n' "$impl" "$payload" "$in_flight" "$round" \
            "$(sed -E 's/.*"callsPerSecond":([0-9.]+).*/\1/' <<<"$line" | cut -d. -f1)" >&2
    fi
}

echo "# $(date -u +%FT%TZ) $(uname -r) rounds=$rounds warmup=${warmup}s duration=${duration}s load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for payload in $payloads; do
    for in_flight in $in_flights; do
        for round in $(seq 1 "$rounds"); do
            for impl in $impls; do run_one "$impl" "$payload" "$in_flight" "$round" timing; done
        done
        if [[ $allocations == 1 ]]; then
            for impl in $impls; do run_one "$impl" "$payload" "$in_flight" 1 allocations; done
        fi
    done
done
echo "# results: $out" >&2
python3 "$here/summarize.py" "$out"
