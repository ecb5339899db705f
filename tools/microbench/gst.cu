// sm90sim microbenchmark family "gst": global 32-bit stores, coalesced or
// spread over one 32-byte sector or one 128-byte line per lane.
//
// params (u64 *clk, u32 *dst, s32 iters, u32 stride, u32 step, u32 val)
// Thread t stores dst[t*stride + j*step] = val + j for j = 0 .. iters*UNROLL-1
// (stride 1, step blockDim: coalesced, one line per warp-store; stride 8,
// step 8*blockDim: a sector per lane, 8 lines per warp-store; stride 32 or
// 96, step 1: a line per lane, 32 lines per warp-store, consecutive stores of
// a lane in the same line (the corpus kernels' per-thread rows); stride 32,
// step 32*blockDim: a fresh line per lane and store).
// The timed region runs twice (rep 0 warms the instruction cache); clk[w][rep]
// (lane 0 of warp w) = %clock64 after the last store issued - before the first:
// the issue side of the stores (back-pressure from the L1), while ncu's
// sm__cycles_elapsed.max of the launch includes the drain of the last stores.
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void gst_u32(unsigned long long* clk, unsigned* dst, int iters, unsigned stride,
                                   unsigned step, unsigned val) {
    const unsigned t = threadIdx.x, w = t >> 5, lane = t & 31;
    unsigned* p = dst + (size_t)t * stride;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {
                const unsigned j = (unsigned)i * UNROLL + k;
                asm volatile("st.global.u32 [%0], %1;" :: "l"(p + (size_t)j * step), "r"(val + j) : "memory");
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
}
