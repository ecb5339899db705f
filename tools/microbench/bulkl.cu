// sm90sim microbenchmark family "bulkl": cp.async.bulk issued by several
// lanes of a warp at once (each lane its own 16-byte copy, as in
// `if (...) { arrive.expect_tx; cp.async.bulk }` executed by every thread).
// The bulk copy engine takes uniform operands, so ptxas loops over the
// lanes. lanes lanes of each warp (warps = block / 32) take part; each
// sample: every taking-part lane does mbarrier.arrive.expect_tx 16 on the
// CTA's mbarrier (count = all taking-part lanes of the CTA) and copies 16
// bytes of src (L2-warm after rep 0) into its own 16 bytes of shared memory;
// t1 = %clock64 after the copy instruction, then the warp waits for the
// phase (try_wait.parity loop), t2 = %clock64.
// params (u64 *clk, u32 *src, u32 *sink, s32 iters, u32 lanes)
// clk[w][0..1] = rep 1's sums over iters of t1 - t0 (issue) and t2 - t0
// (issue to completion) of warp w; rep 0 warms the code and L2.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(8) unsigned long long bbar[1];
__shared__ __align__(128) unsigned bbuf[64 * 4];

extern "C" __global__ void bulkl(unsigned long long* clk, const unsigned* src, unsigned* sink, int iters,
                                 unsigned lanes) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned nw = blockDim.x >> 5;
    const unsigned bar = (unsigned)__cvta_generic_to_shared(&bbar[0]);
    const unsigned dst = (unsigned)__cvta_generic_to_shared(&bbuf[threadIdx.x * 4]);
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(lanes * nw) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    unsigned phase = 0, x = 0;
    const bool part = lane < lanes;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long s1 = 0, s2 = 0;
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            __syncthreads();
            unsigned long long t0 = mb_clock();
            if (part) {
                asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 16;" :: "r"(bar) : "memory");
                asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16, [%2];"
                             :: "r"(dst), "l"(src + threadIdx.x * 4), "r"(bar) : "memory");
            }
            unsigned long long t1 = mb_clock();
            asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                         :: "r"(bar), "r"(phase) : "memory");
            unsigned long long t2 = mb_clock();
            phase ^= 1;
            s1 += t1 - t0;
            s2 += t2 - t0;
        }
        if (lane == 0 && rep == 1) {
            clk[w * 2] = s1;
            clk[w * 2 + 1] = s2;
        }
        x += bbuf[threadIdx.x * 4];
    }
    sink[threadIdx.x] = x;
}
