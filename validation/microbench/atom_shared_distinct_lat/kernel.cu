// sm90sim microbenchmark family "atom": atom.shared.add.u32 latency and
// throughput, distinct addresses per lane or all lanes on one address.
//
// params (u64 *clk, u32 *sink, s32 iters, u32 chains, u32 same, u32 zero)
// Shared words hold self-pointers (word at A is A); `atom.shared.add.u32 a,
// [a], zero` (zero = 0 at run time) returns the old value A, so the next
// atom's address is the previous result: a dependent chain.
// same = 0: lane l uses A = region_c + 4*l (32 banks, conflict-free);
// same = 1: every lane of every warp uses A = region_c (32 same-address
// atomics per warp instruction).
// latency: block 32, chains 1; throughput: block 1024, chains 4.
// clk[warp][rep] = t1 - t0 (rep 0 warm-up, rep 1 measured); sink[warp].
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem[4 * 32];

__device__ __forceinline__ void atom_step(unsigned& a, unsigned zero) {
    asm volatile("atom.shared.add.u32 %0, [%0], %1;" : "+r"(a) : "r"(zero) : "memory");
}

extern "C" __global__ void atom_shared_add(unsigned long long* clk, unsigned* sink, int iters,
                                           unsigned chains, unsigned same, unsigned zero) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem);
    const unsigned off = same ? 0u : 4u * lane;
    if (threadIdx.x < 32)
        for (unsigned c = 0; c < 4; c++) smem[c * 32 + lane] = base + c * 128 + 4 * lane;
    __syncthreads();
    unsigned a0 = base + 0 * 128 + off, a1 = base + 1 * 128 + off;
    unsigned a2 = base + 2 * 128 + off, a3 = base + 3 * 128 + off;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (chains == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) atom_step(a0, zero);
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) {
                    atom_step(a0, zero); atom_step(a1, zero); atom_step(a2, zero); atom_step(a3, zero);
                }
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    if (lane == 0) sink[w] = a0 ^ a1 ^ a2 ^ a3;
}
