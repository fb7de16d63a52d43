#!/usr/bin/env python3
# Times page 1 of each of errands-feed's 48 queries straight in SQLite and prints the query plans of the slowest:
#
#   Benchmarks/errands.sh --no-build --keep        # then, with the kept directory it prints:
#   Benchmarks/errands-plans.py /tmp/tmp.XXXX/up/data/jobs.sqlite [how many plans, 6]
#
# The statements are copied from ErrandsStore.feedQuery (Services/Jobs/Store/Errands/ErrandsStore+Feed.swift) as of
# issue 14 (jobs.v9: a store walk checks the hold and needed-by on its listing rows); when that changes, change
# them here too. "now" is the present, so run it within a few hours of seeding
# (errands-seed posts errands needed 2 h to 7 days ahead). Python's SQLite, not quad-jobs' GRDB, runs them.
import sqlite3, statistics, sys, time

db = sqlite3.connect(sys.argv[1])
plans = int(sys.argv[2]) if len(sys.argv) > 2 else 6
now = int(time.time() * 1e6)
H = 3600 * 1000000
campus = "campus-northfield"
def feed(store=None, text=None, total=None, within=None, limit=21):
    if store:
        sql = "SELECT e.seq, e.summary FROM errand_listing_store s JOIN errand e ON e.seq = s.seq WHERE s.campus_id = ? AND s.store_key = ? AND s.seq < ?"
        args = [campus, store.lower(), 2**63 - 1]
        sql += " AND s.needed_by > ?"
        args.append(now)
        if total is not None:
            sql += " AND s.hold_minor <= ? AND s.currency = ?"
            args += [total, "USD"]
        if within is not None:
            sql += " AND s.needed_by < ?"
            args.append(now + within * H)
        if text:
            sql += " AND e.seq IN (SELECT rowid FROM errand_listing_text WHERE errand_listing_text MATCH ?)"
            args.append('"%s"' % text)
        order = "s.seq"
    elif text:
        sql = "SELECT e.seq, e.summary FROM errand_listing_text t JOIN errand e ON e.seq = t.rowid WHERE errand_listing_text MATCH ? AND t.rowid < ?"
        args = ['"%s"' % text, 2**63 - 1]
        order = "t.rowid"
    else:
        sql = "SELECT e.seq, e.summary FROM errand e INDEXED BY errand_feed WHERE e.campus_id = ? AND e.listed = 1 AND e.seq < ?"
        args = [campus, 2**63 - 1]
        order = "e.seq"
    sql += " AND e.campus_id = ? AND e.listed = 1 AND e.needed_by > ?"
    args += [campus, now]
    if total is not None:
        sql += " AND e.hold_minor <= ? AND e.currency = ?"
        args += [total, "USD"]
    if within is not None:
        sql += " AND e.needed_by < ?"
        args += [now + within * H]
    sql += f" ORDER BY {order} DESC LIMIT ?"
    args.append(limit)
    return sql, args
queries = [("none", {})] + [("store", {"store": s}) for s in ["Campus Market","Trader Joe's","Safeway","Target","CVS","Whole Foods","Walgreens","7-Eleven","Costco","Campus Bookstore"]]
queries += [("item_text", {"text": t}) for t in ["milk","coffee","chips","bread","juice","sauce","quinoa","tea","choc","CHEESE"]]
queries += [("max_total", {"total": t}) for t in [1000,2500,6000]] + [("needed_by_before", {"within": h}) for h in [6,24,72]]
queries += [("store+item_text", dict(store=s, text=t)) for s, t in [("Campus Market","milk"),("Trader Joe's","coffee"),("Safeway","chips"),("Target","sauce"),("CVS","quinoa")]]
queries += [("store+max_total", dict(store=s, total=t)) for s, t in [("Campus Market",2500),("Safeway",1000),("Walgreens",6000)]]
queries += [("item_text+max_total", dict(text=s, total=t)) for s, t in [("milk",1500),("coffee",3000),("chips",1000)]]
queries += [("store+needed_by_before", dict(store=s, within=t)) for s, t in [("Campus Market",24),("Target",6),("Costco",72)]]
queries += [("item_text+needed_by_before", dict(text=s, within=t)) for s, t in [("milk",24),("bread",6),("tea",72)]]
queries += [("max_total+needed_by_before", dict(total=s, within=t)) for s, t in [(2500,24),(1000,6)]]
queries += [("all four", dict(store="Campus Market", text="milk", total=3000, within=72)), ("all four", dict(store="Safeway", text="chips", total=2000, within=24))]
res = []
for kind, q in queries:
    sql, args = feed(**q)
    ts = []
    for _ in range(7):
        t = time.perf_counter(); rows = db.execute(sql, args).fetchall(); ts.append(time.perf_counter() - t)
    res.append((statistics.median(ts) * 1000, kind, q, len(rows), sql, args))
for ms, kind, q, n, sql, args in sorted(res, key=lambda r: -r[0]):
    print(f"{ms:7.2f} ms  {n:3d} rows  {kind:28s} {q}")
if plans:
    for ms, kind, q, n, sql, args in sorted(res, key=lambda r: -r[0])[:plans]:
        print("\n--", kind, q, f"{ms:.2f} ms")
        for row in db.execute("EXPLAIN QUERY PLAN " + sql, args): print("   ", row[3])
