// Recorded in session 24 (lane tma, validation/timing/tma24.md): nvcc -arch=sm_90a -O3 -o mbinit mbinit24_probe.cu; ./mbinit (H200).
// tma24 probe: cost of K mbarrier.init (constant offsets) by thread 0, then fence.mbarrier_init, then bar.sync
// with 12 warps (tmaqx's shape). out[cfg][rep][4] = {x0-e0, x1-x0, x2-x1, t0-x2}.
#include <cstdio>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
template <int K, int FENCE, int SPIN>
__global__ void probe(unsigned long long* out) {
    __shared__ __align__(8) unsigned long long bars[16];
    unsigned long long e0 = 0, x0 = 0, x1 = 0, x2 = 0;
    const unsigned b = (unsigned)__cvta_generic_to_shared(bars);
    if (threadIdx.x == 0) {
        e0 = clk();
#pragma unroll
        for (int k = 0; k < K; k++) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(b + 8 * k), "r"(1) : "memory");
        x0 = clk();
        if (FENCE) asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        x1 = clk();
        if (SPIN) { while (clk() < x1 + SPIN) {} }
        x2 = clk();
    }
    __syncthreads();
    unsigned long long t0 = clk();
    if (threadIdx.x == 0) { out[0] = x0 - e0; out[1] = x1 - x0; out[2] = x2 - x1; out[3] = t0 - x2; }
}
template <int K, int FENCE, int SPIN>
void run(const char* name, unsigned long long* d) {
    unsigned long long h[4];
    printf("%-14s", name);
    for (int r = 0; r < 6; r++) {
        probe<K, FENCE, SPIN><<<1, 384>>>(d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf(" | %3llu %3llu %3llu %4llu", h[0], h[1], h[2], h[3]);
    }
    printf("\n");
}
int main() {
    unsigned long long* d; cudaMalloc(&d, 64);
    printf("cfg            | init fence spin sync (x0-e0, x1-x0, x2-x1, t0-x2) x 6 launches\n");
    run<0, 1, 0>("k0_f", d);
    run<1, 1, 0>("k1_f", d);
    run<2, 1, 0>("k2_f", d);
    run<6, 1, 0>("k6_f", d);
    run<12, 1, 0>("k12_f", d);
    run<6, 0, 0>("k6_nof", d);
    run<0, 0, 0>("k0_nof", d);
    run<6, 1, 400>("k6_f_spin400", d);
    run<0, 1, 400>("k0_f_spin400", d);
    run<12, 1, 400>("k12_f_spin400", d);
    cudaError_t e = cudaDeviceSynchronize(); printf("err %s\n", cudaGetErrorString(e));
    return 0;
}
