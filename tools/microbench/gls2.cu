// sm90sim microbenchmark family "gls", second source (tools/microbench/
// gen6_store.py): the same accesses as gls.cu with the loop's address
// arithmetic taken out, so one warp's issue of the loads and stores shows.
// The step between the UNROLL accesses of an iteration is a compile-time
// constant (ptxas folds it into the instruction's immediate offset), the
// stored values are fixed registers, and the loads' values are folded only
// after all UNROLL loads of an iteration (gls.cu's 64/128-bit loads fold
// each load's words right after it in the PTX).
//
// params (u64 *clk, u32 *buf, u32 *sink, s32 iters, u32 group, u32 row,
//         u32 wrap, u32 wstride, u32 wmask, u32 cstride)
// Lane l of warp w of CTA c accesses W bytes (W = 4, 8, 16) at byte offset
//   c*cstride + w*wstride + (l / group)*row + (l % group)*W
//   + ((i*UNROLL*STEP) & wrap) + k*STEP
// for k = 0 .. UNROLL-1 of iteration i; STEP is the kernel's. Warps whose
// bit in wmask is clear run no iterations. clk[c*warps + w][rep] (lane 0) =
// %clock64 after the region - before it; rep 0 warms code and L1.
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

template <int W> struct Vec;
template <> struct Vec<4> {
    static __device__ __forceinline__ void st(char* p, unsigned a, unsigned, unsigned, unsigned) {
        asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(a) : "memory");
    }
    static __device__ __forceinline__ void ld(const char* p, unsigned* r) {
        asm volatile("ld.global.u32 %0, [%1];" : "=r"(r[0]) : "l"(p) : "memory");
    }
};
template <> struct Vec<8> {
    static __device__ __forceinline__ void st(char* p, unsigned a, unsigned b, unsigned, unsigned) {
        asm volatile("st.global.v2.u32 [%0], {%1, %2};" :: "l"(p), "r"(a), "r"(b) : "memory");
    }
    static __device__ __forceinline__ void ld(const char* p, unsigned* r) {
        asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "l"(p) : "memory");
    }
};
template <> struct Vec<16> {
    static __device__ __forceinline__ void st(char* p, unsigned a, unsigned b, unsigned c, unsigned d) {
        asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" :: "l"(p), "r"(a), "r"(b), "r"(c), "r"(d) : "memory");
    }
    static __device__ __forceinline__ void ld(const char* p, unsigned* r) {
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                     : "l"(p) : "memory");
    }
};

__device__ __forceinline__ size_t lane_off(unsigned W, unsigned group, unsigned row, unsigned wstride,
                                           unsigned cstride, unsigned& w, unsigned& lane) {
    const unsigned t = threadIdx.x;
    w = t >> 5;
    lane = t & 31;
    return (size_t)blockIdx.x * cstride + (size_t)w * wstride + (size_t)(lane / group) * row + (lane % group) * W;
}

template <int W, int STEP>
__device__ __forceinline__ void store_body(unsigned long long* clk, char* buf, int iters, unsigned group, unsigned row,
                                           unsigned wrap, unsigned wstride, unsigned wmask, unsigned cstride) {
    unsigned w, lane;
    char* p = buf + lane_off(W, group, row, wstride, cstride, w, lane);
    const int n = (wmask >> w) & 1 ? iters : 0;
    const unsigned nw = blockDim.x >> 5;
    const unsigned a = threadIdx.x, b = a + 1, c = a + 2, d = a + 3;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < n; i++) {
            char* q = p + (((unsigned)i * (UNROLL * STEP)) & wrap);
#pragma unroll
            for (int k = 0; k < UNROLL; k++) Vec<W>::st(q + k * STEP, a, b, c, d);
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
}

template <int W, int STEP>
__device__ __forceinline__ void load_body(unsigned long long* clk, const char* buf, unsigned* sink, int iters,
                                          unsigned group, unsigned row, unsigned wrap, unsigned wstride,
                                          unsigned wmask, unsigned cstride) {
    unsigned w, lane;
    const char* p = buf + lane_off(W, group, row, wstride, cstride, w, lane);
    const int n = (wmask >> w) & 1 ? iters : 0;
    const unsigned nw = blockDim.x >> 5;
    unsigned acc = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < n; i++) {
            const char* q = p + (((unsigned)i * (UNROLL * STEP)) & wrap);
            unsigned v[UNROLL][W / 4];
#pragma unroll
            for (int k = 0; k < UNROLL; k++) Vec<W>::ld(q + k * STEP, v[k]);
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {
#pragma unroll
                for (int j = 0; j < W / 4; j++) acc ^= v[k][j] + (k * 4 + j);
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

#define STORE(W, STEP)                                                                                             \
    extern "C" __global__ void gls2_st##W##_s##STEP(unsigned long long* clk, char* buf, unsigned* sink, int iters, \
                                                    unsigned group, unsigned row, unsigned wrap, unsigned wstride, \
                                                    unsigned wmask, unsigned cstride) {                            \
        store_body<W / 8, STEP>(clk, buf, iters, group, row, wrap, wstride, wmask, cstride);                       \
    }
#define LOAD(W, STEP)                                                                                              \
    extern "C" __global__ void gls2_ld##W##_s##STEP(unsigned long long* clk, const char* buf, unsigned* sink,     \
                                                    int iters, unsigned group, unsigned row, unsigned wrap,       \
                                                    unsigned wstride, unsigned wmask, unsigned cstride) {          \
        load_body<W / 8, STEP>(clk, buf, sink, iters, group, row, wrap, wstride, wmask, cstride);                  \
    }
STORE(32, 128)
STORE(64, 256)
STORE(128, 512)
STORE(64, 32)
STORE(128, 32)
LOAD(32, 128)
LOAD(64, 256)
LOAD(128, 512)
LOAD(64, 32)
