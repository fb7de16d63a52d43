#!/usr/bin/env bash
# Errands (issue 14 item 13), everything from a fresh release `quad up` on this machine, its people from
# `quad seed --customers 500` (each with a sandbox card):
#   1. errands-seed: 100,000 open errands on the demo campus through the gateway (PostErrand, 64 in flight), their
#      posting rate;
#   2. errands-feed: filtered feed pages (ListErrandFeed: no filter, store, item text, max total, needed-by and
#      combinations, pages 1-3) at 200 pages a second, open loop, through the gateway and then straight to
#      quad-jobs (the gateway's certificate and caller header), alternately, --feed-rounds times each;
#   3. errands-accept: 50 buyers accepting one errand at one instant, 20 times, then 1,000 errands each accepted by
#      5 buyers at once (100 accepts in flight); exactly one winner each, or the run fails.
#
#   Benchmarks/errands.sh [--errands 100000] [--rate 200] [--warmup 3] [--duration 30] [--feed-rounds 1]
#                         [--rounds 20] [--storm 1000] [--keep] [--no-build]
#
# --keep leaves the scratch directory (its jobs database for errands-plans.py) and prints its path. Access tokens
# last 15 minutes, so `quad seed` signs everyone in again before each step. Results (one JSON line per run) go to
# Benchmarks/results/errands-<UTC>.jsonl; a table is printed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
errands=100000 rate=200 warmup=3 duration=30 feed_rounds=1 rounds=20 storm=1000 keep=0 build=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --errands) errands="$2"; shift 2 ;;
        --rate) rate="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --duration) duration="$2"; shift 2 ;;
        --feed-rounds) feed_rounds="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --storm) storm="$2"; shift 2 ;;
        --keep) keep=1; shift ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "errands.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
source "$here/services.sh"
if [[ $build == 1 ]]; then
    build_release quad-bench quad quad-identity quad-gateway quad-jobs quad-matching quad-payments quad-fleet-documents
fi
bin="$(swift build -c release --show-bin-path)"
mkdir -p results
out="results/errands-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
work="$(mktemp -d)"
if [[ $keep == 1 ]]; then
    trap 'stop_up; echo "# kept $work" >&2' EXIT
else
    trap 'stop_up; rm -rf "$work"' EXIT
fi

export QUAD_PASSWORD_COST=12 QUAD_ADMISSION=false QUAD_LOG_LEVEL=warning \
    QUAD_RATE_REGISTRATION=100000/s:100000 QUAD_RATE_LOGIN=100000/s:100000 \
    QUAD_RATE_PER_ADDRESS=1000000/s:1000000 QUAD_RATE_PER_USER=1000000/s:1000000 \
    QUAD_CONCURRENCY_INITIAL=256 QUAD_CONCURRENCY_MAX=1024

endpoints="$work/up/endpoints.json"
seed() { "$bin/quad" seed --endpoints "$endpoints" --customers 500 --dashers 0 --carriers 0 >/dev/null; }

record() {
    local line
    while IFS= read -r line; do
        [[ -n "$line" ]] || continue
        echo "$line" >>"$out"
        printf '%s\n' "$line" | cut -c1-400 >&2
    done
}

echo "# $(date -u +%FT%TZ) errands=$errands rate=$rate/s warmup=${warmup}s duration=${duration}s load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
start_up
seed
"$bin/quad-bench" errands-seed --endpoints "$endpoints" --errands "$errands" | record
for _ in $(seq 1 "$feed_rounds"); do
    seed
    for target in gateway direct; do
        "$bin/quad-bench" errands-feed --endpoints "$endpoints" --target "$target" --rate "$rate" \
            --warmup "$warmup" --duration "$duration" | record
    done
done
seed
"$bin/quad-bench" errands-accept --endpoints "$endpoints" --rounds "$rounds" --errands "$storm" | record
stop_up
echo "# results: $out" >&2
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ms = lambda us: f"{us / 1000:.1f}"
for r in rows:
    if r["impl"] == "errands-seed":
        p = r["post"]
        print(f"seeding: {r['errands']:,} errands in {r['seconds']:.0f} s = {r['errandsPerSecond']:,.0f}/s "
              f"({r['inFlight']} in flight), post p50 {ms(p['p50Micros'])} ms, p99 {ms(p['p99Micros'])} ms; load {r['load']}\n")
feeds = {t: [r for r in rows if r.get("target") == t] for t in ("gateway", "direct")}
if feeds["gateway"]:
    first = ["none", "store", "item_text", "max_total", "needed_by_before"]
    rank = lambda k: (first.index(k) if k in first else 9 if k == "all four" else 5, k)
    kinds = sorted(set(k for r in feeds["gateway"] for k in r["kinds"]), key=rank)
    def cell(t, get):
        rs = [get(r) for r in feeds[t] if get(r)]
        if not rs: return "-"
        return (f"{ms(statistics.median(x['p50Micros'] for x in rs))} / {ms(statistics.median(x['p99Micros'] for x in rs))} / "
                f"{ms(max(x['maxMicros'] for x in rs))}, {sum(x['errors'] for x in rs)}")
    print("| filter kind | share of feed | gateway p50 / p99 / max ms, errors | direct to jobs p50 / p99 / max ms, errors |")
    print("|---|---|---|---|")
    for k in kinds:
        shares = [q["share"] for q in feeds["gateway"][0]["queries"] if q["kind"] == k and q.get("share") is not None]
        share = f"{min(shares):.1%}-{max(shares):.1%}" if len(shares) > 1 else (f"{shares[0]:.1%}" if shares else "-")
        print(f"| {k} | {share} | {cell('gateway', lambda r: r['kinds'].get(k))} | {cell('direct', lambda r: r['kinds'].get(k))} |")
    for p in ("page 1", "page 2", "page 3"):
        print(f"| ({p}) | | {cell('gateway', lambda r: r['pages'].get(p))} | {cell('direct', lambda r: r['pages'].get(p))} |")
    print(f"| **overall** | | **{cell('gateway', lambda r: r['overall'])}** | **{cell('direct', lambda r: r['overall'])}** |")
    for t in ("gateway", "direct"):
        for r in feeds[t]:
            print(f"\n{t}: {r['overall']['calls'] + r['overall']['errors']:,} pages at {r['ratePerSecond']:.0f}/s, "
                  f"quad-jobs CPU {r.get('jobsCPUMicrosPerCall') or 0:.0f} µs/page, gateway CPU "
                  f"{r.get('gatewayCPUMicrosPerCall') or 0:.0f} µs/page, load {r['load']}", end="")
    print("\n\nslowest queries by p99 (gateway / direct, ms, first round):")
    lat = {t: {q["name"]: q.get("latency") for q in feeds[t][0]["queries"]} for t in feeds if feeds[t]}
    ranked = sorted(lat["gateway"], key=lambda n: -(lat["gateway"][n] or {}).get("p99Micros", 0))[:6]
    for n in ranked:
        g, d = lat["gateway"][n], lat.get("direct", {}).get(n)
        fmt = lambda x: f"p50 {ms(x['p50Micros'])} p99 {ms(x['p99Micros'])} ({x['calls']} calls)" if x else "-"
        print(f"  {n}: {fmt(g)} / {fmt(d)}")
for r in rows:
    if r["impl"].startswith("accept-"):
        a = r["accept"]
        print(f"\n{r['impl']}: {r['errands']:,} errands x {r['buyersPerErrand']} buyers ({r['inFlight']} in flight): "
              f"{r['acceptsPerSecond']:,.0f} accepts/s, {r['errandsPerSecond']:,.0f} errands/s, p50 {ms(a['p50Micros'])} ms, "
              f"p99 {ms(a['p99Micros'])} ms, max {ms(a['maxMicros'])} ms; winners {r['winners']}, refused {r['refused']}, "
              f"unexpected {r['unexpected']}, errands without exactly one winner {r['errandsWithoutOneWinner']}; load {r['load']}")
PY
