#!/usr/bin/env python3
"""Per-CTA phase table of tph_tma_reduce_ops (warp 0 stamps): GPU (median of the flushed launches,
median of warm runs) against the simulated clk. Usage: redops_phases.py DIR SIM_CLK.npy [h100]"""
import gzip, json, sys
import ast, statistics, struct

PH = ["load", "sync", "issue", "wait", "flag"]
MASK = 0x08ffffffffffffff


def load_npy(path):
    b = open(path, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    hdr = ast.literal_eval(b[10:10 + hl].decode())
    assert hdr["descr"] in ("<u8", "<i8"), hdr
    n = (len(b) - 10 - hl) // 8
    return list(struct.unpack(f"<{n}Q", b[10 + hl:]))


def phases(clk):
    """warp 0 of each CTA: [62][5] phase lengths (load, sync, issue, wait, flag)"""
    out = []
    for v in range(62):
        r = clk[v * 4 * 8:(v * 4 + 1) * 8]
        s = [0] + [int(x) for x in r[1:6]]
        out.append([s[i + 1] - s[i] for i in range(5)])
    return out


def runs(path):
    d = json.load(gzip.open(path))
    return [phases(o["clk"]) for o in d["outputs"]]


def med(xs):
    return statistics.median(xs)


def main():
    d, simf = sys.argv[1], sys.argv[2]
    suf = "." + sys.argv[3] if len(sys.argv) > 3 else ""
    cold = runs(f"{d}/clock_runs_cold{suf}.json.gz")
    warm = runs(f"{d}/clock_runs{suf}.json.gz")
    sim = phases(load_npy(simf))
    vs = [v for v in range(62) if (MASK >> v) & 1]
    cm = [[med([r[v][i] for r in cold]) for i in range(5)] for v in range(62)]
    wm = [[med([r[v][i] for r in warm]) for i in range(5)] for v in range(62)]
    print("v    " + " ".join(f"{p:>17}" for p in PH) + "   (sim/cold/warm)")
    for v in vs:
        print(f"{v:3d}  " + " ".join(f"{sim[v][i]:5d}/{cm[v][i]:5.0f}/{wm[v][i]:5.0f}" for i in range(5)),
              " cold issue", [r[v][2] for r in cold], "wait", [r[v][3] for r in cold],
              " warm issue", [r[v][2] for r in warm])
    for name, sel in (("bulk", [v for v in vs if v < 28]), ("tensor", [v for v in vs if v >= 28])):
        print(name, "median sim/cold/warm:", " ".join(
            f"{p}={med([sim[v][i] for v in sel]):.0f}/{med([cm[v][i] for v in sel]):.0f}/{med([wm[v][i] for v in sel]):.0f}"
            for i, p in enumerate(PH)))


main()
