#!/usr/bin/env python3
"""Session 32, helper lane tcp (validation/timing/tcp32.md): stamped TWINS of Triton's cp.async matmul PTX
(validation/testdata/triton_matmul_cpasync_128/kernel.ptx.gz, the PTX of every triton_matmul_cpasync size:
128x128 tiles, BLOCK_K 64, 3 shared stages of 32 KiB, 2 in flight, 4 wgmma m64n128k16 a step) with the
1536x1408x1024 launch's parameters on three grids: [12, 11] (the evidence launch's grid, 132 CTAs),
[12, 1] and [1, 1] (the first CTAs of it alone). Every warp's lane 0 stores %clock64 stamps (slot, below)
into clk[cta * 8 + warp][SLOTS]:
  0 entry; 1 after the prologue's two stages are issued; for step i < 16: 2 + 3i after
  `cp.async.wait_group 2; bar.sync` (stage i in shared memory), 3 + 3i after `wgmma.wait_group 1`,
  4 + 3i after the next stage's copies are issued and committed; 50 after the epilogue's waits and
  bar.sync, 51 after its st.shared + bar.sync, 52 before ret (st.global issued); 63 %smid.
Diagnosis twins (family tcp32): no parameter is fitted on them.

  python3 tools/microbench/tcp32/gen32_tcp.py [OUTDIR]
"""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
SRC = "triton_matmul_cpasync_128"
SLOTS = 64
TWINS = [("tcp32_mm_g132", [12, 11, 1]), ("tcp32_mm_g12", [12, 1, 1]), ("tcp32_mm_g1", [1, 1, 1])]


def once(p, old, new):
    assert p.count(old) == 1, (old, p.count(old))
    return p.replace(old, new)


def stamp(slot, off=None):
    if off is None:
        return f"\tmov.u64 %tv, %clock64;\n\t@%pfa st.global.u64 [%fab+{8 * slot}], %tv;\n"
    # loop stamp: slot + 3 * step, step = %r275 >> 6 (the loop counter runs 0, 64, ..)
    return (f"\tmov.u64 %tv, %clock64;\n\tshr.u32 %t4, %r275, 6;\n\tmul.wide.u32 %tw, %t4, 24;\n"
            f"\tadd.s64 %tw, %tw, %fab;\n\t@%pfa st.global.u64 [%tw+{8 * slot}], %tv;\n")


def instrument(ptx, name):
    p = ptx.replace(".visible .entry matmul_kernel(", f".visible .entry {name}(")
    p = once(p, "\t.param .u64 .ptr .global .align 1 matmul_kernel_param_10\n)",
             "\t.param .u64 .ptr .global .align 1 matmul_kernel_param_10,\n"
             "\t.param .u64 .ptr .global .align 1 matmul_kernel_param_11\n)")
    p = once(p, "\t.reg .b64 \t%rd<100>;\n",
             "\t.reg .b64 \t%rd<100>;\n\t.reg .b64 %fab, %tv, %tw;\n\t.reg .b32 %t<6>;\n\t.reg .pred %pfa;\n")
    entry = ("\tld.param.u64 %fab, [matmul_kernel_param_11];\n"
             "\tmov.u64 %tv, %clock64;\n"
             "\tmov.u32 %t1, %ctaid.y;\n\tmov.u32 %t2, %nctaid.x;\n\tmov.u32 %t3, %ctaid.x;\n"
             "\tmad.lo.u32 %t1, %t1, %t2, %t3;\n"          # CTA linear id
             "\tmov.u32 %t2, %tid.x;\n\tshr.u32 %t3, %t2, 5;\n\tand.b32 %t2, %t2, 31;\n"
             "\tsetp.eq.u32 %pfa, %t2, 0;\n"
             f"\tmad.lo.u32 %t1, %t1, 8, %t3;\n\tmul.wide.u32 %tw, %t1, {8 * SLOTS};\n"
             "\tadd.s64 %fab, %fab, %tw;\n"
             "\t@%pfa st.global.u64 [%fab], %tv;\n"
             "\tmov.u32 %t3, %smid;\n\tcvt.u64.u32 %tw, %t3;\n"
             f"\t@%pfa st.global.u64 [%fab+{8 * (SLOTS - 1)}], %tw;\n")
    p = once(p, "\tld.param.b64 \t%rd10, [matmul_kernel_param_0];\n",
             "\tld.param.b64 \t%rd10, [matmul_kernel_param_0];\n" + entry)
    p = once(p, "\t@%p1 bra \t$L__BB0_3;\n", stamp(1) + "\t@%p1 bra \t$L__BB0_3;\n")
    # loop: after the wait + bar.sync
    p = once(p, "\tcp.async.wait_group \t2;\n\tbar.sync \t0;\n",
             "\tcp.async.wait_group \t2;\n\tbar.sync \t0;\n" + stamp(2, True))
    p = once(p, "\twgmma.wait_group.sync.aligned 1;\n", "\twgmma.wait_group.sync.aligned 1;\n" + stamp(3, True))
    p = once(p, "\tcp.async.commit_group;\n\t.loc\t1 15 25                         // tri_matmul.py:15:25\n\tadd.s32 \t%r275",
             "\tcp.async.commit_group;\n" + stamp(4, True) +
             "\t.loc\t1 15 25                         // tri_matmul.py:15:25\n\tadd.s32 \t%r275")
    p = once(p, "\tcp.async.wait_group \t0;\n\tbar.sync \t0;\n", "\tcp.async.wait_group \t0;\n\tbar.sync \t0;\n" + stamp(50))
    p = once(p, "\tst.shared.v4.b32 \t[%r202+512], {%r178, %r180, %r182, %r184};\n\tbar.sync \t0;\n",
             "\tst.shared.v4.b32 \t[%r202+512], {%r178, %r180, %r182, %r184};\n\tbar.sync \t0;\n" + stamp(51))
    p = once(p, "\tret;\n", stamp(52) + "\tret;\n")
    return p


def launch_yaml(name, grid):
    n = grid[0] * grid[1] * 8
    return f"""# {name}: tools/microbench/tcp32/gen32_tcp.py (helper tcp, session 32): a stamped TWIN of Triton's cp.async
# matmul PTX ({SRC}'s) with triton_matmul_cpasync_1536x1408x1024's parameters on grid {grid};
# clk: raw %clock64 stamps, one row a warp (timing data, not compared)
kernel: {name}
grid: {grid}
block: [256, 1, 1]
shared_bytes: 98304
seed: 1
buffers:
  b0: {{dtype: f16, shape: [1572864], init: uniform, low: -1, high: 1}}
  b1: {{dtype: f16, shape: [1441792], init: uniform, low: -1, high: 1}}
  b2: {{dtype: f16, shape: [2162688]}}
  clk: {{dtype: u64, shape: [{n}, {SLOTS}]}}
params:
  - {{buffer: b0}}
  - {{buffer: b1}}
  - {{buffer: b2}}
  - {{u32: 1536}}
  - {{u32: 1408}}
  - {{u32: 1024}}
  - {{u32: 1024}}
  - {{u32: 1408}}
  - {{u32: 1408}}
  - {{u64: 0}}
  - {{u64: 0}}
  - {{buffer: clk}}
outputs: [b2, clk]
compare:
  clk: {{ignore: all}}
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "validation", "microbench")
    with gzip.open(os.path.join(ROOT, "validation", "testdata", SRC, "kernel.ptx.gz"), "rt") as f:
        ptx = f.read()
    for name, grid in TWINS:
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        head = (f"// sm90sim microbenchmark {name} (tools/microbench/tcp32/gen32_tcp.py): a stamped twin of\n"
                f"// validation/testdata/{SRC}'s PTX on grid {grid}; see the generator.\n")
        with gzip.GzipFile(os.path.join(d, "kernel.ptx.gz"), "wb", mtime=0) as f:
            f.write((head + instrument(ptx, name)).encode())
        open(os.path.join(d, "launch.yaml"), "w").write(launch_yaml(name, grid))
    print("wrote", len(TWINS), "directories under", out)


if __name__ == "__main__":
    main()
