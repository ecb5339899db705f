#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk64() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
// MODE 0: t0; bar; t1 at entry. 1: t0; t1 (no bar). 2: alu work, then t0; bar; t1. 3: t0; bar; t1; bar; t2.
// 4: t0; bar.sync 0 with a store of tid before t0. 5: t0; barrier.sync (aligned) ; t1
template <int MODE>
__global__ void __launch_bounds__(384, 1) bp(unsigned long long* clk, unsigned x) {
    unsigned long long t0, t1, t2 = 0;
    unsigned v = threadIdx.x * x;
    if (MODE == 2) { for (int i = 0; i < 4; i++) v = v * 0x9e3779b9u + x; asm volatile("" :: "r"(v)); }
    t0 = clk64();
    if (MODE == 0 || MODE == 2 || MODE == 3) asm volatile("bar.sync 0;" ::: "memory");
    if (MODE == 5) asm volatile("barrier.sync.aligned 0;" ::: "memory");
    t1 = clk64();
    if (MODE == 3) { asm volatile("bar.sync 0;" ::: "memory"); t2 = clk64(); }
    if ((threadIdx.x & 31) == 0) {
        unsigned long long* r = clk + 4 * (threadIdx.x / 32);
        r[0] = t0; r[1] = t1; r[2] = t2; r[3] = v;
    }
}
template <int MODE> void go(int warps, unsigned long long* d, unsigned long long* h) {
    for (int run = 0; run < 3; run++) {
        cudaMemset(d, 0, 12 * 4 * 8);
        bp<MODE><<<1, 32 * warps>>>(d, 0); cudaDeviceSynchronize();
        cudaMemcpy(h, d, 12 * 4 * 8, cudaMemcpyDeviceToHost);
        printf("mode%d W%d run%d:", MODE, warps, run);
        for (int w = 0; w < warps; w++) printf(" [%llu %llu]", h[4 * w + 1] - h[4 * w], MODE == 3 ? h[4 * w + 2] - h[4 * w + 1] : 0ull);
        printf("\n");
    }
}
int main() {
    unsigned long long *d, h[48]; cudaMalloc(&d, sizeof(h));
    int ws[2] = {1, 12};
    for (int wi = 0; wi < 2; wi++) { go<0>(ws[wi], d, h); go<1>(ws[wi], d, h); go<2>(ws[wi], d, h); go<3>(ws[wi], d, h); go<5>(ws[wi], d, h); }
    return 0;
}
