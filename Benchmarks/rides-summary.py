#!/usr/bin/env python3
"""Summarises rides.sh results files (Benchmarks/results/rides-*.jsonl) as a markdown table.

    Benchmarks/rides-summary.py results/rides-<UTC>.jsonl [more.jsonl ...]
"""
import json
import statistics
import sys

rows = [json.loads(line) for path in sys.argv[1:] for line in open(path) if line.strip()]
ms = lambda us: f"{us / 1000:.2f}"

for r in rows:
    if r["impl"] == "rides-offers":
        d = r["deliver"]
        cpu = r.get("matchingCPUSeconds")
        print(f"offers: {r['applied']:,} of {r['offers']:,} delivered in {r['seconds']:.1f} s "
              f"({r['offersPerSecond']:,.0f}/s, {r['inFlight']} in flight, Deliver p50 {ms(d['p50Micros'])} ms "
              f"p99 {ms(d['p99Micros'])} ms, errors {d['errors']}"
              + (f", quad-matching CPU {cpu:.1f} s" if cpu is not None else "") + f"); load {r['load']}")

searches = [r for r in rows if r["impl"].startswith("rides-search-")]
if searches:
    print("\n| SearchRides | rate/s | s | calls | p50 ms | p99 ms | max ms | errors | CPU µs/call | candidates | matches | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in searches:
        lat = r["latency"]
        cpu = ", ".join(f"{name} {value:.0f}" for name, value in sorted(r["cpuMicrosPerCall"].items()))
        print(f"| {r['impl'].removeprefix('rides-search-')} | {r['ratePerSecond']:.0f} | {r['durationSeconds']:.0f} | "
              f"{lat['calls']:,} | {ms(lat['p50Micros'])} | {ms(lat['p99Micros'])} | {ms(lat['maxMicros'])} | "
              f"{lat['errors']} | {cpu} | {r['candidatesPerSearch']:.1f} | {r['matchesPerSearch']:.1f} | {r['load']} |")
    index = [r for r in searches if "-index-" in r["impl"]]
    scan = [r for r in searches if "-full-scan-" in r["impl"]]
    if index and scan:
        med = lambda rs, key: statistics.median(r["latency"][key] for r in rs)
        cpu = lambda rs: statistics.median(r["cpuMicrosPerCall"].get("matching", 0) for r in rs)
        print(f"\nfull scan / index: p50 {med(scan, 'p50Micros') / max(1, med(index, 'p50Micros')):.1f}x, "
              f"quad-matching CPU per search {cpu(scan) / max(1, cpu(index)):.1f}x")
