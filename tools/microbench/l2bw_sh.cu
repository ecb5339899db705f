// sm90sim microbenchmark family "l2bw", shared-region variants
// (tools/microbench/gen6_l2.py, names l2bw_sh_*; issue 14): does L2 bandwidth
// depend on how many SMs read the same lines (Hopper's two L2 partitions)?
// The kernels are l2bw.cu's l2bw_ld / l2bw_tma with one more parameter,
// `groups`: CTA c reads region (c % groups), so groups = CTAs is l2bw.cu's
// private layout, groups = 1 has every CTA read the same lines, and in between
// CTAs/groups CTAs share each region. l2bw.cu itself is untouched (the old
// l2bw_* directories' kernel.cu link to it).
//
// l2bw_ld_sh: params (u64 *clk, u64 *gt, u32 *smid, u32 *sink, uint4 *buf,
//                     u64 bytes_per_cta, s32 reps, s32 groups)
// CTA c reads buf + (c % groups) * bytes_per_cta as l2bw_ld reads its region
// (ld.global.cg.v4.u32, 4 loads in flight a thread, rep 0 untimed).
//
// l2bw_tma_sh: params (tensormap tm, u64 *clk, u64 *gt, u32 *smid, u32 *sink,
//                      s32 boxes, s32 box_rows, u32 box_bytes, s32 stages,
//                      s32 reps, s32 groups)
// CTA c loads the boxes of rows [(c % groups) * boxes * box_rows, ...) as
// l2bw_tma loads its region. clk/gt/smid as in l2bw.cu.
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned long long mb_gtimer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned mb_smid() {
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    return s;
}
__device__ __forceinline__ uint4 ldcg(const uint4* p) {
    uint4 v;
    asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p) : "memory");
    return v;
}

extern "C" __global__ void l2bw_ld_sh(unsigned long long* clk, unsigned long long* gt, unsigned* smid, unsigned* sink,
                                   const uint4* __restrict__ buf, unsigned long long bytes_per_cta, int reps,
                                      int groups) {
    const unsigned long long n = bytes_per_cta / 16;
    const uint4* s = buf + (blockIdx.x % (unsigned)groups) * n;
    const unsigned bd = blockDim.x;
    unsigned acc = 0;
    unsigned long long t0 = 0, g0 = 0;
#pragma unroll 1
    for (int r = 0; r < reps; r++) {
#pragma unroll 1
        for (unsigned long long i = threadIdx.x; i < n; i += 4 * bd) {
            uint4 a = ldcg(s + i), b = ldcg(s + i + bd), c = ldcg(s + i + 2 * bd), d = ldcg(s + i + 3 * bd);
            acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
        }
        if (r == 0) {
            __syncthreads();
            t0 = mb_clock();
            g0 = mb_gtimer();
        }
    }
    __syncthreads();
    unsigned long long t1 = mb_clock(), g1 = mb_gtimer();
    if (threadIdx.x == 0) {
        clk[2 * blockIdx.x] = t0;
        clk[2 * blockIdx.x + 1] = t1;
        gt[2 * blockIdx.x] = g0;
        gt[2 * blockIdx.x + 1] = g1;
        smid[blockIdx.x] = mb_smid();
    }
    sink[blockIdx.x * bd + threadIdx.x] = acc;
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

extern __shared__ __align__(1024) unsigned char dsm[];

extern "C" __global__ void l2bw_tma_sh(const __grid_constant__ CUtensorMap tm, unsigned long long* clk,
                                    unsigned long long* gt, unsigned* smid, unsigned* sink, int boxes, int box_rows,
                                    unsigned box_bytes, int stages, int reps, int groups) {
    __shared__ __align__(8) unsigned long long bars[8];
    if (threadIdx.x == 0) {
        for (int s = 0; s < stages; s++) mbar_init(smem_addr(&bars[s]), 1);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned buf = smem_addr(dsm), bar0 = smem_addr(&bars[0]);
        const int row0 = (int)(blockIdx.x % (unsigned)groups) * boxes * box_rows;
        unsigned phases = 0;
        unsigned long long t0 = 0, g0 = 0;
#pragma unroll 1
        for (int rep = 0; rep < reps; rep++) {
            int s = 0;
#pragma unroll 1
            for (int i = 0; i < boxes; i++) {
                const unsigned bar = bar0 + 8 * s;
                if (rep > 1 || i >= stages) {   // the stage's previous load (rep 0 drains at its end)
                    mbar_wait(bar, (phases >> s) & 1);
                    phases ^= 1u << s;
                }
                expect_tx(bar, box_bytes);
                tma_2d(buf + s * box_bytes, &tm, 0, row0 + i * box_rows, bar);
                if (++s == stages) s = 0;
            }
            if (rep == 0) {   // drain: the region is in L2 before the clock starts
#pragma unroll 1
                for (int j = 0; j < stages && j < boxes; j++) {
                    mbar_wait(bar0 + 8 * j, (phases >> j) & 1);
                    phases ^= 1u << j;
                }
                t0 = mb_clock();
                g0 = mb_gtimer();
            }
        }
#pragma unroll 1
        for (int j = 0; j < stages && j < boxes; j++) {
            mbar_wait(bar0 + 8 * j, (phases >> j) & 1);
            phases ^= 1u << j;
        }
        unsigned long long t1 = mb_clock(), g1 = mb_gtimer();
        clk[2 * blockIdx.x] = t0;
        clk[2 * blockIdx.x + 1] = t1;
        gt[2 * blockIdx.x] = g0;
        gt[2 * blockIdx.x + 1] = g1;
        smid[blockIdx.x] = mb_smid();
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[blockIdx.x * 32 + threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
