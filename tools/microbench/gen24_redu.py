"""Session 24 (helper "bulk", issue 15): a reduction's ELECT loop in a loop body, unrolled U = 1, 2, 4, 8.

Probe "redu24" (diagnosis, H200): one thread (a block of 1) runs a `#pragma unroll 1` loop of ITERS (a kernel
parameter, 64) iterations, each with U operations of 256 bytes with uniform operands, as tmast7's t7_st loop:
destination dst + ((i * U + k) * 256 & 0xffff), source the k-th 256-byte block of shared memory:
  red: cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 (SASS ELECT + UBLKRED + BRA.U.ANY),
  st:  cp.async.bulk.global.shared::cta.bulk_group (SASS UBLKCP.G.S, no ELECT).
Two reps (rep 0 warms code and L2); rep 1's stamps: clk[0] = before the loop, [1] = after it, [2] = after
commit_group, [3] = after wait_group 0 (minus [0]); clk[4] = ITERS * U. cycles_per_op = clk[1] / (ITERS * U).
Per op = straight-line cost of one operation + the loop's closing cost / U: U = 1..8 separate the two.
`python3 tools/microbench/gen24_redu.py [OUTDIR]` writes kernel.cu + launch.yaml per directory; without OUTDIR into
validation/microbench, adding or replacing the directories' entries in tools/microbench/benchmarks.json (family
redu24, H200 only: recorded in session 24 and again, with ncu, in session 25 by tools/microbench/device25_redu.sh,
collected by collect25_redu.py; validation/timing/bulk25.md; figures: validation/calibrate/groups25_redu.go)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")

SRC = r'''// redu24: OP {op}, U {u} per iteration (tools/microbench/gen24_redu.py)
__device__ __forceinline__ unsigned long long clk64() {{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}}
__shared__ __align__(128) unsigned sbuf[8 * 64];

extern "C" __global__ void __launch_bounds__(1, 1) redu24(unsigned long long* clk, unsigned char* dst, int iters) {{
    const unsigned buf = (unsigned)__cvta_generic_to_shared(&sbuf[0]);
    for (int k = 0; k < 8 * 64; k++) sbuf[k] = k;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    unsigned long long c0 = 0, c1 = 0, c2 = 0, c3 = 0{csdecl};
#pragma unroll 1
    for (unsigned rep = 0; rep < 2; rep++) {{
        const unsigned long long t0 = clk64();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {{
#pragma unroll
            for (int k = 0; k < {u}; k++) {{
                unsigned char* d = dst + (((unsigned)(i * {u} + k) * 256u) & 0xffffu);
{stamp}                asm volatile("{ptx} [%0], [%1], 256;" :: "l"(d), "r"(buf + k * 256) : "memory");
            }}
        }}
        const unsigned long long t1 = clk64();
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        const unsigned long long t2 = clk64();
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        const unsigned long long t3 = clk64();
        c0 = t0; c1 = t1 - t0; c2 = t2 - t0; c3 = t3 - t0;
    }}
    clk[0] = c0; clk[1] = c1; clk[2] = c2; clk[3] = c3; clk[4] = (unsigned long long)iters * {u};{csstore}
}}
'''

LAUNCH = '''# redu24_{name}: one thread, a loop of 64 iterations with {u} {op} of 256 B each (tools/microbench/gen24_redu.py)
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

OPS = {"red": "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32",
       "st": "cp.async.bulk.global.shared::cta.bulk_group"}


WHAT = {"red": "cp.reduce.async.bulk .add.u32 (SASS ELECT + UBLKRED + BRA.U.ANY)",
        "st": "cp.async.bulk.global.shared::cta store (SASS UBLKCP.G.S)"}


# Session 27 (helper tred, validation/timing/tred27.md): the same loops with a %clock64 read before each
# operation (cs += clock64, kept in clk[5]): ptxas moves nothing across a clock read, so each reduction's size
# UMOV and each store's address arithmetic stay after it (sim/sm/bulkinterval.go, bulkclock.go).
CLKF = {"csdecl": ", cs = 0", "stamp": "                cs += clk64();\n", "csstore": " clk[5] = cs;"}
NOCLK = {"csdecl": "", "stamp": "", "csstore": ""}


def entries():
    for op, us in (("red", (1, 2, 4, 8)), ("st", (1, 2, 4))):
        for u in us:
            yield op, u, f"{op}_u{u}"
    for op, us in (("red", (2, 4)), ("st", (2, 4))):
        for u in us:
            yield op, u, f"{op}_u{u}_clk"


def index_entry(op, u, name):
    clk = ", a %clock64 read before each" if name.endswith("_clk") else ""
    return {"name": f"redu24_{name}", "family": "redu24", "kernel": "redu24", "grid": [1, 1, 1], "block": [1, 1, 1],
            "cluster": None,
            "meta": {"kind": "issue", "op": f"one thread: a loop (unroll 1) of 64 iterations, each {u} {WHAT[op]} "
                                            f"of 256 bytes{clk}, uniform operands; commit_group, wait_group 0",
                     "store": "reduce" if op == "red" else "bulk", "bytes": 256, "unroll": u, "iters": 64,
                     "derive": "rep 1: cycles_per_op = clk[1] / clk[4] (the loop's span over its ITERS * U "
                               "operations); done_cycles = clk[3] (loop start to after wait_group 0)"}}


def main(out=None):
    for op, u, name in entries():
        d = os.path.join(out or MB, f"redu24_{name}")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "kernel.cu"), "w").write(SRC.format(op=op, u=u, ptx=OPS[op], **(CLKF if name.endswith("_clk") else NOCLK)))
        open(os.path.join(d, "launch.yaml"), "w").write(LAUNCH.format(name=name, u=u, op=op))
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
