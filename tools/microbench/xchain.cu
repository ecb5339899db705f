// sm90sim microbenchmark family "xchain": dependent chains in one warp
// (block 32, grid 1), as the chain family, of the integer operations on the
// 16-lane unit (popc, brev, bfind: POPC, BREV, FLO), of mul.hi (IMAD.HI)
// and of mbarrier operations on a barrier that never completes (count
// 2^20 - 1): arrive returning a state that the next test_wait reads,
// test_wait.parity alone, and arrive alone (its state's top bit, 0, feeds
// the next address).
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[rep] (lane 0) = %clock64 after - before; cycles per op = clk[1] / (iters * UNROLL).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(8) unsigned long long xbar[1];

#define XCHAIN_KERNEL(NAME, PRE, BODY)                                               \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,   \
                                unsigned seed) {                                      \
    unsigned x = seed * (threadIdx.x + 1) | 1u;                                       \
    const unsigned m = seed | 1u;                                                     \
    (void)m;                                                                          \
    PRE                                                                               \
    _Pragma("unroll 1")                                                               \
    for (int rep = 0; rep < 2; rep++) {                                               \
        unsigned long long t0 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < iters; i++) {                                             \
            _Pragma("unroll")                                                         \
            for (int k = 0; k < UNROLL; k++) { BODY }                                 \
        }                                                                             \
        unsigned long long t1 = mb_clock();                                           \
        if (threadIdx.x == 0) clk[rep] = t1 - t0;                                     \
    }                                                                                 \
    sink[threadIdx.x] = x;                                                            \
}

#define NOPRE
// popc: x = popc(x) + m keeps x varied
XCHAIN_KERNEL(xchain_popc, NOPRE, asm volatile("popc.b32 %0, %0;" : "+r"(x));)
XCHAIN_KERNEL(xchain_brev, NOPRE, asm volatile("brev.b32 %0, %0;" : "+r"(x));)
XCHAIN_KERNEL(xchain_bfind, NOPRE, asm volatile("bfind.u32 %0, %0;" : "+r"(x));)
XCHAIN_KERNEL(xchain_mul_hi, NOPRE, asm volatile("mul.hi.u32 %0, %0, %1;" : "+r"(x) : "r"(m | 0x80000000u));)

#define MBAR_PRE                                                                       \
    unsigned a = (unsigned)__cvta_generic_to_shared(xbar);                            \
    if (threadIdx.x == 0)                                                             \
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory"); \
    __syncthreads();
// arrive (state) -> test_wait(state) -> selp -> address
XCHAIN_KERNEL(xchain_mbar_arrive_test, MBAR_PRE,
    asm volatile("{.reg .b64 st; .reg .pred p; .reg .b32 z;\n\t"
                 "mbarrier.arrive.shared::cta.b64 st, [%0];\n\t"
                 "mbarrier.test_wait.shared::cta.b64 p, [%0], st;\n\t"
                 "selp.b32 z, 1, 0, p;\n\t"
                 "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
    x += a;)
// test_wait.parity 0 (the current phase 0: not complete) -> selp -> address
XCHAIN_KERNEL(xchain_mbar_test, MBAR_PRE,
    asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%0], 0;\n\t"
                 "selp.b32 z, 1, 0, p;\n\t"
                 "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
    x += a;)
// arrive alone: the state's top bit (0) -> address
XCHAIN_KERNEL(xchain_mbar_arrive, MBAR_PRE,
    asm volatile("{.reg .b64 st; .reg .b32 z;\n\t"
                 "mbarrier.arrive.shared::cta.b64 st, [%0];\n\t"
                 "shr.u64 st, st, 63;\n\t"
                 "cvt.u32.u64 z, st;\n\t"
                 "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
    x += a;)
