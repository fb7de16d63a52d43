#!/usr/bin/env bash
# Profile reads (GetMyProfile, 64 in flight, one connection) straight to identity and through
# the gateway, interleaved: direct, gateway, direct, gateway, … with identity and the gateway
# pinned to core 1 and the client to core 0, fresh processes per round. Release builds.
#
#   Benchmarks/gateway.sh [--rounds 3] [--warmup 2] [--duration 6] [--in-flight 64] [--no-build]
#
# The gateway runs with rate limits and an initial concurrency limit sized for a benchmark
# (one client address and one user would otherwise be limited to 20 calls/s, by design), and
# without its gateway-wide admission limit (`--admission false`): this measures what the extra
# hop costs at 64 in flight; with the admission limit a closed loop of 64 mostly measures refused
# calls retried at once (overload.sh measures the limit). `ADMISSION=true` keeps it on.
# One JSON line per run goes to Benchmarks/results/gateway-<UTC date>.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rounds=3 warmup=2 duration=6 in_flight=64 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --in-flight) in_flight="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "gateway.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/gateway-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
pin="taskset -c 1"
trap 'stop_services; rm -rf "$work"' EXIT

echo "# $(date -u +%FT%TZ) rounds=$rounds warmup=${warmup}s duration=${duration}s in-flight=$in_flight load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$rounds"); do
    for mode in direct gateway; do
        start_service identity
        identity_rpc="$(field "$work/identity.ready" rpc)"
        target="$identity_rpc" server_name=identity server_pid="$(field "$work/identity.ready" pid)" upstream=()
        if [[ $mode == gateway ]]; then
            start_service gateway --upstreams "identity=$identity_rpc" --rate-per-user 1000000/s:1000000 \
                --rate-per-address 1000000/s:1000000 --rate-registration 1000/s:1000 --concurrency-initial 128 --concurrency-max 256 \
                --admission "${ADMISSION:-false}"
            upstream=(--upstream-pid "$server_pid")
            target="$(field "$work/gateway.ready" rpc)" server_name=gateway server_pid="$(field "$work/gateway.ready" pid)"
        fi
        line="$(taskset -c 0 "$bin/quad-bench" profile-reads --rpc "$target" --certs-dir "$work/certs" --server-name "$server_name" \
            --in-flight "$in_flight" --warmup "$warmup" --duration "$duration" --server-pid "$server_pid" "${upstream[@]}")"
        echo "${line%\}},\"round\":$round}" >>"$out"
        printf '%-8s round %s: %s\n' "$mode" "$round" "$line" >&2
        stop_services
        rm -rf "$work/data"
    done
done
echo "# results: $out" >&2
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
by = {m: [r for r in rows if r["impl"] == m] for m in ("direct", "gateway")}
def med(m, k): return statistics.median(r[k] for r in by[m])
print("| path | calls/s | p50 µs | p99 µs | CPU µs/call: gateway | identity | errors | runs |")
print("|---|---|---|---|---|---|---|---|")
for m in ("direct", "gateway"):
    gateway_cpu = f"{med(m,'serverCPUMicrosPerCall'):.0f}" if m == "gateway" else "-"
    identity_cpu = med(m, 'upstreamCPUMicrosPerCall' if m == "gateway" else 'serverCPUMicrosPerCall')
    print(f"| {m} | {med(m,'callsPerSecond'):,.0f} | {med(m,'p50Micros'):,.0f} | {med(m,'p99Micros'):,.0f} | {gateway_cpu} | {identity_cpu:.0f} | {sum(r['errors'] for r in by[m])} | {len(by[m])} |")
ratios = [g["callsPerSecond"] / d["callsPerSecond"] for d, g in zip(by["direct"], by["gateway"])]
print(f"\ngateway/direct throughput: {med('gateway','callsPerSecond')/med('direct','callsPerSecond'):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f}); "
      f"p99 gateway/direct: {med('gateway','p99Micros')/med('direct','p99Micros'):.2f}x")
PY
