#!/usr/bin/env python3
"""Summarises run.sh's JSON lines: medians with min-max per (impl, payload, in flight),
the server's allocations per call from the allocation pass, and the ratios quad/raw and
quad/grpc (ratio of medians, and the min-max of per-round ratios)."""
import json
import statistics
import sys
from collections import defaultdict

rows = [json.loads(line) for path in sys.argv[1:] for line in open(path) if line.strip()]
cells = defaultdict(list)
allocations = defaultdict(list)
for row in rows:
    key = (row["payload"], row["inFlight"], row["impl"])
    if row.get("pass") == "allocations":
        if row.get("serverAllocationsPerCall") is not None:
            allocations[key].append(row["serverAllocationsPerCall"])
    else:
        cells[key].append(row)


def spread(values, fmt):
    values = [v for v in values if v is not None]
    if not values:
        return "n/a"
    med = statistics.median(values)
    if len(values) == 1:
        return fmt(med)
    return f"{fmt(med)} ({fmt(min(values))}–{fmt(max(values))})"


def calls(v):
    return f"{v:,.0f}"


def micros(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


print("| payload | in flight | impl | calls/s | p50 µs | p99 µs | server CPU µs/call | server allocs/call | server CPU use | client CPU use | runs |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
order = ["raw", "quad", "quad-pb", "grpc", "hummingbird"]
for payload, in_flight in sorted({(k[0], k[1]) for k in cells}):
    impls = sorted({k[2] for k in cells if k[:2] == (payload, in_flight)},
                   key=lambda i: order.index(i) if i in order else 99)
    for impl in impls:
        runs = cells[(payload, in_flight, impl)]
        print(f"| {payload} | {in_flight} | {impl} | {spread([r['callsPerSecond'] for r in runs], calls)} "
              f"| {spread([r['p50Micros'] for r in runs], micros)} | {spread([r['p99Micros'] for r in runs], micros)} "
              f"| {spread([r.get('serverCPUMicrosPerCall') for r in runs], lambda v: f'{v:.1f}')} "
              f"| {spread(allocations.get((payload, in_flight, impl), []), lambda v: f'{v:.1f}')} "
              f"| {spread([r.get('serverCPUUtilisation') for r in runs], lambda v: f'{v*100:.0f}%')} "
              f"| {spread([r['clientCPUUtilisation'] for r in runs], lambda v: f'{v*100:.0f}%')} "
              f"| {len(runs)} |")

print()
print("| payload | in flight | quad / raw | quad / grpc | quad CPU per call / raw |")
print("|---|---|---|---|---|")
for payload, in_flight in sorted({(k[0], k[1]) for k in cells}):
    def by_round(impl):
        return {r["round"]: r for r in cells.get((payload, in_flight, impl), [])}
    quad = by_round("quad")
    if not quad:
        continue
    out = []
    for other in ["raw", "grpc"]:
        base = by_round(other)
        paired = [quad[k]["callsPerSecond"] / base[k]["callsPerSecond"] for k in quad if k in base and base[k]["callsPerSecond"]]
        if not paired:
            out.append("n/a")
            continue
        ratio = statistics.median([r["callsPerSecond"] for r in quad.values()]) / statistics.median(
            [r["callsPerSecond"] for r in base.values()])
        out.append(f"{ratio:.2f}× (rounds {min(paired):.2f}–{max(paired):.2f})")
    raw = by_round("raw")
    cpu = [quad[k].get("serverCPUMicrosPerCall") / raw[k]["serverCPUMicrosPerCall"]
           for k in quad if k in raw and quad[k].get("serverCPUMicrosPerCall") and raw[k].get("serverCPUMicrosPerCall")]
    out.append(f"{statistics.median(cpu):.1f}×" if cpu else "n/a")
    print(f"| {payload} | {in_flight} | " + " | ".join(out) + " |")
