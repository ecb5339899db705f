// sm90sim microbenchmark family "itput64": issue throughput of independent
// 64-bit integer operations, which ptxas makes of two or more 32-bit SASS
// instructions on one pipe (add.u64: IADD3 + IADD3.X; mul.lo.u64: IMAD.WIDE.U32
// + 2 IMAD; mul.hi.u64: a sequence of IMAD.WIDE/IMAD.HI/IMAD.X), 16 warps in
// one CTA, 8 independent chains per thread (ILP 8). As itput.cu:
// params (u64 *clk, u32 *sink, s32 iters, u32 seed); clk[w][rep].
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define ITPUT64_KERNEL(NAME, STEP)                                                    \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    unsigned long long x[8];                                                           \
    for (int i = 0; i < 8; i++)                                                        \
        x[i] = (unsigned long long)(seed * (threadIdx.x + 1)) * 0x9e3779b97f4a7c15ull + i; \
    const unsigned long long m = ((unsigned long long)seed << 32) | 0x2545F491u;       \
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
    unsigned long long s = 0;                                                          \
    for (int i = 0; i < 8; i++) s ^= x[i];                                             \
    sink[threadIdx.x] = (unsigned)s ^ (unsigned)(s >> 32);                             \
}

#define S_ADD64(i) asm volatile("add.u64 %0, %0, %1;" : "+l"(x[i]) : "l"(m + i));
#define S_MULLO64(i) asm volatile("mul.lo.u64 %0, %0, %1;" : "+l"(x[i]) : "l"(m));
#define S_MULHI64(i) asm volatile("mul.hi.u64 %0, %0, %1;" : "+l"(x[i]) : "l"(m));

ITPUT64_KERNEL(itput64_add, S_ADD64)
ITPUT64_KERNEL(itput64_mul_lo, S_MULLO64)
ITPUT64_KERNEL(itput64_mul_hi, S_MULHI64)
