#!/usr/bin/env bash
# The document store with 25 MiB files (issue 13 item 8), release builds, servers pinned to core 1 and the client to
# core 0, fresh processes per run:
#   1. throughput: a raw TLS copy of the same bytes (quad-bench raw-copy-server: NIO + swift-nio-ssl, mutual TLS
#      1.3 with the same certificates, nothing but the bytes), the same with the received bytes written and fsync'd
#      (raw-disk: what a disk adds), straight to quad-fleet-documents (direct) and through the gateway, interleaved
#      raw, raw-disk, direct, gateway, raw, …; each run times `transfers` uploads and as many downloads of the file
#      (after one of each to warm up), SHA-256 checked;
#   2. memory: `uploads` 25 MiB uploads at once, each on its own connection, direct and through the gateway, with
#      quad-fleet-documents' (and the gateway's) VmRSS sampled every 2 ms and VmHWM reset just before.
#
#   Benchmarks/documents.sh [--rounds 5] [--transfers 5] [--size-mib 25] [--uploads 16] [--memory-rounds 2] [--no-build]
#
# The uploader is a fresh account with a profile picture (A8 keeps any PNG up to 25 MiB): PNG's signature, then
# bytes. identity runs beside fleet-documents in every quad run (fleet-documents asks it who may add to a profile).
# The gateway's rate and admission limits are opened as in gateway.sh. One JSON line per run goes to
# Benchmarks/results/documents-<UTC date>.jsonl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
rounds=5 transfers=5 size_mib=25 uploads=16 memory_rounds=2 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --transfers) transfers="$2"; shift 2 ;;
        --size-mib) size_mib="$2"; shift 2 ;;
        --uploads) uploads="$2"; shift 2 ;;
        --memory-rounds) memory_rounds="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "documents.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then build_release quad-bench quad-identity quad-gateway quad-fleet-documents; fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/documents-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
pin="taskset -c 1"
trap 'stop_services; rm -rf "$work"' EXIT

open_gateway=(--rate-per-user 1000000/s:1000000 --rate-per-address 1000000/s:1000000
    --rate-registration 1000/s:1000 --concurrency-initial 128 --concurrency-max 256 --admission false)

# start_documents [gateway]: identity and fleet-documents (and the gateway); sets target, server_name,
# documents_pid, gateway_pid, identity_rpc.
start_documents() {
    start_service identity
    identity_rpc="$(field "$work/identity.ready" rpc)"
    start_service fleet-documents --peers "identity=$identity_rpc"
    documents_pid="$(field "$work/fleet-documents.ready" pid)"
    target="$(field "$work/fleet-documents.ready" rpc)" server_name=fleet-documents gateway_pid=""
    if [[ ${1:-} == gateway ]]; then
        start_service gateway --upstreams "identity=$identity_rpc,fleet-documents=$target" "${open_gateway[@]}"
        target="$(field "$work/gateway.ready" rpc)" server_name=gateway gateway_pid="$(field "$work/gateway.ready" pid)"
    fi
}

# start_raw [fsync]: quad-bench's raw TLS copy server; sets target and raw_pid.
start_raw() {
    local extra=()
    if [[ ${1:-} == fsync ]]; then mkdir -p "$work/data/raw"; extra=(--fsync-dir "$work/data/raw"); fi
    rm -f "$work/raw.ready"
    $pin "$bin/quad-bench" raw-copy-server --certs-dir "$work/certs" --size-mib "$size_mib" \
        --ready-file "$work/raw.ready" "${extra[@]}" >"$work/raw.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 200); do [[ -s "$work/raw.ready" ]] && break; sleep 0.05; done
    [[ -s "$work/raw.ready" ]] || { echo "documents.sh: the raw copy server did not start:" >&2; cat "$work/raw.log" >&2; exit 1; }
    target="$(field "$work/raw.ready" rpc)" raw_pid="$(field "$work/raw.ready" pid)"
}

record() {
    local line="$1" round="$2" load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    echo "${line%\}},\"round\":$round,\"load1\":$load}" >>"$out"
    printf '%-8s round %s: %s\n' "$3" "$round" "$line" >&2
}

echo "# $(date -u +%FT%TZ) rounds=$rounds transfers=$transfers size=${size_mib}MiB uploads=$uploads load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$rounds"); do
    for mode in raw raw-disk direct gateway; do
        case $mode in
            raw | raw-disk)
                if [[ $mode == raw-disk ]]; then start_raw fsync; else start_raw; fi
                line="$(taskset -c 0 "$bin/quad-bench" raw-copy --impl "$mode" --rpc "$target" --certs-dir "$work/certs" \
                    --size-mib "$size_mib" --transfers "$transfers" --server-pid "$raw_pid")"
                ;;
            direct)
                start_documents
                line="$(taskset -c 0 "$bin/quad-bench" documents-copy --rpc "$target" --identity-rpc "$identity_rpc" \
                    --certs-dir "$work/certs" --server-name "$server_name" --size-mib "$size_mib" \
                    --transfers "$transfers" --server-pid "$documents_pid")"
                ;;
            gateway)
                start_documents gateway
                line="$(taskset -c 0 "$bin/quad-bench" documents-copy --rpc "$target" --certs-dir "$work/certs" \
                    --server-name "$server_name" --size-mib "$size_mib" --transfers "$transfers" \
                    --server-pid "$gateway_pid" --upstream-pid "$documents_pid")"
                ;;
        esac
        record "$line" "$round" "$mode"
        stop_services
        rm -rf "$work/data"
    done
done
for round in $(seq 1 "$memory_rounds"); do
    for mode in direct gateway; do
        start_documents "$mode"
        gateway_flag=()
        [[ -n $gateway_pid ]] && gateway_flag=(--gateway-pid "$gateway_pid")
        line="$(taskset -c 0 "$bin/quad-bench" documents-memory --rpc "$target" --identity-rpc "$identity_rpc" \
            --certs-dir "$work/certs" --server-name "$server_name" --size-mib "$size_mib" --uploads "$uploads" \
            --documents-pid "$documents_pid" "${gateway_flag[@]}")"
        record "$line" "$round" "memory-$mode"
        stop_services
        rm -rf "$work/data"
    done
done
echo "# $(date -u +%FT%TZ) done, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "# results: $out" >&2
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
copies = [r for r in rows if "upload" in r]
memory = [r for r in rows if "fleetDocuments" in r]
modes = ["raw", "raw-disk", "direct", "gateway"]
by = {m: sorted((r for r in copies if r["impl"] == m), key=lambda r: r["round"]) for m in modes}
def mibs(r, d): return r[d]["medianMiBPerSecond"]
def spread(values): return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"
def cpu(rs, d, k):
    values = [r[d].get(k) for r in rs if r[d].get(k) is not None]
    return f"{statistics.median(values)*1000:,.0f}" if values else "-"
if copies:
    size = copies[0]["sizeBytes"] / 1048576
    print(f"| path | upload MiB/s | download MiB/s | upload's tail ms | CPU ms per {size:g} MiB up: server / behind it / client | down: server / behind it / client | runs |")
    print("|---|---|---|---|---|---|---|")
    for m in modes:
        rs = by[m]
        if not rs: continue
        tails = [r["upload"]["medianTailSeconds"] * 1000 for r in rs if r["upload"].get("medianTailSeconds") is not None]
        print(f"| {m} | {spread([mibs(r,'upload') for r in rs])} | {spread([mibs(r,'download') for r in rs])} | {spread(tails) if tails else '-'} | "
              f"{cpu(rs,'upload','serverCPUSecondsPerTransfer')} / {cpu(rs,'upload','upstreamCPUSecondsPerTransfer')} / {cpu(rs,'upload','clientCPUSecondsPerTransfer')} | "
              f"{cpu(rs,'download','serverCPUSecondsPerTransfer')} / {cpu(rs,'download','upstreamCPUSecondsPerTransfer')} / {cpu(rs,'download','clientCPUSecondsPerTransfer')} | {len(rs)} |")
    print()
    for m in ("direct", "gateway"):
        for base in ("raw", "raw-disk"):
            pairs = [(q, r) for q in by[m] for r in by[base] if q["round"] == r["round"]]
            if not pairs: continue
            for d in ("upload", "download"):
                ratios = [mibs(q, d) / mibs(r, d) for q, r in pairs]
                print(f"{m}/{base} {d}: {statistics.median(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f})")
if memory:
    print()
    print("| path | uploads | MiB/s (all) | fleet-documents RSS before MiB | peak (VmHWM) MiB | sampled peak MiB | after MiB | gateway peak MiB | errors |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in memory:
        f, g = r["fleetDocuments"], r.get("gateway")
        print(f"| {r['impl']} (round {r['round']}) | {r['uploads']} x {r['sizeBytes']/1048576:g} MiB | {r['aggregateMiBPerSecond']:,.0f} | "
              f"{f['before']['rssKiB']/1024:.0f} | {f['after']['hwmKiB']/1024:.0f} | {f['sampledPeakRSSKiB']/1024:.0f} | {f['after']['rssKiB']/1024:.0f} | "
              f"{(g['after']['hwmKiB']/1024) if g else 0:.0f} | {r['errors']} |")
PY
