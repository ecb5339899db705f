// sm90sim microbenchmark family "atom" (atom helper, session 8, issue 15):
// how close does one warp issue shared atomics that ptxas reduces to one
// lane? atom7_const_dead_w1 (32 single-lane ATOMS.ADD to one word after a
// hoisted REDUX.SUM) takes 6.6 cycles an atomic, a load 1. These separate a
// same-word spacing from a per-warp one:
//   atom11_dist_dead: 32 unrolled atom.shared.add.u32 to 32 distinct words
//     at a shared symbol + 4 k (warp-uniform to ptxas, result unused: one
//     lane each after REDUX.SUM, distinct words);
//   atom11_lanes_dead: 32 lanes to 32 distinct words (symbol + 4 * lane, one
//     wavefront, no reduction), result unused.
// Every lane adds lane + 1. params (u64 *clk, u32 *sink, s32 iters, u32 off,
// u32 zero), as atom7.cu; cycles per warp atom = max_w clk[w][1] / (warps *
// iters * UNROLL).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem11[64];

#define ATOM_DEAD(a, v) { unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(a), "r"(v) : "memory"); }

#define ATOM11_KERNEL(NAME, ADDR, STEP)                                                    \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,        \
                                unsigned off, unsigned zero) {                             \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem11);                      \
    if (threadIdx.x < 64) smem11[threadIdx.x] = 0;                                         \
    __syncthreads();                                                                       \
    const unsigned a = ADDR;                                                               \
    const unsigned v = lane + 1;                                                           \
    _Pragma("unroll 1")                                                                    \
    for (int rep = 0; rep < 2; rep++) {                                                    \
        __syncthreads();                                                                   \
        unsigned long long t0 = mb_clock();                                                \
        _Pragma("unroll 1")                                                                \
        for (int i = 0; i < iters; i++) {                                                  \
            _Pragma("unroll")                                                              \
            for (int k = 0; k < UNROLL; k++) ATOM_DEAD(a + (STEP) * k, v)                  \
        }                                                                                  \
        unsigned long long t1 = mb_clock();                                                \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                         \
    }                                                                                      \
    __syncthreads();                                                                       \
    if (lane == 0) sink[w] = smem11[(off + zero) & 63u];                                   \
}

ATOM11_KERNEL(atom11_dist_dead, base, 4u)
ATOM11_KERNEL(atom11_lanes_dead, base + 4u * lane, 0u)
