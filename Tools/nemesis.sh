#!/usr/bin/env bash
# Nemesis runs (issue 17 item 2): faults injected into a running Quad while quad-load drives every product's
# journeys (`--journey full`), then the invariant checker (`quad-load check`) over the run's call log and databases.
#
#   Tools/nemesis.sh --short            every fault kind, one bounded schedule each (CI; ~10 minutes, debug build)
#   Tools/nemesis.sh                    the same schedules, each twice as long
#   Tools/nemesis.sh --soak 30m         one long run with faults spread through it (none to the gateway after minute
#                                       10), sampling every process's RSS every 10 s, and the growth of each after
#                                       warm-up (target < 10%)
#   options: --bin DIR (the built executables; default `swift build --show-bin-path`), --rate R (journeys/s, 2),
#            --out DIR (where each schedule's directory goes; default a new temp dir), --only NAME (one schedule)
#
# Each schedule starts `quad up --data DIR --supervise --fault-proxy` on a fresh DIR, runs quad-load with the
# schedule's --fault values and `--calls-jsonl DIR/calls.jsonl`, then `quad-load check --data DIR --calls
# DIR/calls.jsonl --json DIR/check.json`, and prints: faults injected, journeys, calls, errors by status, whether
# the system recovered (the calls sent once the last fault had ended, less a grace period), invariants checked and
# violated. Exit status: 0 when every schedule recovered and the checker found no violation; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
soak_length=30m
bin=""
rate=2
out=""
only=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --short) mode=short; shift ;;
        --soak) mode=soak; soak_length="${2:?--soak needs a length, e.g. 30m}"; shift 2 ;;
        --bin) bin="${2:?}"; shift 2 ;;
        --rate) rate="${2:?}"; shift 2 ;;
        --out) out="${2:?}"; shift 2 ;;
        --only) only="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "nemesis: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done
[[ -n "$bin" ]] || bin="$(swift build --show-bin-path)"
for executable in quad quad-load quad-gateway; do
    [[ -x "$bin/$executable" ]] || { echo "nemesis: no $bin/$executable; build first (swift build)" >&2; exit 1; }
done
[[ -n "$out" ]] || out="$(mktemp -d "${TMPDIR:-/tmp}/nemesis.XXXXXX")"
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"
status=0

services=(identity jobs matching payments households fleet-documents)
processes=("${services[@]}" gateway)
# (`quad-load check --help` exits 0 even without the subcommand: its help is quad-load's then, without --data.)
if "$bin/quad-load" check --help 2>&1 | grep -q -- "--data "; then have_check=1; else have_check=0; fi

say() { echo "nemesis: $*" >&2; }

# Whatever happens (a failure, CI's timeout), no quad up or sampler is left behind.
current_up=""
current_sampler=""
cleanup() {
    [[ -n "$current_sampler" ]] && kill "$current_sampler" 2>/dev/null || true
    if [[ -n "$current_up" ]]; then kill -INT "$current_up" 2>/dev/null || true; wait "$current_up" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits for DIR/endpoints.json to list the gateway; fails after 180 s or when quad up exits.
wait_for_system() {
    local dir="$1" up_pid="$2" waited=0
    while ! jq -e '.gateway.pid' "$dir/endpoints.json" >/dev/null 2>&1; do
        kill -0 "$up_pid" 2>/dev/null || { say "quad up exited; its output:"; tail -20 "$dir/up.out" >&2; return 1; }
        (( waited++ < 1800 )) || { say "quad up not ready in 180 s"; return 1; }
        sleep 0.1
    done
}

# Samples the RSS (VmRSS, kB) of quad up and every process endpoints.json names, every 10 s, into FILE, until
# killed: `seconds service pid rss_kb` per line. Reads endpoints.json afresh each time, so restarts are followed.
sample_rss() {
    local dir="$1" up_pid="$2" file="$3" started
    started=$(date +%s)
    echo "seconds service pid rss_kb" >"$file"
    while true; do
        local now=$(( $(date +%s) - started ))
        { echo "quad-up $up_pid"; jq -r '(.services | to_entries[] | "\(.key) \(.value.pid)"), "gateway \(.gateway.pid)"' \
            "$dir/endpoints.json" 2>/dev/null || true; } | while read -r name pid; do
            [[ "$pid" =~ ^[0-9]+$ ]] || continue
            local rss
            rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
            [[ -n "$rss" ]] && echo "$now $name $pid $rss" >>"$file"
        done
        sleep 10
    done
}

# run_schedule NAME DURATION FAULT...: one schedule on a fresh system; appends its lines to the summary.
run_schedule() {
    local name="$1" duration="$2"; shift 2
    local dir="$out/$name"
    [[ -z "$only" || "$only" == "$name" ]] || return 0
    rm -rf "$dir"; mkdir -p "$dir"
    say "schedule $name: starting quad up in $dir"
    "$bin/quad" up --data "$dir" --supervise --fault-proxy --executables "$bin" >"$dir/up.out" 2>&1 &
    local up_pid=$! sampler=""
    current_up=$up_pid
    if ! wait_for_system "$dir" "$up_pid"; then
        kill -INT "$up_pid" 2>/dev/null || true; wait "$up_pid" 2>/dev/null || true
        echo "$name: quad up did not start" >>"$summary"; status=1; return 0
    fi
    if [[ "$mode" == soak ]]; then
        sample_rss "$dir" "$up_pid" "$dir/rss.txt" &
        sampler=$!
        current_sampler=$sampler
    fi
    local faults=()
    for fault in "$@"; do faults+=(--fault "$fault"); done
    say "schedule $name: quad-load --journey full at $rate/s for $duration with $# faults"
    local load_status=0
    "$bin/quad-load" --endpoints "$dir/endpoints.json" --journey full --rate "$rate" --duration "$duration" \
        --warmup 2s --cooldown 5s --drain 30s --customers 16 --dashers 16 --dispatchers 2 --drivers 16 \
        --households 6 --housemates 3 --max-error-rate 1 --max-p99 60s --report "$dir/report" \
        --calls-jsonl "$dir/calls.jsonl" "${faults[@]}" >"$dir/load.out" 2>"$dir/load.err" || load_status=$?
    if [[ -n "$sampler" ]]; then kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true; fi
    local check_status=skipped
    if [[ $have_check == 1 && -f "$dir/calls.jsonl" ]]; then
        say "schedule $name: quad-load check"
        check_status=0
        "$bin/quad-load" check --data "$dir" --calls "$dir/calls.jsonl" --json "$dir/check.json" \
            >"$dir/check.out" 2>&1 || check_status=$?
    fi
    kill -INT "$up_pid" 2>/dev/null || true
    wait "$up_pid" 2>/dev/null || true
    current_up=""; current_sampler=""
    python3 Tools/nemesis-summary.py --name "$name" --dir "$dir" --load-status "$load_status" \
        --check-status "$check_status" ${sampler:+--rss "$dir/rss.txt"} | tee -a "$summary" || status=1
}

# A fault at each of TARGETS in turn, every STEP seconds from FIRST: `kind:target@Ts[SUFFIX]`.
spread() {
    local kind="$1" suffix="$2" first="$3" step="$4"; shift 4
    local at="$first"
    for target in "$@"; do echo "$kind:$target@${at}s$suffix"; at=$(( at + step )); done
}

case "$mode" in
    short|full)
        scale=1; [[ "$mode" == full ]] && scale=2
        step=$(( 4 * scale )); proxy_span=$(( 3 * scale ))
        # Faults from 3 s on, one target every STEP seconds; then a fault-free tail of at least 15 s in which the
        # system must have recovered.
        proxy_duration=$(( 3 + step * ${#services[@]} + 15 ))s
        process_duration=$(( 3 + step * ${#processes[@]} + 15 ))s
        run_schedule proxy-delay "$proxy_duration" $(spread delay "+${proxy_span}s=300ms" 3 "$step" "${services[@]}")
        run_schedule proxy-drop "$proxy_duration" $(spread drop "+${proxy_span}s" 3 "$step" "${services[@]}")
        run_schedule proxy-reset "$proxy_duration" $(spread reset "" 3 "$step" "${services[@]}")
        run_schedule proxy-partition "$proxy_duration" $(spread partition "+${proxy_span}s" 3 "$step" "${services[@]}")
        run_schedule kill "$process_duration" $(spread kill "" 3 "$step" "${processes[@]}")
        run_schedule stop "$process_duration" $(spread stop "+${proxy_span}s" 3 "$step" "${processes[@]}")
        run_schedule restart "$process_duration" $(spread restart "" 3 "$step" "${processes[@]}")
        ;;
    soak)
        minutes="${soak_length%m}"
        [[ "$minutes" =~ ^[0-9]+$ ]] || { echo "nemesis: --soak takes minutes, e.g. 30m" >&2; exit 64; }
        total=$(( minutes * 60 ))
        # A fault every 45 s from minute 2 to two minutes before the end, cycling through the kinds and targets.
        kinds=(delay drop reset partition kill stop restart)
        faults=()
        at=120; i=0
        while (( at < total - 120 )); do
            kind="${kinds[$(( i % ${#kinds[@]} ))]}"
            case "$kind" in
                delay|drop|reset|partition) target="${services[$(( (i / ${#kinds[@]}) % ${#services[@]} ))]}" ;;
                *) target="${processes[$(( (i / ${#kinds[@]} + i) % ${#processes[@]} ))]}" ;;
            esac
            # The gateway is left alone after minute 10: the memory check needs a process that lived 10 minutes
            # or more, and the gateway's (its feed buffers and caches warm up) is the one most worth watching.
            if [[ "$target" == gateway ]] && (( at >= 600 )); then target="${services[$(( i % ${#services[@]} ))]}"; fi
            case "$kind" in
                delay) faults+=("delay:$target@${at}s+10s=300ms") ;;
                drop|partition|stop) faults+=("$kind:$target@${at}s+5s") ;;
                *) faults+=("$kind:$target@${at}s") ;;
            esac
            at=$(( at + 45 )); i=$(( i + 1 ))
        done
        run_schedule soak "${total}s" "${faults[@]}"
        ;;
esac

echo
echo "nemesis ($mode) in $out:"
cat "$summary"
grep -q "CRASHED\|NOT RECOVERED\|VIOLATED\|did not start\|check failed\|MEMORY GREW\|wrote no report" "$summary" && status=1
[[ $have_check == 1 ]] || echo "nemesis: quad-load has no 'check' subcommand yet: the invariant checks were skipped"
exit $status
