#!/usr/bin/env bash
# Households (issue 15 item 8), from a fresh release `quad up` on this machine:
#   1. balances: `quad seed --households 2 --housemates 5`; household 1 gets --expenses expenses and household 2
#      --small through the gateway (AddExpense, the four split kinds in turn); then GetBalances at --rate a second,
#      open loop, --rounds times: through the gateway (10,000 and 100 expenses), straight to quad-households, and the
#      baselines of recomputing the nets from every expense row on each read, in Swift and in SQL
#      (HouseholdsBalancesBench.swift), at --baseline-rate for the big household (they cannot keep up with --rate);
#   2. reminders (a second, fresh `quad up`): 10,000 households of 5 members with 20 chores each written straight
#      into quad-households' database with SQL, then 1,000 reminders due a second for a minute; their lateness as
#      fired and as seen in the event log, and quad-households' CPU (HouseholdsRemindersBench.swift); then the same
#      without the `reminder_due` index (a fresh `quad up`), the same with the reminders due --burst at one instant
#      (as many a second; 0: not run), and the same number of plain event-log inserts a second.
#
#   Benchmarks/households.sh [--only balances|reminders] [--expenses 10000] [--small 100] [--rate 200]
#                            [--baseline-rate 4] [--warmup 3] [--duration 20] [--rounds 3] [--reminder-rate 1000]
#                            [--reminder-seconds 60] [--no-baseline-scan] [--burst 50] [--no-build]
#
# Results (one JSON line per run) go to Benchmarks/results/households-<UTC>.jsonl; a summary is printed
# (Benchmarks/households-summary.py). Access tokens last 15 minutes, so `quad seed` signs everyone in again before
# each step. Nothing is pinned: quad up's services, and quad-bench share the machine's cores.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
only="" expenses=10000 small=100 rate=200 baseline_rate=4 warmup=3 duration=20 rounds=3 reminder_rate=1000 reminder_seconds=60
scan=1 burst=50 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --only) only="$2"; shift 2 ;;
        --expenses) expenses="$2"; shift 2 ;;
        --small) small="$2"; shift 2 ;;
        --rate) rate="$2"; shift 2 ;;
        --baseline-rate) baseline_rate="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --reminder-rate) reminder_rate="$2"; shift 2 ;;
        --reminder-seconds) reminder_seconds="$2"; shift 2 ;;
        --no-baseline-scan) scan=0; shift ;;
        --burst) burst="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        *) echo "households.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench quad quad-identity quad-gateway quad-jobs quad-matching quad-payments \
        quad-fleet-documents quad-households
fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/households-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
trap 'stop_up; rm -rf "$work"' EXIT

export QUAD_PASSWORD_COST=12 QUAD_ADMISSION=false QUAD_LOG_LEVEL=warning \
    QUAD_RATE_REGISTRATION=100000/s:100000 QUAD_RATE_LOGIN=100000/s:100000 \
    QUAD_RATE_PER_ADDRESS=1000000/s:1000000 QUAD_RATE_PER_USER=1000000/s:1000000 \
    QUAD_CONCURRENCY_INITIAL=256 QUAD_CONCURRENCY_MAX=1024

endpoints="$work/up/endpoints.json"
seed() {
    "$bin/quad" seed --endpoints "$endpoints" --customers 2 --dashers 0 --requesters 0 --buyers 0 --errands 0 \
        --carriers 0 --households 2 --housemates 5 >/dev/null
}

record() {
    local line
    while IFS= read -r line; do
        [[ -n "$line" ]] || continue
        echo "$line" >>"$out"
        printf '%s\n' "$line" | cut -c1-300 >&2
    done
}

echo "# $(date -u +%FT%TZ) $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if [[ -z "$only" || "$only" == balances ]]; then
    start_up
    seed
    "$bin/quad-bench" households-expenses --endpoints "$endpoints" --household 1 --expenses "$expenses" | record
    seed
    "$bin/quad-bench" households-expenses --endpoints "$endpoints" --household 2 --expenses "$small" | record
    for round in $(seq 1 "$rounds"); do
        seed
        for step in "1 gateway $rate" "1 recompute $baseline_rate" "1 recompute-sql $baseline_rate" \
            "2 gateway $rate" "2 recompute $rate" "2 recompute-sql $rate" "1 direct $rate"; do
            set -- $step
            "$bin/quad-bench" households-balances --endpoints "$endpoints" --household "$1" --target "$2" \
                --rate "$3" --warmup "$warmup" --duration "$duration" --label "balances-$2-h$1-r$round" | record
        done
    done
    stop_up
fi
if [[ -z "$only" || "$only" == reminders ]]; then
    variants=("")
    if [[ $scan == 1 ]]; then variants+=("--drop-due-index"); fi
    if [[ $burst -gt 1 ]]; then variants+=("--burst $burst"); fi
    for variant in "${variants[@]}"; do
        start_up
        "$bin/quad-bench" households-reminders --endpoints "$endpoints" --rate "$reminder_rate" \
            --seconds "$reminder_seconds" $variant | record
        stop_up
    done
    "$bin/quad-bench" households-event-inserts --dir "$work" --rate "$reminder_rate" --seconds "$reminder_seconds" \
        | record
fi
echo "# results: $out" >&2
python3 "$here/households-summary.py" "$out"
