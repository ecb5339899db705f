// tma6st (family tma6, tools/microbench/gen6_tma.py): TMA 2D tile stores and
// .add reductions of a 256-byte box ([32 f32, 2 rows]), all in one bulk
// group, issued by thread 0 in a loop of `per` per iteration (the loop's
// uniform-datapath code per operation against per iteration).
// t6_st: params (tensormap tm, u64 *clk, u32 *sink, s32 iters, s32 per, s32 red, s32 rowstep)
// iters * per operations; operation j at row (j * rowstep) mod 512 (rowstep
// 0: the same box every time); per is 1, 2 or 4 (anything else: 1); red 2:
// non-tensor cp.async.bulk.global.shared::cta of 256 bytes (to row j's
// address) instead of a tensor store. commit_group after the loop, then
// wait_group 0. clk[rep][0] = the loop, clk[rep][1] = to the end of wait_group 0.
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

extern __shared__ __align__(1024) unsigned char dsm[];

__device__ __forceinline__ void op(const CUtensorMap* tm, float* t, int red, int row, unsigned src) {
    if (red == 1)
        asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(tm), "r"(0), "r"(row), "r"(src) : "memory");
    else if (red == 2)
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 256;"
                     ::"l"(t + row * 32), "r"(src) : "memory");
    else
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(tm), "r"(0), "r"(row), "r"(src) : "memory");
}

extern "C" __global__ void t6_st(const __grid_constant__ CUtensorMap tm, float* t, unsigned long long* clk,
                                 unsigned* sink, int iters, int per, int red, int rowstep) {
    for (int i = threadIdx.x; i < 64; i += blockDim.x) ((float*)dsm)[i] = (float)(i & 7);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            const unsigned long long t0 = mb_clock();
            if (per == 4) {
#pragma unroll 1
                for (int i = 0; i < iters; i++) {
                    const int j = 4 * i;
                    op(&tm, t, red, (j * rowstep) & 511, src);
                    op(&tm, t, red, ((j + 1) * rowstep) & 511, src);
                    op(&tm, t, red, ((j + 2) * rowstep) & 511, src);
                    op(&tm, t, red, ((j + 3) * rowstep) & 511, src);
                }
            } else if (per == 2) {
#pragma unroll 1
                for (int i = 0; i < iters; i++) {
                    const int j = 2 * i;
                    op(&tm, t, red, (j * rowstep) & 511, src);
                    op(&tm, t, red, ((j + 1) * rowstep) & 511, src);
                }
            } else {
#pragma unroll 1
                for (int i = 0; i < iters; i++) op(&tm, t, red, (i * rowstep) & 511, src);
            }
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            const unsigned long long t1 = mb_clock();
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
            const unsigned long long t2 = mb_clock();
            clk[rep * 2] = t1 - t0;
            clk[rep * 2 + 1] = t2 - t0;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
