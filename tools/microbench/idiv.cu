// sm90sim microbenchmark family "idiv": dependent chains of integer division
// and remainder in one warp (block 32, grid 1), as the chain family.
// ptxas expands 32-bit division inline and calls a subroutine for 64-bit
// division (nvcc's PTX already branches to a 32-bit path when both operands
// fit; these kernels use PTX div/rem .u64/.s64 directly, so the operands
// decide nothing at PTX level).
//
// params (u64 *clk, u32 *sink, s32 iters, u32 seed, u64 big, u64 d)
// One op: x = (x OP d) + big (big keeps x 64-bit wide or 32-bit small).
// clk[rep] (lane 0) = %clock64 after - before; cycles per op =
// clk[1] / (iters * UNROLL); ncu smsp__inst_executed / (2 * iters * UNROLL)
// = SASS instructions per op (plus the small loop overhead).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define IDIV_KERNEL(NAME, T, TY, BODY)                                             \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters, \
                                unsigned seed, unsigned long long big,            \
                                unsigned long long dd) {                          \
    T x = (T)(big + seed + threadIdx.x);                                          \
    const T d = (T)dd;                                                            \
    const T b = (T)big;                                                           \
    _Pragma("unroll 1")                                                           \
    for (int rep = 0; rep < 2; rep++) {                                           \
        unsigned long long t0 = mb_clock();                                       \
        _Pragma("unroll 1")                                                       \
        for (int i = 0; i < iters; i++) {                                         \
            _Pragma("unroll")                                                     \
            for (int k = 0; k < UNROLL; k++) { BODY; }                            \
        }                                                                         \
        unsigned long long t1 = mb_clock();                                       \
        if (threadIdx.x == 0) clk[rep] = t1 - t0;                                 \
    }                                                                             \
    sink[threadIdx.x] = (unsigned)x ^ (unsigned)((unsigned long long)x >> 32);    \
}

IDIV_KERNEL(idiv_div_u64, unsigned long long, u64,
    asm volatile("div.u64 %0, %0, %1; add.u64 %0, %0, %2;" : "+l"(x) : "l"(d), "l"(b)))
IDIV_KERNEL(idiv_rem_u64, unsigned long long, u64,
    asm volatile("rem.u64 %0, %0, %1; add.u64 %0, %0, %2;" : "+l"(x) : "l"(d), "l"(b)))
IDIV_KERNEL(idiv_div_s64, long long, s64,
    asm volatile("div.s64 %0, %0, %1; add.s64 %0, %0, %2;" : "+l"(x) : "l"(d), "l"(b)))
IDIV_KERNEL(idiv_rem_s64, long long, s64,
    asm volatile("rem.s64 %0, %0, %1; add.s64 %0, %0, %2;" : "+l"(x) : "l"(d), "l"(b)))
IDIV_KERNEL(idiv_div_u32, unsigned, u32,
    asm volatile("div.u32 %0, %0, %1; add.u32 %0, %0, %2;" : "+r"(x) : "r"(d), "r"(b)))
IDIV_KERNEL(idiv_rem_u32, unsigned, u32,
    asm volatile("rem.u32 %0, %0, %1; add.u32 %0, %0, %2;" : "+r"(x) : "r"(d), "r"(b)))
IDIV_KERNEL(idiv_div_s32, int, s32,
    asm volatile("div.s32 %0, %0, %1; add.s32 %0, %0, %2;" : "+r"(x) : "r"(d), "r"(b)))
