#!/usr/bin/env bash
# A storm of silent connections against the gateway (issue 11, item 7): 20,000 TCP connections
# that never send a byte, from 200 loopback addresses (127.10.x.y), held until the gateway's
# handshake timeout closes them. Meanwhile an app calls Health/Check at 50/s on its own
# connection and a fresh app connects and calls once a second; the gateway's RSS is read
# before, at the peak, and 60 s after the storm (glibc keeps freed memory unless the gateway
# trims it). The descriptor limit is raised to 65536 where allowed; where the hard limit is lower
# (20,000 on the machine of 2026-11-25), the storm is split between quad-bench (which also runs
# the app and reads the RSS) and a Python helper holding the other half from 127.11.x.y, and
# the gateway's own cap (the limit less a tenth) is below the storm: it evicts the oldest silent
# connections to take new ones. Release builds; gateway on core 1, the storm clients on core 0.
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
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
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
rpc="$(field "$work/gateway.ready" rpc)"
own=$count helper=0
if (( count + 1000 > $(ulimit -n) )); then own=$((count / 2)) helper=$((count - count / 2)); fi
if (( helper > 0 )); then
    # The other half: silent connections from 127.11.x.y, opened with the storm and held as long.
    taskset -c 0 python3 - "$rpc" "$helper" "$addresses" "$hold" >>"$out" <<'PY' &
import json, selectors, socket, sys, time
host, port = sys.argv[1].rsplit(":", 1)
count, addresses, hold = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
time.sleep(2)  # quad-bench warms its app first
start, sockets, failed = time.time(), [], 0
for index in range(count):
    address = 11 * 65536 + index % addresses
    s = socket.socket()
    s.setblocking(False)
    try:
        s.bind((f"127.{address >> 16}.{(address >> 8) & 255}.{address & 255}", 0))
        s.connect_ex((host, int(port)))
        sockets.append(s)
    except OSError:
        failed += 1
        s.close()
opened = time.time() - start
selector = selectors.DefaultSelector()
for s in sockets: selector.register(s, selectors.EVENT_READ)
closed = 0
while time.time() < start + hold and closed < len(sockets):
    for key, _ in selector.select(timeout=0.5):
        try:
            data = key.fileobj.recv(1)
        except OSError:
            data = b""
        if not data:
            selector.unregister(key.fileobj)
            closed += 1
for s in sockets: s.close()
print(json.dumps({"helperConnections": count, "helperOpened": len(sockets), "helperFailedToOpen": failed,
                  "helperClosedByServer": closed, "helperSecondsToOpen": round(opened, 2)}))
PY
fi
taskset -c 0 "$bin/quad-bench" connection-storm --rpc "$rpc" --certs-dir "$work/certs" \
    --server-name gateway --server-pid "$(field "$work/gateway.ready" pid)" --count "$own" --addresses "$addresses" \
    --hold "$hold" --settle "$settle" | tee -a "$out"
wait
cat "$out"
echo "# results: $out" >&2
