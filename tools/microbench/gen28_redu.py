"""Session 28 (helper red, validation/timing/red28.md): probe redu24's store loops with larger stores and more of them.

The same kernel as tools/microbench/gen24_redu.py (one thread, a `#pragma unroll 1` loop of 64 iterations, U plain
bulk stores `cp.async.bulk.global.shared::cta.bulk_group` a iteration, uniform operands, no clock read inside),
with the store size SZ a parameter of the generator: the k-th store of iteration i writes dst + ((i*U + k) * SZ &
0xffff) from the k-th SZ-byte block of shared memory. Directories (family redu24, figures cycles_per_op and
done_cycles as there): redu24_st_u8 (U 8, 256 B), redu24_st_u4_512 (U 4, 512 B), redu24_st_u2_1k, redu24_st_u4_1k
(1 KiB). They decide whether a warp's back-to-back stores are taken one per engine read of the store (sim/sm
bulkstore.go: 8 cycles a 256 B store, 32 a KiB) or at a pace of their own (~8 a store whatever the size).
`python3 tools/microbench/gen28_redu.py [OUTDIR]`: kernel.cu + launch.yaml per directory; without OUTDIR into
validation/microbench, adding or replacing the entries in tools/microbench/benchmarks.json."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")

SRC = r'''// redu24: OP st, U {u} per iteration, {sz} B each (tools/microbench/gen28_redu.py)
__device__ __forceinline__ unsigned long long clk64() {{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}}
__shared__ __align__(128) unsigned sbuf[{words}];

extern "C" __global__ void __launch_bounds__(1, 1) redu24(unsigned long long* clk, unsigned char* dst, int iters) {{
    const unsigned buf = (unsigned)__cvta_generic_to_shared(&sbuf[0]);
    for (int k = 0; k < {words}; k++) sbuf[k] = k;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    unsigned long long c0 = 0, c1 = 0, c2 = 0, c3 = 0;
#pragma unroll 1
    for (unsigned rep = 0; rep < 2; rep++) {{
        const unsigned long long t0 = clk64();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {{
#pragma unroll
            for (int k = 0; k < {u}; k++) {{
                unsigned char* d = dst + (((unsigned)(i * {u} + k) * {sz}u) & 0xffffu);
                asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], {sz};" :: "l"(d), "r"(buf + k * {sz}) : "memory");
            }}
        }}
        const unsigned long long t1 = clk64();
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        const unsigned long long t2 = clk64();
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        const unsigned long long t3 = clk64();
        c0 = t0; c1 = t1 - t0; c2 = t2 - t0; c3 = t3 - t0;
    }}
    clk[0] = c0; clk[1] = c1; clk[2] = c2; clk[3] = c3; clk[4] = (unsigned long long)iters * {u};
}}
'''

LAUNCH = '''# redu24_{name}: one thread, a loop of 64 iterations with {u} st of {sz} B each (tools/microbench/gen28_redu.py)
kernel: redu24
grid: [1, 1, 1]
block: [1, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [8]}}
  dst: {{dtype: u8, shape: [65536]}}
params:
  - {{buffer: clk}}
  - {{buffer: dst}}
  - {{s32: 64}}
outputs: [clk]
compare:
  clk: {{ignore: all}}
'''


def entries():
    yield 8, 256, "st_u8"
    yield 4, 512, "st_u4_512"
    yield 2, 1024, "st_u2_1k"
    yield 4, 1024, "st_u4_1k"


def index_entry(u, sz, name):
    return {"name": f"redu24_{name}", "family": "redu24", "kernel": "redu24", "grid": [1, 1, 1], "block": [1, 1, 1],
            "cluster": None,
            "meta": {"kind": "issue", "op": f"one thread: a loop (unroll 1) of 64 iterations, each {u} "
                                            f"cp.async.bulk.global.shared::cta store (SASS UBLKCP.G.S) of {sz} bytes, "
                                            "uniform operands; commit_group, wait_group 0",
                     "store": "bulk", "bytes": sz, "unroll": u, "iters": 64,
                     "derive": "rep 1: cycles_per_op = clk[1] / clk[4] (the loop's span over its ITERS * U "
                               "operations); done_cycles = clk[3] (loop start to after wait_group 0)"}}


def main(out=None):
    for u, sz, name in entries():
        d = os.path.join(out or MB, f"redu24_{name}")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.cu"), "w").write(SRC.format(u=u, sz=sz, words=max(512, u * sz // 4)))
        open(os.path.join(d, "launch.yaml"), "w").write(LAUNCH.format(name=name, u=u, sz=sz))
    if out is None:
        bj = os.path.join(HERE, "benchmarks.json")
        ent = {e["name"]: e for e in (index_entry(*x) for x in entries())}
        old = [ent.pop(b["name"], b) for b in json.load(open(bj))]
        old += list(ent.values())
        with open(bj, "w") as f:
            json.dump(old, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
