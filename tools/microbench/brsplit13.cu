// sm90sim microbenchmark family "brsplit13" (branch helper, session 13): the
// split of a counted loop's closing-branch cost between branch_latency_cycles
// (how long a taken BRA holds its warp) and branch_predicate_cycles (how much
// later than arithmetic the BRA reads its ISETP's predicate). brloop8_b1/_b4
// fix only their sum (the compare-to-branch chain bounds those loops); here
// the two enter in different combinations:
//   k<K>  K fence.mbarrier_init (NOPs in SASS) per iteration, counter exit:
//         K small: the compare chain bounds the loop (latency + predicate);
//         K large: the NOPs' issue hides the compare (latency only).
//   c<D>  a dependent chain of D mad.lo.u32 (IMAD) per iteration, counter
//         exit: the compare is off the chain (latency only, past the chain).
//   x<D>  the same chain, the loop exits on the chain's value (the ISETP
//         reads the last IMAD's result: the chain, the compare's latency, the
//         predicate wait and the branch all in series).
// Method of brloop8 (core8.cu): one warp; each rep runs the loop n1 times,
// then n2 times, timed with %clock64 around each loop; clk[rep] =
// (t(n2) - t(n1)): the entry, exit and clock reads cancel. Rep 0 warms the
// instruction cache; rep 1 is the figure.
// params (u64 *clk, u32 *sink, s32 n1, s32 n2, u32 a, u32 b): a = b = 1
// (unknown to the compiler: the chain stays IMADs, x after k trips is k*D).
// cycles per iteration = clk[1] / (n2 - n1).

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define NOP1 asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#define MAD1 asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(a), "r"(b));

#define KLOOP_KERNEL(NAME, K)                                                          \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int n1,      \
                                int n2, unsigned a, unsigned b) {                     \
    unsigned x = threadIdx.x;                                                         \
    _Pragma("unroll 1")                                                               \
    for (int rep = 0; rep < 2; rep++) {                                               \
        unsigned long long t0 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < n1; i++) {                                                \
            _Pragma("unroll") for (int k = 0; k < K; k++) NOP1                        \
        }                                                                             \
        unsigned long long t1 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < n2; i++) {                                                \
            _Pragma("unroll") for (int k = 0; k < K; k++) NOP1                        \
        }                                                                             \
        unsigned long long t2 = mb_clock();                                           \
        if (threadIdx.x == 0) clk[rep] = (t2 - t1) - (t1 - t0);                       \
    }                                                                                 \
    sink[threadIdx.x] = x + a + b;                                                    \
}

#define CLOOP_KERNEL(NAME, D)                                                          \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int n1,      \
                                int n2, unsigned a, unsigned b) {                     \
    unsigned x = threadIdx.x;                                                         \
    _Pragma("unroll 1")                                                               \
    for (int rep = 0; rep < 2; rep++) {                                               \
        unsigned long long t0 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < n1; i++) {                                                \
            _Pragma("unroll") for (int k = 0; k < D; k++) MAD1                        \
        }                                                                             \
        unsigned long long t1 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < n2; i++) {                                                \
            _Pragma("unroll") for (int k = 0; k < D; k++) MAD1                        \
        }                                                                             \
        unsigned long long t2 = mb_clock();                                           \
        if (threadIdx.x == 0) clk[rep] = (t2 - t1) - (t1 - t0);                       \
    }                                                                                 \
    sink[threadIdx.x] = x;                                                            \
}

/* x starts at 0 in every lane (a = b = 1): after k trips x = k*D, so
   `do {chain} while (x < n*D)` runs n trips, the exit uniform. */
#define XLOOP_KERNEL(NAME, D)                                                          \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int n1,      \
                                int n2, unsigned a, unsigned b) {                     \
    unsigned x = 0, acc = 0;                                                          \
    unsigned lim1 = (unsigned)n1 * D, lim2 = (unsigned)n2 * D;                        \
    _Pragma("unroll 1")                                                               \
    for (int rep = 0; rep < 2; rep++) {                                               \
        x = 0;                                                                        \
        unsigned long long t0 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        do {                                                                          \
            _Pragma("unroll") for (int k = 0; k < D; k++) MAD1                        \
        } while (x < lim1);                                                           \
        unsigned long long t1 = mb_clock();                                           \
        acc += x; x = 0;                                                              \
        _Pragma("unroll 1")                                                           \
        do {                                                                          \
            _Pragma("unroll") for (int k = 0; k < D; k++) MAD1                        \
        } while (x < lim2);                                                           \
        unsigned long long t2 = mb_clock();                                           \
        acc += x;                                                                     \
        if (threadIdx.x == 0) clk[rep] = (t2 - t1) - (t1 - t0);                       \
    }                                                                                 \
    sink[threadIdx.x] = acc + threadIdx.x;                                            \
}

KLOOP_KERNEL(brsplit13_k4, 4)
KLOOP_KERNEL(brsplit13_k8, 8)
KLOOP_KERNEL(brsplit13_k12, 12)
KLOOP_KERNEL(brsplit13_k24, 24)
CLOOP_KERNEL(brsplit13_c4, 4)
CLOOP_KERNEL(brsplit13_c8, 8)
XLOOP_KERNEL(brsplit13_x1, 1)
XLOOP_KERNEL(brsplit13_x4, 4)
XLOOP_KERNEL(brsplit13_x8, 8)
