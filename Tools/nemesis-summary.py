#!/usr/bin/env python3
"""One nemesis schedule's figures (Tools/nemesis.sh): faults injected, journeys, calls, errors by status, whether the
system recovered after the last fault, what the invariant checker said, and (in a soak) each process's RSS growth.

Prints one block of lines; the words NOT RECOVERED, VIOLATED or "check failed" mark a failed schedule."""
import argparse
import collections
import json
import os
import re
import statistics

INJECTED = {"kill", "stop", "restart", "delay", "drop", "reset", "partition"}
ENDED = {"back", "resume", "heal", "not-back"}
# After the last fault ended, the gateway may still be backing off from the upstream it ejected (at most 30 s by
# default, usually 1-4 s) and journeys that were waiting on the fault end: calls sent after this grace must succeed.
GRACE_SECONDS = 10
RECOVERED_MAX_ERROR_RATIO = 0.05


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--load-status", default="0")
    parser.add_argument("--check-status", default="skipped")
    parser.add_argument("--rss")
    args = parser.parse_args()
    lines = [f"{args.name}:"]
    failed = False

    report_path = os.path.join(args.dir, "report.json")
    report = {}
    if os.path.exists(report_path):
        with open(report_path) as handle:
            report = json.load(handle)
    else:
        lines.append(f"  quad-load wrote no report (exit {args.load_status}); see {args.dir}/load.err")
        failed = True
    faults = report.get("faults", [])
    injected = [f for f in faults if f["action"] in INJECTED]
    kinds = collections.Counter(f["action"] for f in injected)
    not_back = [f for f in faults if f["action"] in ("not-back", "failed")]
    lines.append(
        f"  faults injected: {len(injected)} ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})"
        + (f"; {len(not_back)} NOT RECOVERED or failed: " + "; ".join(f["detail"] for f in not_back) if not_back else "")
    )
    failed |= bool(not_back)
    verdict = report.get("verdict") or {}
    if verdict:
        lines.append(
            f"  journeys: {verdict.get('journeys_succeeded', 0)} of {verdict.get('journeys', 0)} succeeded "
            f"(measured part; quad-load exit {args.load_status})"
        )

    calls = []
    calls_path = os.path.join(args.dir, "calls.jsonl")
    if os.path.exists(calls_path):
        with open(calls_path) as handle:
            for line in handle:
                line = line.strip()
                if line:
                    try:
                        entry = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    # The log's other lines ("record": "write" or "feed") are for quad-load check, not calls.
                    if "record" not in entry:
                        calls.append(entry)
    statuses = collections.Counter(c.get("status", "?") for c in calls)
    errors = {s: n for s, n in statuses.items() if s != "OK"}
    lines.append(
        f"  calls: {len(calls)}, errors: {sum(errors.values())}"
        + (" (" + ", ".join(f"{s} {n}" for s, n in sorted(errors.items(), key=lambda x: -x[1])) + ")" if errors else "")
    )

    # Recovery: the calls sent once the last fault had ended, plus the grace.
    ends = [f["at_seconds"] for f in faults if f["action"] in ENDED or f["action"] in ("reset", "kill", "restart")]
    if injected and calls:
        quiet_from = max(ends + [f["at_seconds"] for f in injected]) + GRACE_SECONDS
        tail = [c for c in calls if c.get("sent_ms", 0) / 1000 >= quiet_from]
        tail_errors = collections.Counter(c["status"] for c in tail if c.get("status") != "OK")
        ratio = sum(tail_errors.values()) / len(tail) if tail else 0
        if not tail:
            lines.append(f"  recovery: no call was sent after {quiet_from:.0f} s (the last fault's end + {GRACE_SECONDS} s)")
        else:
            ok = ratio <= RECOVERED_MAX_ERROR_RATIO
            failed |= not ok
            lines.append(
                f"  recovery: {'recovered' if ok else 'NOT RECOVERED'}: {len(tail)} calls after {quiet_from:.0f} s, "
                f"{sum(tail_errors.values())} errors ({ratio:.1%})"
                + (" (" + ", ".join(f"{s} {n}" for s, n in tail_errors.most_common()) + ")" if tail_errors else "")
            )

    # Exits no fault caused: kill is signal 9, restart a clean exit (status 0) after SIGTERM; anything else (a
    # trap, signal 4; an abort, 6; a segfault, 11; a failing status) is a crash.
    crashes = collections.Counter()
    up_path = os.path.join(args.dir, "up.out")
    if os.path.exists(up_path):
        with open(up_path, errors="replace") as handle:
            for line in handle:
                match = re.match(r"(\S+) \(pid \d+\) exited with (signal \d+|status \d+)", line)
                if match and match.group(2) not in ("signal 9", "status 0"):
                    crashes[f"{match.group(1)} {match.group(2)}"] += 1
    if crashes:
        failed = True
        lines.append("  CRASHED: " + ", ".join(f"{what} x{n}" for what, n in sorted(crashes.items())))
        fatal = os.path.join(args.dir, "logs")
        reasons = collections.Counter()
        for name in sorted(os.listdir(fatal)) if os.path.isdir(fatal) else []:
            with open(os.path.join(fatal, name), errors="replace") as handle:
                for line in handle:
                    if "Fatal error" in line or "Program crashed" in line:
                        reasons[line.strip()[:200]] += 1
        for reason, count in reasons.most_common(3):
            lines.append(f"    {reason} (x{count}, in the logs kept)")
    else:
        lines.append("  crashes: none (every exit was a fault's)")

    if args.check_status == "skipped":
        lines.append("  invariants: not checked (quad-load check is not available yet)")
    else:
        check_path = os.path.join(args.dir, "check.json")
        summary = summarize_check(check_path) if os.path.exists(check_path) else None
        if summary is None:
            lines.append(f"  invariants: check failed (exit {args.check_status}, no readable {check_path})")
            failed = True
        else:
            checked, violated, names = summary
            state = "VIOLATED" if violated else "none violated"
            failed |= bool(violated) or args.check_status != "0"
            lines.append(
                f"  invariants: {checked} checked, {violated} violated ({state}; exit {args.check_status})"
                + (": " + ", ".join(names) if names else "")
            )

    if args.rss and os.path.exists(args.rss):
        lines += rss_growth(args.rss)
    print("\n".join(lines))
    return 1 if failed else 0


def summarize_check(path):
    """(checked, violated, names of the violated) from the checker's JSON, whatever its exact shape: a list of
    invariants (each with a name and violations, a count or a list, or ok/passed), or totals."""
    try:
        with open(path) as handle:
            data = json.load(handle)
    except (OSError, json.JSONDecodeError):
        return None
    items = None
    if isinstance(data, dict):
        for key in ("invariants", "checks", "results"):
            if isinstance(data.get(key), list):
                items = data[key]
                break
    elif isinstance(data, list):
        items = data
    if items is not None:
        violated = []
        items_checked = 0
        for item in items:
            if not isinstance(item, dict):
                continue
            if isinstance(item.get("checked"), int):
                items_checked += item["checked"]
            bad = item.get("violations", item.get("violated"))
            if isinstance(bad, list):
                bad = len(bad)
            if bad is None and ("ok" in item or "passed" in item):
                bad = 0 if item.get("ok", item.get("passed")) else 1
            if bad:
                violated.append(str(item.get("name", item.get("invariant", "?"))))
        return f"{len(items)} ({items_checked} items)", len(violated), violated
    if isinstance(data, dict):
        checked = data.get("checked", data.get("invariants_checked"))
        bad = data.get("violated", data.get("violations", data.get("invariants_violated", 0)))
        if isinstance(bad, list):
            bad = len(bad)
        if checked is not None:
            return int(checked), int(bad or 0), []
    return None


def rss_growth(path):
    """Each process's RSS growth after warm-up: for each pid of a service that lived 10 minutes or more, the median
    of its samples in the 3 minutes after its first 5 against the median of its last 3 minutes; and, for one that
    lived 18 minutes or more, over its last 10 minutes (is it still growing at the end?)."""
    samples = collections.defaultdict(list)
    with open(path) as handle:
        next(handle, None)
        for line in handle:
            parts = line.split()
            if len(parts) == 4:
                seconds, name, pid, rss = parts
                samples[(name, pid)].append((int(seconds), int(rss)))
    lines = ["  memory (RSS after warm-up, per process that lived 10 min or more):"]
    worst = 0.0
    measured = set()
    for (name, pid), series in sorted(samples.items()):
        first, last = series[0][0], series[-1][0]
        if last - first < 600:
            continue
        measured.add(name)
        base = [r for s, r in series if first + 300 <= s < first + 480]
        end = [r for s, r in series if s > last - 180]
        if not base or not end:
            continue
        growth = statistics.median(end) / statistics.median(base) - 1
        worst = max(worst, growth)
        # Whether it still grows at the end, for a process whose warm-up outlasts 5 minutes (a cache filling):
        # its last 3 minutes against the 3 minutes that ended 10 minutes before, when it lived 18 minutes or more.
        earlier = [r for s, r in series if last - 780 < s <= last - 600] if last - first >= 1080 else []
        tail = (
            f"; last 10 min {statistics.median(end) / statistics.median(earlier) - 1:+.1%}" if earlier else ""
        )
        lines.append(
            f"    {name} pid {pid}: {statistics.median(base) / 1024:.1f} MB -> {statistics.median(end) / 1024:.1f} MB "
            f"({growth:+.1%}) over {(last - first) / 60:.0f} min{tail}"
        )
    unmeasured = sorted({name for name, _ in samples} - measured)
    if unmeasured:
        lines.append(f"    not measured (no life of 10 min or more: faults restarted them): {', '.join(unmeasured)}")
    lines.append(f"    worst growth {worst:+.1%} (target < 10%)" + ("" if worst < 0.10 else ": MEMORY GREW"))
    return lines


if __name__ == "__main__":
    raise SystemExit(main())
