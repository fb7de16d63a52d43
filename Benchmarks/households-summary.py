#!/usr/bin/env python3
"""Summarises households.sh results files (Benchmarks/results/households-*.jsonl) as markdown tables.

    Benchmarks/households-summary.py results/households-<UTC>.jsonl [more.jsonl ...]
"""
import json
import statistics
import sys

rows = [json.loads(line) for path in sys.argv[1:] for line in open(path) if line.strip()]
ms = lambda us: f"{us / 1000:.2f}"

for r in rows:
    if r["impl"] == "households-expenses":
        a = r["add"]
        print(f"household {r['household']}: {r['expenses']:,} expenses ({r['added']:,} added in {r['seconds']:.1f} s, "
              f"{r['expensesPerSecond']:,.0f}/s, {r['inFlight']} in flight, AddExpense p50 {ms(a['p50Micros'])} ms "
              f"p99 {ms(a['p99Micros'])} ms); load {r['load']}")

reads = [r for r in rows if r["impl"].startswith("balances-")]
if reads:
    groups = {}
    for r in reads:
        groups.setdefault((r["target"], r["household"]), []).append(r)
    print("\n| GetBalances | expenses | rate/s | runs | p50 ms | p99 ms | max ms | errors | CPU µs/call |")
    print("|---|---|---|---|---|---|---|---|---|")
    p99 = {}
    for (target, household), rs in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        lat = [r["latency"] for r in rs]
        med = lambda key: statistics.median(x[key] for x in lat)
        spread = lambda key: f"{ms(min(x[key] for x in lat))}-{ms(max(x[key] for x in lat))}"
        p99[(target, household)] = med("p99Micros")
        cpu = ", ".join(
            f"{name} {statistics.median(r['cpuMicrosPerCall'].get(name, 0) for r in rs):.0f}"
            for name in sorted(rs[0]["cpuMicrosPerCall"])
        )
        print(f"| {target} | {rs[0]['expenses']:,} | {rs[0]['ratePerSecond']:.0f} | {len(rs)} | {ms(med('p50Micros'))} ({spread('p50Micros')}) | "
              f"{ms(med('p99Micros'))} ({spread('p99Micros')}) | {ms(max(x['maxMicros'] for x in lat))} | "
              f"{sum(x['errors'] for x in lat)} | {cpu} |")
        if target.startswith("recompute"):
            service = [r["recomputeService"] for r in rs]
            print(f"|  ({target} alone, no queueing) | | | | {ms(statistics.median(s['p50Micros'] for s in service))} | "
                  f"{ms(statistics.median(s['p99Micros'] for s in service))} | "
                  f"{ms(max(s['maxMicros'] for s in service))} | | |")
    print()
    for household in sorted({h for _, h in p99}):
        for baseline in ("recompute", "recompute-sql"):
            if ("gateway", household) in p99 and (baseline, household) in p99 and p99[("gateway", household)] > 0:
                print(f"household {household}: {baseline} p99 / gateway GetBalances p99 = "
                      f"{p99[(baseline, household)] / p99[('gateway', household)]:.1f}x")
    if ("gateway", 1) in p99 and ("gateway", 2) in p99 and p99[("gateway", 2)] > 0:
        print(f"GetBalances p99, big / small household: {p99[('gateway', 1)] / p99[('gateway', 2)]:.2f}x")

for r in rows:
    if r["impl"].startswith("reminders"):
        f, v = r["firedLateness"], r["visibleLateness"]
        print(f"\n{r['impl']}: {r['households']:,} households x {r['members']} members x {r['chores']} chores "
              f"({r['reminders']:,} reminders; seeded in {r['seedSeconds']:.0f} s), {r['due']:,} due at "
              f"{r['duePerSecond']:,.0f}/s over {r['dueSeconds']:.0f} s; events {r['events']:,} "
              f"({r['distinctReminders']:,} distinct), rows fired {r['firedRows']:,}, due left unfired {r['unfiredDue']:,}")
        print(f"  fired - due: p50 {ms(f['p50Micros'])} ms, p99 {ms(f['p99Micros'])} ms, max {ms(f['maxMicros'])} ms")
        print(f"  seen in the event log - due (poll {r['pollMillis']:.0f} ms): p50 {ms(v['p50Micros'])} ms, "
              f"p99 {ms(v['p99Micros'])} ms, max {ms(v['maxMicros'])} ms; within 1 s: {r['visibleWithinOneSecond']:.2%}")
        cpu = r.get("householdsCPUSecondsPerMinuteOfDue")
        idle = r.get("householdsCPUSecondsPerMinuteIdle")
        if cpu is not None:
            print(f"  quad-households CPU: {cpu:.1f} s per minute of due reminders "
                  f"({r['householdsCPUMicrosPerReminder']:.0f} µs per reminder); idle {idle or 0:.2f} s per minute; "
                  f"load {r['load']}")
    if r["impl"] == "event-log-inserts":
        l = r["lateness"]
        print(f"\n{r['impl']}: {r['events']:,} ReminderDue events appended at {r['ratePerSecond']:,.0f}/s "
              f"(one transaction each, synchronous=FULL): {r['cpuSecondsPerMinute']:.1f} CPU s per minute "
              f"({r['cpuMicrosPerEvent']:.0f} µs per event); commit - intended p50 {ms(l['p50Micros'])} ms, "
              f"p99 {ms(l['p99Micros'])} ms, max {ms(l['maxMicros'])} ms; load {r['load']}")
