#!/usr/bin/env python3
"""Session 27, lane ncu: a calibrate --gpu record folder (sm90sim calibrate --record-to) against the
committed recordings (validation/microbench/summary.json.gz): per figure the recording's median and
launch range, this run's median and range, the difference; per family and overall: median |d|, p90,
within 5%, and how many fresh medians lie inside the recording's own launch range or whose ranges
overlap.   compare27_ncu.py [--tsv OUT.tsv] RECDIR...   (worktree root)"""
import glob
import gzip
import json
import os
import statistics
import sys


def main(argv):
    tsv = None
    if argv[:1] == ["--tsv"]:
        tsv, argv = argv[1], argv[2:]
    summ = {b["name"]: b for b in json.load(gzip.open("validation/microbench/summary.json.gz"))["benchmarks"]}
    rows = []
    for d in argv:
        for f in sorted(glob.glob(os.path.join(d, "*.json"))):
            r = json.load(open(f))
            b = summ.get(r["benchmark"])
            if b is None or r.get("skipped"):
                rows.append((r["benchmark"], "-", None, None, None, None, None, None, r.get("skipped") or "no recording"))
                continue
            for k, v in sorted((r.get("figures") or {}).items()):
                if k == "ncu_cycles":
                    rec = b.get("ncu_cycles") or {}
                    sp = r.get("cycles") or {}
                else:
                    rec = (b.get("clock64") or {}).get(k) or {}
                    sp = (r.get("figure_spread") or {}).get(k) or {}
                if rec.get("median") in (None, 0):
                    continue
                rows.append((r["benchmark"], k, rec["median"], rec.get("min"), rec.get("max"), v, sp.get("min"), sp.get("max"), ""))
    fams = {}
    for row in rows:
        if row[2] is None:
            continue
        fams.setdefault(row[0].split("_")[0], []).append(row)
    def stats(rs):
        d = sorted(abs(r[5] / r[2] - 1) * 100 for r in rs)
        p90 = d[min(len(d) - 1, int(0.9 * len(d)))]
        inside = sum(1 for r in rs if r[3] is not None and r[3] <= r[5] <= r[4])
        overlap = sum(1 for r in rs if r[3] is not None and r[6] is not None and r[6] <= r[4] and r[3] <= r[7])
        return (f"{len(rs):4d} figures  median |d| {statistics.median(d):5.2f}%  p90 {p90:6.2f}%  within 5% "
                f"{sum(1 for x in d if x <= 5):4d}  fresh median in the recording's launch range {inside:4d}  ranges overlap {overlap:4d}")
    for f in sorted(fams):
        print(f"{f:10s} {stats(fams[f])}")
    allr = [r for rs in fams.values() for r in rs]
    if allr:
        print(f"{'all':10s} {stats(allr)}")
    for row in rows:
        if row[2] is None:
            print("skipped:", row[0], row[8][:300])
    if tsv:
        with open(tsv, "w") as out:
            out.write("benchmark\tfigure\trec_median\trec_min\trec_max\tfresh_median\tfresh_min\tfresh_max\tdiff_pct\n")
            for r in rows:
                if r[2] is None:
                    continue
                out.write("\t".join(str(x) for x in r[:8]) + f"\t{(r[5] / r[2] - 1) * 100:+.1f}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
