#!/usr/bin/env python3
# cpa35 probe (session 35, lane cpa): cpasync_k29's kernel (cp.async 512 B a warp a step, 64 KiB static smem,
# rep 1 re-reads rep 0's footprint) at footprints 32..80 KiB with 1/2/4/8 warps and 1/2/4 groups in flight.
# f2 = the PTX with wait_group 3 -> wait_group 1 (the kernel takes 1 or 4).
import os, re
H = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(H, "..", "..", "lead34b", "mb", "ca_i16_f4")
ptx = open(os.path.join(SRC, "kernel.ptx")).read()
ptx2 = ptx.replace("cp.async.wait_group 3;", "cp.async.wait_group 1;")
assert ptx2 != ptx
Y = """# cpa35 probe: cpasync_k29 kernel, mode {mode}, {w} warps, iters {it} ({fk} KiB), {f} group(s) in flight
kernel: cpasync
grid: [1, 1, 1]
block: [{th}, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [{w}, 2]}}
  sink: {{dtype: u32, shape: [{w}]}}
  src: {{dtype: u32, shape: [262144], init: iota}}
params:
  - {{buffer: clk}}
  - {{buffer: sink}}
  - {{buffer: src}}
  - {{s32: {it}}}
  - {{u32: {mode}}}
  - {{u32: {fp}}}
outputs: [clk, sink]
compare:
  clk: {{ignore: [{ign}]}}
"""
pts = []
for fk in (32, 40, 48, 52, 56, 60, 64, 72, 80):
    for w in (1, 2, 4):
        for f in (1, 2, 4):
            pts.append((1, w, f, fk))
    for f in (1, 4):
        pts.append((1, 8, f, fk))
for w in (1, 2, 4):
    for f in (1, 4):
        pts.append((0, w, f, 64))
for mode, w, f, fk in pts:
    it = fk * 2 // w
    n = "%s_w%d_f%d_k%d" % ("ca" if mode else "cg", w, f, fk)
    d = os.path.join(H, "mb", n); os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "kernel.ptx"), "w").write(ptx2 if f == 2 else ptx)
    open(os.path.join(d, "launch.yaml"), "w").write(Y.format(mode=mode, w=w, it=it, fk=fk, f=f, th=32 * w,
        fp=1 if f == 1 else 4, ign=", ".join(str(i) for i in range(2 * w))))
print(len(pts), "directories")
