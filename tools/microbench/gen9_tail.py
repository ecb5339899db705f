"""Part 9 of the microbenchmark list (issue 14, session 7, helper tail): what a
launch costs after its warps issue their last global stores. Small GEMMs end
with an epilogue that writes 32-64 KiB per SM right before the warps exit
(CUTLASS: st.global.u32 in the wgmma accumulator layout, 64 a thread;
gemm_wgmma: st.global.v2.f32; TMA / bulk stores in Triton and CUTLASS TMA
epilogues); the launch ends only when those writes are done.

Family "tailst": one CTA of 8 warps (or 4 / 132 CTAs, one an SM) writes K KiB
of a 128-row f32 tile whose rows are 1024 bytes apart (C of a 256-wide GEMM),
then exits:
  f32  scalar st.global.u32 in the m64nNk8 accumulator layout (thread t of
       warp w: rows 16w + t/4 and +8, columns 8j + 2(t%4) + {0,1}), in
       CUTLASS's order (j, then the four values of a fragment);
  f64  st.global.v2.f32 of the same fragments (gemm_wgmma's epilogue);
  v4   st.global.v4.u32, each warp store one 512-byte row half (coalesced);
  bulk cp.async.bulk.global.shared::cta of the tile's rows (lane 0 of each
       warp, its 16 rows), commit_group, wait_group.read 0 (CUTLASS's TMA
       epilogue waits only for the reads of shared memory before exit).
  bulkw, bred, bredw (helper bulkred, session 11: BR_CASES): bulk stores
       with wait_group 0 instead of .read; cp.reduce.async.bulk .add.u32 of
       the same rows (wait_group.read 0, or wait_group 0); _warm: every
       thread first reads the CTA's destination lines with ld.global.cg
       (then in L2 after ncu's flush). Recorded with
       tools/microbench/device14_bulkred.sh (H200).
_wait: after the stores every thread spins 3000 cycles on %clock64 before it
exits (the drain then overlaps the spin).
clk[cta * 8 + warp] = {t1 - t0, t2 - t0}: t0 before the first store, t1 after
the last store is issued, t2 after the spin (t1 when none).
Figures: ncu sm__cycles_elapsed.max (the launch, from the first CTA to the
last write) and issue_cycles = max over warps of clk[.][0]. Only clk is an
output (the tiles, up to 8 MiB, are not kept as references).

Family "tailld": what a launch's first reads from memory cost when ncu has
flushed the caches (its default; the evidence launches are recorded so). One
CTA (or 8) of 4 warps; thread 0 either follows a dependent chain of N
ld.global.cg loads S bytes apart (chain: values are 0 and feed the next
address), or loads N 16 KiB pieces S bytes apart into shared memory with
cp.async.bulk on one mbarrier (bulk: expect_tx of all, then wait); then every
thread copies a word to out. Figure: ncu sm__cycles_elapsed.max (the runs
without ncu find the data in the L2: not compared).
Family "tailsk": the launch of CTAs that only spin 6000 cycles on %clock64
(1 to 132 CTAs; 4 warps, or CUTLASS's shape: 12 warps, 229760 bytes of
dynamic shared memory, clusters of 2): how the launch's cost outside the
warps grows with CTAs, shared memory and clusters when the warps run long
(the empty_* launches end at once). clk[cta] = {%globaltimer at start, at end,
%smid} (diagnosis: start skew). Figure: ncu sm__cycles_elapsed.max.
Family "tailtm": what a tensor map's first use costs when ncu has flushed
the caches. Thread 0 of each CTA does 4 TMA loads of a 1 KiB box (rows
0, 8, 16, 24 of an f32 [512][32] tensor), each waited for before the next:
on one parameter map (p1), on four parameter maps in turn (p4), on one map
in global memory (g1), or 4 cp.async.bulk loads of the same rows without a
map (bulk). Figure: ncu sm__cycles_elapsed.max; clk[cta][i] = load i's time
(runs without ncu: warm, diagnosis).
`python3 tools/microbench/gen9_tail.py` writes only these directories (--new: only
those not there yet)."""
import os
import sys

ROW_FLOATS = 256  # 1024-byte rows
WARPS = 8
SPIN = 3000


def source(mode, kib, spin, warm=False):
    per_warp = kib * 1024 // WARPS  # bytes a warp writes
    if mode == "f32":
        frags = per_warp // (32 * 4 * 4)  # four u32 stores a fragment
        body = f"""    #pragma unroll
    for (int j = 0; j < {frags}; ++j) {{
        unsigned* p = tile + (16 * w + lane / 4) * {ROW_FLOATS} + 8 * j + 2 * (lane % 4);
        asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(v + 4 * j) : "memory");
        asm volatile("st.global.u32 [%0], %1;" :: "l"(p + 1), "r"(v + 4 * j + 1) : "memory");
        asm volatile("st.global.u32 [%0], %1;" :: "l"(p + 8 * {ROW_FLOATS}), "r"(v + 4 * j + 2) : "memory");
        asm volatile("st.global.u32 [%0], %1;" :: "l"(p + 8 * {ROW_FLOATS} + 1), "r"(v + 4 * j + 3) : "memory");
    }}
"""
    elif mode == "f64":
        frags = per_warp // (32 * 8 * 2)
        body = f"""    #pragma unroll
    for (int j = 0; j < {frags}; ++j) {{
        unsigned* p = tile + (16 * w + lane / 4) * {ROW_FLOATS} + 8 * j + 2 * (lane % 4);
        asm volatile("st.global.v2.u32 [%0], {{%1, %2}};" :: "l"(p), "r"(v + 4 * j), "r"(v + 4 * j + 1) : "memory");
        asm volatile("st.global.v2.u32 [%0], {{%1, %2}};" :: "l"(p + 8 * {ROW_FLOATS}), "r"(v + 4 * j + 2), "r"(v + 4 * j + 3) : "memory");
    }}
"""
    elif mode == "v4":
        n = per_warp // 512
        body = f"""    #pragma unroll
    for (int i = 0; i < {n}; ++i) {{
        unsigned* p = tile + (16 * w + i) * {ROW_FLOATS} + 4 * lane;
        asm volatile("st.global.v4.u32 [%0], {{%1, %2, %3, %4}};" :: "l"(p), "r"(v + i), "r"(v + i + 1), "r"(v + i + 2), "r"(v + i + 3) : "memory");
    }}
"""
    else:  # bulk, bulkw (wait_group 0), bred (.add.u32 reductions), bredw
        row_bytes = kib * 1024 // 128
        op = "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32" if mode.startswith("bred") \
            else "cp.async.bulk.global.shared::cta.bulk_group"
        wait = "cp.async.bulk.wait_group 0;" if mode.endswith("w") else "cp.async.bulk.wait_group.read 0;"
        body = f"""    if (lane == 0) {{
        #pragma unroll 1
        for (int r = 16 * w; r < 16 * w + 16; ++r)
            asm volatile("{op} [%0], [%1], {row_bytes};"
                         :: "l"(tile + r * {ROW_FLOATS}), "r"(sbase + r * {row_bytes}) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("{wait}" ::: "memory");
    }}
"""
    fill = ""
    if mode != "bulk" and mode.startswith("b"):
        fill = f"""    for (unsigned i = threadIdx.x; i < {kib * 256}; i += blockDim.x) sm[i] = i * 3u + blockIdx.x;
"""
        if warm:
            # the CTA's destination lines into L2 first (ncu flushed them)
            fill += f"""    {{
        unsigned acc = 0;
        for (unsigned i = threadIdx.x; i < {kib * 64}; i += blockDim.x) {{
            unsigned x;
            asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(x) : "l"(tile + (i / 32) * {ROW_FLOATS} + (i % 32) * 4) : "memory");
            acc += x;
        }}
        if (acc == 0x9e3779b9u) sm[threadIdx.x] = acc;
    }}
"""
        fill += f"""    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const unsigned sbase = (unsigned)__cvta_generic_to_shared(sm);
"""
    if mode == "bulk":
        fill = f"""    for (unsigned i = threadIdx.x; i < {kib * 256}; i += blockDim.x) sm[i] = i * 3u + blockIdx.x;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const unsigned sbase = (unsigned)__cvta_generic_to_shared(sm);
"""
    spin_code = ""
    if spin:
        spin_code = f"    while (mb_clock() - t1 < {spin}ull) {{ }}\n"
    return f"""// sm90sim microbenchmark family "tailst" (generated by tools/microbench/gen9_tail.py):
// {kib} KiB of a 128-row f32 tile (rows 1024 B apart) written by 8 warps with
// {mode} stores right before exit{" (then a %d-cycle spin)" % spin if spin else ""}.
// params (u64 *clk, u32 *out, u32 seed); clk[cta*8+warp] = {{t1 - t0, t2 - t0}} (lane 0).
__device__ __forceinline__ unsigned long long mb_clock() {{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}}

extern "C" __global__ void tailst_kernel(unsigned long long* clk, unsigned* out, unsigned seed) {{
    extern __shared__ __align__(128) unsigned sm[];
    const unsigned w = threadIdx.x / 32, lane = threadIdx.x % 32;
    unsigned* tile = out + (blockIdx.x / 2) * 128 * {ROW_FLOATS} + (blockIdx.x % 2) * 128;
    const unsigned v = seed + threadIdx.x * 1024u + blockIdx.x;
{fill}    unsigned long long t0 = mb_clock();
{body}    unsigned long long t1 = mb_clock();
{spin_code}    unsigned long long t2 = mb_clock();
    if (lane == 0) {{ clk[2 * (blockIdx.x * 8 + w)] = t1 - t0; clk[2 * (blockIdx.x * 8 + w) + 1] = t2 - t0; }}
}}
"""


CASES = [  # name, mode, KiB per CTA, CTAs, spin
    ("tailst_f32_k0_c1", "f32", 0, 1, 0),
    ("tailst_f32_k16_c1", "f32", 16, 1, 0),
    ("tailst_f32_k32_c1", "f32", 32, 1, 0),
    ("tailst_f32_k64_c1", "f32", 64, 1, 0),
    ("tailst_f32_k64_c1_wait", "f32", 64, 1, SPIN),
    ("tailst_f32_k64_c2", "f32", 64, 2, 0),
    ("tailst_f32_k64_c4", "f32", 64, 4, 0),
    ("tailst_f32_k64_c16", "f32", 64, 16, 0),
    ("tailst_f32_k64_c132", "f32", 64, 132, 0),
    ("tailst_f64_k64_c1", "f64", 64, 1, 0),
    ("tailst_f64_k64_c132", "f64", 64, 132, 0),
    ("tailst_v4_k64_c1", "v4", 64, 1, 0),
    ("tailst_v4_k64_c132", "v4", 64, 132, 0),
    ("tailst_bulk_k64_c1", "bulk", 64, 1, 0),
    ("tailst_bulk_k64_c132", "bulk", 64, 132, 0),
]

# helper bulkred (session 11): bulk stores and .add.u32 bulk reductions of the
# same rows at 1-132 SMs; _w: wait_group 0 (the writes) instead of .read;
# _warm: every thread first reads the CTA's destination lines with
# ld.global.cg (ncu flushed them; then in L2), before t0.
BR_CASES = [  # name, mode, KiB per CTA, CTAs, warm
    ("tailst_bulk_k64_c8", "bulk", 64, 8, False),
    ("tailst_bulk_k64_c62", "bulk", 64, 62, False),
    ("tailst_bulkw_k64_c132", "bulkw", 64, 132, False),
    ("tailst_bred_k64_c1", "bred", 64, 1, False),
    ("tailst_bred_k64_c8", "bred", 64, 8, False),
    ("tailst_bred_k64_c62", "bred", 64, 62, False),
    ("tailst_bred_k64_c132", "bred", 64, 132, False),
    ("tailst_bred_k64_c132_warm", "bred", 64, 132, True),
    ("tailst_bredw_k64_c1", "bredw", 64, 1, False),
    ("tailst_bredw_k64_c132", "bredw", 64, 132, False),
]


LD_SOURCE = """// sm90sim microbenchmark family "tailld" (generated by tools/microbench/gen9_tail.py):
// a launch's first reads from memory (ncu flushes the caches before it).
// mode 0: thread 0 follows a chain of n ld.global.cg loads stride words apart;
// mode 1: thread 0 loads n 16 KiB pieces stride words apart with cp.async.bulk
// (one mbarrier, expect_tx n * 16384) and waits; then out[cta * 128 + t] = sm[t] (+ chain).
// params (u64 *clk, const u32 *src, u32 *out, u32 mode, u32 n, u32 stride); clk[cta] = t1 - t0.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void tailld_kernel(unsigned long long* clk, const unsigned* src, unsigned* out,
                                         unsigned mode, unsigned n, unsigned stride) {
    extern __shared__ __align__(128) unsigned sm[];
    __shared__ __align__(8) unsigned long long mbar;
    __shared__ unsigned chain;
    const unsigned mb = (unsigned)__cvta_generic_to_shared(&mbar);
    const unsigned* base = src + (size_t)blockIdx.x * n * stride;
    if (threadIdx.x == 0) {
        chain = 0;
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(mb) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long t0 = mb_clock();
        if (mode == 0) {
            unsigned v = 0;
            for (unsigned i = 0; i < n; ++i) {
                const unsigned* p = base + (size_t)i * stride + v;
                asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
            }
            chain = v;
        } else {
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(mb), "r"(n * 16384u) : "memory");
            for (unsigned i = 0; i < n; ++i)
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16384, [%2];"
                             :: "r"((unsigned)__cvta_generic_to_shared(sm) + i * 16384u), "l"(base + (size_t)i * stride), "r"(mb) : "memory");
            unsigned done = 0;
            while (!done) {
                asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                             : "=r"(done) : "r"(mb) : "memory");
            }
        }
        clk[blockIdx.x] = mb_clock() - t0;
    }
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = (mode ? sm[threadIdx.x] : 0u) + chain;
}
"""

LD_CASES = [  # name, mode, n, stride bytes, CTAs
    ("tailld_chain1", 0, 1, 4096, 1),
    ("tailld_chain8_s4k", 0, 8, 4096, 1),
    ("tailld_chain8_s2m", 0, 8, 2 * 1024 * 1024 + 4096, 1),
    ("tailld_bulk1", 1, 1, 16384, 1),
    ("tailld_bulk4", 1, 4, 16384, 1),
    ("tailld_bulk8", 1, 8, 16384, 1),
    ("tailld_bulk8_s2m", 1, 8, 2 * 1024 * 1024 + 16384, 1),
    ("tailld_bulk4_c8", 1, 4, 16384, 8),
]


SK_SOURCE = """// sm90sim microbenchmark family "tailsk" (generated by tools/microbench/gen9_tail.py):
// CTAs that spin on %clock64 for spin cycles and exit.
// params (u64 *clk, u32 *out, u32 spin); clk[cta] = {globaltimer start, end, smid} (thread 0); out[cta] = 1.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned long long mb_gtime() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void tailsk_kernel(unsigned long long* clk, unsigned* out, unsigned spin) {
    unsigned long long g0 = mb_gtime();
    unsigned long long t0 = mb_clock();
    while (mb_clock() - t0 < spin) { }
    if (threadIdx.x == 0) {
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        clk[3 * blockIdx.x] = g0;
        clk[3 * blockIdx.x + 1] = mb_gtime();
        clk[3 * blockIdx.x + 2] = sm;
        out[blockIdx.x] = 1u;
    }
}
"""

SK_CASES = [  # name, CTAs, threads, shared bytes, cluster
    ("tailsk_c1", 1, 128, 0, None),
    ("tailsk_c4", 4, 128, 0, None),
    ("tailsk_c16", 16, 128, 0, None),
    ("tailsk_c132", 132, 128, 0, None),
    ("tailsk_c4_big", 4, 384, 229760, None),
    ("tailsk_c2_big_cl2", 2, 384, 229760, [2, 1, 1]),
    ("tailsk_c4_big_cl2", 4, 384, 229760, [2, 1, 1]),
]


def register_sk(add):
    for name, ctas, threads, smem, cluster in SK_CASES:
        add(name, "tailsk", "tailsk_kernel", [ctas, 1, 1], [threads, 1, 1],
            [{"buffer": "clk"}, {"buffer": "out"}, {"u32": 6000}],
            {"clk": ("u64", [ctas, 3]), "out": ("u32", [ctas])}, ["clk", "out"],
            {"kind": "launch", "op": f"{ctas} CTA(s) of {threads // 32} warps spinning 6000 cycles, {smem} B shared"
                                     + (", clusters of 2" if cluster else ""),
             "ctas": ctas, "warps": threads // 32, "smem": smem, "spin": 6000,
             "derive": "ncu sm__cycles_elapsed.max"},
            shared=smem, cluster=cluster, source=SK_SOURCE)


TM_SOURCE = r"""// sm90sim microbenchmark family "tailtm" (generated by tools/microbench/gen9_tail.py):
// a tensor map's first use after ncu's cache flush. Thread 0: 4 loads of a 1 KiB box
// (rows 8i of an f32 [512][32] tensor), each waited for: mode 0 map m0 four times;
// mode 1 maps m0, m1, m2, m3; mode 2 the map in global memory (maps[0]) four times;
// mode 3 cp.async.bulk of the same 1 KiB rows (no map).
// params (m0..m3 by value, CUtensorMap *maps, u64 *clk, u32 *out, f32 *t, u32 mode);
// clk[cta * 4 + i] = load i's issue -> wake; out[cta * 128 + thread] = the box's words.
#include <cuda.h>
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define TAILTM_LOAD(M) asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" \
    " [%0], [%1, {%2, %3}], [%4];" :: "r"(dst), "l"(M), "r"(0), "r"(8 * i), "r"(bar) : "memory")

extern "C" __global__ void tailtm_kernel(const __grid_constant__ CUtensorMap m0, const __grid_constant__ CUtensorMap m1,
                                         const __grid_constant__ CUtensorMap m2, const __grid_constant__ CUtensorMap m3,
                                         const CUtensorMap* maps, unsigned long long* clk, unsigned* out,
                                         const float* t, unsigned mode) {
    __shared__ __align__(1024) unsigned buf[4][256];
    __shared__ __align__(8) unsigned long long bar_s;
    const unsigned bar = (unsigned)__cvta_generic_to_shared(&bar_s);
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bar) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int i = 0; i < 4; ++i) {
            const unsigned dst = (unsigned)__cvta_generic_to_shared(buf[i]);
            unsigned long long t0 = mb_clock();
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;" :: "r"(bar) : "memory");
            if (mode == 3) {
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];"
                             :: "r"(dst), "l"(t + i * 256), "r"(bar) : "memory");
            } else if (mode == 2) {
                TAILTM_LOAD(&maps[0]);
            } else if (mode == 0 || i == 0) {
                TAILTM_LOAD(&m0);
            } else if (i == 1) {
                TAILTM_LOAD(&m1);
            } else if (i == 2) {
                TAILTM_LOAD(&m2);
            } else {
                TAILTM_LOAD(&m3);
            }
            asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                         :: "r"(bar), "r"(i & 1) : "memory");
            clk[blockIdx.x * 4 + i] = mb_clock() - t0;
        }
    }
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = buf[threadIdx.x / 64][threadIdx.x % 64] + buf[2 + threadIdx.x / 64][threadIdx.x % 64];
}
"""

TM_CASES = [  # name, mode, CTAs
    ("tailtm_p1", 0, 1), ("tailtm_p4", 1, 1), ("tailtm_g1", 2, 1), ("tailtm_bulk", 3, 1),
    ("tailtm_p4_c62", 1, 62), ("tailtm_g1_c62", 2, 62), ("tailtm_bulk_c62", 3, 62),
]


def register_tm(add):
    box = "{buffer: t, dtype: f32, dims: [32, 512], strides: [128], box: [32, 8]}"
    for name, mode, ctas in TM_CASES:
        what = ["one parameter map", "four parameter maps in turn", "one map in global memory", "cp.async.bulk (no map)"][mode]
        add(name, "tailtm", "tailtm_kernel", [ctas, 1, 1], [128, 1, 1],
            [{"tensormap": "m0"}, {"tensormap": "m1"}, {"tensormap": "m2"}, {"tensormap": "m3"},
             {"buffer": "maps"}, {"buffer": "clk"}, {"buffer": "out"}, {"buffer": "t"}, {"u32": mode}],
            {"t": "{dtype: f32, shape: [512, 32], init: iota}", "maps": "{tensormaps: [m0, m1]}",
             "clk": ("u64", [ctas, 4]), "out": ("u32", [ctas * 128])}, ["clk", "out"],
            {"kind": "launch", "op": f"4 waited 1 KiB loads, {what}, from flushed caches, {ctas} CTA(s) of 4 warps",
             "mode": mode, "ctas": ctas, "derive": "ncu sm__cycles_elapsed.max"},
            extra={"tensormaps": "\n  m0: " + box + "\n  m1: " + box + "\n  m2: " + box + "\n  m3: " + box},
            source=TM_SOURCE)


def register(add):
    register_sk(add)
    register_tm(add)
    for name, mode, n, stride, ctas in LD_CASES:
        words = (ctas * n * stride) // 4 + 4096
        add(name, "tailld", "tailld_kernel", [ctas, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "src"}, {"buffer": "out"}, {"u32": mode}, {"u32": n}, {"u32": stride // 4}],
            {"clk": ("u64", [ctas]), "src": ("u32", [words]), "out": ("u32", [ctas * 128])}, ["clk", "out"],
            {"kind": "launch", "op": (f"a chain of {n} ld.global.cg" if mode == 0 else f"{n} cp.async.bulk loads of 16 KiB")
                                     + f" {stride} B apart from flushed caches, {ctas} CTA(s) of 4 warps",
             "mode": mode, "n": n, "stride": stride, "ctas": ctas,
             "derive": "ncu sm__cycles_elapsed.max (caches flushed by ncu)"},
            shared=n * 16384 if mode else 0, source=LD_SOURCE)

    for name, mode, kib, ctas, spin in CASES:
        rows = ((ctas + 1) // 2) * 128
        smem = kib * 1024 if mode == "bulk" else 0
        add(name, "tailst", "tailst_kernel", [ctas, 1, 1], [32 * WARPS, 1, 1],
            [{"buffer": "clk"}, {"buffer": "out"}, {"u32": 7}],
            {"clk": ("u64", [ctas * WARPS, 2]), "out": ("u32", [rows * ROW_FLOATS])}, ["clk"],
            {"kind": "launch", "op": f"{kib} KiB per CTA of {mode} stores right before exit, {ctas} CTA(s) of "
                                     f"{WARPS} warps" + (f", then a {spin}-cycle spin" if spin else ""),
             "mode": mode, "kib": kib, "ctas": ctas, "warps": WARPS, "spin": spin,
             "derive": "ncu sm__cycles_elapsed.max; issue_cycles = max over warps of clk[.][0]"},
            shared=smem, source=source(mode, kib, spin))
    for name, mode, kib, ctas, warm in BR_CASES:
        rows = ((ctas + 1) // 2) * 128
        what = {"bulk": "bulk stores, wait_group.read 0", "bulkw": "bulk stores, wait_group 0",
                "bred": "bulk .add.u32 reductions, wait_group.read 0",
                "bredw": "bulk .add.u32 reductions, wait_group 0"}[mode]
        add(name, "tailst", "tailst_kernel", [ctas, 1, 1], [32 * WARPS, 1, 1],
            [{"buffer": "clk"}, {"buffer": "out"}, {"u32": 7}],
            {"clk": ("u64", [ctas * WARPS, 2]), "out": ("u32", [rows * ROW_FLOATS])}, ["clk"],
            {"kind": "launch", "op": f"{kib} KiB per CTA of {what} right before exit, {ctas} CTA(s) of "
                                     f"{WARPS} warps" + (", destination lines read into L2 first" if warm else ""),
             "mode": mode, "kib": kib, "ctas": ctas, "warps": WARPS, "spin": 0, "warm": warm,
             "derive": "ncu sm__cycles_elapsed.max; issue_cycles = max over warps of clk[.][0]"},
            shared=kib * 1024, source=source(mode, kib, 0, warm))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register, only_new="--new" in sys.argv)
