#!/usr/bin/env bash
# jobs' two hottest reads, GetLaundryJob and ListMyLaundryJobs, served two ways from one seeded database:
#   quad         the real quad-jobs executable (release), mutual TLS 1.3, the quad wire;
#   hummingbird  the same JobsService handlers, caller interceptor and database under Hummingbird 2, HTTP/1.1 +
#                JSON over mutual TLS 1.3 (`quad-bench jobs-reads-server`, JobsReadsHummingbird.swift).
# An open-loop client (`quad-bench jobs-reads-load`) drives each over 16 connections: a 50/50 mix of the two calls
# over seeded random jobs and customers, at constant spacing, latency from each call's intended start; it steps the
# rate up ×1.25 from --start-rate after a warm-up and finds the highest rate whose p99 stays within --bound-ms with
# no errors and ≥ 99% of the offered rate answered in the window. Rounds interleave quad, hummingbird, quad, …
# with a fresh server and a fresh copy of the database per run; the server is pinned to core 1 (taskset -c 1),
# the client to core 0. Release builds.
#
#   Benchmarks/jobs-reads.sh [--rounds 3] [--warmup 3] [--step 6] [--start-rate 400] [--factor 1.25]
#                            [--bound-ms 20] [--connections 16] [--no-build]
#
# The seed: 200 customers with 5 jobs each at stages spread 0-9 (jobs-reads-seed, JobsReadsSeed.swift).
# One JSON line per step and run (and a summary line per run) goes to Benchmarks/results/jobs-reads-<UTC date>.jsonl;
# a summary table is printed at the end.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rounds=3 warmup=3 step=6 start_rate=400 factor=1.25 bound_ms=20 connections=16 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --step) step="$2"; shift 2 ;;
        --start-rate) start_rate="$2"; shift 2 ;;
        --factor) factor="$2"; shift 2 ;;
        --bound-ms) bound_ms="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "jobs-reads.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-jobs; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/jobs-reads-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
pin="taskset -c 1"
trap 'stop_services; rm -rf "$work"' EXIT

# start_hummingbird: the HTTP side, as start_service starts quad-jobs (same data and certificate directories).
start_hummingbird() {
    rm -f "$work/jobs-http.ready"
    $pin "$bin/quad-bench" jobs-reads-server --data-dir "$work/data" --certs-dir "$work/certs" \
        --ready-file "$work/jobs-http.ready" >"$work/jobs-http.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 200); do [[ -s "$work/jobs-http.ready" ]] && return; sleep 0.05; done
    echo "jobs-reads.sh: jobs-reads-server did not start:" >&2; cat "$work/jobs-http.log" >&2; exit 1
}

"$bin/quad-bench" jobs-reads-seed --data-dir "$work/seed" --certs-dir "$work/certs" 2>"$work/seed.log"
tail -1 "$work/seed.log" >&2
echo "# $(date -u +%FT%TZ) rounds=$rounds warmup=${warmup}s step=${step}s start=${start_rate}/s x$factor bound=${bound_ms}ms" \
    "connections=$connections load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$rounds"); do
    for impl in quad hummingbird; do
        rm -rf "$work/data" && mkdir -p "$work/data" && cp "$work/seed/jobs.sqlite" "$work/data/"
        if [[ $impl == quad ]]; then
            start_service jobs
            ready="$work/jobs.ready"
        else
            start_hummingbird
            ready="$work/jobs-http.ready"
        fi
        load="$(cut -d' ' -f1 /proc/loadavg)"
        while IFS= read -r line; do
            echo "${line%\}},\"round\":$round,\"loadAverage\":$load}" >>"$out"
            if [[ $line == *'"summary":true'* ]]; then printf '%-11s round %s: %s\n' "$impl" "$round" "$line" >&2; fi
        done < <(taskset -c 0 "$bin/quad-bench" jobs-reads-load --impl "$impl" --rpc "$(field "$ready" rpc)" \
            --certs-dir "$work/certs" --seed-file "$work/seed/jobs-reads-seed.json" --server-pid "$(field "$ready" pid)" \
            --connections "$connections" --start-rate "$start_rate" --factor "$factor" --warmup "$warmup" --step "$step" \
            --p99-bound-ms "$bound_ms" --rng-seed "$round")
        stop_services
    done
done
echo "# results: $out" >&2
python3 "$here/jobs-reads-summary.py" "$out"
