#!/usr/bin/env bash
# The gateway under overload: profile reads through it at fixed offered rates, open loop.
# First measures the peak: closed loop, 64 in flight, through a second gateway started with
# `--admission false` (no gateway-wide limit: calls queue, so the closed loop finds what
# identity behind a gateway can do at all, instead of refused calls being retried at once).
# Then offers 1/4, 1 and 3 times that to the gateway with its defaults, over --connections
# connections (16 by default, each from its own loopback address, as many apps' calls arrive;
# 1 is the flooding-client case, held back by a connection's cap on open calls), and prints
# goodput, calls shed with RESOURCE_EXHAUSTED and the accepted calls' latency.
# identity and the gateway share core 1, the client is on core 0. Release builds.
#
#   Benchmarks/overload.sh [--duration 6] [--connections 16] [--fractions 0.25,1,3] [--without-admission] [--no-build]
#
# --fractions: the offered rates as fractions of the peak (the first is the "unloaded" row the
# p99 ratio is taken against, the last the overload row). --without-admission offers them to the
# gateway without its admission limit instead: what the server does at those rates with nothing
# shed (e.g. --fractions 0.25,0.8 shows the p99 any admission would have to keep at 0.8x the peak).
#
# The gateway keeps its default concurrency limits (what sheds); its rate limits are raised,
# since all load comes from one address and one user. Lines go to results/overload-<date>.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
duration=6 build=1 connections=16 fractions=0.25,1,3 target=admission
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) duration="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --fractions) fractions="$2"; shift 2 ;;
        --without-admission) target=queueing; shift ;;
        --no-build) build=0; shift ;;
        *) echo "overload.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/overload-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
pin="taskset -c 1"
trap 'stop_services; rm -rf "$work"' EXIT

start_service identity
limits=(--rate-per-user 1000000/s:1000000 --rate-per-address 1000000/s:1000000 --rate-registration 1000/s:1000)
start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc)" "${limits[@]}"
start_service gateway:queueing --upstreams "identity=$(field "$work/identity.ready" rpc)" "${limits[@]}" --admission false
gateway_rpc="$(field "$work/gateway.ready" rpc)"
queueing_rpc="$(field "$work/gateway-queueing.ready" rpc)"
echo "# $(date -u +%FT%TZ) duration=${duration}s connections=$connections load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

peak_line="$(taskset -c 0 "$bin/quad-bench" profile-reads --rpc "$queueing_rpc" --certs-dir "$work/certs" \
    --server-name gateway --in-flight 64 --warmup 2 --duration "$duration")"
echo "$peak_line" >>"$out"
peak="$(sed -E 's/.*"callsPerSecond":([0-9.]+).*/\1/' <<<"$peak_line" | cut -d. -f1)"
echo "peak (closed loop, 64 in flight, through a gateway without admission limit): $peak calls/s" >&2
rates="$(python3 -c 'import sys; print(",".join(str(int(float(f) * int(sys.argv[1]))) for f in sys.argv[2].split(",")))' "$peak" "$fractions")"
target_rpc="$gateway_rpc"
if [[ $target == queueing ]]; then target_rpc="$queueing_rpc"; fi
echo "offering $rates calls/s (fractions $fractions of the peak) to the gateway $([[ $target == queueing ]] && echo without || echo with) admission" >&2
taskset -c 0 "$bin/quad-bench" overload --rpc "$target_rpc" --certs-dir "$work/certs" --server-name gateway \
    --rates "$rates" --duration "$duration" --warmup 2 --connections "$connections" | tee -a "$out" >&2
echo "# results: $out" >&2
python3 - "$out" "$peak" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if '"offeredPerSecond"' in l]
peak = float(sys.argv[2])
print("| offered/s | goodput/s | shed | other errors | accepted p50 | accepted p99 |")
print("|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['offeredPerSecond']:,.0f} | {r['goodputPerSecond']:,.0f} | {r['shed']} | {r['otherErrors']} | {r['acceptedP50Micros']/1000:.1f} ms | {r['acceptedP99Micros']/1000:.1f} ms |")
low, over = rows[0], rows[-1]
print(f"\nat {over['offeredPerSecond']/peak:.2f}x peak: goodput {over['goodputPerSecond']/peak:.2f}x of peak; accepted p99 {over['acceptedP99Micros']/low['acceptedP99Micros']:.2f}x of the p99 at {low['offeredPerSecond']/peak:.2f}x of peak")
PY
