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
if [[ $build == 1 ]]; then
    rm -f .build/release.yaml .build/*/release/description.json
    for product in quad-bench quad-identity quad-gateway; do swift build -c release --product "$product" >&2; done
fi
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
start() {
    local name="$1"; shift
    "$bin/quad-$name" --rpc-port 0 --admin-port 0 --data-dir "$work/data" --certs-dir "$work/certs" \
        --ready-file "$work/$name.ready" --log-level warning "$@" >"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 200); do [[ -s "$work/$name.ready" ]] && return; sleep 0.05; done
    echo "idle.sh: quad-$name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
start identity
start gateway --upstreams "identity=$(field "$work/identity.ready" rpc)"
mkdir -p results
"$bin/quad-bench" idle-connections --rpc "$(field "$work/gateway.ready" rpc)" --certs-dir "$work/certs" \
    --server-name gateway --server-pid "$(field "$work/gateway.ready" pid)" --count "$count" \
    | tee -a "results/idle-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
