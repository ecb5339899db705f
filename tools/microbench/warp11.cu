// sm90sim microbenchmark family "warppipe" (atom helper, session 8, issue
// 15): the warp pipe (SHFL, VOTE) by warps per SM. ptxas expands a shared
// atomic whose address it knows to be warp-uniform and whose result is read
// into VOTE.ANY + a warp scan of SHFL.UP / IADD + one lane's ATOMS +
// SHFL.IDX (atom7_const_used_*); its throughput at 32 warps depends on how
// many SHFL / VOTE a sub-partition (or the SM) passes per cycle, which no
// benchmark measured before.
//   warp11_bfly / _idx / _up: ILP independent shfl.sync.{bfly,idx,up}.b32 of
//     loop-carried registers (x = shfl(x, ...): nothing for ptxas to hoist);
//   warp11_vote: ILP independent x = ballot(x != 0) (ISETP + VOTE.ANY R, PT, P);
//   warp11_vote_chain: one dependent x = ballot(x != 0) chain (ISETP + VOTE);
//   warp11_scan_chain: one dependent chain of ptxas's scan step,
//     shfl.sync.up y|p, x, 1; @p add x, x, y (SHFL.UP + predicated IADD);
//   warp11_shfl_atom: ILP pairs of SHFL.BFLY and a dead atom.shared.add of
//     each lane to its own word (ATOMS, one wavefront): do shuffles and
//     shared atomics share a unit?
//   warp11_shfl_vote: ILP pairs of SHFL.BFLY and x = ballot(x != 0): do
//     shuffles and votes?
// params (u64 *clk, u32 *sink, s32 iters, u32 seed); clk[w][rep] = t1 - t0
// (rep 0 warms up); ops per warp = iters * UNROLL * ILP.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define OP_BFLY(x) asm volatile("shfl.sync.bfly.b32 %0, %0, 1, 0x1f, 0xffffffff;" : "+r"(x));
#define OP_IDX(x) asm volatile("shfl.sync.idx.b32 %0, %0, %1, 0x1f, 0xffffffff;" : "+r"(x) : "r"(src));
#define OP_UP(x) asm volatile("shfl.sync.up.b32 %0, %0, 1, 0, 0xffffffff;" : "+r"(x));
#define OP_VOTE(x) asm volatile("{ .reg .pred p; setp.ne.u32 p, %0, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }" : "+r"(x));
#define OP_SCAN(x) asm volatile("{ .reg .pred p; .reg .b32 y; shfl.sync.up.b32 y|p, %0, 1, 0, 0xffffffff; @p add.u32 %0, %0, y; }" : "+r"(x));

#define OP_SHFL_ATOM(x) { OP_BFLY(x) unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(sa), "r"(x) : "memory"); }
#define OP_SHFL_VOTE(x) { OP_BFLY(x) unsigned y_ = x ^ 1u; OP_VOTE(y_) x += y_; }

__shared__ __align__(128) unsigned smem_w11[32];

#define WARP11_KERNEL(NAME, ILPN, UNR, OP)                                                 \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,        \
                                unsigned seed) {                                           \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned src = (threadIdx.x + seed) & 31;                                        \
    const unsigned sa = (unsigned)__cvta_generic_to_shared(smem_w11) + 4u * lane;          \
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

WARP11_KERNEL(warp11_bfly, 16, 4, OP_BFLY)
WARP11_KERNEL(warp11_idx, 16, 4, OP_IDX)
WARP11_KERNEL(warp11_up, 16, 4, OP_UP)
WARP11_KERNEL(warp11_vote, 16, 4, OP_VOTE)

WARP11_KERNEL(warp11_vote_chain, 1, 32, OP_VOTE)
WARP11_KERNEL(warp11_scan_chain, 1, 32, OP_SCAN)
WARP11_KERNEL(warp11_shfl_atom, 16, 4, OP_SHFL_ATOM)
WARP11_KERNEL(warp11_shfl_vote, 16, 4, OP_SHFL_VOTE)
