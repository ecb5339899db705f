// sm90sim microbenchmark family "idivtput": throughput of independent
// integer divisions (ptxas's inline 32-bit sequence; for 64 bits a branch to
// a 32-bit sequence when both operands fit in 32 bits, else a call of the
// 64-bit subroutine), 16 warps in one CTA, 4 independent divisions per
// thread per step (ILP 4). The operands differ per thread and step.
//   u64:   x / d, x and d 64-bit (d > 2^32): the subroutine
//   u64s:  x / d of 64-bit type, both below 2^32: the 32-bit path
//   u32:   x / d, 32-bit
//   s64:   x / d signed 64-bit, |d| > 2^32: the subroutine
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[w][rep]; divisions per SM-cycle = warps * iters * UNROLL * 4 / max_w clk[w][1].
#define UNROLL 4
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define IDIV_KERNEL(NAME, T, XINIT, DINIT, STEP)                                      \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,   \
                                unsigned seed) {                                      \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                     \
    T x[4], d[4];                                                                     \
    for (int i = 0; i < 4; i++) {                                                     \
        unsigned long long r = (unsigned long long)(seed * (threadIdx.x + 1) + 0x9e3779b9u * i); \
        x[i] = (T)(XINIT);                                                            \
        d[i] = (T)(DINIT);                                                            \
    }                                                                                 \
    _Pragma("unroll 1")                                                               \
    for (int rep = 0; rep < 2; rep++) {                                               \
        __syncthreads();                                                              \
        unsigned long long t0 = mb_clock();                                           \
        _Pragma("unroll 1")                                                           \
        for (int i = 0; i < iters; i++) {                                             \
            _Pragma("unroll")                                                         \
            for (int k = 0; k < UNROLL; k++) {                                        \
                STEP(0) STEP(1) STEP(2) STEP(3)                                       \
            }                                                                         \
        }                                                                             \
        unsigned long long t1 = mb_clock();                                           \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                    \
    }                                                                                 \
    unsigned s = 0;                                                                   \
    for (int i = 0; i < 4; i++) s ^= (unsigned)x[i] ^ (unsigned)((unsigned long long)x[i] >> 33); \
    sink[threadIdx.x] = s;                                                            \
}
// x = x / d + big keeps x large (and the next division data-dependent)
#define D_U64(i) x[i] = x[i] / d[i] + 0x0123456789abull;
#define D_U32(i) x[i] = x[i] / d[i] + 0x01234567u;
#define D_U64S(i) x[i] = (x[i] / d[i] + 0x01234567ull) & 0xffffffffull;
#define D_S64(i) x[i] = x[i] / d[i] - 0x0123456789abll;

IDIV_KERNEL(idivtput_u64, unsigned long long, (r << 24) | 0xfffull, (r << 9) + (1ull << 33) + 12345ull, D_U64)
IDIV_KERNEL(idivtput_u64s, unsigned long long, (r << 3) & 0xffffffffull | 1ull, (r & 0xfffull) + 3ull, D_U64S)
IDIV_KERNEL(idivtput_u32, unsigned, (unsigned)r | 0x80000000u, ((unsigned)r & 0xfffu) + 3u, D_U32)
IDIV_KERNEL(idivtput_s64, long long, -(long long)((r << 24) | 0xfffull), (long long)((r << 9) + (1ull << 33) + 12345ull), D_S64)
