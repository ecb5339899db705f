#!/usr/bin/env python3
"""Session 24 (helper fa), diagnosis: the SM clock the flash-attention twins really ran at.

  python3 tools/microbench/fa24_clock.py --collect FILES_AT   (device24_flashclock.sh's gt.tgz ->
                                                               validation/timing/flash/fa24_clock.json.gz)
  python3 tools/microbench/fa24_clock.py                      (prints the table)

Per launch (gen24_flashclock.py variants; ncu --cache-control all x3 and 3 launches without ncu): ncu's
sm__cycles_elapsed.max, its clock (sm__cycles_elapsed.avg.per_second), gpu__time_duration; per warp the median
of %clock64 / %globaltimer over the span (slot 1 -> 35 against 37 -> 39), the prologue (1 -> 3 against
37 -> 38: no wgmma yet) and the key loop + epilogue (3 -> 35 against 38 -> 39)."""
import csv
import gzip
import io
import json
import os
import statistics as st
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "validation", "timing", "flash", "fa24_clock.json.gz")
KEEP = (0, 1, 3, 4, 32, 33, 34, 35, 36, 37, 38, 39)


def collect(at):
    t = tarfile.open(os.path.join(at, "gt.tgz"))
    rd = lambda n: t.extractfile("./" + n).read().decode()
    cur, h = {}, None
    for r in csv.reader(io.StringIO(rd("ncu.csv"))):
        if r and r[0] == "ID":
            h = r
        elif h and len(r) == len(h):
            d = dict(zip(h, r))
            cur.setdefault(int(d["ID"]), {})[d["Metric Name"]] = float(d["Metric Value"].replace(",", ""))
    ncu = [cur[k] for k in sorted(cur)]
    out = []
    for mode, name in (("ncu", "dump_ncu.jsonl"), ("plain", "dump_plain.jsonl")):
        for i, ln in enumerate(rd(name).splitlines()):
            d = json.loads(ln)
            clk = d["outputs"]["clk"]
            warps = [[clk[w * 40 + s] for s in KEEP] for w in range(len(clk) // 40)]
            out.append({"twin": d["dir"], "mode": mode, "ncu": ncu[i] if mode == "ncu" else None,
                        "slots": list(KEEP), "warps": warps})
    with gzip.GzipFile(OUT, "wb", mtime=0) as g:
        g.write(json.dumps({"note": "tools/microbench/device24_flashclock.sh on an NVIDIA H200 (driver 580.159.04), "
                            "gen24_flashclock.py variants; per warp the slots listed (raw %clock64, slot 36 %smid, "
                            "37-39 %globaltimer ns)", "launches": out}, separators=(",", ":")).encode())


def table():
    d = json.load(gzip.open(OUT))
    print(f"{'twin':20}{'mode':6}{'ncu cyc':>9}{'ncu MHz':>9}{'dur ns':>8}{'span MHz':>10}{'prologue':>10}{'loop+epi':>10}")
    for L in d["launches"]:
        ix = {s: i for i, s in enumerate(L["slots"])}
        sp, pr, lp = [], [], []
        for w in L["warps"]:
            g = lambda s: w[ix[s]]
            if not g(39):
                continue
            sp.append((g(35) - g(1)) / (g(39) - g(37)) * 1000)
            if g(38) > g(37):
                pr.append((g(3) - g(1)) / (g(38) - g(37)) * 1000)
            lp.append((g(35) - g(3)) / (g(39) - g(38)) * 1000)
        n = L["ncu"] or {}
        print(f"{L['twin']:20}{L['mode']:6}{n.get('sm__cycles_elapsed.max', 0):9.0f}"
              f"{n.get('sm__cycles_elapsed.avg.per_second', 0) / 1e6:9.0f}{n.get('gpu__time_duration.sum', 0):8.0f}"
              f"{st.median(sp):10.0f}{st.median(pr):10.0f}{st.median(lp):10.0f}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--collect":
        collect(sys.argv[2])
    table()
