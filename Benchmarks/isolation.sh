#!/usr/bin/env bash
# What one app sees when something else goes wrong at the gateway (issue 11, item 6). Two runs,
# each with a probe app calling at a fixed rate, open loop, reported per phase:
#
# 1. pause: identity, jobs and the gateway; a load app calls jobs' ListMyLaundryJobs and the
#    probe calls identity's GetMyProfile, each at --rate. For the middle --pause seconds jobs is
#    stopped (SIGSTOP), then continued. Target: the probe's calls during the pause >= 99% OK
#    with p99 <= 2x the probe's p99 before it.
# 2. flood: identity and the gateway; a flooding app (127.0.0.2) sends GetMyProfile open loop at
#    --flood-rate (far beyond what identity can serve), while the probe (127.0.0.3) calls at
#    --rate. Target: the probe's calls during the flood >= 99% OK.
#
# Release builds; the gateway's defaults except rate limits (all calls of a run come from one
# user each; the per-address rate limit would otherwise shed the flood before admission does).
#
#   Benchmarks/isolation.sh [--rate 100] [--pause 5] [--flood-rate 20000] [--no-build]
#
# Lines go to results/isolation-<date>.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rate=100 pause=5 flood_rate=20000 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rate) rate="$2"; shift 2 ;;
        --pause) pause="$2"; shift 2 ;;
        --flood-rate) flood_rate="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "isolation.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-jobs quad-gateway; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/isolation-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
trap 'kill -CONT "${jobs_pid:-0}" 2>/dev/null || true; stop_services; rm -rf "$work"' EXIT
limits=(--rate-per-user 1000000/s:1000000 --rate-per-address 1000000/s:1000000 --rate-registration 1000/s:1000)
echo "# $(date -u +%FT%TZ) rate=$rate/s pause=${pause}s flood=$flood_rate/s load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# 1. One upstream paused.
start_service identity
start_service jobs
jobs_pid="$(field "$work/jobs.ready" pid)"
start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc),jobs=$(field "$work/jobs.ready" rpc)" "${limits[@]}"
gateway=(--rpc "$(field "$work/gateway.ready" rpc)" --certs-dir "$work/certs" --server-name gateway)
phases="$pause,$pause,$pause" labels="before,paused,after"
# Both probes register a user first, then warm up for 1 s from start_at; the pause is their second phase.
start_at="$(($(date +%s) + 3))"
"$bin/quad-bench" probe "${gateway[@]}" --name load-on-paused --method jobs --rate "$rate" --phases "$phases" \
    --labels "$labels" --local-address 127.0.0.2 --start-at "$start_at" >>"$out" &
load=$!
"$bin/quad-bench" probe "${gateway[@]}" --name probe-during-pause --method profile --rate "$rate" --phases "$phases" \
    --labels "$labels" --local-address 127.0.0.3 --start-at "$start_at" >>"$out" &
probe=$!
sleep "$(python3 -c "import time; print(max(0, $start_at + 1 + $pause - time.time()))")"
kill -STOP "$jobs_pid"
sleep "$pause"
kill -CONT "$jobs_pid"
wait "$load" "$probe"
stop_services

# 2. One client flooding.
start_service identity
start_service gateway --upstreams "identity=$(field "$work/identity.ready" rpc)" "${limits[@]}"
gateway=(--rpc "$(field "$work/gateway.ready" rpc)" --certs-dir "$work/certs" --server-name gateway)
"$bin/quad-bench" probe "${gateway[@]}" --name probe-alone --method profile --rate "$rate" --phases "$pause" \
    --labels alone --local-address 127.0.0.3 >>"$out"
"$bin/quad-bench" probe "${gateway[@]}" --name flooder --method profile --rate "$flood_rate" --phases "$pause" \
    --labels flood --local-address 127.0.0.2 --deadline-ms 2000 >>"$out" &
flood=$!
sleep 1
"$bin/quad-bench" probe "${gateway[@]}" --name probe-during-flood --method profile --rate "$rate" --phases "$((pause - 2))" \
    --labels flood --local-address 127.0.0.3 >>"$out"
wait "$flood"
echo "# results: $out" >&2
python3 - "$out" <<'PY'
import json, sys
print("| run | phase | address | offered/s | calls | OK % | shed | other | p50 | p99 |")
print("|---|---|---|---|---|---|---|---|---|---|")
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(f"| {r['probe']} | {r['phase']} | {r['localAddress']} | {r['offeredPerSecond']:,.0f} | {r['calls']} | {r['okPercent']:.2f} | {r['shed']} | {r['otherErrors']} | {r['p50Micros']/1000:.1f} ms | {r['p99Micros']/1000:.1f} ms |")
PY
