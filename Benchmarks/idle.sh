#!/usr/bin/env bash
# 10,000 idle client connections to the gateway (TLS, ALPN quad/1, one Health/Check each, then
# idle) and the gateway's resident memory before and after. Release builds; needs a file
# descriptor limit above the count (ulimit -n) in both processes.
#
#   Benchmarks/idle.sh [--count 10000] [--no-build]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
count=10000 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "idle.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'stop_services; rm -rf "$work"' EXIT
start_service identity
# All connections come from one address: the per-address cap (256 by default) is raised.
start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc)" --max-connections-per-address "$((count + 1))"
mkdir -p results
"$bin/quad-bench" idle-connections --rpc "$(field "$work/gateway.ready" rpc)" --certs-dir "$work/certs" \
    --server-name gateway --server-pid "$(field "$work/gateway.ready" pid)" --count "$count" \
    | tee -a "results/idle-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
