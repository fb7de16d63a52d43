#!/usr/bin/env bash
# Keys and certificates rotated under load (issue 17 item 4): `quad up` on a fresh data directory, quad-load's
# campus mix plus sign-ins (`login-storm`, which get tokens from identity's current key) at --rate journeys/s, and,
# while it runs, identity's signing key rotated (`quad rotate-key`) and every process's certificate re-issued and
# reloaded (`quad certs --rotate`), alternately, every --every seconds. Prints each rotation (when, how long it
# took) and every call of the run by status, and the calls sent within 5 s after each rotation began; appends a
# line to results/rotation-<date>.jsonl. Exit 1 when a call failed.
#
#   Benchmarks/rotation.sh [--rate 5] [--duration 60] [--every 10] [--bin DIR] [--no-build]
#
# --bin: where quad, quad-load and the services are (default: the release build, built first unless --no-build;
# `--bin "$(swift build --show-bin-path)"` uses the debug build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
rate=5 duration=60 every=10 bin="" build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rate) rate="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --every) every="$2"; shift 2 ;;
        --bin) bin="$2"; build=0; shift 2 ;;
        --no-build) build=0; shift ;;
        *) echo "rotation.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
cd "$root"
if [[ -z "$bin" ]]; then
    if [[ $build == 1 ]]; then swift build -c release >&2; fi
    bin="$(swift build -c release --show-bin-path)"
fi
mkdir -p "$here/results"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$here/results/rotation-$stamp.jsonl"
work="$(mktemp -d)"
source "$here/services.sh"
trap 'stop_up; rm -rf "$work"' EXIT

# Sign-ins hash a password; a cheaper scrypt keeps them from dominating 2 cores (the figures are about failures).
export QUAD_LOG_LEVEL=warning QUAD_PASSWORD_COST=12
start_up
echo "# $(date -u +%FT%TZ) rate=$rate/s duration=${duration}s rotations every ${every}s; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

mix="laundry-customer=1,laundry-dasher=1.25,browsing=4,errand=1,ride=1,login-storm=1"
"$bin/quad-load" --endpoints "$work/up/endpoints.json" --mix "$mix" --rate "$rate" --warmup 5s --cooldown 10s \
    --duration "${duration}s" --calls-jsonl "$work/calls.jsonl" --report "$work/report" >"$work/load.txt" 2>&1 &
load_pid=$!
until [[ -s "$work/calls.jsonl" ]] || ! kill -0 "$load_pid" 2>/dev/null; do sleep 0.1; done
# The call log's times are from the run's start; the first call is sent about when the file first has a line.
run_start=$(python3 -c "
import json, time
first = next(c for c in map(json.loads, open('$work/calls.jsonl')) if 'record' not in c)
print(time.time() - first['sent_ms'] / 1000)")

rotations="$work/rotations.txt"
: >"$rotations"
kind=key
next=$(( $(date +%s) + every ))
while kill -0 "$load_pid" 2>/dev/null && (( $(date +%s) < ${run_start%.*} + 5 + duration )); do
    if (( $(date +%s) >= next )); then
        began=$(date +%s.%N)
        if [[ $kind == key ]]; then
            "$bin/quad" rotate-key --endpoints "$work/up/endpoints.json" >"$work/rotate.out" 2>&1 && ok=true || ok=false
        else
            "$bin/quad" certs --rotate --out "$work/up/certs" --endpoints "$work/up/endpoints.json" \
                >"$work/rotate.out" 2>&1 && ok=true || ok=false
        fi
        ended=$(date +%s.%N)
        echo "$kind $began $ended $ok" >>"$rotations"
        if [[ $ok != true ]]; then echo "rotation of $kind failed:" >&2; cat "$work/rotate.out" >&2; fi
        [[ $kind == key ]] && kind=certs || kind=key
        next=$(( $(date +%s) + every ))
    fi
    sleep 0.2
done
wait "$load_pid" && load_status=0 || load_status=$?
tail -4 "$work/load.txt" >&2

python3 - "$work/calls.jsonl" "$rotations" "$run_start" "$out" "$rate" "$duration" "$load_status" "$work/report.json" <<'PY'
import collections, json, sys
calls_path, rotations_path, run_start, out, rate, duration, load_status, report_path = sys.argv[1:]
run_start = float(run_start)
# The log's "record" lines (writes, feeds) are for quad-load check, not calls.
everything = [c for c in map(json.loads, open(calls_path)) if "record" not in c]
# The warm-up and the measured part, when the rotations happen; calls of the cool-down's journeys still running when
# the run ends are cancelled by quad-load itself, and are counted apart.
end_ms = (5 + int(duration)) * 1000
calls = [c for c in everything if c["sent_ms"] < end_ms]
cooldown = collections.Counter(c["status"] for c in everything if c["sent_ms"] >= end_ms)
statuses = collections.Counter(call["status"] for call in calls)
rotations = []
for line in open(rotations_path):
    kind, began, ended, ok = line.split()
    began_ms = (float(began) - run_start) * 1000
    window = [c for c in calls if began_ms <= c["sent_ms"] < began_ms + 5000]
    rotations.append({
        "kind": kind, "at_s": round(began_ms / 1000, 1), "took_s": round(float(ended) - float(began), 2),
        "ok": ok == "true", "calls_in_next_5s": len(window),
        "failed_in_next_5s": sum(1 for c in window if c["status"] != "OK"),
    })
report = json.load(open(report_path)) if report_path else {}
journeys = report.get("verdict", {})
failed = [c for c in calls if c["status"] != "OK"]
line = {
    "rate": float(rate), "duration_s": int(duration), "calls": len(calls), "statuses": dict(statuses),
    "journeys": journeys.get("journeys"), "journeys_succeeded": journeys.get("journeys_succeeded"),
    "rotations": rotations, "quad_load_exit": int(load_status), "cooldown_statuses": dict(cooldown),
}
with open(out, "a") as f:
    f.write(json.dumps(line) + "\n")
print("| rotation | at | took | calls sent in the next 5 s | failed |")
print("|---|---|---|---|---|")
for r in rotations:
    print(f"| {'signing key' if r['kind'] == 'key' else 'certificates'}{'' if r['ok'] else ' (FAILED)'} | {r['at_s']} s | {r['took_s']} s | {r['calls_in_next_5s']} | {r['failed_in_next_5s']} |")
print(f"\n{len(calls)} calls in the warm-up and the measured {duration} s: " + ", ".join(f"{k} {v}" for k, v in statuses.most_common()))
print("the cool-down's calls (not counted): " + ", ".join(f"{k} {v}" for k, v in cooldown.most_common()))
print(f"journeys: {journeys.get('journeys_succeeded')} of {journeys.get('journeys')} succeeded (measured part); quad-load exit {load_status}")
for c in failed[:10]:
    print("failed:", json.dumps(c))
print(f"# results: {out}")
sys.exit(1 if failed or not all(r["ok"] for r in rotations) else 0)
PY
