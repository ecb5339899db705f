// sm90sim microbenchmark family "ldsm": ldmatrix .x1/.x2/.x4 latency and
// throughput, stmatrix .x1/.x2/.x4 issue rate and throughput.
//
// ldmatrix: params (u64 *clk, u32 *sink, s32 iters, u32 chains)
// Chain c uses a 512-byte region R_c of 32 rows of 16 bytes (conflict-free:
// 8 consecutive rows = 128 bytes). Lane l supplies row address R_c + 16*l.
// The first 32 words of R_c hold R_c + 16*i (word i), and lane t's first
// result register is word t of matrix 0 (row t/4, word t%4), i.e. exactly
// the address it supplies: the next ldmatrix's address is the previous
// result (a dependent chain through register 0).
// latency: block 32, chains 1; throughput: block 1024, chains 4.
//
// stmatrix: params (u64 *clk, u32 *sink, s32 iters, u32 chains)
// Each warp stores to its own 512-byte region (x4: 32 rows of 16 bytes),
// UNROLL stmatrix per iteration (chains is ignored; stores are independent).
// 1-warp launch: block 32; throughput launch: block 1024.
//
// clk[warp][rep] = t1 - t0 (rep 0 warm-up, rep 1 measured); sink[warp].
#define UNROLL 32

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(1024) unsigned smem[32 * 512 / 4];   // 16 KiB

template <int X>
__device__ __forceinline__ void ldsm(unsigned& a) {
    if (X == 1) {
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%0];" : "+r"(a));
    } else if (X == 2) {
        asm volatile("{.reg .b32 t; ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, t}, [%0];}" : "+r"(a));
    } else {
        asm volatile("{.reg .b32 t<3>; ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, t0, t1, t2}, [%0];}" : "+r"(a));
    }
}

template <int X>
__device__ __forceinline__ void ld_body(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem);
    if (threadIdx.x < 32) {
        for (unsigned c = 0; c < 4; c++) smem[c * 128 + lane] = base + c * 512 + 16 * lane;
    }
    __syncthreads();
    unsigned a0 = base + 0 * 512 + 16 * lane, a1 = base + 1 * 512 + 16 * lane;
    unsigned a2 = base + 2 * 512 + 16 * lane, a3 = base + 3 * 512 + 16 * lane;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (chains == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) ldsm<X>(a0);
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) { ldsm<X>(a0); ldsm<X>(a1); ldsm<X>(a2); ldsm<X>(a3); }
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    if (lane == 0) sink[w] = a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void ldsm_x1(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { ld_body<1>(clk, sink, iters, chains); }
extern "C" __global__ void ldsm_x2(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { ld_body<2>(clk, sink, iters, chains); }
extern "C" __global__ void ldsm_x4(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { ld_body<4>(clk, sink, iters, chains); }

template <int X>
__device__ __forceinline__ void stsm(unsigned a, unsigned v) {
    if (X == 1) {
        asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(a), "r"(v) : "memory");
    } else if (X == 2) {
        asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" :: "r"(a), "r"(v), "r"(v + 1) : "memory");
    } else {
        asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :: "r"(a), "r"(v), "r"(v + 1), "r"(v + 2), "r"(v + 3) : "memory");
    }
}

template <int X>
__device__ __forceinline__ void st_body(unsigned long long* clk, unsigned* sink, int iters) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem);
    const unsigned a = base + w * 512 + 16 * lane;
    unsigned v = lane * 0x10001u + (unsigned)iters;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL; k++) stsm<X>(a, v);
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    __syncthreads();
    if (lane == 0) sink[w] = smem[w * 128 + 5];
}

extern "C" __global__ void stsm_x1(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { st_body<1>(clk, sink, iters); }
extern "C" __global__ void stsm_x2(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { st_body<2>(clk, sink, iters); }
extern "C" __global__ void stsm_x4(unsigned long long* clk, unsigned* sink, int iters, unsigned chains) { st_body<4>(clk, sink, iters); }
