// sm90sim microbenchmark family "warppipe" (mio helper, session 10, issue
// 13): which shared-memory traffic does a SHFL queue behind? shflq12.cu
// (smemld) put background ld.shared / ldmatrix traffic in all 31 other warps:
// a dependent SHFL.BFLY chain of warp 0 took 130-138 cycles a step on the
// H200 (25 alone). This copy adds `spmask`: only the warps w > 0 whose
// scheduler (w % 4, sub-partition) has its bit set run the background, so a
// per-sub-partition MIO queue (the SHFL waits only behind its own
// sub-partition's shared instructions) and one SM-wide queue (it waits
// behind all of them) give different answers:
//   spmask 1: background only in the chain's sub-partition (warps 4, 8, ..);
//   spmask 14: background only in the three other sub-partitions.
// Modes as shflq12.cu (1 ldmatrix.x4, 2 ld.shared.v4 at a 32-byte lane
// stride). params (u64 *clk, u32 *sink, s32 iters, u32 mode, s32 rounds,
// u32 seed, u32 spmask); clk[rep] = warp 0's t1 - t0 (rep 0 warms up);
// ops = iters * 32.
#define UNROLL 32
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned smem_q13[4096];

extern "C" __global__ void shflq13(unsigned long long* clk, unsigned* sink, int iters, unsigned mode,
                                   int rounds, unsigned seed, unsigned spmask) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    for (unsigned i = threadIdx.x; i < 4096; i += blockDim.x) smem_q13[i] = i * 2654435761u + seed;
    const unsigned base = (unsigned)__cvta_generic_to_shared(smem_q13);
    unsigned x = seed + threadIdx.x, acc = 0;
    unsigned y[16];
    const bool bg = w != 0 && ((spmask >> (w & 3u)) & 1u) != 0;
#pragma unroll
    for (int j = 0; j < 16; j++) y[j] = seed * (j + 1) + threadIdx.x;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        if (w == 0) {
            unsigned long long t0 = mb_clock();
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < UNROLL; k++)
                    asm volatile("shfl.sync.bfly.b32 %0, %0, 1, 0x1f, 0xffffffff;" : "+r"(x));
            }
            unsigned long long t1 = mb_clock();
            if (lane == 0) clk[rep] = t1 - t0;
        } else if (bg && mode == 1) {
            // ldmatrix.x4: lane l gives row l's address (16 B rows, 512 B apart per matrix)
            const unsigned a = base + ((w * 2048u + lane * 16u) & 8191u);
            #pragma unroll 1
            for (int r = 0; r < rounds; r++) {
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    unsigned r0, r1, r2, r3;
                    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a + k * 512u));
                    acc ^= r0 ^ r1 ^ r2 ^ r3;
                }
            }
        } else if (bg && mode == 2) {
            const unsigned a = base + ((w * 1024u + lane * 32u) & 8191u);
            #pragma unroll 1
            for (int r = 0; r < rounds; r++) {
#pragma unroll
                for (int k = 0; k < 4; k++) {
                    unsigned r0, r1, r2, r3;
                    // the address changes with the round: ptxas hoists a
                    // loop-invariant ld.shared out of the loop (it did)
                    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a + k * 16u + ((r & 3u) << 11)));
                    acc ^= r0 ^ r1 ^ r2 ^ r3;
                }
            }
        } else if (bg && mode == 3) {
            #pragma unroll 1
            for (int r = 0; r < rounds; r++) {
#pragma unroll
                for (int k = 0; k < 4; k++) {
#pragma unroll
                    for (int j = 0; j < 16; j++) asm volatile("xor.b32 %0, %0, %1;" : "+r"(y[j]) : "r"(x));
                }
            }
        }
        __syncthreads();
    }
#pragma unroll
    for (int j = 0; j < 16; j++) acc ^= y[j];
    sink[threadIdx.x] = x ^ acc;
}
