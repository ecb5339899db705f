#!/usr/bin/env python3
# cpa35: the microbenchmark directories cpl1_* (family cpl1) from the probe's kernel (k35/gen.py)
import os, shutil
H = os.path.dirname(os.path.abspath(__file__)); K = os.path.join(H, "..", "k35", "mb")
PTS = [(1, 1, 56), (1, 1, 60), (1, 1, 64), (1, 1, 72), (1, 4, 56), (1, 4, 64),
       (2, 4, 56), (2, 4, 60), (2, 4, 64), (2, 4, 72), (4, 4, 56), (4, 4, 64)]
for w, f, k in PTS:
    n = "cpasync_cpl1_ca16_w%d_f%d_k%d" % (w, f, k); d = os.path.join(H, "mb", n); os.makedirs(d, exist_ok=True)
    s = os.path.join(K, "ca_w%d_f%d_k%d" % (w, f, k))
    shutil.copy(os.path.join(s, "kernel.ptx"), d)
    y = open(os.path.join(s, "launch.yaml")).read().splitlines()
    hdr = ["# %s: cp.async.ca 16 B per lane, %d warp(s) x 1 CTA, %d group(s) in flight, rep 1 re-reads a %d KiB footprint"
           " beside 64 KiB of static shared memory (microbenchmark family cpl1; tools/microbench/cpa35/gen_rec.py from cpasync_k29_ca16_w2)" % (n, w, f, k),
           "# clk holds %clock64 deltas: timing data, not compared (ignored) in functional validation"]
    open(os.path.join(d, "launch.yaml"), "w").write("\n".join(hdr + y[1:]) + "\n")
print(len(PTS))
