#!/usr/bin/env python3
"""tmab34 (session 34, helper lane l2b; validation/timing/l2b34.md): a TMA-load burst from all 132 SMs at once,
as a GEMM prologue issues its stages (issue 14: the evidence launch cutlass_gemm_ws_cooperative_1536x1408x1024,
whose 132 CTAs issue 7 stages of A and B boxes within a few cycles of each other). Writes the tmab_* directories
(launch.yaml + kernel.ptx, the hand-written tools/microbench/tmab34/tmab.ptx) into OUT_DIR (default
.devbuild/l2b/mb); --entries prints their benchmarks.json entries (family tmab).

One CTA per SM (132 CTAs of 128 threads), thread 0 issues K = 1..8 boxes of 16 KiB back to back and waits for each
(tmab.ptx). Patterns (CTA c reads region (c / div) % mod; K boxes a region):
  dist  div 1,  mod 132: every CTA its own boxes (l2bw_tma_c132's private layout)
  same  div 1,  mod 1:   every CTA the same boxes
  row   div 11, mod 12:  11 consecutive CTAs share (a GEMM's A row of 11 N-tiles, CTAs rastered along N)
  col   div 1,  mod 11:  every 11th CTA shares (12 sharers: a GEMM's B column)
  pair  div 2,  mod 66, cluster 2: the two CTAs of a cluster load the same 16 KiB boxes, no multicast
  mc    div 2,  mod 66, cluster 2, multicast: each rank loads one 8 KiB half of each box into both CTAs
  mcol  div 2,  mod 11, cluster 2, multicast: as mc, 6 clusters share each region (the cooperative GEMM's B)
"""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CTAS = 128 // 128 * 132
PATTERNS = {"dist": (1, 132, 0, 1), "same": (1, 1, 0, 1), "row": (11, 12, 0, 1), "col": (1, 11, 0, 1),
            "pair": (2, 66, 0, 2), "mc": (2, 66, 1, 2), "mcol": (2, 11, 1, 2)}
POINTS = [("dist", k) for k in (1, 2, 4, 8)] + [("same", k) for k in (1, 2, 4, 8)] + \
         [(p, k) for p in ("row", "col", "pair", "mc") for k in (1, 4, 8)] + [("mcol", 4), ("mcol", 8)]
WHAT = {"dist": "every CTA its own boxes", "same": "every CTA the same boxes",
        "row": "11 consecutive CTAs share each region", "col": "every 11th CTA shares (12 a region)",
        "pair": "cluster 2, both CTAs load the same boxes (no multicast)",
        "mc": "cluster 2, each rank multicasts one 8 KiB half of every box to both CTAs",
        "mcol": "cluster 2 multicast halves, 6 clusters share each region"}


def name(p, k):
    return "tmab_%s_k%d" % (p, k)


def entry(p, k):
    div, mod, mc, cl = PATTERNS[p]
    return {"name": name(p, k), "family": "tmab", "kernel": "tmab", "grid": [CTAS, 1, 1], "block": [128, 1, 1],
            "cluster": [cl, 1, 1] if cl > 1 else None,
            "meta": {"kind": "latency",
                     "op": "TMA 2D load burst, %d CTAs (1 per SM) each issue %d box(es) of 16 KiB ([64 f16, 128 rows], "
                           "swizzle 128B) at once and wait for each: %s" % (CTAS, k, WHAT[p]),
                     "ctas": CTAS, "boxes": k, "div": div, "mod": mod, "multicast": mc, "cluster": cl,
                     "pattern": p, "box_bytes": 16384,
                     "derive": "per CTA: first_cycles = clk[c][1] (box 0's wait - t0), last_cycles = clk[c][K] "
                               "(the last box's wait - t0), issue_cycles = clk[c][0]; figures the min, median "
                               "and max over CTAs (first_med_cycles ...)"}}


def launch(p, k):
    div, mod, mc, cl = PATTERNS[p]
    rows = mod * k * 128
    cluster = "cluster: [%d, 1, 1]\n" % cl if cl > 1 else ""
    return """# %s: %s (microbenchmark family tmab; tools/microbench/tmab34/gen34_tmab.py)
# clk holds %%clock64 stamps: timing data, not compared (ignored) in functional validation
kernel: tmab
grid: [%d, 1, 1]
block: [128, 1, 1]
%sshared_bytes: %d  # 128 KiB whatever K: one CTA per SM
seed: 1
buffers:
  t: {dtype: f16, shape: [%d, 64], init: uniform}
  clk: {dtype: u64, shape: [%d, 16]}
  smid: {dtype: u32, shape: [%d]}
  sink: {dtype: u32, shape: [%d, 32]}
tensormaps:
  tm16: {buffer: t, dtype: f16, dims: [64, %d], strides: [128], box: [64, 128], swizzle: 128B}
  tm8: {buffer: t, dtype: f16, dims: [64, %d], strides: [128], box: [64, 64], swizzle: 128B}
params:
  - {tensormap: tm16}
  - {tensormap: tm8}
  - {buffer: clk}
  - {buffer: smid}
  - {buffer: sink}
  - {s32: %d}
  - {s32: %d}
  - {s32: %d}
  - {s32: %d}
outputs: [clk, smid, sink]
compare:
  clk: {ignore: all}
  smid: {ignore: all}
""" % (name(p, k), entry(p, k)["meta"]["op"], CTAS, cluster, 131072, rows, CTAS, CTAS, CTAS, rows, rows,
       k, div, mod, mc)


if __name__ == "__main__":
    if "--entries" in sys.argv:
        print(json.dumps([entry(*p) for p in POINTS], indent=1))
        sys.exit(0)
    out = sys.argv[1] if len(sys.argv) > 1 else ".devbuild/l2b/mb"
    for p in POINTS:
        d = os.path.join(out, name(*p))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(launch(*p))
        shutil.copy(os.path.join(HERE, "tmab.ptx"), os.path.join(d, "kernel.ptx"))
        print(d)
