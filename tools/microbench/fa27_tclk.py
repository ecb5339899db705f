#!/usr/bin/env python3
"""Table of the gen27_tclk.py variants (helper fa, session 27, fa27.md):
per warpgroup (wgmma warps 0-3, FP warps 4-7, the first CTA's SM; for grids of
132 the median over CTAs), the span in %clock64 cycles and %globaltimer ns and
their ratio (the SM clock in MHz), and the FP passes.
usage: fa27_tclk.py DUMP.jsonl [NCU.csv ORDER.txt]
       fa27_tclk.py validation/timing/flash/fa27_tclk.json.gz   (every call, plain and under ncu)"""
import csv, gzip, io, json, os, statistics, sys, tempfile
from collections import defaultdict


def rows(dump):
    for r in dump:
        g = r["outputs"]["gt"]
        yield r["dir"], [g[i:i + 8] for i in range(0, len(g), 8)]


def wg(ws):
    ws = [w for w in ws if w[1] > w[0]]
    if not ws:
        return None
    c = max(w[1] for w in ws) - min(w[0] for w in ws)
    t = max(w[3] for w in ws) - min(w[2] for w in ws)
    return c, t, c * 1000.0 / t if t else 0, max(w[4] for w in ws), min(w[2] for w in ws), max(w[3] for w in ws)


def table(dump, ncu_csv=None, order_txt=None):
    res = defaultdict(list)
    for d, warps in rows(dump):
        ctas = [warps[i:i + 8] for i in range(0, len(warps), 8)]
        per = []
        for c in ctas:
            a, b = wg(c[:4]), wg(c[4:])
            ov = None
            if a and b:
                ov = max(0, min(a[5], b[5]) - max(a[4], b[4])) / (a[5] - a[4])
            per.append((a, b, ov))
        res[d].append(per)
    ncu = {}
    if ncu_csv is not None:
        order = [ln.split()[0].rstrip("/").split("/")[-1] for ln in order_txt.splitlines() if ln.strip()]
        vals = defaultdict(dict)
        lines = [ln for ln in ncu_csv.splitlines(True) if not ln.startswith("==")]
        for r in csv.DictReader(lines):
            vals[int(r["ID"])][r["Metric Name"]] = float(r["Metric Value"].replace(",", ""))
        for i, d in enumerate(order):
            if i in vals:
                ncu[d] = (vals[i]["sm__cycles_elapsed.max"], vals[i]["sm__cycles_elapsed.avg.per_second"] / 1e6)
    print("| variant | wgmma WG: cycles / ns = MHz (3 launches) | FP WG: cycles / ns = MHz, passes | FP over the wgmma span | ncu cycles @ MHz |")
    print("|---|---|---|---|---|")
    for d, launches in res.items():
        a_s, b_s, o_s = [], [], []
        for per in launches:
            A = [p[0] for p in per if p[0]]
            B = [p[1] for p in per if p[1]]
            O = [p[2] for p in per if p[2] is not None]
            if A:
                a_s.append("%d / %d = %.0f" % (statistics.median(x[0] for x in A), statistics.median(x[1] for x in A), statistics.median(x[2] for x in A)))
            if B:
                b_s.append("%d / %d = %.0f, %d" % (statistics.median(x[0] for x in B), statistics.median(x[1] for x in B), statistics.median(x[2] for x in B), B[0][3]))
            if O:
                o_s.append("%.2f" % statistics.median(O))
        n = ncu.get(d)
        print("| %s | %s | %s | %s | %s |" % (d, "; ".join(a_s) or "-", "; ".join(b_s) or "-", ", ".join(o_s) or "-",
                                           "%d @ %.0f" % n if n else ""))


def main():
    a = sys.argv[1]
    if a.endswith(".json.gz"):
        doc = json.load(gzip.open(a))
        for c in doc["calls"]:
            for k in ("dump_plain.jsonl", "dump_ncu.jsonl"):
                print("\ncall %d, %s:\n" % (c["call"], "3 launches without ncu" if "plain" in k else "1 launch under ncu"))
                table(c[k], c["ncu.csv"], c["order_ncu.txt"])
        return
    dump = [json.loads(ln) for ln in open(a)]
    if len(sys.argv) > 3:
        table(dump, open(sys.argv[2]).read(), open(sys.argv[3]).read())
    else:
        table(dump)


if __name__ == "__main__":
    main()
