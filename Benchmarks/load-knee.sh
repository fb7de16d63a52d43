#!/usr/bin/env bash
# The laundry mix's capacity on this machine (issue 5's measurements), with quad-load against a
# release `quad up` (the five services) on a fresh data directory:
#   1. step mode from --start-rate by x1.5 until p99 > 500 ms or errors > 1%: the knee;
#   2. fixed runs at 50% and 80% of the knee, for per-method p99;
#   3. a CPU profile (perf, cpu-clock samples) of the busiest service during a run at the knee.
# Everything shares the machine's cores (no pinning): say so in what you report.
#
#   Benchmarks/load-knee.sh [--open-limits] [--start-rate 20] [--step-factor 1.5] [--duration 15s] [--no-build]
#                           [--profile-at RATE] [--knee-only]
#
# --knee-only stops after step 1 (to compare the knee with and without --open-limits at a finer
# --step-factor, e.g. --start-rate 60 --step-factor 1.1).
#
# --profile-at RATE skips steps 1 and 2 and profiles at RATE.
#
# --open-limits turns the gateway's own admission limit off (QUAD_ADMISSION=false) and widens its
# per-upstream concurrency limits (QUAD_CONCURRENCY_INITIAL=128, QUAD_CONCURRENCY_MAX=512) to measure
# the services behind it; without it the gateway protects itself as deployed. Results: Benchmarks/results/load-knee-<time>/ (reports, perf report, log).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
start_rate=20 step_factor=1.5 duration=15s build=1 open=0 profile_at="" knee_only=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --start-rate) start_rate="$2"; shift 2 ;;
        --step-factor) step_factor="$2"; shift 2 ;;
        --knee-only) knee_only=1; shift ;;
        --duration) duration="$2"; shift 2 ;;
        --open-limits) open=1; shift ;;
        --profile-at) profile_at="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "load-knee.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad quad-identity quad-gateway quad-jobs quad-matching quad-payments quad-load
fi
bin="$(swift build -c release --show-bin-path)"
out="results/load-knee-$(date -u +%Y%m%dT%H%M%SZ)$([[ $open == 1 ]] && echo -open || true)"
mkdir -p "$out"
work="$(mktemp -d)"
up_pid=""
stop_up() {
    if [[ -n "$up_pid" ]]; then kill "$up_pid" 2>/dev/null || true; wait "$up_pid" 2>/dev/null || true; up_pid=""; fi
}
trap 'stop_up; rm -rf "$work"' EXIT

# Seeding registers (or signs in) 300 people; a cheaper scrypt makes that seconds instead of minutes.
# No journey of the laundry mix hashes a password, so the figures do not depend on it.
export QUAD_LOG_LEVEL=warning QUAD_PASSWORD_COST=12
if [[ $open == 1 ]]; then export QUAD_ADMISSION=false QUAD_CONCURRENCY_INITIAL=128 QUAD_CONCURRENCY_MAX=512; fi
cores="quad up (5 services) and quad-load share the machine's $(nproc) cores, no pinning"
[[ $open == 1 ]] && cores="$cores; gateway admission off, per-upstream limits 128..512"

"$bin/quad" up --data "$work/up" >"$out/up.log" 2>&1 &
up_pid=$!
for _ in $(seq 1 120); do [[ -f "$work/up/endpoints.json" ]] && break; sleep 0.5; done
[[ -f "$work/up/endpoints.json" ]] || { echo "quad up did not start; see $out/up.log" >&2; exit 1; }

load() { "$bin/quad-load" --endpoints "$work/up/endpoints.json" --journey laundry --customers 100 --dashers 200 \
    --think-scale 0.5 --warmup 5s --cooldown 5s --duration "$duration" --cores "$cores" "$@"; }

if [[ -n "$profile_at" ]]; then
    knee="$profile_at"
else
    echo "== step mode" >&2
    load --step --start-rate "$start_rate" --step-factor "$step_factor" --max-rate 2000 --p99-bound 500ms --error-bound 0.01 \
        --report "$out/knee" | tee "$out/knee.txt" || true
    knee=$(python3 -c "import json,sys; k=json.load(open('$out/knee.json')).get('knee') or {}; print(k.get('knee_rate') or 0)")
    if [[ "$knee" == "0" || "$knee" == "None" ]]; then echo "no knee found (see $out/knee.json)" >&2; exit 1; fi
    echo "knee: $knee journeys/s ($out)" >&2
    if [[ $knee_only == 1 ]]; then exit 0; fi
    for share in 50 80; do
        rate=$(python3 -c "print(round($knee * $share / 100, 1))")
        echo "== $share% of the knee: $rate/s" >&2
        load --rate "$rate" --report "$out/at-$share" | tee "$out/at-$share.txt" || true
    done
fi

echo "== profile of the busiest service at the knee ($knee/s)" >&2
load --rate "$knee" --duration 20s --report "$out/at-knee" --calls-jsonl "$work/calls.jsonl" >"$out/at-knee.txt" 2>&1 &
load_pid=$!
# Sample once calls flow (seeding done) and the warm-up is over.
until [[ -s "$work/calls.jsonl" ]] || ! kill -0 "$load_pid" 2>/dev/null; do sleep 0.5; done
sleep 6
# Each service's CPU over 5 s of the run (utime + stime from /proc, in clock ticks), the busiest profiled.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
children=$(ps -o pid= --ppid "$up_pid")
declare -A before
for child in $children; do before[$child]=$(cpu_ticks "$child"); done
sleep 5
hz=$(getconf CLK_TCK)
: >"$out/cpu-by-service.txt"
for child in $children; do
    used=$(( $(cpu_ticks "$child") - ${before[$child]} ))
    echo "$child $(ps -o comm= -p "$child") $(python3 -c "print(round($used / $hz / 5, 2))")" >>"$out/cpu-by-service.txt"
done
sort -k3 -nr -o "$out/cpu-by-service.txt" "$out/cpu-by-service.txt"
echo "cores used by each service at $knee/s (pid, name, cores):" >&2
cat "$out/cpu-by-service.txt" >&2
pid=$(head -1 "$out/cpu-by-service.txt" | awk '{print $1}')
perf record -e cpu-clock -F 499 -g -p "$pid" -o "$work/perf.data" -- sleep 10 >/dev/null 2>&1 || true
# (head closes its pipe early: not a failure here.)
set +o pipefail
{
    echo "# $(head -1 "$out/cpu-by-service.txt"): by shared object, then by symbol (self time)"
    perf report -i "$work/perf.data" --no-children --sort dso -g none --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -15
    perf report -i "$work/perf.data" --no-children --sort symbol -g none --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -40
    echo "# inclusive (children), by symbol"
    perf report -i "$work/perf.data" --children --sort symbol -g none --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -80
} >"$out/perf-report.txt"
set -o pipefail
wait "$load_pid" || true
echo "results in $out" >&2
