// sm90sim microbenchmark family "warppipe" (mio helper, session 10, issue
// 13): REDUX.SUM by warps per SM. ptxas reduces a dead shared atomic at a
// warp-uniform address to one lane after S2R SR_LANEID + REDUX.SUM +
// VOTEU.ANY + UFLO (atom7_const_dead_*, atom11_dist_dead_*): one warp is
// within 1% of the model, 32 warps 5-7% slower than it, as is ptxas's warp
// scan (atom7_const_used_w32). These time the REDUX alone:
//   redux13_tput: ILP 16 independent x = redux.sync.add.u32(x) (REDUX.SUM
//     to a uniform register and its move back), by warps;
//   redux13_chain: one dependent chain of them, one warp.
// params (u64 *clk, u32 *sink, s32 iters, u32 seed); clk[w][rep] = t1 - t0
// (rep 0 warms up); ops per warp = iters * UNROLL * ILP, as warp11.cu.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define OP_REDUX(x) asm volatile("redux.sync.add.u32 %0, %0, 0xffffffff;" : "+r"(x));

#define REDUX13_KERNEL(NAME, ILPN, UNR, OP)                                                 \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,        \
                                unsigned seed) {                                           \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned src = (threadIdx.x + seed) & 31;                                        \
    unsigned x[ILPN];                                                                      \
    _Pragma("unroll")                                                                      \
    for (int j = 0; j < ILPN; j++) x[j] = seed + threadIdx.x * (2 * j + 1);                \
    _Pragma("unroll 1")                                                                    \
    for (int rep = 0; rep < 2; rep++) {                                                    \
        __syncthreads();                                                                   \
        unsigned long long t0 = mb_clock();                                                \
        _Pragma("unroll 1")                                                                \
        for (int i = 0; i < iters; i++) {                                                  \
            _Pragma("unroll")                                                              \
            for (int k = 0; k < UNR; k++) {                                                \
                _Pragma("unroll")                                                          \
                for (int j = 0; j < ILPN; j++) OP(x[j])                                    \
            }                                                                              \
        }                                                                                  \
        unsigned long long t1 = mb_clock();                                                \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                         \
    }                                                                                      \
    unsigned acc = 0;                                                                      \
    _Pragma("unroll")                                                                      \
    for (int j = 0; j < ILPN; j++) acc ^= x[j];                                            \
    sink[threadIdx.x] = acc;                                                               \
}

REDUX13_KERNEL(redux13_tput, 16, 4, OP_REDUX)
REDUX13_KERNEL(redux13_chain, 1, 32, OP_REDUX)
