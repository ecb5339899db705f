// sm90sim microbenchmark family "cpasync": cp.async (LDGSTS) latency and
// throughput.
//
// cpasync: params (u64 *clk, u32 *sink, uint4 *src, s32 iters, u32 mode, u32 inflight)
// mode 0: cp.async.cg.shared.global 16 B per lane; 1: cp.async.ca 16 B; 2: cp.async.ca 4 B.
// Every warp copies 32 x (16 or 4) bytes per step from src (1 MiB, L2-resident
// after rep 0) to its own smem slot; a step is cp.async; commit_group; then
// inflight 1: wait_group 0 (latency per step = clk / iters);
// inflight 4: wait_group 3 (4 groups in flight; throughput), 4 smem slots.
// Step i of warp w reads src + ((i * nwarps + w) * 512 + lane * 16) mod 1 MiB.
// clk[cta][warp][rep] = t1 - t0 (rep 0 warm-up); sink[cta][warp].
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(128) unsigned char slots[32 * 4 * 512];   // 64 KiB: [warp][4 slots][512 B]

template <int MODE>
__device__ __forceinline__ void cp(unsigned dst, const void* src) {
    if (MODE == 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
    else if (MODE == 1) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
    else asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}

template <int MODE>
__device__ __forceinline__ void run(unsigned long long* clk, unsigned* sink, const unsigned char* src, int iters, unsigned inflight) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const unsigned eb = MODE == 2 ? 4 : 16;
    const unsigned slot0 = (unsigned)__cvta_generic_to_shared(slots) + w * 2048 + lane * eb;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (inflight == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long off = ((unsigned long long)(i * nw + w + blockIdx.x * 977) * 512 + lane * 16) & 0xFFFFF;
                cp<MODE>(slot0, src + off);
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 0;" ::: "memory");
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long off = ((unsigned long long)(i * nw + w + blockIdx.x * 977) * 512 + lane * 16) & 0xFFFFF;
                cp<MODE>(slot0 + (i & 3) * 512, src + off);
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 3;" ::: "memory");
            }
            asm volatile("cp.async.wait_group 0;" ::: "memory");
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    __syncwarp();
    if (lane == 0) sink[blockIdx.x * nw + w] = *(const unsigned*)(slots + w * 2048);
}

extern "C" __global__ void cpasync(unsigned long long* clk, unsigned* sink, const unsigned char* src, int iters,
                                   unsigned mode, unsigned inflight) {
    if (mode == 0) run<0>(clk, sink, src, iters, inflight);
    else if (mode == 1) run<1>(clk, sink, src, iters, inflight);
    else run<2>(clk, sink, src, iters, inflight);
}
