// sm90sim microbenchmark family "atom" (helper part1, session 14): atom7.cu's
// shared atomics (const / lane address, result dead / used; plus lanes: 32
// distinct words, symbol + 4 * lane) with absolute %clock64 stamps per warp,
// to see where a warp's window starts and ends against the others' (start
// skew after __syncthreads, work left queued when the last atomic issues,
// the final barrier's wait). Every lane adds lane + 1; UNROLL per step.
// params (u64 *clk, u64 *wfin, u32 *sink, s32 iters, u32 off, u32 zero)
// clk[w][rep] = t1 - t0 (rep 0 warms up), as atom7.cu;
// wfin[w] = {t0 rep 0, t1 rep 0, t0 rep 1, t1 rep 1, t after the final
// __syncthreads, 0} (raw %clock64 of lane 0);
// cycles per warp atom = max_w clk[w][1] / (warps * iters * UNROLL).
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem17[64];

#define ATOM_DEAD(a, v) { unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(a), "r"(v) : "memory"); }
#define ATOM_USED(a, v) { unsigned r_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(r_) : "r"(a), "r"(v) : "memory"); acc ^= r_; }

#define ATOM17_KERNEL(NAME, ADDR, OP)                                                      \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned long long* wfin,        \
                                unsigned* sink, int iters, unsigned off, unsigned zero) {  \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem17);                      \
    if (threadIdx.x < 64) smem17[threadIdx.x] = 0;                                         \
    __syncthreads();                                                                       \
    const unsigned a = ADDR;                                                               \
    const unsigned v = lane + 1;                                                           \
    unsigned acc = 0;                                                                      \
    unsigned long long s[4];                                                               \
    _Pragma("unroll")                                                                      \
    for (int rep = 0; rep < 2; rep++) {                                                    \
        __syncthreads();                                                                   \
        unsigned long long t0 = mb_clock();                                                \
        _Pragma("unroll 1")                                                                \
        for (int i = 0; i < iters; i++) {                                                  \
            _Pragma("unroll")                                                              \
            for (int k = 0; k < UNROLL; k++) OP(a, v)                                      \
        }                                                                                  \
        unsigned long long t1 = mb_clock();                                                \
        s[2 * rep] = t0; s[2 * rep + 1] = t1;                                              \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                         \
    }                                                                                      \
    __syncthreads();                                                                       \
    unsigned long long tb = mb_clock();                                                    \
    if (lane == 0) {                                                                       \
        wfin[w * 6 + 0] = s[0]; wfin[w * 6 + 1] = s[1]; wfin[w * 6 + 2] = s[2];            \
        wfin[w * 6 + 3] = s[3]; wfin[w * 6 + 4] = tb; wfin[w * 6 + 5] = 0;                 \
    }                                                                                      \
    if (lane == 0) sink[w] = smem17[off & 63u] ^ ((acc == 0xdeadbeefu && zero != 0u) ? acc : 0u); \
}

ATOM17_KERNEL(atom17_const_dead, base, ATOM_DEAD)
ATOM17_KERNEL(atom17_const_used, base, ATOM_USED)
ATOM17_KERNEL(atom17_lane_dead, base + 4u * (lane & zero), ATOM_DEAD)
ATOM17_KERNEL(atom17_lane_used, base + 4u * (lane & zero), ATOM_USED)
ATOM17_KERNEL(atom17_lanes_dead, base + 4u * lane, ATOM_DEAD)
