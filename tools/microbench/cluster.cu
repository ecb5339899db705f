// sm90sim microbenchmark family "cluster": distributed shared memory (DSMEM)
// load round trip and the cluster barrier.
//
// dsmem_chase: params (u64 *clk, u32 *sink, s32 iters, u32 target, u32 lanes)  cluster [C,1,1]
// Every CTA fills words 0..31 of its buffer with their own shared::cluster
// addresses (mapa to its own rank), so `ld.shared::cluster.u32 a, [a]` is a
// dependent chain on one word. After a cluster barrier, lanes 0..lanes-1 of warp
// 0 of rank 0 chase word `lane` of rank `target`'s buffer (target 0: its own
// smem through the cluster window) for iters x 16 loads; a final cluster barrier
// keeps the peers alive. clk[rep] = t1 - t0; latency per load = clk[1] / (16 iters).
//
// cluster_bar: params (u64 *clk, u32 *sink, s32 iters, u32 relaxed)  cluster [C,1,1]
// iters x 8 x (barrier.cluster.arrive[.relaxed].aligned; barrier.cluster.wait.aligned) by
// every thread; clk[cta][rep] (thread 0); cycles per barrier = clk / (8 iters).
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ void cluster_sync() {
    asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
}

__shared__ __align__(128) unsigned dbuf[32];

extern "C" __global__ void dsmem_chase(unsigned long long* clk, unsigned* sink, int iters, unsigned target, unsigned lanes) {
    unsigned rank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (threadIdx.x < 32) {
        unsigned a = (unsigned)__cvta_generic_to_shared(&dbuf[threadIdx.x]), c;
        asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(rank));
        dbuf[threadIdx.x] = c;
    }
    cluster_sync();
    if (rank == 0 && threadIdx.x < lanes) {
        unsigned a = (unsigned)__cvta_generic_to_shared(&dbuf[threadIdx.x]);
        asm volatile("mapa.shared::cluster.u32 %0, %0, %1;" : "+r"(a) : "r"(target));
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            unsigned long long t0 = mb_clock();
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
#pragma unroll
                for (int k = 0; k < 16; k++) asm volatile("ld.shared::cluster.u32 %0, [%0];" : "+r"(a) :: "memory");
            }
            unsigned long long t1 = mb_clock();
            if (threadIdx.x == 0) clk[rep] = t1 - t0;
        }
        sink[threadIdx.x] = a;
    }
    cluster_sync();
}

__device__ __forceinline__ void cluster_sync_relaxed() {
    asm volatile("barrier.cluster.arrive.relaxed.aligned; barrier.cluster.wait.aligned;" ::: "memory");
}

extern "C" __global__ void cluster_bar(unsigned long long* clk, unsigned* sink, int iters, unsigned relaxed) {
    cluster_sync();
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < 8; k++) {
                if (relaxed) cluster_sync_relaxed(); else cluster_sync();
            }
        }
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[blockIdx.x * 2 + rep] = t1 - t0;
    }
    if (threadIdx.x == 0) sink[blockIdx.x] = blockIdx.x + (unsigned)iters;
}
