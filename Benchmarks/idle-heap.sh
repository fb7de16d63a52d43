#!/usr/bin/env bash
# Where an idle connection's memory goes: idle.sh's scenario (COUNT TLS connections to the
# gateway, one Health/Check each, then held) with idle-heap.c preloaded into the gateway, which
# records its live heap by allocation size before and when all COUNT connections are open.
# Prints per connection: live bytes by size and, for allocations of 4,000 bytes or more, the
# resident part. Release builds (run idle.sh first, or without --no-build here); needs cc.
#
#   Benchmarks/idle-heap.sh [--count 10000] [--no-build]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
count=10000 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "idle-heap.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'stop_services; rm -rf "$work"' EXIT
cc -O2 -shared -fPIC -o "$work/idle-heap.so" "$here/idle-heap.c" -lpthread
start_service identity
# The gateway starts with about 20 descriptors; the dump fires with all COUNT connections open.
pin="env LD_PRELOAD=$work/idle-heap.so LIVE_HEAP_DIR=$work DUMP_AT_FDS=$((count + 20))" \
    start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc)" \
    --max-connections-per-address "$((count + 1))"
touch "$work/dump"
for _ in $(seq 1 100); do [[ -s "$work/live-0.txt" ]] && break; sleep 0.1; done
"$here/.build/release/quad-bench" idle-connections --rpc "$(field "$work/gateway.ready" rpc)" \
    --certs-dir "$work/certs" --server-name gateway --server-pid "$(field "$work/gateway.ready" pid)" \
    --count "$count"
for _ in $(seq 1 100); do [[ -s "$work/live-1.txt" ]] && break; sleep 0.1; done
python3 - "$work/live-0.txt" "$work/live-1.txt" "$count" <<'PY'
import sys
def load(path):
    sizes, pages = {}, {}
    for line in open(path):
        f = line.split()
        if f[0] == "P": pages[int(f[1])] = (int(f[2]), int(f[3]), int(f[4]))
        else: sizes[int(f[0])] = int(f[1])
    return sizes, pages
(a, pa), (b, pb), n = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3])
delta = {s: b.get(s, 0) - a.get(s, 0) for s in set(a) | set(b)}
print(f"live heap per connection: {sum(s * c for s, c in delta.items()) / n / 1024:.1f} KiB, "
      f"{sum(delta.values()) / n:.1f} allocations; under 4,000 bytes: "
      f"{sum(s * c for s, c in delta.items() if s < 4000) / n / 1024:.1f} KiB")
print("usable size | allocations per connection | KiB per connection")
for s, c in sorted(delta.items(), key=lambda kv: -kv[0] * kv[1])[:20]:
    print(f"{s:>11} | {c / n:>6.2f} | {s * c / n / 1024:.2f}")
print("allocations of 4,000 bytes or more: usable size | per connection | resident KiB per connection")
for s in sorted(set(pa) | set(pb)):
    (na, _, ra), (nb, _, rb) = pa.get(s, (0, 0, 0)), pb.get(s, (0, 0, 0))
    if abs(nb - na) >= n // 10:
        print(f"{s:>11} | {(nb - na) / n:>6.2f} | {(rb - ra) * 4 / n:.2f}")
PY
