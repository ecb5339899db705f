#!/usr/bin/env python3
"""cpa33 (session 33, helper cpa): the LDGSTS issue probe (validation/timing/cpa33.md). Writes directories
cpa33_w{W}_k{K}_{src}_{war} (launch.yaml + kernel.ptx) into OUT_DIR (default .devbuild/cpa/mb). Diagnosis only,
not registered as microbenchmarks.

Kernel ldgsts_issue (PTX generated per K: the K copies written out, no loop): one CTA of W warps; per step all
warps meet at bar.sync, then each warp reads %clock64 (t0), issues K cp.async.cg of 16 B a lane (512 B a warp
each, K distinct address registers computed before t0), [war=1: adds 512*K*W to each of the K address registers,
the write-after-read on the copies' source registers that Triton's loop has (tcp32.md)], reads %clock64 (t1),
commits, waits for the group (wait_group 0), reads %clock64 (t2). clk[w] = (sum t1-t0, sum t2-t1, steps counted)
over steps 1..S-1 (step 0 not counted). src hbm: every step reads new lines in order (the first MiBs of the
128 MiB buffer, out of L2 after the upload); src l2: every step re-reads the same W*K*512 bytes (in L2 after step
0)."""
import os
import sys

STEPS = 64
POINTS = [(w, k, s, war) for w in (1, 8) for k in (4, 8) for s in ("hbm", "l2") for war in (0, 1)] + \
         [(8, 1, "hbm", 1), (8, 1, "l2", 1), (4, 8, "hbm", 1), (4, 8, "l2", 1)]


def name(w, k, s, war):
    return "cpa33_w%d_k%d_%s_war%d" % (w, k, s, war)


def ptx(k, war, stagger=0):
    """stagger S > 0 (cpa34): after t0 warp w spins until %clock64 >= t0 + w*S, so the warps' copies reach the
    SM S cycles apart (the issue span t1-t0 then includes w*S). The clock registers start at %rd30, or after the
    K address registers when K > 20."""
    c0 = max(30, 10 + k)
    L = []
    a = L.append
    a("// cpa33 ldgsts_issue: K=%d, war=%d (tools/microbench/cpa33/gen33.py)" % (k, war))
    a(".version 8.0\n.target sm_90a\n.address_size 64\n")
    a(".extern .shared .align 128 .b8 dsm[];\n")
    a(".visible .entry ldgsts_issue(\n\t.param .u64 p_clk,\n\t.param .u64 p_src,\n\t.param .u32 p_steps,\n\t.param .u32 p_l2\n)\n{")
    a("\t.reg .pred %p<4>;\n\t.reg .b32 %r<40>;\n\t.reg .b64 %rd<64>;")
    a("\tld.param.u64 %rd1, [p_clk];\n\tld.param.u64 %rd2, [p_src];\n\tld.param.u32 %r1, [p_steps];\n\tld.param.u32 %r2, [p_l2];")
    a("\tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;")
    a("\tmov.u32 %r3, %tid.x;\n\tand.b32 %r4, %r3, 31;\n\tshr.u32 %r5, %r3, 5;\n\tmov.u32 %r6, %ntid.x;\n\tshr.u32 %r6, %r6, 5;")
    # shared slot of warp w: dsm + (w*K + c)*512 + lane*16
    a("\tmov.u32 %r7, dsm;\n\tmul.lo.s32 %r8, %r5, " + str(k * 512) + ";\n\tadd.s32 %r7, %r7, %r8;\n\tshl.b32 %r9, %r4, 4;\n\tadd.s32 %r7, %r7, %r9;")
    # step stride in bytes: hbm W*K*512, l2 0
    a("\tmul.lo.s32 %r10, %r6, " + str(k * 512) + ";\n\tsetp.ne.s32 %p1, %r2, 0;\n\tselp.b32 %r10, 0, %r10, %p1;\n\tcvt.u64.u32 %rd3, %r10;")
    # first address: src + w*K*512 + lane*16
    a("\tcvt.u64.u32 %rd4, %r8;\n\tadd.s64 %rd4, %rd2, %rd4;\n\tcvt.u64.u32 %rd5, %r9;\n\tadd.s64 %rd4, %rd4, %rd5;")
    for c in range(k):
        a("\tadd.s64 %%rd%d, %%rd4, %d;" % (10 + c, c * 512))
    a("\tmov.u64 %rd6, 0;\n\tmov.u64 %rd7, 0;\n\tmov.u32 %r20, 0;")
    t = ["%%rd%d" % (c0 + i) for i in range(9)]  # clocks and scratch
    a("$STEP:\n\tbar.sync 0;\n\tmov.u64 %s, %%clock64;" % t[0])
    if stagger:
        a("\tmul.wide.u32 %s, %%r5, %d;\n\tadd.s64 %s, %s, %s;" % (t[7], stagger, t[7], t[7], t[0]))
        a("$SPIN:\n\tmov.u64 %s, %%clock64;\n\tsetp.lt.u64 %%p2, %s, %s;\n\t@%%p2 bra $SPIN;" % (t[8], t[8], t[7]))
    for c in range(k):
        a("\tcp.async.cg.shared.global [%%r7+%d], [%%rd%d], 16;" % (c * 512, 10 + c))
    if war:
        for c in range(k):
            a("\tadd.s64 %%rd%d, %%rd%d, %%rd3;" % (10 + c, 10 + c))
    a("\tmov.u64 %s, %%clock64;\n\tcp.async.commit_group;\n\tcp.async.wait_group 0;\n\tmov.u64 %s, %%clock64;" % (t[1], t[2]))
    if not war:
        for c in range(k):
            a("\tadd.s64 %%rd%d, %%rd%d, %%rd3;" % (10 + c, 10 + c))
    a("\tsetp.eq.s32 %p2, %r20, 0;\n\t@%p2 bra $SKIPACC;")
    a("\tsub.s64 %s, %s, %s;\n\tadd.s64 %%rd6, %%rd6, %s;\n\tsub.s64 %s, %s, %s;\n\tadd.s64 %%rd7, %%rd7, %s;"
      % (t[3], t[1], t[0], t[3], t[4], t[2], t[1], t[4]))
    a("$SKIPACC:\n\tadd.s32 %r20, %r20, 1;\n\tsetp.lt.s32 %p3, %r20, %r1;\n\t@%p3 bra $STEP;")
    a("\tsetp.ne.s32 %p2, %r4, 0;\n\t@%p2 bra $END;")
    a("\tmul.wide.u32 %s, %%r5, 24;\n\tadd.s64 %s, %%rd1, %s;\n\tst.global.u64 [%s], %%rd6;\n\tst.global.u64 [%s+8], %%rd7;"
      % (t[5], t[5], t[5], t[5], t[5]))
    a("\tadd.s32 %%r21, %%r1, -1;\n\tcvt.u64.u32 %s, %%r21;\n\tst.global.u64 [%s+16], %s;" % (t[6], t[5], t[6]))
    a("$END:\n\tret;\n}")
    return "\n".join(L) + "\n"


def launch(w, k, s, war):
    return """# %s: cpa33 LDGSTS issue probe, %d warps, %d cp.async.cg of 512 B a warp a step, src %s, war %d (tools/microbench/cpa33/gen33.py)
# clk holds %%clock64 sums: timing data
kernel: ldgsts_issue
grid: [1, 1, 1]
block: [%d, 1, 1]
shared_bytes: %d
seed: 1
buffers:
  clk: {dtype: u64, shape: [%d, 3]}
  src: {dtype: u8, shape: [134217728]}
params:
  - {buffer: clk}
  - {buffer: src}
  - {s32: %d}
  - {s32: %d}
outputs: [clk]
compare:
  clk: {ignore: [%s]}
""" % (name(w, k, s, war), w, k, s, war, 32 * w, w * k * 512, w, STEPS, 1 if s == "l2" else 0,
       ", ".join(str(i) for i in range(3 * w)))


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else ".devbuild/cpa/mb"
    for p in POINTS:
        d = os.path.join(out, name(*p))
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "launch.yaml"), "w").write(launch(*p))
        open(os.path.join(d, "kernel.ptx"), "w").write(ptx(p[1], p[3]))
    print(len(POINTS), "directories in", out)
