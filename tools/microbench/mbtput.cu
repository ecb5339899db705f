// sm90sim microbenchmark family "mbtput": back-to-back independent
// mbarrier operations of one warp on one mbarrier (count 2^20 - 1, phase 0
// never completes), as straight-line code does them: no op waits for the
// one before (their results are summed or stored), so the time per op is
// the mbarrier unit's issue interval, not its latency (xchain_mbar_*).
//   test:    test_wait.parity 0 -> selp -> add into a sum
//   arrive:  arrive (state) -> the state's low word added into a sum
//   test_st: test_wait.parity 0 -> selp -> st.global to its own word
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[rep] (lane 0) = %clock64 after - before; cycles per op = clk[1] / (iters * UNROLL).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(8) unsigned long long tbar[1];

#define MBTPUT_KERNEL(NAME, BODY)                                                     \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,   \
                                unsigned seed) {                                      \
    const unsigned a = (unsigned)__cvta_generic_to_shared(&tbar[0]);                  \
    if (threadIdx.x == 0)                                                             \
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory"); \
    __syncthreads();                                                                  \
    unsigned s = seed;                                                                \
    unsigned* o = sink + 32 + threadIdx.x;                                            \
    (void)o;                                                                          \
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
    sink[threadIdx.x] = s;                                                            \
}

MBTPUT_KERNEL(mbtput_test,
    unsigned z;
    asm volatile("{.reg .pred p;\n\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n\t"
                 "selp.b32 %0, 1, 0, p;}" : "=r"(z) : "r"(a) : "memory");
    s += z;)
MBTPUT_KERNEL(mbtput_arrive,
    unsigned z;
    asm volatile("{.reg .b64 st;\n\t"
                 "mbarrier.arrive.shared::cta.b64 st, [%1];\n\t"
                 "cvt.u32.u64 %0, st;}" : "=r"(z) : "r"(a) : "memory");
    s += z;)
MBTPUT_KERNEL(mbtput_test_st,
    unsigned z;
    asm volatile("{.reg .pred p;\n\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n\t"
                 "selp.b32 %0, 1, 0, p;}" : "=r"(z) : "r"(a) : "memory");
    asm volatile("st.global.u32 [%0], %1;" :: "l"(o + 64 * k), "r"(z) : "memory");)
