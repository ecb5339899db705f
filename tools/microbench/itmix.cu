// sm90sim microbenchmark family "itmix": issue throughput of a mix of
// integer instructions on different pipes (can a sub-partition dispatch one
// warp-instruction per cycle when consecutive instructions go to the IMAD
// and the ALU pipes?). 16 warps in one CTA (4 per scheduler), 8 independent
// chain pairs per thread (ILP 8); each step is two SASS instructions:
//   imad_lop:  IMAD (mad.lo.u32 x = x * m + m) + LOP3 (y = y ^ (x & m))
//   hi_lop:    IMAD.HI (mul.hi.u32 x = hi(x * m)) + LOP3 (y = y ^ (x & m))
//   imad_shf:  IMAD + SHF.L.W (shf.l.wrap y = funnel(y, x, x))
//   lop_shf:   LOP3 (y = y ^ (x & m)) + SHF.L.W (x = funnel(x, y, y)), ALU only
//   imad_lop2: IMAD + LOP3 with two distinct register sources (y = y ^ (x & x))
//   imad3_shf: IMAD with three distinct register sources (x = x * y + m) + SHF.L.W
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[w][rep] = %clock64 after - before (rep 0 warms the caches);
// warp-instructions per SM-cycle = warps * iters * UNROLL * 8 * 2 / max_w clk[w][1].
#define UNROLL 8

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define ITMIX_KERNEL(NAME, STEP)                                                      \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    unsigned x[8], y[8];                                                               \
    for (int i = 0; i < 8; i++) {                                                      \
        x[i] = seed * (threadIdx.x + 1) + 0x9e3779b9u * i;                             \
        y[i] = x[i] ^ 0x85ebca6bu;                                                     \
    }                                                                                  \
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
    for (int i = 0; i < 8; i++) s ^= x[i] + y[i];                                      \
    sink[threadIdx.x] = s;                                                             \
}

#define M_IMAD_LOP(i) asm volatile("mad.lo.u32 %0, %0, %2, %2;\n\tlop3.b32 %1, %1, %0, %2, 0x78;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));
#define M_HI_LOP(i) asm volatile("mul.hi.u32 %0, %0, %2;\n\tlop3.b32 %1, %1, %0, %2, 0x78;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));
#define M_IMAD_SHF(i) asm volatile("mad.lo.u32 %0, %0, %1, %1;\n\tshf.l.wrap.b32 %1, %1, %0, %0;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));
#define M_LOP_SHF(i) asm volatile("lop3.b32 %1, %1, %0, %2, 0x78;\n\tshf.l.wrap.b32 %0, %0, %1, %1;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));

#define M_IMAD_LOP2(i) asm volatile("mad.lo.u32 %0, %0, %2, %2;\n\tlop3.b32 %1, %1, %0, %0, 0x3c;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));
#define M_IMAD3_SHF(i) asm volatile("mad.lo.u32 %0, %0, %1, %2;\n\tshf.l.wrap.b32 %1, %1, %0, %0;" : "+r"(x[i]), "+r"(y[i]) : "r"(m));

ITMIX_KERNEL(itmix_imad_lop, M_IMAD_LOP)
ITMIX_KERNEL(itmix_imad_lop2, M_IMAD_LOP2)
ITMIX_KERNEL(itmix_imad3_shf, M_IMAD3_SHF)
ITMIX_KERNEL(itmix_hi_lop, M_HI_LOP)
ITMIX_KERNEL(itmix_imad_shf, M_IMAD_SHF)
ITMIX_KERNEL(itmix_lop_shf, M_LOP_SHF)
