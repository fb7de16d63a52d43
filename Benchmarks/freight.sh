#!/usr/bin/env bash
# Freight's location pings (issue 13 item 8): 2,000 drivers, each reporting its position every
# 2 s (1,000 reports a second, open loop) through the gateway of a fresh `quad up`, with
# fleet-documents writing through group commit (QUAD_WRITE_BATCH=256, the default) and with one
# transaction per report (QUAD_WRITE_BATCH=1), interleaved; every service `synchronous=FULL`.
# Then the same at 2x and 4x the rate (drivers reporting every 1 s and 0.5 s) to find where each
# mode stops keeping up.
#
#   Benchmarks/freight.sh [--rounds 2] [--warmup 4] [--duration 20] [--drivers 2000]
#                         [--intervals "2 1 0.5"] [--no-build]
#
# Results (one JSON line per run) go to Benchmarks/results/freight-<UTC>.jsonl; a table is printed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rounds=2 warmup=4 duration=20 drivers=2000 build=1 intervals="2 1 0.5"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --drivers) drivers="$2"; shift 2 ;;
        --intervals) intervals="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "freight.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench quad quad-identity quad-gateway quad-jobs quad-matching quad-payments quad-fleet-documents
fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/freight-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
trap 'stop_up; rm -rf "$work"' EXIT

export QUAD_PASSWORD_COST=12 QUAD_ADMISSION=false QUAD_LOG_LEVEL=warning \
    QUAD_RATE_REGISTRATION=100000/s:100000 QUAD_RATE_LOGIN=100000/s:100000 \
    QUAD_RATE_PER_ADDRESS=1000000/s:1000000 QUAD_RATE_PER_USER=1000000/s:1000000 \
    QUAD_CONCURRENCY_INITIAL=256 QUAD_CONCURRENCY_MAX=1024

up() {
    QUAD_WRITE_BATCH="$1" start_up
    "$bin/quad" seed --endpoints "$work/up/endpoints.json" --customers 0 --dashers 0 \
        --carriers 1 --dispatchers 1 --drivers "$drivers" --loads 0 >/dev/null
}

# The pid of quad-fleet-documents under quad up, for its CPU per report.
fleet_pid() { pgrep -f "quad-fleet-documents .*--data-dir $work/up" | head -1; }

record() {
    local line="$1" round="$2"
    echo "${line%\}},\"round\":$round}" >>"$out"
    printf 'round %s: %s\n' "$round" "$line" >&2
}

echo "# $(date -u +%FT%TZ) rounds=$rounds warmup=${warmup}s duration=${duration}s drivers=$drivers load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$rounds"); do
    for batch in 256 1; do
        up "$batch"
        mode="group-commit"; [[ $batch == 1 ]] && mode="transaction-per-report"
        for interval in $intervals; do
            record "$("$bin/quad-bench" freight-pings --endpoints "$work/up/endpoints.json" --drivers "$drivers" \
                --interval "$interval" --warmup "$warmup" --duration "$duration" --server-pid "$(fleet_pid)" \
                --label "$mode-every-${interval}s")" "$round"
        done
    done
done
stop_up
echo "# results: $out" >&2
python3 - "$out" "$drivers" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
drivers = int(sys.argv[2])
print("| run | offered/s | kept/s | p50 ms | p99 ms | errors | fleet-documents CPU µs/report | rounds |")
print("|---|---|---|---|---|---|---|---|")
for label in dict.fromkeys(r["impl"] for r in rows):
    rs = [r for r in rows if r["impl"] == label]
    offered = drivers / float(label.rsplit("every-", 1)[1].rstrip("s"))
    cpu = [r["serverCPUMicrosPerCall"] for r in rs if r.get("serverCPUMicrosPerCall") is not None]
    cpu_text = f"{statistics.median(cpu):.0f}" if cpu else "-"
    print(f"| {label} | {offered:,.0f} | {statistics.median(r['callsPerSecond'] for r in rs):,.0f} | "
          f"{statistics.median(r['p50Micros'] for r in rs)/1000:.1f} | "
          f"{statistics.median(r['p99Micros'] for r in rs)/1000:.1f} | {sum(r['errors'] for r in rs)} | "
          f"{cpu_text} | {len(rs)} |")
PY
