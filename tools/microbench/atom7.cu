// sm90sim microbenchmark family "atom" (core helper, session 5): when do
// same-word shared atomics serialise per lane? ncu counts 32 wavefronts per
// warp atom.shared.add.u32 on one word whose result is used
// (atom_shared_same_*) and 1 for an atomicAdd on a fixed shared word whose
// result is unused (mbar_pipeline_*). These kernels separate the two causes:
//   address: const (a shared symbol: ptxas knows it is warp-uniform),
//            param (symbol + 4 * kernel parameter: warp-uniform, run-time),
//            lane  (symbol + 4 * (lane & zero), zero = 0: the same word at run
//                   time, per-lane to ptxas);
//   result:  dead (never read) or used (xor-ed into acc, which a never-true
//            test reads: sink is the final word, the same in every order).
// Every lane adds lane + 1; the atomics are independent (UNROLL per step).
// params (u64 *clk, u32 *sink, s32 iters, u32 off, u32 zero)
// clk[w][rep] = t1 - t0 (rep 0 warms up); cycles per warp atom =
// max_w clk[w][1] / (warps * iters * UNROLL) (the shared-memory port is one per SM).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem7[64];

#define ATOM_DEAD(a, v) { unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(a), "r"(v) : "memory"); }
#define ATOM_USED(a, v) { unsigned r_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(r_) : "r"(a), "r"(v) : "memory"); acc ^= r_; }

#define ATOM7_KERNEL(NAME, ADDR, OP)                                                       \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,        \
                                unsigned off, unsigned zero) {                             \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem7);                       \
    if (threadIdx.x < 64) smem7[threadIdx.x] = 0;                                          \
    __syncthreads();                                                                       \
    const unsigned a = ADDR;                                                               \
    const unsigned v = lane + 1;                                                           \
    unsigned acc = 0;                                                                      \
    _Pragma("unroll 1")                                                                    \
    for (int rep = 0; rep < 2; rep++) {                                                    \
        __syncthreads();                                                                   \
        unsigned long long t0 = mb_clock();                                                \
        _Pragma("unroll 1")                                                                \
        for (int i = 0; i < iters; i++) {                                                  \
            _Pragma("unroll")                                                              \
            for (int k = 0; k < UNROLL; k++) OP(a, v)                                      \
        }                                                                                  \
        unsigned long long t1 = mb_clock();                                                \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                         \
    }                                                                                      \
    __syncthreads();                                                                       \
    if (lane == 0) sink[w] = smem7[off & 63u] ^ ((acc == 0xdeadbeefu && zero != 0u) ? acc : 0u); \
}

ATOM7_KERNEL(atom7_const_dead, base, ATOM_DEAD)
ATOM7_KERNEL(atom7_const_used, base, ATOM_USED)
ATOM7_KERNEL(atom7_param_dead, base + 4u * (off & 63u), ATOM_DEAD)
ATOM7_KERNEL(atom7_param_used, base + 4u * (off & 63u), ATOM_USED)
ATOM7_KERNEL(atom7_lane_dead, base + 4u * (lane & zero), ATOM_DEAD)
ATOM7_KERNEL(atom7_lane_used, base + 4u * (lane & zero), ATOM_USED)
