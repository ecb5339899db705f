// sm90sim microbenchmark family "gld": global 32-bit loads through the L1,
// coalesced or spread over 16 or 32 lines per warp-load, L1-warm.
//
// params (u64 *clk, u32 *src, u32 *sink, s32 iters, u32 stride, u32 step)
// Thread t loads src[t*stride + j*step] for j = 0 .. iters*UNROLL-1, UNROLL
// independent loads back to back, then folds them into an accumulator.
// (stride 1, step blockDim: coalesced; stride 16, step 1: 64 bytes per lane,
// 16 lines x 2 sectors per warp-load; stride 32, step 1: a line per lane.)
// Rep 0 brings the lines into L1; rep 1 (clk[w][1]) re-reads them.
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void gld_u32(unsigned long long* clk, const unsigned* src, unsigned* sink, int iters,
                                   unsigned stride, unsigned step) {
    const unsigned t = threadIdx.x, w = t >> 5, lane = t & 31;
    const unsigned* p = src + (size_t)t * stride;
    unsigned acc = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            unsigned v[UNROLL];
#pragma unroll
            for (int k = 0; k < UNROLL; k++)
                asm volatile("ld.global.u32 %0, [%1];" : "=r"(v[k]) : "l"(p + (size_t)((unsigned)i * UNROLL + k) * step) : "memory");
#pragma unroll
            for (int k = 0; k < UNROLL; k++) acc ^= v[k] + k;
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    sink[t] = acc;
}
