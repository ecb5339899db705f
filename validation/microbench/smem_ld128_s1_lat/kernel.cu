// sm90sim microbenchmark family "smem_ld": ld.shared latency and throughput
// by width (32/64/128 bits) and bank-conflict degree.
//
// params (u64 *clk, u32 *sink, s32 iters, u32 stride, u32 chains)
// Shared memory holds self-pointers: the word at shared address A is A, so
// `ld.shared [a] -> a` is a dependent chain of loads that never moves.
// Lane l of every warp chases address base_c + l * stride * (width/8) bytes
// (stride in elements of the load width; all lanes distinct), chain c in its
// own 4 KiB region. The bank-conflict degree (wavefronts per warp-load) is
//   32-bit: stride 1,2,4,8,16,32 -> 1,2,4,8,16,32 wavefronts
//   64-bit: stride 1,2,4,8,16     -> 2,4,8,16,32
//   128-bit: stride 1,2,4,8       -> 4,8,16,32
// latency launch: block 32, chains 1 (one warp, one chain);
// throughput launch: block 1024, chains 4 (32 warps x 4 independent chains).
// The body has UNROLL loads per chain; the timed region runs twice after a
// __syncthreads (rep 0 warm-up, rep 1 measured).
// clk[warp][rep] = t1 - t0 of that warp; sink[warp] = lane 0's final
// address (xor the other components, which are 0).
#define UNROLL 32
#define MAXCH 4
#define REGION 4096

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem[MAXCH * REGION / 4];

// The extra components are xor-ed into `junk` (off the chain) so that ptxas
// keeps the full-width LDS.64 / LDS.128 (unused components get narrowed away).
template <int W>
__device__ __forceinline__ void ld_chain(unsigned& a, unsigned& junk) {
    if (W == 32) {
        asm volatile("ld.shared.u32 %0, [%0];" : "+r"(a));
    } else if (W == 64) {
        unsigned t;
        asm volatile("ld.shared.v2.u32 {%0, %1}, [%0];" : "+r"(a), "=r"(t));
        junk ^= t;
    } else {
        unsigned t0, t1, t2;
        asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%0];" : "+r"(a), "=r"(t0), "=r"(t1), "=r"(t2));
        junk ^= t0 ^ t1 ^ t2;
    }
}

template <int W>
__device__ __forceinline__ void body(unsigned long long* clk, unsigned* sink, int iters, unsigned stride, unsigned chains) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem);
    const unsigned off = (lane * stride * (W / 8)) % REGION;
    // every thread writes its own self-pointers (threads of other warps write the same words)
    for (unsigned c = 0; c < MAXCH; c++) {
        unsigned a = base + c * REGION + off;
        smem[(c * REGION + off) / 4] = a;
        for (unsigned j = 1; j < W / 32; j++) smem[(c * REGION + off) / 4 + j] = 0;
    }
    __syncthreads();
    unsigned junk = 0;
    unsigned a0 = base + 0 * REGION + off, a1 = base + 1 * REGION + off;
    unsigned a2 = base + 2 * REGION + off, a3 = base + 3 * REGION + off;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (chains == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) ld_chain<W>(a0, junk);
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++) {
                    ld_chain<W>(a0, junk); ld_chain<W>(a1, junk); ld_chain<W>(a2, junk); ld_chain<W>(a3, junk);
                }
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    if (lane == 0) sink[w] = a0 ^ a1 ^ a2 ^ a3 ^ junk;
}

extern "C" __global__ void smem_ld32(unsigned long long* clk, unsigned* sink, int iters, unsigned stride, unsigned chains) {
    body<32>(clk, sink, iters, stride, chains);
}
extern "C" __global__ void smem_ld64(unsigned long long* clk, unsigned* sink, int iters, unsigned stride, unsigned chains) {
    body<64>(clk, sink, iters, stride, chains);
}
extern "C" __global__ void smem_ld128(unsigned long long* clk, unsigned* sink, int iters, unsigned stride, unsigned chains) {
    body<128>(clk, sink, iters, stride, chains);
}
