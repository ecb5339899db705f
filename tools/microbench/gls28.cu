// sm90sim microbenchmark family "gls", session 28 variant (tools/microbench/gen28_cute.py, helper cute): the CuTe
// Hopper tutorial GEMM's epilogue stores (validation/timing/cute23.md, cute28.md) in gls.cu's frame. Each thread
// stores 16-bit values at the wgmma m64nNk16 accumulator layout of a column-major C (ldc halves a column):
// lane l of warp w at row w*wrow + l/4 and column 2*(l%4), so one store writes 8 lanes x 2 bytes (16 bytes, half a
// sector) in each of 4 columns 2 apart (4 lines). A group of 4 stores at offsets 0, o1, o2, o1 + o2: the twin's order
// is o1 = the next column (ldc x 2 bytes), o2 = 16 bytes (rows + 8: the other half of the first store's sectors, two
// stores later); o1 = 16, o2 = a column: the other half next. Per iteration (an N block of 64 columns) 2 M blocks
// (+128 bytes) x 8 column groups (+8 columns) x 4 = 64 stores, straight-line, as the twin's PTX. wrow 16: the 4 warps
// write sectors 0-3 of the same lines (the twin); wrow 0 with wsep: each warp its own lines.
// params (u64 *clk, char *buf, u32 *sink, s32 iters, u32 ldc, u32 wrow, u32 wsep, u32 o1, u32 o2, u32 cstride)
// The timed region runs twice (rep 0 warms the code); clk[c*warps + w][rep] (lane 0) = %clock64 after the last store
// issued - before the region (after a __syncthreads), as gls.cu.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__device__ __forceinline__ void st16(char* p, unsigned v) {
    asm volatile("st.global.u16 [%0], %1;" :: "l"(p), "h"((unsigned short)v) : "memory");
}

extern "C" __global__ void gls_cute16(unsigned long long* clk, char* buf, unsigned* sink, int iters, unsigned ldc,
                                      unsigned wrow, unsigned wsep, unsigned o1, unsigned o2, unsigned cstride) {
    const unsigned t = threadIdx.x, w = t >> 5, lane = t & 31, nw = blockDim.x >> 5;
    char* p = buf + (size_t)blockIdx.x * cstride + (size_t)w * wsep +
              ((size_t)(w * wrow + lane / 4) + (size_t)(2 * (lane % 4)) * ldc) * 2;
    const size_t col = (size_t)ldc * 2;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            char* q = p + (size_t)i * 64 * col;
#pragma unroll
            for (int m = 0; m < 2; m++)
#pragma unroll
                for (int g = 0; g < 8; g++) {
                    char* r = q + m * 128 + g * 8 * col;
                    const unsigned v = (unsigned)(i * 64 + m * 32 + g * 4);
                    st16(r, v);
                    st16(r + o1, v + 1);
                    st16(r + o2, v + 2);
                    st16(r + o1 + o2, v + 3);
                }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    sink[blockIdx.x * blockDim.x + t] = w * wrow + lane;
}
