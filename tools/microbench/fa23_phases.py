#!/usr/bin/env python3
"""Phase table of the flash-attention twins (gen23_flash.py), GPU against the simulator. Numpy-free.

  python3 tools/microbench/fa23_phases.py TWIN_DIR SIM_CLK.npy

TWIN_DIR holds the recordings (clock_runs_cold.json[.gz]: the launches under ncu with the cache flush;
clock_runs.json[.gz]: 5 warm runs; clock_runs_noflush.json[.gz]); SIM_CLK.npy is the clk output of
`sm90sim run --mode timed` of the same directory. Per warp, each phase is the difference of two stamps
(slots: gen23_flash.py); a row is the median over the CTAs' warps and the runs."""
import ast
import gzip
import json
import os
import statistics
import struct
import sys

SLOTS, WARPS, PER = 40, 8, 7


def npy(p):
    b = open(p, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    h = ast.literal_eval(b[10:10 + hl].decode())
    n = 1
    for s in h["shape"]:
        n *= s
    return list(struct.unpack("<%dQ" % n, b[10 + hl:10 + hl + 8 * n]))


def runs(d, name):
    for p in (os.path.join(d, name), os.path.join(d, name + ".gz")):
        if os.path.exists(p):
            f = gzip.open(p, "rt") if p.endswith(".gz") else open(p)
            return [r["clk"] for r in json.load(f)["outputs"]]
    return []


def phases(clk, blocks):
    """{phase: [per-warp durations]} and {slot: [latest warp - CTA t0]} of one launch."""
    ph, lat = {}, {}
    for c0 in range(0, len(clk), WARPS * SLOTS):
        ws = [clk[c0 + w * SLOTS:c0 + (w + 1) * SLOTS] for w in range(WARPS)]
        if not ws[0][0]:
            continue
        t0 = min(w[0] for w in ws)

        def add(k, v):
            ph.setdefault(k, []).append(v)
        for w in ws:
            add("a entry -> params (1-0)", w[1] - w[0])
            add("b Q ld.global -> st.shared (2-1)", w[2] - w[1])
            add("c K/V block 0 cp.async issue (3-2)", w[3] - w[2])
            add("d wait K/V 0 + bar (4-3)", w[4] - w[3])
            for i in range(blocks):
                s = 4 + PER * i
                add(f"i{i} 1 QK wgmma issue+wait", w[s + 1] - w[s])
                add(f"i{i} 2 row max (FMNMX, 2x2 SHFL)", w[s + 2] - w[s + 1])
                add(f"i{i} 3 scale FFMA + 34 EX2", w[s + 3] - w[s + 2])
                add(f"i{i} 4 row sum SHFL, acc*=alpha, F2FP", w[s + 4] - w[s + 3])
                add(f"i{i} 5 PV wgmma (RS) issue", w[s + 5] - w[s + 4])
                add(f"i{i} 6 tail bar.sync", w[s + 6] - w[s + 5])
                if i + 1 < blocks:
                    add(f"i{i} 7 cp.async issue + wait + bar", w[s + PER] - w[s + 6])
            last = 4 + PER * (blocks - 1) + 6
            add("e loop exit -> last PV waited (32-last)", w[32] - w[last])
            add("f cp.async wait + bar (33-32)", w[33] - w[32])
            add("g epilogue div/cvt/st.shared/bar (34-33)", w[34] - w[33])
            add("h LDSM + 4 st.global issue (35-34)", w[35] - w[34])
            add("z entry -> stores issued (35-0)", w[35] - w[0])
        for k in range(36):
            v = [w[k] - t0 for w in ws if w[k]]
            if v:
                lat.setdefault(k, []).append(max(v))
    return ph, lat


def table(d, sim, blocks):
    sets = [("sim", [npy(sim)])]
    for lab, n in (("GPU cold", "clock_runs_cold.json"), ("GPU warm", "clock_runs.json"),
                   ("GPU noflush", "clock_runs_noflush.json")):
        r = runs(d, n)
        if r:
            sets.append((lab, r))
    res = []
    for lab, rs in sets:
        ph, lat = {}, {}
        for clk in rs:
            p, l = phases(clk, blocks)
            for k, v in p.items():
                ph.setdefault(k, []).extend(v)
            for k, v in l.items():
                lat.setdefault(k, []).extend(v)
        res.append((lab, {k: statistics.median(v) for k, v in ph.items()},
                    {k: statistics.median(v) for k, v in lat.items()}))
    labs = [r[0] for r in res]
    print(f"{'phase (median over warps, runs)':44}" + "".join(f"{x:>12}" for x in labs) + f"{'GPUcold-sim':>12}")
    for k in sorted(res[0][1]):
        vals = [r[1].get(k, float('nan')) for r in res]
        print(f"{k:44}" + "".join(f"{v:12.0f}" for v in vals) + f"{vals[1] - vals[0] if len(vals) > 1 else 0:12.0f}")
    print(f"{'slot: latest warp - CTA t0':44}")
    for k in sorted(res[0][2]):
        vals = [r[2].get(k, float('nan')) for r in res]
        print(f"{'  slot %d' % k:44}" + "".join(f"{v:12.0f}" for v in vals) + f"{vals[1] - vals[0] if len(vals) > 1 else 0:12.0f}")


if __name__ == "__main__":
    d = sys.argv[1]
    blocks = 2 if "1x128" in d else 4
    table(d, sys.argv[2], blocks)
