#!/usr/bin/env bash
# Rides' search (issue 16 item 8, R2), from a fresh release `quad up` on this machine:
#   1. `quad seed --customers 20` (the riders), then --offers open ride offers in one city (around the campus at
#      40.4443, -79.9436: half within 3 km, the rest within 15 km) delivered to quad-matching through Deliver with
#      jobs' certificate, as jobs' relay delivers `ride.offer_changed` (RidesBench.swift, rides-offers);
#   2. SearchRides through the gateway at --rate a second, open loop, for --warmup then --duration seconds, the
#      riders in turn with their tokens (rides-search): latency from each call's intended instant, errors, the CPU of
#      quad-matching and the gateway per call, candidates and matches per search; --rounds times;
#   3. the same (a second fresh `quad up`, the same offers, the same searches) with quad-matching on
#      `--ride-search-plan full-scan` (QUAD_RIDE_SEARCH_PLAN: every offer read, no index) at --scan-rate a second
#      (it cannot keep up with --rate; 0: not run). The summary gives the ratio of the two.
#
#   Benchmarks/rides.sh [--offers 50000] [--rate 500] [--scan-rate 20] [--warmup 3] [--duration 30] [--rounds 2]
#                       [--walk 800] [--window-hours 12] [--no-build]
#
# Results (one JSON line per run) go to Benchmarks/results/rides-<UTC>.jsonl; a summary is printed
# (Benchmarks/rides-summary.py). Nothing is pinned: quad up's services and quad-bench share the machine's cores.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
offers=50000 rate=500 scan_rate=20 warmup=3 duration=30 rounds=2 walk=800 window_hours=12 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --offers) offers="$2"; shift 2 ;;
        --rate) rate="$2"; shift 2 ;;
        --scan-rate) scan_rate="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --walk) walk="$2"; shift 2 ;;
        --window-hours) window_hours="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "rides.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench quad quad-identity quad-gateway quad-jobs quad-matching quad-payments \
        quad-fleet-documents quad-households
fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/rides-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
trap 'stop_up; rm -rf "$work"' EXIT

export QUAD_PASSWORD_COST=12 QUAD_ADMISSION=false QUAD_LOG_LEVEL=warning \
    QUAD_RATE_REGISTRATION=100000/s:100000 QUAD_RATE_LOGIN=100000/s:100000 \
    QUAD_RATE_PER_ADDRESS=1000000/s:1000000 QUAD_RATE_PER_USER=1000000/s:1000000 \
    QUAD_CONCURRENCY_INITIAL=256 QUAD_CONCURRENCY_MAX=1024

endpoints="$work/up/endpoints.json"
record() {
    local line
    while IFS= read -r line; do
        [[ -n "$line" ]] || continue
        echo "$line" >>"$out"
        printf '%s\n' "$line" | cut -c1-300 >&2
    done
}

# run PLAN RATE: a fresh quad up with matching on PLAN, the riders, the offers, then the searches.
run() {
    local plan="$1" search_rate="$2"
    QUAD_RIDE_SEARCH_PLAN="$plan" start_up
    "$bin/quad" seed --endpoints "$endpoints" --customers 20 --dashers 0 --requesters 0 --buyers 0 --errands 0 \
        --carriers 0 --households 0 >/dev/null
    "$bin/quad-bench" rides-offers --endpoints "$endpoints" --offers "$offers" | record
    for round in $(seq 1 "$rounds"); do
        "$bin/quad-bench" rides-search --endpoints "$endpoints" --rate "$search_rate" --warmup "$warmup" \
            --duration "$duration" --walk "$walk" --window-hours "$window_hours" \
            --label "rides-search-$plan-r$round" | record
    done
    stop_up
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
run index "$rate"
if [[ $scan_rate != 0 ]]; then run full-scan "$scan_rate"; fi
echo "# results: $out" >&2
python3 "$here/rides-summary.py" "$out"
