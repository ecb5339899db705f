// sm90sim microbenchmark family "tmax": what the "tma" family leaves out:
// the fetch of a tensor map's descriptor on first use (tma_desc, tma_desc4)
// and TMA stores and reductions, their smem read and their completion
// (tma_st).
//
// Tensor: f32 [rows_total][32] (128-byte rows); boxes [32, box_rows].
//
// tma_desc: params (tensormap tm (by value), CUtensorMap *maps (two maps in
//                   global memory), u64 *clk, u32 *sink, f32 *t, s32 mode)
// All threads first read the whole tensor t (64 KiB) and lanes 0-7 the two
// global maps' lines with ld.global (then in L2, for the TMA and the
// descriptor fetch). Thread 0 then times 4 loads of a 1 KiB box, each
// waited for before the next (clk[i] = load i's issue -> complete_tx -> wake):
//   mode 0: map tm (kernel parameter), loads 0..3;
//   mode 1: map maps[0] (global; fence.proxy.tensormap::generic.acquire first);
//   mode 2: as 1 with prefetch.tensormap maps[0] and a ~4000-cycle spin first;
//   mode 3: alternating maps[0], maps[1], maps[0], maps[1];
//   mode 4: as 0 with prefetch.tensormap tm and the spin first.
// clk[0] - clk[3]: what the first use of the map costs.
//
// tma_desc4: params (tensormap t0..t3 (by value), u64 *clk, u32 *sink, f32 *t, s32 mode)
// Thread 0 uses t0, t1, t2, t3, then again t0..t3, one operation at a time:
//   mode 0: a 1 KiB box load (mbarrier wait); mode 1: a 1 KiB box store
//   (commit_group, wait_group 0). clk[i] = operation i's time.
//
// tma_st: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                 s32 mode, s32 red, s32 rows_total)
// The source is dynamic shared memory (box_rows * 128 bytes, written by all
// threads, fence.proxy.async). Thread 0, per rep, issues `iters` TMA tile
// stores (red 0) or .add reductions (red 1) of the box to rows
// (i * box_rows) mod rows_total, each its own bulk group (modes 0-2), and after each
//   mode 0: cp.async.bulk.wait_group.read 0 (the smem read is done);
//   mode 1: cp.async.bulk.wait_group 0 (the writes are done);
//   mode 2: nothing (all in flight);
//   mode 3: no commit_group either (one bulk group for all, committed at the end);
// then wait_group 0. clk[rep][0] = t(loop end) - t0, clk[rep][1] = t(after
// wait_group 0) - t0 (rep 0 warm-up: the descriptor and the lines in L2).
//
// tma_st4: params (tensormap m0..m3, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                  s32 nmaps, s32 red, s32 rowstep, s32 rows_total)
// As tma_st mode 3 (all `iters` operations in one bulk group, wait_group 0
// at the end), operation i on map m[i % nmaps] at row (i * rowstep) mod
// rows_total (rowstep 0: the same box every time). clk[rep][0] = the issue
// loop, clk[rep][1] = to the end of wait_group 0.
//
// tma_st8: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows, s32 red, s32 rows_total)
// As tma_st4 with one map and distinct boxes, but 8 operations per loop
// iteration, unrolled (the issue loop's own instructions amortized):
// iters * 8 operations in one bulk group, wait_group 0 at the end.
//
// cp_cold: params (u64 *clk, u32 *sink, u8 *src, s32 iters, s32 mode)
// One warp; step i of rep r reads 512 bytes (16 per lane) at byte
// ((r * iters + i) * 4096) of src (128 MiB, zeros written by the host: the
// lines were not read before, so they come from HBM), then waits for them:
//   mode 0: cp.async.cg 16 B per lane, commit_group, wait_group 0;
//   mode 1: cp.async.ca 16 B per lane, commit_group, wait_group 0;
//   mode 2: ld.global.cg.v4.u32 per lane, its value added into a sink
//           register (the next step's address does not depend on it).
// clk[r] = the rep's time; latency per step = clk[1] / iters.
//
// bulk_red: params (u64 *clk, u32 *sink, u8 *dst, s32 iters, s32 op, s32 cold)
// Thread 0 times `iters` non-tensor bulk reductions of 1 KiB of shared
// memory into dst (cp.reduce.async.bulk.global.shared::cta.bulk_group.<op>),
// each committed and waited for (wait_group 0). cold 0: always dst[0..1K)
// (in L2 after the first); cold 1: op i of rep r at (r * iters + i) KiB
// of dst (128 MiB, zeros written by the host: lines not touched before).
// op: 0 add.u32, 1 add.f32, 2 add.u64, 3 add.f64, 4 add.noftz.f16,
// 5 add.noftz.bf16, 6 min.s32, 7 min.u64, 8 inc.u32, 9 and.b64, 10 min.bf16.
// clk[r] = the rep's time; cycles per reduction = clk[1] / iters.
//
// tma_cold: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 box_rows,
//                   u32 box_bytes, s32 stages)
// As the "tma" family's tma_load (thread 0, `stages` loads in flight, one
// mbarrier and buffer each), but every load reads rows not read before:
// load i of rep r of CTA b reads rows ((b * 2 + r) * iters + i) * box_rows of
// a tensor (128 MiB, zeros written by the host) much larger than L2, so the
// data comes from HBM. clk[b][r] = the rep's time.
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void expect_tx(unsigned bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
    asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                 :: "r"(bar), "r"(parity) : "memory");
}
__device__ __forceinline__ void tma_2d(unsigned dst, const void* tm, int c0, int c1, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];" ::"r"(dst), "l"(tm), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
__device__ __forceinline__ void tma_st_2d(const void* tm, int c0, int c1, unsigned src) {
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                 ::"l"(tm), "r"(c0), "r"(c1), "r"(src) : "memory");
}
__device__ __forceinline__ void tma_add_2d(const void* tm, int c0, int c1, unsigned src) {
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];"
                 ::"l"(tm), "r"(c0), "r"(c1), "r"(src) : "memory");
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
__device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
__device__ __forceinline__ void bulk_wait_read0() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }
__device__ __forceinline__ void fence_async_smem() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void spin(unsigned cycles) {
    const unsigned long long t0 = mb_clock();
    while (mb_clock() - t0 < cycles) {
    }
}

extern __shared__ __align__(1024) unsigned char dsm[];

// every thread reads the tensor (64 KiB: 16384 f32) so that the TMA finds it in L2
__device__ __forceinline__ unsigned warm(const float* t) {
    unsigned acc = 0;
#pragma unroll 4
    for (int i = threadIdx.x; i < 16384; i += blockDim.x) acc += __float_as_uint(((const volatile float*)t)[i]);
    return acc;
}

extern "C" __global__ void tma_desc(const __grid_constant__ CUtensorMap tm, const CUtensorMap* maps,
                                    unsigned long long* clk, unsigned* sink, const float* t, int mode) {
    __shared__ __align__(8) unsigned long long bar_s;
    const unsigned bar = smem_addr(&bar_s), buf = smem_addr(dsm);
    unsigned acc = warm(t);
    // the two global maps' 128-byte lines into L2 too (as the parameter map's): lanes 0..7 read a sector each
    if (threadIdx.x < 8) acc += ((const volatile unsigned*)maps)[(threadIdx.x >> 2) * 32 + (threadIdx.x & 3) * 8];
    if (threadIdx.x == 0) {
        mbar_init(bar, 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        const void* m0 = mode == 0 || mode == 4 ? (const void*)&tm : (const void*)&maps[0];
        const void* m1 = mode == 3 ? (const void*)&maps[1] : m0;
        if (mode >= 1 && mode <= 3) {
            asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(&maps[0]) : "memory");
            asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(&maps[1]) : "memory");
        }
        if (mode == 2 || mode == 4) {
            asm volatile("prefetch.tensormap [%0];" ::"l"(m0) : "memory");
            spin(4000);
        }
        unsigned phase = 0;
#pragma unroll 1
        for (int i = 0; i < 4; i++) {
            const unsigned long long t0 = mb_clock();
            expect_tx(bar, 1024);
            tma_2d(buf, (i & 1) ? m1 : m0, 0, 8 * i, bar);
            mbar_wait(bar, phase);
            phase ^= 1;
            clk[i] = mb_clock() - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x] + (acc == 0x12345678u);
}

extern "C" __global__ void tma_desc4(const __grid_constant__ CUtensorMap t0, const __grid_constant__ CUtensorMap t1,
                                     const __grid_constant__ CUtensorMap t2, const __grid_constant__ CUtensorMap t3,
                                     unsigned long long* clk, unsigned* sink, const float* t, int mode) {
    __shared__ __align__(8) unsigned long long bar_s;
    const unsigned bar = smem_addr(&bar_s), buf = smem_addr(dsm);
    unsigned acc = warm(t);
    for (int i = threadIdx.x; i < 256; i += blockDim.x) ((float*)dsm)[i] = (float)(i & 7);
    fence_async_smem();
    if (threadIdx.x == 0) {
        mbar_init(bar, 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        const void* ms[4] = {&t0, &t1, &t2, &t3};
        unsigned phase = 0;
#pragma unroll 1
        for (int i = 0; i < 8; i++) {
            const void* m = ms[i & 3];
            const unsigned long long c0 = mb_clock();
            if (mode == 0) {
                expect_tx(bar, 1024);
                tma_2d(buf, m, 0, 8 * i, bar);
                mbar_wait(bar, phase);
                phase ^= 1;
            } else {
                tma_st_2d(m, 0, 8 * i, buf);
                bulk_commit();
                bulk_wait0();
            }
            clk[i] = mb_clock() - c0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x] + (acc == 0x12345678u);
}

extern "C" __global__ void tma_st(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                  int iters, int box_rows, int mode, int red, int rows_total) {
    for (int i = threadIdx.x; i < box_rows * 32; i += blockDim.x) ((float*)dsm)[i] = (float)(i & 7);
    fence_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                const int row = (i * box_rows) & (rows_total - 1);   // rows_total: a power of two
                if (red) tma_add_2d(&tm, 0, row, src);
                else tma_st_2d(&tm, 0, row, src);
                if (mode != 3) bulk_commit();
                if (mode == 0) bulk_wait_read0();
                else if (mode == 1) bulk_wait0();
            }
            if (mode == 3) bulk_commit();
            const unsigned long long t1 = mb_clock();
            bulk_wait0();
            const unsigned long long t2 = mb_clock();
            clk[rep * 2] = t1 - t0;
            clk[rep * 2 + 1] = t2 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

extern "C" __global__ void tma_cold(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                    int iters, int box_rows, unsigned box_bytes, int stages) {
    __shared__ __align__(8) unsigned long long bars[8];
    if (threadIdx.x == 0) {
        for (int s = 0; s < stages; s++) mbar_init(smem_addr(&bars[s]), 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned buf = smem_addr(dsm), bar0 = smem_addr(&bars[0]);
        unsigned phases = 0;
        const int nin = iters < stages ? iters : stages;
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            unsigned long long t0 = mb_clock();
            int s = 0;
            const int base = ((int)blockIdx.x * 2 + rep) * iters;
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                const unsigned bar = bar0 + 8 * s;
                if (i >= stages) {
                    mbar_wait(bar, (phases >> s) & 1);
                    phases ^= 1u << s;
                }
                expect_tx(bar, box_bytes);
                tma_2d(buf + s * box_bytes, &tm, 0, (base + i) * box_rows, bar);
                if (++s == stages) s = 0;
            }
#pragma unroll 1
            for (int j = iters - nin; j < iters; j++) {
                const int sj = j % stages;
                mbar_wait(bar0 + 8 * sj, (phases >> sj) & 1);
                phases ^= 1u << sj;
            }
            unsigned long long t1 = mb_clock();
            clk[blockIdx.x * 2 + rep] = t1 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

extern "C" __global__ void tma_st4(const __grid_constant__ CUtensorMap m0, const __grid_constant__ CUtensorMap m1,
                                   const __grid_constant__ CUtensorMap m2, const __grid_constant__ CUtensorMap m3,
                                   unsigned long long* clk, unsigned* sink, int iters, int box_rows, int nmaps, int red,
                                   int rowstep, int rows_total) {
    for (int i = threadIdx.x; i < box_rows * 32; i += blockDim.x) ((float*)dsm)[i] = (float)(i & 7);
    fence_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
        const void* ms[4] = {&m0, &m1, &m2, &m3};
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                const int row = (i * rowstep) & (rows_total - 1);   // rows_total: a power of two
                const void* m = ms[i & (nmaps - 1)];                  // nmaps: 1, 2 or 4
                if (red) tma_add_2d(m, 0, row, src);
                else tma_st_2d(m, 0, row, src);
            }
            bulk_commit();
            const unsigned long long t1 = mb_clock();
            bulk_wait0();
            const unsigned long long t2 = mb_clock();
            clk[rep * 2] = t1 - t0;
            clk[rep * 2 + 1] = t2 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

template <int RED>
__device__ __forceinline__ void st8(const void* tm, int iters, int box_rows, int rows_total, unsigned src) {
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        const int row = (i * 8 * box_rows) & (rows_total - 1);
#pragma unroll
        for (int j = 0; j < 8; j++) {
            if (RED) tma_add_2d(tm, 0, row + j * box_rows, src);
            else tma_st_2d(tm, 0, row + j * box_rows, src);
        }
    }
}

extern "C" __global__ void tma_st8(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                   int iters, int box_rows, int red, int rows_total) {
    for (int i = threadIdx.x; i < box_rows * 32; i += blockDim.x) ((float*)dsm)[i] = (float)(i & 7);
    fence_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
            if (red) st8<1>(&tm, iters, box_rows, rows_total, src);
            else st8<0>(&tm, iters, box_rows, rows_total, src);
            bulk_commit();
            const unsigned long long t1 = mb_clock();
            bulk_wait0();
            const unsigned long long t2 = mb_clock();
            clk[rep * 2] = t1 - t0;
            clk[rep * 2 + 1] = t2 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}

extern "C" __global__ void cp_cold(unsigned long long* clk, unsigned* sink, const unsigned char* src, int iters, int mode) {
    __shared__ __align__(128) unsigned char buf[512];
    const unsigned lane = threadIdx.x & 31;
    const unsigned dst = smem_addr(buf) + lane * 16;
    unsigned acc = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncwarp();
        const unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            const unsigned char* p = src + (unsigned long long)(rep * iters + i) * 4096 + lane * 16;
            if (mode == 0) {
                asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(p) : "memory");
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 0;" ::: "memory");
            } else if (mode == 1) {
                asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(p) : "memory");
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 0;" ::: "memory");
            } else {
                unsigned a, b, c, d;
                asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) : "memory");
                acc += a ^ b ^ c ^ d;
                asm volatile("" ::"r"(acc) : "memory");   // the value arrives before the next step
            }
        }
        const unsigned long long t1 = mb_clock();
        if (lane == 0) clk[rep] = t1 - t0;
    }
    __syncwarp();
    sink[lane] = ((const unsigned*)buf)[lane] + acc;
}

#define BRED(OPTYPE) asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group." OPTYPE " [%0], [%1], 1024;" \
                                  ::"l"(d), "r"(src) : "memory")

extern "C" __global__ void bulk_red(unsigned long long* clk, unsigned* sink, unsigned char* dst, int iters, int op,
                                    int cold) {
    for (int i = threadIdx.x; i < 256; i += blockDim.x) ((unsigned*)dsm)[i] = (unsigned)(i & 7);
    fence_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned char* d = dst + (unsigned long long)(cold ? (rep * iters + i) : 0) * 1024;
                switch (op) {
                case 0: BRED("add.u32"); break;
                case 1: BRED("add.f32"); break;
                case 2: BRED("add.u64"); break;
                case 3: BRED("add.f64"); break;
                case 4: BRED("add.noftz.f16"); break;
                case 5: BRED("add.noftz.bf16"); break;
                case 6: BRED("min.s32"); break;
                case 7: BRED("min.u64"); break;
                case 8: BRED("inc.u32"); break;
                case 9: BRED("and.b64"); break;
                default: BRED("min.bf16"); break;
                }
                bulk_commit();
                bulk_wait0();
            }
            clk[rep] = mb_clock() - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
