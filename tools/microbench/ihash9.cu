// sm90sim microbenchmark family "idivtput" (ihash9_* directories, issue 13:
// int_hash): 64-bit division throughput with independent integer work of
// the warp beside each division, as int_hash mixes them. Each step of a
// thread is one u64 x / d with both operands 64-bit (ptxas calls its
// division subroutine: IMAD.WIDE/IMAD.HI/IMAD.X/IMAD chains plus IADD3/SEL/
// ISETP, all on one dependent chain) and K independent 32-bit integer
// operations on other registers that ptxas places around the call:
//   imad: y = y * m + c    (mad.lo.u32: IMAD on the FMA-heavy pipe)
//   alu:  y = (y ^ m) + c  (xor + add.u32: LOP3 + IADD3 on the ALU)
// 4 filler chains per thread (ILP 4 beside the division).
// params (u64 *clk, u32 *sink, s32 iters, u32 seed); clk[w][rep];
// divisions per SM-cycle = warps * iters * UNROLL / max_w clk[w][1].
#define UNROLL 4
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define F_IMAD(j) asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(y[j]) : "r"(m), "r"(c));
#define F_ALU(j) asm volatile("{.reg .b32 t; xor.b32 t, %0, %1; add.u32 %0, t, %2;}" : "+r"(y[j]) : "r"(m), "r"(c));

#define IHASH9_KERNEL(NAME, FILL, PASSES)                                              \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    unsigned long long r = (unsigned long long)(seed * (threadIdx.x + 1) + 0x9e3779b9u); \
    unsigned long long x = (r << 24) | 0xfffull;                                       \
    const unsigned long long d = (r << 9) + (1ull << 33) + 12345ull;                   \
    unsigned y[4];                                                                     \
    for (int j = 0; j < 4; j++) y[j] = seed * (threadIdx.x + 7) + 0x85ebca6bu * j;     \
    const unsigned m = seed | 1u, c = seed ^ 0x27d4eb2fu;                              \
    _Pragma("unroll 1")                                                                \
    for (int rep = 0; rep < 2; rep++) {                                                \
        __syncthreads();                                                               \
        unsigned long long t0 = mb_clock();                                            \
        _Pragma("unroll 1")                                                            \
        for (int i = 0; i < iters; i++) {                                              \
            _Pragma("unroll")                                                          \
            for (int k = 0; k < UNROLL; k++) {                                         \
                x = x / d + 0x0123456789abull;                                         \
                _Pragma("unroll")                                                      \
                for (int p = 0; p < PASSES; p++) { FILL(0) FILL(1) FILL(2) FILL(3) }   \
            }                                                                          \
        }                                                                              \
        unsigned long long t1 = mb_clock();                                            \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                     \
    }                                                                                  \
    unsigned s = (unsigned)x ^ (unsigned)(x >> 33);                                    \
    for (int j = 0; j < 4; j++) s ^= y[j];                                             \
    sink[threadIdx.x] = s;                                                             \
}

IHASH9_KERNEL(ihash9_div_imad8, F_IMAD, 2)
IHASH9_KERNEL(ihash9_div_imad32, F_IMAD, 8)
IHASH9_KERNEL(ihash9_div_alu32, F_ALU, 8)
