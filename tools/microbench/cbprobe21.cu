// psink lane (session 21): cluster barrier sequence probe. 2x1 cluster, W warps per CTA; per warp stamps
// t0 entry, [spin D cycles], t1, (arrive.relaxed; wait) -> t2, again -> t3, again -> t4.
#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk64() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
template <int MODE>
__global__ void __launch_bounds__(384, 1) cbp(unsigned long long* clk, unsigned long long spin) {
    unsigned long long t[6];
    t[0] = clk64();
    if (spin) { while (clk64() - t[0] < spin) {} }
    t[1] = clk64();
#pragma unroll
    for (int k = 0; k < 3; k++) {
        if (MODE == 0) asm volatile("barrier.cluster.arrive.relaxed.aligned; barrier.cluster.wait.aligned;" ::: "memory");
        else if (MODE == 1) asm volatile("barrier.cluster.arrive.aligned; barrier.cluster.wait.aligned;" ::: "memory");
        else asm volatile("bar.sync 0;" ::: "memory");
        t[2 + k] = clk64();
    }
    unsigned s; asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    if ((threadIdx.x & 31) == 0) {
        unsigned long long* r = clk + 8 * (blockIdx.x * 12 + threadIdx.x / 32);
        for (int i = 0; i < 5; i++) r[i] = t[i];
        r[5] = s;
    }
}
template <int MODE> void go(const char* name, int warps, unsigned long long spin, unsigned long long* d, unsigned long long* h) {
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(2); cfg.blockDim = dim3(32 * warps);
    cudaLaunchAttribute a[1]; a[0].id = cudaLaunchAttributeClusterDimension; a[0].val.clusterDim.x = 2; a[0].val.clusterDim.y = 1; a[0].val.clusterDim.z = 1;
    cfg.attrs = a; cfg.numAttrs = 1;
    for (int run = 0; run < 4; run++) {
        cudaMemset(d, 0, 2 * 12 * 8 * 8);
        cudaError_t e = cudaLaunchKernelEx(&cfg, cbp<MODE>, d, spin); cudaDeviceSynchronize();
        if (e != cudaSuccess || cudaGetLastError() != cudaSuccess) { printf("%s err %s\n", name, cudaGetErrorString(e)); return; }
        cudaMemcpy(h, d, 2 * 12 * 8 * 8, cudaMemcpyDeviceToHost);
        unsigned long long base = ~0ull; for (int c = 0; c < 2; c++) for (int w = 0; w < warps; w++) if (h[8 * (c * 12 + w)] < base) base = h[8 * (c * 12 + w)];
        printf("%s W%d D%llu run%d:", name, warps, spin, run);
        for (int c = 0; c < 2; c++) for (int w = 0; w < warps; w++) { unsigned long long* r = h + 8 * (c * 12 + w);
            printf(" [sm%llu t0+%llu spin%llu b1 %llu b2 %llu b3 %llu]", r[5], r[0] - base, r[1] - r[0], r[2] - r[1], r[3] - r[2], r[4] - r[3]); }
        printf("\n");
    }
}
int main() {
    unsigned long long *d, h[2 * 12 * 8]; cudaMalloc(&d, sizeof(h));
    int ws[3] = {1, 4, 12}; unsigned long long ds[3] = {0, 300, 1500};
    for (int wi = 0; wi < 3; wi++) for (int di = 0; di < 3; di++) {
        go<0>("rlx", ws[wi], ds[di], d, h);
        go<1>("rel", ws[wi], ds[di], d, h);
        go<2>("cta", ws[wi], ds[di], d, h);
    }
    return 0;
}
