#!/usr/bin/env python3
"""Summarises a jobs-reads run (Benchmarks/results/jobs-reads-*.jsonl, written by jobs-reads.sh).

  python3 Benchmarks/jobs-reads-summary.py Benchmarks/results/jobs-reads-<date>.jsonl

Prints, as Markdown: the sustained rate at the p99 bound per implementation (median and min-max of the rounds)
and their ratio (with each round's ratio, rounds paired in order); then, for every offered rate both sides were
stepped through, the median p99, the median server CPU per call and how many rounds passed, side by side.
"Others' CPU" is what the rest of the machine used while a step ran (busy time in /proc/stat less the server's and
the client's): a run that shared its cores with something else says so there.
"""
import json
import statistics
import sys

IMPLS = ("quad", "hummingbird")

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
summaries = {impl: [r for r in rows if r.get("summary") and r["impl"] == impl] for impl in IMPLS}
steps = [r for r in rows if not r.get("summary")]
if not all(summaries.values()):
    sys.exit("jobs-reads-summary: no summary lines for both implementations")
bound = summaries["quad"][0]["p99BoundMillis"]
connections = summaries["quad"][0]["connections"]


def spread(values, fmt="{:,.0f}"):
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}-{fmt.format(max(values))})"


print(f"Sustained rate with p99 <= {bound:g} ms, no errors, >= 99% answered ({connections} connections):\n")
print("| impl | sustained calls/s, median (min-max) | p99 at that rate, ms | rounds | others' CPU, most in a step (cores) |")
print("|---|---|---|---|---|")
for impl in IMPLS:
    s = summaries[impl]
    rates = [r["sustainedPerSecond"] for r in s]
    p99s = [r["sustainedP99Micros"] / 1000 for r in s if r.get("sustainedP99Micros") is not None]
    others = [r["maxOtherCPUCores"] for r in s if r.get("maxOtherCPUCores") is not None]
    other = ", ".join(f"{o:.2f}" for o in others) if others else "-"
    print(f"| {impl} | {spread(rates)} | {spread(p99s, '{:.1f}') if p99s else '-'} | {len(s)} | {other} |")
pairs = list(zip(summaries["quad"], summaries["hummingbird"]))
ratios = [q["sustainedPerSecond"] / h["sustainedPerSecond"] for q, h in pairs if h["sustainedPerSecond"] > 0]
quad_median = statistics.median(r["sustainedPerSecond"] for r in summaries["quad"])
hb_median = statistics.median(r["sustainedPerSecond"] for r in summaries["hummingbird"])
if hb_median > 0 and ratios:
    print(f"\nquad / hummingbird, sustained: {quad_median / hb_median:.2f}x "
          f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)}; target >= 2x)")

print("\nAt equal offered rates (medians over rounds; passed = rounds whose step passed):\n")
print("| offered/s | quad p99 ms | hummingbird p99 ms | quad p50 ms | hummingbird p50 ms "
      "| quad server CPU µs/call | hummingbird server CPU µs/call | quad passed | hummingbird passed |")
print("|---|---|---|---|---|---|---|---|---|")
rates = sorted({r["offeredPerSecond"] for r in steps})
for rate in rates:
    by = {impl: [r for r in steps if r["impl"] == impl and r["offeredPerSecond"] == rate] for impl in IMPLS}
    if not all(by.values()):
        continue

    def med(impl, key, scale=1.0, fmt="{:.1f}"):
        values = [r[key] * scale for r in by[impl] if r.get(key) is not None]
        return fmt.format(statistics.median(values)) if values else "-"

    cells = [
        f"{rate:,.0f}",
        med("quad", "p99Micros", 1e-3), med("hummingbird", "p99Micros", 1e-3),
        med("quad", "p50Micros", 1e-3), med("hummingbird", "p50Micros", 1e-3),
        med("quad", "serverCPUMicrosPerCall", 1, "{:.0f}"), med("hummingbird", "serverCPUMicrosPerCall", 1, "{:.0f}"),
        f"{sum(r['passed'] for r in by['quad'])}/{len(by['quad'])}",
        f"{sum(r['passed'] for r in by['hummingbird'])}/{len(by['hummingbird'])}",
    ]
    print("| " + " | ".join(cells) + " |")
loads = sorted({r.get("loadAverage") for r in steps if r.get("loadAverage") is not None})
if loads:
    print(f"\n1-minute load average when runs started: {loads[0]}-{loads[-1]} (2 cores; the harness itself makes ~1-2)")
