// Recorded in session 27 (lane mbinit, validation/timing/mbinit27.md): nvcc -arch=sm_90a -O3 -o probe mbinit27_probe.cu; ./probe (H200, 2026-11-29).
// session 27 lane mbinit (validation/timing/mbinit27.md): does a ULDC (gridDim.x) + UIMAD chain
// between mbarrier.init and bar.sync wait for the inits (tmaqx's sync_cycles, t0 - x1 = 116-123)?
// 384 threads; thread 0: e0, K inits, x0, fence.mbarrier_init, x1, optional spin to x1+SPIN, x2;
// CHAIN: every thread computes c = blockIdx.y*gridDim.x + blockIdx.x (ULDC c[0x0][0xc]; UIMAD) and
// the barrier is taken only if c < lim (a uniform UISETP + BRA before the BAR.SYNC, so the warp waits
// for the ULDC before it); WARM: the others' read of gridDim.x happens before thread 0's inits end.
// out = {x0-e0, x1-x0, x2-x1, t0-x2}.
#include <cstdio>
__device__ __forceinline__ unsigned long long clk() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
template <int K, int SPIN, int CHAIN>
__global__ void probe(unsigned long long* out, unsigned lim) {
    __shared__ __align__(8) unsigned long long bars[16];
    unsigned long long e0 = 0, x0 = 0, x1 = 0, x2 = 0;
    const unsigned b = (unsigned)__cvta_generic_to_shared(bars);
    if (threadIdx.x == 0) {
        e0 = clk();
#pragma unroll
        for (int k = 0; k < K; k++) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(b + 8 * k), "r"(1) : "memory");
        x0 = clk();
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        x1 = clk();
        if (SPIN) { while (clk() < x1 + SPIN) {} }
        x2 = clk();
    }
    if (CHAIN) {
        unsigned n;
        asm volatile("mov.u32 %0, %%nctaid.x;" : "=r"(n));
        unsigned c = blockIdx.y * n + blockIdx.x;
        if (c < lim) __syncthreads();
    } else {
        __syncthreads();
    }
    unsigned long long t0 = clk();
    if (threadIdx.x == 0) { out[0] = x0 - e0; out[1] = x1 - x0; out[2] = x2 - x1; out[3] = t0 - x2; }
}
template <int K, int SPIN, int CHAIN>
void run(const char* name, unsigned long long* d) {
    unsigned long long h[4];
    printf("%-16s", name);
    for (int r = 0; r < 6; r++) {
        probe<K, SPIN, CHAIN><<<1, 384>>>(d, 1000000u);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf(" | %3llu %3llu %3llu %4llu", h[0], h[1], h[2], h[3]);
    }
    printf("\n");
}
int main() {
    unsigned long long* d; cudaMalloc(&d, 64);
    printf("cfg              | init fence spin sync (x0-e0, x1-x0, x2-x1, t0-x2) x 6 launches\n");
    run<0, 0, 0>("k0", d);
    run<6, 0, 0>("k6", d);
    run<0, 0, 1>("k0_chain", d);
    run<1, 0, 1>("k1_chain", d);
    run<6, 0, 1>("k6_chain", d);
    run<12, 0, 1>("k12_chain", d);
    run<0, 400, 1>("k0_chain_spin400", d);
    run<6, 400, 1>("k6_chain_spin400", d);
    run<6, 400, 0>("k6_spin400", d);
    run<6, 100, 1>("k6_chain_spin100", d);
    run<6, 100, 0>("k6_spin100", d);
    cudaError_t e = cudaDeviceSynchronize(); printf("err %s\n", cudaGetErrorString(e));
    return 0;
}
