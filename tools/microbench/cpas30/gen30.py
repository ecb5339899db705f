#!/usr/bin/env python3
"""cpas30 (session 30, helper cpas): writes the cpasync_p30_* directories (launch.yaml, kernel.ptx) of the
cp_pipe kernel (tools/microbench/cpas30/cp_pipe.ptx) into OUT_DIR (default .devbuild/cpas/mb) and prints
their benchmarks.json entries with --entries. 8 warps of one CTA; per warp `copies` cp.async of 512 B a
step, `stages` groups in flight: copies x stages x 8 x 512 B in flight on the SM, every line from HBM."""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WARPS = 8
# (mode, copies, stages): in flight on the SM = 8 x copies x stages x 512 B
POINTS = [("cg", 1, 4), ("cg", 2, 4), ("cg", 3, 4), ("cg", 4, 4), ("cg", 8, 2), ("cg", 6, 4), ("cg", 8, 4),
          ("ca", 2, 4), ("ca", 4, 4)]
BYTES_PER_WARP_REP = 128 * 1024


def name(mode, c, s):
    return "cpasync_p30_%s_c%d_s%d" % (mode, c, s)


def iters(c):
    return BYTES_PER_WARP_REP // (512 * c)


def entry(mode, c, s):
    n = name(mode, c, s)
    k = iters(c)
    return {"name": n, "family": "cpasync", "kernel": "cp_pipe", "grid": [1, 1, 1], "block": [32 * WARPS, 1, 1],
            "cluster": None,
            "meta": {"kind": "throughput",
                     "op": "cp.async.%s 16 B per lane from HBM (lines not read before), %d warps x 1 CTA, %d copies of "
                           "512 B a step, %d group(s) in flight: %d KiB in flight" % (mode, WARPS, c, s, WARPS * c * s // 2),
                     "warps": WARPS, "ctas": 1, "steps_per_warp": k * c, "bytes_per_step": 512,
                     "derive": "throughput: bytes per cycle per SM = warps * steps * bytes_per_step / max_w clk[w][1]"}}


def launch(mode, c, s):
    n = name(mode, c, s)
    k = iters(c)
    sh = WARPS * c * s * 512
    return """# %s: %s (microbenchmark family cpasync; tools/microbench/cpas30/gen30.py)
# clk holds %%clock64 deltas: timing data, not compared (ignored) in functional validation
kernel: cp_pipe
grid: [1, 1, 1]
block: [%d, 1, 1]
shared_bytes: %d
seed: 1
buffers:
  clk: {dtype: u64, shape: [%d, 2]}
  sink: {dtype: u32, shape: [%d]}
  src: {dtype: u8, shape: [134217728]}
params:
  - {buffer: clk}
  - {buffer: sink}
  - {buffer: src}
  - {s32: %d}
  - {s32: %d}
  - {s32: %d}
  - {s32: %d}
outputs: [clk, sink]
compare:
  clk: {ignore: [%s]}
""" % (n, entry(mode, c, s)["meta"]["op"], 32 * WARPS, sh, WARPS, 32 * WARPS, k, c, s, 0 if mode == "cg" else 1,
       ", ".join(str(i) for i in range(2 * WARPS)))


if __name__ == "__main__":
    if "--entries" in sys.argv:
        for p in POINTS:
            print(json.dumps(entry(*p)))
        sys.exit(0)
    out = sys.argv[1] if len(sys.argv) > 1 else ".devbuild/cpas/mb"
    for p in POINTS:
        d = os.path.join(out, name(*p))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(launch(*p))
        shutil.copy(os.path.join(HERE, "cp_pipe.ptx"), os.path.join(d, "kernel.ptx"))
        print(d)
