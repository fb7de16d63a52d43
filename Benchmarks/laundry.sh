#!/usr/bin/env bash
# The laundry product through the gateway (issue 4's measurements), everything from a release
# `quad up` on this machine, seeded with `quad seed` (64 customers, 100 dashers):
#   1. SubmitLaundryJob at 64 in flight, synchronous=FULL, with group commit (QUAD_WRITE_BATCH=256,
#      the default) and with one transaction per request (QUAD_WRITE_BATCH=1), interleaved rounds
#      of fresh systems;
#   2. "assign me" with 100 concurrent dashers (AssignMe, each declined so the queue stays full).
#
#   Benchmarks/laundry.sh [--rounds 2] [--warmup 2] [--duration 6] [--no-build]
#
# The gateway's per-address and per-user limits are opened (one client address, few users), its
# admission limit is off (a closed loop measures the services, not refusals), and identity hashes
# passwords with a cheap cost so seeding 164 people is quick. Results: Benchmarks/results/laundry-*.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rounds=2 warmup=2 duration=6 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "laundry.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench quad quad-identity quad-gateway quad-jobs quad-matching quad-payments
fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/laundry-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
trap 'stop_up; rm -rf "$work"' EXIT

export QUAD_PASSWORD_COST=12 QUAD_ADMISSION=false QUAD_LOG_LEVEL=warning \
    QUAD_RATE_REGISTRATION=100000/s:100000 QUAD_RATE_LOGIN=100000/s:100000 \
    QUAD_RATE_PER_ADDRESS=1000000/s:1000000 QUAD_RATE_PER_USER=1000000/s:1000000 \
    QUAD_CONCURRENCY_INITIAL=128 QUAD_CONCURRENCY_MAX=512

# up BATCH: a fresh quad up with QUAD_WRITE_BATCH=BATCH, seeded.
up() {
    QUAD_WRITE_BATCH="$1" start_up
    "$bin/quad" seed --endpoints "$work/up/endpoints.json" --customers 64 --dashers 100 >/dev/null
}

record() {
    local line="$1" round="$2"
    echo "${line%\}},\"round\":$round}" >>"$out"
    printf 'round %s: %s\n' "$round" "$line" >&2
}

echo "# $(date -u +%FT%TZ) rounds=$rounds warmup=${warmup}s duration=${duration}s load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$rounds"); do
    for batch in 256 1; do
        up "$batch"
        label="submit-group-commit"; [[ $batch == 1 ]] && label="submit-transaction-per-request"
        record "$("$bin/quad-bench" laundry-submit --endpoints "$work/up/endpoints.json" --in-flight 64 \
            --warmup "$warmup" --duration "$duration" --label "$label")" "$round"
        if [[ $batch == 256 ]]; then
            record "$("$bin/quad-bench" laundry-assign --endpoints "$work/up/endpoints.json" --in-flight 100 --jobs 2000 \
                --warmup "$warmup" --duration "$duration" --label assign-me)" "$round"
        fi
    done
done
stop_up
echo "# results: $out" >&2
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
labels = ["submit-group-commit", "submit-transaction-per-request", "assign-me"]
print("| run | in flight | calls/s | p50 ms | p99 ms | errors | rounds |")
print("|---|---|---|---|---|---|---|")
med = {}
for label in labels:
    rs = [r for r in rows if r["impl"] == label]
    if not rs: continue
    med[label] = statistics.median(r["callsPerSecond"] for r in rs)
    print(f"| {label} | {rs[0]['inFlight']} | {med[label]:,.0f} | {statistics.median(r['p50Micros'] for r in rs)/1000:.1f} | "
          f"{statistics.median(r['p99Micros'] for r in rs)/1000:.1f} | {sum(r['errors'] for r in rs)} | {len(rs)} |")
if "submit-group-commit" in med and "submit-transaction-per-request" in med:
    print(f"\ngroup commit / transaction per request (submit, 64 in flight): {med['submit-group-commit']/med['submit-transaction-per-request']:.1f}x")
PY
