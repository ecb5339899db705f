#!/usr/bin/env python3
"""cpin31 (session 31, helper cpin): writes the cpasync_p31_* directories (launch.yaml, kernel.ptx) of the
cp_pipe2 kernel (tools/microbench/cpin31/cp_pipe2.ptx) into OUT_DIR (default .devbuild/cpin/mb) and prints
their benchmarks.json entries with --entries. `ctas` CTAs of 8 warps (one a SM); per warp `copies` cp.async
.cg of 512 B a step, `stages` groups in flight: copies x stages x 8 x 512 B in flight on each SM, every line
from HBM; consecutive 512-byte chunks of the stream `stride` bytes apart (512: cp_pipe's sequential stream)."""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WARPS = 8
# (copies, stages, ctas, stride)
POINTS = [(4, 4, 1, 512), (4, 4, 1, 2048), (4, 4, 1, 8192), (1, 4, 1, 2048), (1, 4, 1, 8192), (8, 4, 1, 2048),
          (4, 4, 2, 512), (4, 4, 8, 512), (4, 4, 33, 512), (1, 4, 8, 512), (8, 4, 8, 512), (8, 4, 16, 512)]
BYTES_PER_WARP_REP = 128 * 1024


def name(c, s, n, x):
    return "cpasync_p31_c%d_s%d_n%d_x%d" % (c, s, n, x)


def iters(c):
    return BYTES_PER_WARP_REP // (512 * c)


def entry(c, s, n, x):
    k = iters(c)
    return {"name": name(c, s, n, x), "family": "cpasync", "kernel": "cp_pipe2", "grid": [n, 1, 1],
            "block": [32 * WARPS, 1, 1], "cluster": None,
            "meta": {"kind": "throughput",
                     "op": "cp.async.cg 16 B per lane from HBM (lines not read before), %d CTA(s) of %d warps, %d "
                           "copies of 512 B a step, %d groups in flight: %d KiB in flight a SM; chunks %d B apart"
                           % (n, WARPS, c, s, WARPS * c * s // 2, x),
                     "warps": WARPS, "ctas": n, "steps_per_warp": k * c, "bytes_per_step": 512,
                     "derive": "throughput: bytes per cycle per SM = warps * steps * bytes_per_step / max_w clk[w][1], "
                               "median over CTAs"}}


def launch(c, s, n, x):
    k = iters(c)
    sh = WARPS * c * s * 512
    rows = n * WARPS
    return """# %s: %s (microbenchmark family cpasync; tools/microbench/cpin31/gen31.py)
# clk holds %%clock64 deltas: timing data, not compared (ignored) in functional validation
kernel: cp_pipe2
grid: [%d, 1, 1]
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
  - {s32: 0}
  - {s32: %d}
outputs: [clk, sink]
compare:
  clk: {ignore: [%s]}
""" % (name(c, s, n, x), entry(c, s, n, x)["meta"]["op"], n, 32 * WARPS, sh, rows, 32 * rows, k, c, s, x,
       ", ".join(str(i) for i in range(2 * rows)))


if __name__ == "__main__":
    if "--entries" in sys.argv:
        for p in POINTS:
            print(json.dumps(entry(*p)))
        sys.exit(0)
    out = sys.argv[1] if len(sys.argv) > 1 else ".devbuild/cpin/mb"
    for p in POINTS:
        c, s, n, x = p
        assert n * 2 * WARPS * BYTES_PER_WARP_REP * x // 512 <= 80 << 20, p  # the cold part of the buffer
        d = os.path.join(out, name(*p))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(launch(*p))
        shutil.copy(os.path.join(HERE, "cp_pipe2.ptx"), os.path.join(d, "kernel.ptx"))
        print(d)
