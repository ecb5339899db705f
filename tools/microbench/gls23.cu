// sm90sim microbenchmark family "gls", session 23 variant (tools/microbench/gen23_gls.py): gls.cu with
// 16-bit stores (gls_st16: st.global.u16) and, for stores, zmask as an active-lane mask (lane l stores only
// when bit l of zmask is set; 0xFFFFFFFF: every lane). Otherwise gls.cu (tools/microbench/gen6_store.py): the
// L1 request path of global loads and stores by access width, lines and
// sectors per warp-access, warps, and where the warps sit.
//
// params (u64 *clk, u32 *buf, u32 *sink, s32 iters, u32 group, u32 row,
//         u32 step, u32 wrap, u32 wstride, u32 wmask, u32 zmask, u32 cstride)
// Lane l of warp w of CTA c accesses W bytes (W = 4, 8, 16: the kernel's
// width) at byte offset
//   c*cstride + w*wstride + (l / group)*row + (l % group)*W
//   + ((i*UNROLL*step) & wrap) + k*step
// for k = 0 .. UNROLL-1 (unrolled: immediate offsets) of iteration i.
// group lanes share a row: group 32 is coalesced, group 4 with 8-byte
// accesses writes one 32-byte sector in each of 8 rows (the wgmma
// accumulator epilogue's st.global.v2.f32), group 1 with row 128 a line per
// lane. Warps whose bit in wmask is clear run no iterations (they still
// meet the barriers), so two warps can share a sub-partition (warps 0 and
// 4) or not (warps 0 and 1).
// Loads: UNROLL independent loads, then their values are folded into an
// accumulator; with zmask = 0 and the kernel's _dep form each load's
// address depends on the value the previous one returned (a latency chain).
// .cg loads bypass L1. Stores write val + j and are never read back.
// The timed region runs twice (rep 0 warms the code and, for loads, L1);
// clk[c*warps + w][rep] (lane 0) = %clock64 after the region - before it
// (stores: after the last store issued; loads: after the fold).
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

template <int W> __device__ __forceinline__ void st(char* p, unsigned v);
template <> __device__ __forceinline__ void st<2>(char* p, unsigned v) {
    asm volatile("st.global.u16 [%0], %1;" :: "l"(p), "h"((unsigned short)v) : "memory");
}
template <> __device__ __forceinline__ void st<4>(char* p, unsigned v) {
    asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
template <> __device__ __forceinline__ void st<8>(char* p, unsigned v) {
    asm volatile("st.global.v2.u32 [%0], {%1, %2};" :: "l"(p), "r"(v), "r"(v + 1) : "memory");
}
template <> __device__ __forceinline__ void st<16>(char* p, unsigned v) {
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" :: "l"(p), "r"(v), "r"(v + 1), "r"(v + 2), "r"(v + 3)
                 : "memory");
}

template <int W, bool CG> __device__ __forceinline__ unsigned ld(const char* p);
template <> __device__ __forceinline__ unsigned ld<4, false>(const char* p) {
    unsigned r;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(r) : "l"(p) : "memory");
    return r;
}
template <> __device__ __forceinline__ unsigned ld<8, false>(const char* p) {
    unsigned a, b;
    asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p) : "memory");
    return a ^ (b << 1);
}
template <> __device__ __forceinline__ unsigned ld<16, false>(const char* p) {
    unsigned a, b, c, d;
    asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p) : "memory");
    return a ^ (b << 1) ^ (c << 2) ^ (d << 3);
}
template <> __device__ __forceinline__ unsigned ld<4, true>(const char* p) {
    unsigned r;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(r) : "l"(p) : "memory");
    return r;
}

__device__ __forceinline__ size_t lane_off(unsigned W, unsigned group, unsigned row, unsigned wstride,
                                           unsigned cstride, unsigned& w, unsigned& lane) {
    const unsigned t = threadIdx.x;
    w = t >> 5;
    lane = t & 31;
    return (size_t)blockIdx.x * cstride + (size_t)w * wstride + (size_t)(lane / group) * row + (lane % group) * W;
}

template <int W>
__device__ __forceinline__ void store_body(unsigned long long* clk, char* buf, int iters, unsigned group, unsigned row,
                                           unsigned step, unsigned wrap, unsigned wstride, unsigned wmask,
                                           unsigned amask, unsigned cstride) {
    unsigned w, lane;
    char* p = buf + lane_off(W, group, row, wstride, cstride, w, lane);
    const int n = (wmask >> w) & 1 ? iters : 0;
    const bool act = (amask >> lane) & 1;
    const unsigned nw = blockDim.x >> 5;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < n; i++) {
            char* q = p + (((unsigned)i * UNROLL * step) & wrap);
#pragma unroll
            for (int k = 0; k < UNROLL; k++)
                if (act) st<W>(q + k * step, (unsigned)i * UNROLL + k);
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
}

template <int W, bool CG>
__device__ __forceinline__ void load_body(unsigned long long* clk, const char* buf, unsigned* sink, int iters,
                                          unsigned group, unsigned row, unsigned step, unsigned wrap,
                                          unsigned wstride, unsigned wmask, unsigned cstride) {
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
            const char* q = p + (((unsigned)i * UNROLL * step) & wrap);
            unsigned v[UNROLL];
#pragma unroll
            for (int k = 0; k < UNROLL; k++) v[k] = ld<W, CG>(q + k * step);
#pragma unroll
            for (int k = 0; k < UNROLL; k++) acc ^= v[k] + k;
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// the latency chain: each load's address adds (previous value & zmask)
template <int W>
__device__ __forceinline__ void dep_body(unsigned long long* clk, const char* buf, unsigned* sink, int iters,
                                         unsigned group, unsigned row, unsigned step, unsigned wrap,
                                         unsigned wstride, unsigned wmask, unsigned zmask, unsigned cstride) {
    unsigned w, lane;
    const char* p = buf + lane_off(W, group, row, wstride, cstride, w, lane);
    const int n = (wmask >> w) & 1 ? iters : 0;
    const unsigned nw = blockDim.x >> 5;
    unsigned acc = 0, v = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < n; i++) {
            const char* q = p + (((unsigned)i * UNROLL * step) & wrap);
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {
                v = ld<W, false>(q + k * step + (v & zmask));
                acc += v;
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

#define STORE(W)                                                                                                   \
    extern "C" __global__ void gls_st##W(unsigned long long* clk, char* buf, unsigned* sink, int iters,          \
                                         unsigned group, unsigned row, unsigned step, unsigned wrap,             \
                                         unsigned wstride, unsigned wmask, unsigned zmask, unsigned cstride) {   \
        store_body<W / 8>(clk, buf, iters, group, row, step, wrap, wstride, wmask, zmask, cstride);                     \
    }
#define LOAD(W, NAME, CG)                                                                                          \
    extern "C" __global__ void NAME(unsigned long long* clk, const char* buf, unsigned* sink, int iters,         \
                                    unsigned group, unsigned row, unsigned step, unsigned wrap, unsigned wstride, \
                                    unsigned wmask, unsigned zmask, unsigned cstride) {                           \
        load_body<W / 8, CG>(clk, buf, sink, iters, group, row, step, wrap, wstride, wmask, cstride);            \
    }
STORE(16)
STORE(32)
STORE(64)
STORE(128)
LOAD(32, gls_ld32, false)
LOAD(64, gls_ld64, false)
LOAD(128, gls_ld128, false)
LOAD(32, gls_ldcg32, true)

extern "C" __global__ void gls_lddep32(unsigned long long* clk, const char* buf, unsigned* sink, int iters,
                                       unsigned group, unsigned row, unsigned step, unsigned wrap, unsigned wstride,
                                       unsigned wmask, unsigned zmask, unsigned cstride) {
    dep_body<4>(clk, buf, sink, iters, group, row, step, wrap, wstride, wmask, zmask, cstride);
}
