#!/usr/bin/env python3
"""cpa34 (session 34, helper cpa): more points of the LDGSTS issue probe (cpa33's kernel, gen33.py), to tell
what the issue hold from HBM depends on (validation/timing/cpa34.md). Writes directories
cpa34_w{W}_k{K}_{src}_war{war}[_s{S}] into OUT_DIR (default .devbuild/cpa/mb34). Diagnosis only, not registered.

  - one warp with a large burst (w1_k32: 32 copies, 16 KiB) and two warps (w2_k16): the same bytes as w4_k8 and
    w8_k4, which hold ~220-240 cycles from HBM; if the hold is about bytes or copies in flight these hold too;
  - 8 warps x 1 copy without the write-after-read (w8_k1 war0), and the same with the warps' copies 6 cycles
    apart (stagger, _s6: warp w spins until t0 + 6w), a lone warp's own spacing (w1_k8: 45 cycles for 8);
  - 8 x 4 with the warps 30 cycles apart (_s30)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "cpa33"))
import gen33  # noqa: E402

POINTS = [(w, k, s, 0, st) for (w, k, st) in ((1, 32, 0), (2, 16, 0), (8, 1, 0), (8, 1, 6), (8, 4, 30))
          for s in ("hbm", "l2")]


def name(w, k, s, war, st):
    return "cpa34_w%d_k%d_%s_war%d%s" % (w, k, s, war, "_s%d" % st if st else "")


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else ".devbuild/cpa/mb34"
    for p in POINTS:
        d = os.path.join(out, name(*p))
        os.makedirs(d, exist_ok=True)
        y = gen33.launch(*p[:4]).replace(gen33.name(*p[:4]), name(*p), 1)
        if p[4]:
            y = y.replace("(tools/microbench/cpa33/gen33.py)", "warps %d cycles apart (tools/microbench/cpa34/gen34.py)" % p[4], 1)
        open(os.path.join(d, "launch.yaml"), "w").write(y)
        open(os.path.join(d, "kernel.ptx"), "w").write(gen33.ptx(p[1], p[3], p[4]))
    print(len(POINTS), "directories in", out)
