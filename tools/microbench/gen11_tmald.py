"""Part 11 of the microbenchmark list (issue 14, session 8, helper "tmald"):
where the single-CTA TMA-load kernels of the evidence (tma_load_2d_none,
_2d_shift, tma_load_nd_r3, tma_bulk) spend their time, phase by phase.

Family "tph": instrumented copies of those four kernels. The source is the
evidence kernel.cu with %clock64 stamps added (nothing else changed; the
evidence kernels themselves are untouched): lane 0 of each warp keeps
t[0..15] in registers and writes them at the end, clk[warp][0] = t0 (raw) and
clk[warp][k] = t[k] - t[0]. Stamps (TMA tensor kernels):
   1 after the fill loop (sm[i] = sentinel), 2 after the first __syncthreads,
   3 after thread 0's issue block (mbarrier.arrive.expect_tx + one TMA load
   per box), 4.. after each box's mbar_wait_bounded, 11 after the flags stores
   and the second __syncthreads, 12 after the copy-out loop (img[i] = sm[i]).
tma_bulk: 1 fill, 2 sync, 3 issue (8 bulk copies), 4 wait bar 0, 5 wait bar
   1, 6 sync, 7 copy-out loop, 8 second fill + fence + sync, 9 bulk stores,
   commit, wait_group 0 and flags stores (thread 0).
Family "tphl": the fill and copy-out loops alone, in the evidence's shape
(16 KiB of shared memory, `for (i = tid; i < 4096; i += blockDim.x)`), at 32
to 256 threads (128 to 16 iterations): stamps 1 after the fill loop, 2 after
__syncthreads, 3 after the copy-out loop.
`python3 tools/microbench/gen11_tmald.py` writes only these directories."""
import os
import re
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "record"))
import gzcompat  # noqa: E402  NAME, NAME.gz or NAME.link (the corpus stores kernel.cu packed)

HERE = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.join(HERE, "..", "..", "validation", "testdata")

STAMP = """// ---- tph instrumentation (tools/microbench/gen11_tmald.py): %clock64 stamps, written at the end
static __device__ __forceinline__ unsigned long long tph_clock()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
#define TPH_N 16
#define TPH(k) tph_t[k] = tph_clock()
#define TPH_WRITE()                                                                   \\
    if ((threadIdx.x & 31) == 0) {                                                    \\
        _Pragma("unroll") for (int k = 0; k < TPH_N; ++k)                             \\
            tph_clk[(threadIdx.x >> 5) * TPH_N + k] = k == 0 ? tph_t[0] : tph_t[k] - tph_t[0]; \\
    }
"""


def sub1(src, old, new):
    n = src.count(old)
    assert n == 1, (old, n)
    return src.replace(old, new)


def instrument(name):
    """The evidence kernel name's kernel.cu with stamps (see the docstring)."""
    src = gzcompat.read_text(os.path.join(TESTDATA, name, "kernel.cu"))
    kern = "tph_" + name.replace("tma_load_", "").replace("tma_", "")
    src = sub1(src, f"__global__ void __launch_bounds__", f"__global__ void __launch_bounds__")
    src = re.sub(r"(extern \"C\" __global__ void __launch_bounds__\(\d+\) )" + name + r"\(", r"\1" + kern + "(", src)
    assert kern + "(" in src
    i = src.index(kern + "(")
    j = src.index(")\n{", i)
    src = src[:j] + ", unsigned long long* __restrict__ tph_clk" + src[j:]
    src = sub1(src, "#include <stdint.h>\n", "#include <stdint.h>\n\n" + STAMP)
    src = sub1(src, "    const int tid = threadIdx.x;\n",
               "    const int tid = threadIdx.x;\n    unsigned long long tph_t[TPH_N];\n"
               "    _Pragma(\"unroll\") for (int k = 0; k < TPH_N; ++k) tph_t[k] = 0;\n    TPH(0);\n")
    if name == "tma_bulk":
        src = sub1(src, "sm[i] = 0xEEEE0000u | (uint32_t)i;\n", "sm[i] = 0xEEEE0000u | (uint32_t)i;\n    TPH(1);\n")
        src = sub1(src, "    __syncthreads();\n    const uint32_t b0", "    __syncthreads();\n    TPH(2);\n    const uint32_t b0")
        src = sub1(src, "    }\n    const uint32_t ok0 = mbar_wait_bounded(b0, 0);\n    const uint32_t ok1 = mbar_wait_bounded(b1, 0);\n",
                   "    }\n    TPH(3);\n    const uint32_t ok0 = mbar_wait_bounded(b0, 0);\n    TPH(4);\n"
                   "    const uint32_t ok1 = mbar_wait_bounded(b1, 0);\n    TPH(5);\n")
        src = sub1(src, "    __syncthreads();\n    for (int i = tid; i < 2048; i += blockDim.x) img[i] = sm[i];\n",
                   "    __syncthreads();\n    TPH(6);\n    for (int i = tid; i < 2048; i += blockDim.x) img[i] = sm[i];\n    TPH(7);\n")
        src = sub1(src, "    fence_proxy_async_smem();\n    __syncthreads();\n    if (tid == 0) {\n        char* g",
                   "    fence_proxy_async_smem();\n    __syncthreads();\n    TPH(8);\n    if (tid == 0) {\n        char* g")
        src = sub1(src, "        flags[1] = ok1;\n    }\n}", "        flags[1] = ok1;\n    }\n    TPH(9);\n    TPH_WRITE();\n}")
    else:
        src = sub1(src, "sm[i] = 0xEEEE0000u | (uint32_t)i;\n", "sm[i] = 0xEEEE0000u | (uint32_t)i;\n    TPH(1);\n")
        src = sub1(src, "    __syncthreads();\n    if (tid == 0) {\n        for (int b",
                   "    __syncthreads();\n    TPH(2);\n    if (tid == 0) {\n        for (int b")
        src = sub1(src, "    uint32_t ok[NBOX];\n    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);\n",
                   "    TPH(3);\n    uint32_t ok[NBOX];\n#pragma unroll\n    for (int b = 0; b < NBOX; ++b) {\n"
                   "        ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);\n        TPH(4 + b);\n    }\n")
        src = sub1(src, "    __syncthreads();\n    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];\n}",
                   "    __syncthreads();\n    TPH(11);\n    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];\n"
                   "    TPH(12);\n    TPH_WRITE();\n}")
    head = (f"// sm90sim microbenchmark family \"tph\" (generated by tools/microbench/gen11_tmald.py): the evidence\n"
            f"// kernel {name} (validation/testdata/{name}/kernel.cu) with %clock64 stamps per warp; see the generator.\n")
    return kern, head + src


def spec_lines(name):
    """buffers / tensormaps / params of the evidence launch.yaml (params: + clk)."""
    y = open(os.path.join(TESTDATA, name, "launch.yaml")).read().splitlines()
    sec, out = None, {"buffers": [], "tensormaps": [], "params": []}
    for ln in y:
        if ln and not ln.startswith(" ") and not ln.startswith("#"):
            sec = ln.split(":")[0]
            continue
        if sec in out and ln.startswith("  "):
            out[sec].append(ln)
    return out


LOOP = """// sm90sim microbenchmark family "tphl" (generated by tools/microbench/gen11_tmald.py): the fill and
// copy-out loops of the single-CTA TMA-load evidence kernels alone, in their shape: 16 KiB of shared
// memory, for (i = tid; i < 4096; i += blockDim.x). clk[warp][0] = t0 (raw), [1] fill loop done,
// [2] after __syncthreads, [3] copy-out loop done (each - t0; lane 0 of each warp).
#include <stdint.h>
static __device__ __forceinline__ unsigned long long tph_clock()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
#define SMEM_BYTES 16384
extern "C" __global__ void __launch_bounds__(256) tphl_loops(uint32_t* __restrict__ img,
    unsigned long long* __restrict__ tph_clk)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    const int tid = threadIdx.x;
    const unsigned long long t0 = tph_clock();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    const unsigned long long t1 = tph_clock();
    __syncthreads();
    const unsigned long long t2 = tph_clock();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
    const unsigned long long t3 = tph_clock();
    if ((tid & 31) == 0) {
        unsigned long long* c = tph_clk + (tid >> 5) * 4;
        c[0] = t0;
        c[1] = t1 - t0;
        c[2] = t2 - t0;
        c[3] = t3 - t0;
    }
}
"""

EVIDENCE = ("tma_load_2d_none", "tma_load_2d_shift", "tma_load_nd_r3", "tma_bulk")


def register(add):
    for name in EVIDENCE:
        kern, src = instrument(name)
        sp = spec_lines(name)
        block = 64 if name == "tma_bulk" else 128
        warps = block // 32
        bufs = {}
        for ln in sp["buffers"]:
            k, v = ln.strip().split(":", 1)
            bufs[k.strip()] = v.strip()
        bufs["clk"] = ("u64", [warps, 16])
        outs = [o for o in ("img", "gout", "flags") if o in bufs] + ["clk"]
        params = []
        for ln in sp["params"]:
            m = re.match(r"\s*- \{(\w+): (\w+)\}", ln)
            params.append({m.group(1): m.group(2)})
        params.append({"buffer": "clk"})
        extra = {}
        if sp["tensormaps"]:
            extra["tensormaps"] = "\n" + "\n".join(sp["tensormaps"])
        stamps = ("1 fill, 2 sync, 3 issue (8 bulk copies), 4 wait bar 0, 5 wait bar 1, 6 sync, 7 copy-out, "
                  "8 fill 2 + fence + sync, 9 bulk stores + wait_group 0" if name == "tma_bulk" else
                  "1 fill, 2 sync, 3 issue, 4.. each box's wait, 11 flags + sync, 12 copy-out")
        add(f"tph_{name.replace('tma_load_', '').replace('tma_', '')}", "tph", kern, [1, 1, 1], [block, 1, 1],
            params, bufs, outs,
            {"kind": "phases", "op": f"the evidence kernel {name} with %clock64 stamps ({stamps})",
             "evidence": name, "warps": warps,
             "derive": "phase k of warp w = clk[w][k] - clk[w][k-1] (clk[w][k] = stamp k - stamp 0)"},
            extra=extra, source=src)
    for threads in (32, 64, 128, 256):
        add(f"tphl_b{threads}", "tphl", "tphl_loops", [1, 1, 1], [threads, 1, 1],
            [{"buffer": "img"}, {"buffer": "clk"}],
            {"img": ("u32", [4096]), "clk": ("u64", [threads // 32, 4])}, ["img", "clk"],
            {"kind": "latency", "op": f"the evidence's fill loop (st.shared) and copy-out loop (ld.shared -> "
                                      f"st.global) over 16 KiB, {threads} threads ({4096 // threads} iterations)",
             "threads": threads, "iterations": 4096 // threads,
             "derive": "fill_cycles_per_iter = clk[0][1] / iterations; copy_cycles_per_iter = "
                       "(clk[0][3] - clk[0][2]) / iterations (warp 0)"},
            source=LOOP)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
