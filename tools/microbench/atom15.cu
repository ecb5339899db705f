// sm90sim microbenchmark family "atom" (atomu helper, session 12, issue 13):
// what a warp-uniform dead shared atomic costs besides its ATOMS. ptxas
// reduces such an atomic to one lane behind S2R SR_LANEID + REDUX.SUM +
// VOTEU.ANY + UFLO once per loop iteration (atom7_const_dead_*): 32 warps
// take 1.187 cycles an atomic at 32 atomics an iteration where 32 lanes on
// 32 distinct words take 1.03 (atom11_lanes_dead_w32). These separate a
// per-iteration cost from a per-atomic one and find the pipe the REDUX
// shares:
//   atom15_redU: atom7_const_dead with U atomics an iteration (U = 8, 32,
//     128): all lanes one word at a shared symbol, result dead;
//   atom15_mixr: 32 lanes on 32 distinct words (no reduction, as
//     atom11_lanes_dead) plus 4 independent x = redux.sync.add.u32(x) an
//     iteration of 32 atomics;
//   atom15_mixs: the same plus 4 reads of %laneid (S2R SR_LANEID) summed.
// Every lane adds lane + 1. params (u64 *clk, u32 *sink, s32 iters, u32 off,
// u32 zero), as atom7.cu; cycles per warp atom = max_w clk[w][1] / (warps *
// atoms_per_warp), atoms_per_warp = iters * U.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem15[64];

#define ATOM_DEAD(a, v) { unsigned d_; asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(d_) : "r"(a), "r"(v) : "memory"); }
#define REDUX4 { _Pragma("unroll") for (int j = 0; j < 4; j++) asm volatile("redux.sync.add.u32 %0, %0, 0xffffffff;" : "+r"(x[j])); }
#define LANEID4 { _Pragma("unroll") for (int j = 0; j < 4; j++) { unsigned l_; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l_)); x[j] += l_; } }
#define NOTHING

#define ATOM15_KERNEL(NAME, U, ADDR, EXTRA)                                                \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,        \
                                unsigned off, unsigned zero) {                             \
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;                          \
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem15);                      \
    if (threadIdx.x < 64) smem15[threadIdx.x] = 0;                                         \
    __syncthreads();                                                                       \
    const unsigned a = ADDR;                                                               \
    const unsigned v = lane + 1;                                                           \
    unsigned x[4];                                                                         \
    _Pragma("unroll")                                                                      \
    for (int j = 0; j < 4; j++) x[j] = off + threadIdx.x * (2 * j + 1);                    \
    _Pragma("unroll 1")                                                                    \
    for (int rep = 0; rep < 2; rep++) {                                                    \
        __syncthreads();                                                                   \
        unsigned long long t0 = mb_clock();                                                \
        _Pragma("unroll 1")                                                                \
        for (int i = 0; i < iters; i++) {                                                  \
            _Pragma("unroll")                                                              \
            for (int k = 0; k < U; k++) ATOM_DEAD(a, v)                                    \
            EXTRA                                                                          \
        }                                                                                  \
        unsigned long long t1 = mb_clock();                                                \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                         \
    }                                                                                      \
    __syncthreads();                                                                       \
    if (lane == 0) sink[w] = smem15[(off + zero) & 63u] ^ ((x[0] ^ x[1] ^ x[2] ^ x[3]) == 0xdeadbeefu && zero != 0u); \
}

ATOM15_KERNEL(atom15_red8, 8, base, NOTHING)
ATOM15_KERNEL(atom15_red32, 32, base, NOTHING)
ATOM15_KERNEL(atom15_red128, 128, base, NOTHING)
ATOM15_KERNEL(atom15_mixr, 32, base + 4u * lane, REDUX4)
ATOM15_KERNEL(atom15_mixs, 32, base + 4u * lane, LANEID4)
