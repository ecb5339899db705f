// sm90sim microbenchmark family "itput": issue throughput of independent
// integer operations (what ptxas makes of them: IMAD, IMAD.HI, IMAD.WIDE,
// IADD3, POPC, FLO, BREV); ptxas merges two dependent add.u32 of a chain
// into one IADD3 (64 IADD3 per 128 adds), and keeps mul.wide as IMAD.WIDE only
// when both halves are used (here xor-ed: one IMAD.WIDE + one LOP3 per op), 16 warps in one CTA (4 per scheduler),
// 8 independent chains per thread (ILP 8).
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[w][rep] = %clock64 after - before (rep 0 warms the caches);
// warp-instructions per SM-cycle = warps * iters * UNROLL * 8 / max_w clk[w][1].
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define ITPUT_KERNEL(NAME, STEP)                                                      \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    unsigned x[8];                                                                     \
    for (int i = 0; i < 8; i++) x[i] = seed * (threadIdx.x + 1) + 0x9e3779b9u * i;     \
    const unsigned m = seed | 1u;                                                      \
    _Pragma("unroll 1")                                                                \
    for (int rep = 0; rep < 2; rep++) {                                                \
        __syncthreads();                                                               \
        unsigned long long t0 = mb_clock();                                            \
        _Pragma("unroll 1")                                                            \
        for (int i = 0; i < iters; i++) {                                              \
            _Pragma("unroll")                                                          \
            for (int k = 0; k < UNROLL; k++) {                                         \
                STEP(0) STEP(1) STEP(2) STEP(3) STEP(4) STEP(5) STEP(6) STEP(7)        \
            }                                                                          \
        }                                                                              \
        unsigned long long t1 = mb_clock();                                            \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                     \
    }                                                                                  \
    unsigned s = 0;                                                                    \
    for (int i = 0; i < 8; i++) s ^= x[i];                                             \
    sink[threadIdx.x] = s;                                                             \
}

#define S_MADLO(i) asm volatile("mad.lo.u32 %0, %0, %1, %1;" : "+r"(x[i]) : "r"(m));
#define S_MULHI(i) asm volatile("mul.hi.u32 %0, %0, %1;" : "+r"(x[i]) : "r"(m));
#define S_MULWIDE(i) asm volatile("{.reg .b64 t; .reg .b32 lo, hi; mul.wide.u32 t, %0, %1; mov.b64 {lo, hi}, t; xor.b32 %0, lo, hi;}" : "+r"(x[i]) : "r"(m));
#define S_ADD(i) asm volatile("add.u32 %0, %0, %1;" : "+r"(x[i]) : "r"(m));
#define S_POPC(i) asm volatile("popc.b32 %0, %0;" : "+r"(x[i]));
#define S_BREV(i) asm volatile("brev.b32 %0, %0;" : "+r"(x[i]));
#define S_FLO(i) asm volatile("bfind.u32 %0, %0;" : "+r"(x[i]));

ITPUT_KERNEL(itput_mad_lo, S_MADLO)
ITPUT_KERNEL(itput_mul_hi, S_MULHI)
ITPUT_KERNEL(itput_mul_wide, S_MULWIDE)
ITPUT_KERNEL(itput_add, S_ADD)
ITPUT_KERNEL(itput_popc, S_POPC)
ITPUT_KERNEL(itput_brev, S_BREV)
ITPUT_KERNEL(itput_bfind, S_FLO)
