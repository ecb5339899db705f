// sm90sim microbenchmark family "brloop8" (core helper, session 6): the cost
// of one iteration of a counted loop whose body is one or four integer adds,
// from two trip counts in one launch (issue 15: branch_latency_cycles).
// One warp; each rep runs the loop n1 times, then n2 times, timed with
// %clock64 around each loop; clk[rep] = (t(n2) - t(n1)) cycles: the fixed
// costs (the clock reads, the loop's entry and exit) cancel, what is left
// is (n2 - n1) iterations of the loop's steady state (the backward taken
// branch, the counter and compare, the body). Rep 0 warms the instruction
// cache; rep 1 is the figure.
// params (u64 *clk, u32 *sink, s32 n1, s32 n2)
// cycles per iteration = clk[1] / (n2 - n1).

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define BRLOOP_KERNEL(NAME, BODY)                                                     \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int n1,     \
                                int n2) {                                            \
    unsigned x0 = threadIdx.x, x1 = x0 * 3u, x2 = x0 * 5u, x3 = x0 * 7u;              \
    _Pragma("unroll 1")                                                              \
    for (int rep = 0; rep < 2; rep++) {                                              \
        unsigned long long t0 = mb_clock();                                          \
        _Pragma("unroll 1")                                                          \
        for (int i = 0; i < n1; i++) { BODY }                                        \
        unsigned long long t1 = mb_clock();                                          \
        _Pragma("unroll 1")                                                          \
        for (int i = 0; i < n2; i++) { BODY }                                        \
        unsigned long long t2 = mb_clock();                                          \
        if (threadIdx.x == 0) clk[rep] = (t2 - t1) - (t1 - t0);                      \
    }                                                                                \
    sink[threadIdx.x] = x0 ^ x1 ^ x2 ^ x3;                                           \
}

#define B1 asm volatile("add.u32 %0, %0, 1;" : "+r"(x0));
#define B4 asm volatile("add.u32 %0, %0, 1;\n\tadd.u32 %1, %1, 3;\n\tadd.u32 %2, %2, 5;\n\tadd.u32 %3, %3, 7;" \
                        : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3));

BRLOOP_KERNEL(core8_brloop_b1, B1)
BRLOOP_KERNEL(core8_brloop_b4, B4)
