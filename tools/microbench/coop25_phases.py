"""Session 25 (helper coop): phase table of a stamped CUTLASS cooperative twin (gen25_coop.py's slot layout,
clk[cta][12 warps][16] raw 32-bit %clock), model against GPU.

  python3 tools/microbench/coop25_phases.py DIR [MODEL_CLK.npy [clock_runs_cold|clock_runs_noflush|clock_runs]]

GPU: DIR/clock_runs_cold.json(.gz) (3 ncu launches, caches flushed) or the file named; medians over the CTAs
of every launch. Stamps relative to each CTA's first entry stamp; "latest" = the latest consumer warp."""
import gzip
import json
import os
import statistics
import sys

import ast
import struct

W, S = 12, 16


def load(p):
    for q in (p, p + ".gz"):
        if os.path.exists(q):
            return json.load(gzip.open(q, "rt") if q.endswith(".gz") else open(q))
    return None


def npy(path):
    """a little-endian 8-byte integer .npy (no numpy here)"""
    b = open(path, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    h = ast.literal_eval(b[10:10 + hl].decode())
    assert h["descr"] == "<u4", h
    n = (len(b) - 10 - hl) // 4
    return list(struct.unpack("<%dI" % n, b[10 + hl:]))


def phases(clk, nk):
    """one launch: list of per-CTA dicts (cycles from the CTA's earliest entry stamp, 32-bit wrap)"""
    a = [[clk[(i * W + j) * S:(i * W + j + 1) * S] for j in range(W)] for i in range(len(clk) // (S * W))]
    out = []
    for c in a:
        t0 = c[0][0]
        for w in c:
            if (w[0] - t0) % 2**32 > 2**31:
                t0 = w[0]
        r = lambda v: (v - t0) % 2**32 if v else None  # noqa: E731
        if not c[0][1]:  # coop25_k64_exit: entry and ret only
            out.append({"warp at ret (10, latest of all)": max(r(w[10]) for w in c)})
            continue
        cons = c[4:]
        lat = lambda k: max((r(w[k]) for w in cons if w[k]), default=None)  # noqa: E731
        p = c[0]
        out.append({"barrier passed (1, latest warp)": max(r(w[1]) for w in c),
                    "producer before setmaxnreg.dec (2)": r(p[2]), "producer after it (3)": r(p[3]),
                    "producer first empty wait passed (4)": r(p[4]), "producer first TMA issued (5)": r(p[5]),
                    "producer last TMA issued (6)": r(p[6]), "producer tail start (7)": r(p[7]),
                    "consumers before setmaxnreg.inc (2, latest)": lat(2), "consumers after it (3, latest)": lat(3),
                    "first full barrier (4, latest)": lat(4), "k-tile 0 commit (5, latest)": lat(5),
                    "last full barrier (6, latest)": lat(6), "wait_group 0 (7, latest)": lat(7),
                    "epilogue start (8, latest)": lat(8), "epilogue stores issued (9, latest)": lat(9),
                    "warp at ret (10, latest of all)": max(r(w[10]) for w in c)})
    return out


def table(runs, nk):
    rows = {}
    for clk in runs:
        for d in phases(clk, nk):
            for k, v in d.items():
                if v is not None:
                    rows.setdefault(k, []).append(v)
    return {k: statistics.median(v) for k, v in rows.items()}


def main():
    d = sys.argv[1]
    nk = 0
    src = sys.argv[3] if len(sys.argv) > 3 else "clock_runs_cold"
    g = load(os.path.join(d, src + ".json"))
    gt = table([o["clk"] for o in g["outputs"]], nk) if g else {}
    mt = table([npy(sys.argv[2])], nk) if len(sys.argv) > 2 else {}
    print(f"{'stamp':48s} {'model':>7s} {'GPU ' + src:>16s} {'GPU-model':>9s}")
    for k in (list(gt) or list(mt)):
        m, v = mt.get(k), gt.get(k)
        print(f"{k:48s} {m if m is not None else '':>7} {v if v is not None else '':>16} "
              f"{(v - m) if (m is not None and v is not None) else '':>9}")


if __name__ == "__main__":
    main()
