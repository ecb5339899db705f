#!/usr/bin/env python3
"""Phase table of the tph31 twins (gen31_flash.py: 32 key blocks), GPU against the simulator. Numpy-free.

  python3 tools/microbench/fa31_phases.py TWIN_DIR [SIM_CLK.npy] [--dump DUMP.jsonl]

TWIN_DIR holds clock_runs.json[.gz] (mb.py run); --dump adds the launches under ncu (mb.py once --dump lines of
this twin); SIM_CLK.npy is the clk output of `sm90sim run --mode timed` of the same directory. A key block's phase
is the difference of two stamps of a warp; a row is the median over the stamped CTAs' warps, the runs and the
steady-state key blocks (4..27: away from the first loads and the last blocks)."""
import gzip
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fa23_phases import npy  # noqa: E402

SLOTS, WARPS, PER, BLOCKS = 240, 8, 7, 32
STEADY = range(4, 28)
NAMES = ["1 QK wgmma issue+wait (+ PV i-1)", "2 row max (FMNMX, 2x2 SHFL)", "3 scale FFMA + 34 EX2",
         "4 row sum SHFL, acc*=alpha, F2FP", "5 PV wgmma (RS) issue", "6 tail bar.sync", "7 cp.async issue + wait + bar"]


def runs_of(d, dump=None):
    out = []
    for p in (os.path.join(d, "clock_runs.json"), os.path.join(d, "clock_runs.json.gz")):
        if os.path.exists(p):
            f = gzip.open(p, "rt") if p.endswith(".gz") else open(p)
            out += [("warm", r["clk"]) for r in json.load(f)["outputs"]]
    if dump:
        for ln in open(dump):
            j = json.loads(ln)
            if j["dir"] == os.path.basename(os.path.normpath(d)):
                out.append(("ncu", j["outputs"]["clk"]))
    return out


def phases(clk):
    ph = {}
    for c0 in range(0, len(clk), WARPS * SLOTS):
        for w in range(WARPS):
            s = clk[c0 + w * SLOTS:c0 + (w + 1) * SLOTS]
            if not s[0]:
                continue
            add = lambda k, v: ph.setdefault(k, []).append(v)  # noqa: E731
            add("a entry -> K/V 0 in smem (4-0)", s[4] - s[0])
            for i in STEADY:
                b = 4 + PER * i
                for k in range(PER):
                    add(NAMES[k], s[b + k + 1] - s[b + k])
                add("key block (11+7i - 4+7i)", s[b + PER] - s[b])
            add("blocks 0..3", s[4 + PER * 4] - s[4])
            add("blocks 28..31 (to the last tail bar)", s[4 + PER * 31 + 6] - s[4 + PER * 28])
            add("z post-loop (235 - last tail bar)", s[235] - s[4 + PER * 31 + 6])
            add("z entry -> stores issued (235-0)", s[235] - s[0])
    return ph


def main():
    a = sys.argv[1:]
    dump = None
    if "--dump" in a:
        i = a.index("--dump")
        dump = a[i + 1]
        del a[i:i + 2]
    d = a[0]
    sets = {}
    for lab, clk in runs_of(d, dump):
        for k, v in phases(clk).items():
            sets.setdefault(lab, {}).setdefault(k, []).extend(v)
    if len(a) > 1:
        sets["sim"] = phases(npy(a[1]))
    labs = list(sets)
    print(f"{'phase (median: warps, runs, blocks 4..27)':44}" + "".join(f"{x:>10}" for x in labs))
    for k in sorted(sets[labs[0]]):
        print(f"{k:44}" + "".join(f"{statistics.median(sets[x][k]):10.0f}" for x in labs))


if __name__ == "__main__":
    main()
