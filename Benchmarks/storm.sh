#!/usr/bin/env bash
# A storm of silent connections against the gateway (issue 11, item 7): 20,000 TCP connections
# that never send a byte, from 200 loopback addresses (127.10.x.y), held until the gateway's
# handshake timeout closes them. Meanwhile an app calls Health/Check at 50/s on its own
# connection and a fresh app connects and calls once a second; the gateway's RSS is read
# before, at the peak, and 60 s after the storm (glibc keeps freed memory unless the gateway
# trims it). Raises the descriptor limit for both processes (needs root, or a hard limit above
# 65536). Release builds; gateway on core 1, the storm client on core 0.
#
#   Benchmarks/storm.sh [--count 20000] [--addresses 200] [--hold 15] [--settle 60] [--no-build]
#                       [-- extra gateway flags, e.g. --max-connections-per-address 64]
#
# Lines go to results/storm-<date>.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
count=20000 addresses=200 hold=15 settle=60 build=1 gateway_flags=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --addresses) addresses="$2"; shift 2 ;;
        --hold) hold="$2"; shift 2 ;;
        --settle) settle="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --) shift; gateway_flags=("$@"); break ;;
        *) echo "storm.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
ulimit -n 65536
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/storm-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
pin="taskset -c 1"
trap 'stop_services; rm -rf "$work"' EXIT
start_service identity
start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc)" ${gateway_flags[@]+"${gateway_flags[@]}"}
echo "# $(date -u +%FT%TZ) count=$count addresses=$addresses hold=${hold}s settle=${settle}s flags: ${gateway_flags[*]-} load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
taskset -c 0 "$bin/quad-bench" connection-storm --rpc "$(field "$work/gateway.ready" rpc)" --certs-dir "$work/certs" \
    --server-name gateway --server-pid "$(field "$work/gateway.ready" pid)" --count "$count" --addresses "$addresses" \
    --hold "$hold" --settle "$settle" | tee -a "$out"
echo "# results: $out" >&2
