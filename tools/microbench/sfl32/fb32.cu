// sfl32 probe (session 32, lane sfl): what a CTA barrier after shared stores and
// fence.proxy.async costs (sfl's t1 -> t2 -> t3), and a 32-bit division whose
// divisor changes every time (its reciprocal recomputed) against one that does not.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk64() {
    unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
// V: 0 sts+fence+bar (sfl), 1 sts+bar, 2 fence+bar no sts, 3 sts+fence no bar,
//    4 sts+bar then fence, 5 sts+fence+bar with t3 after a predicate branch (sfl's mode check)
template <int V>
__global__ void __launch_bounds__(128) kfb(unsigned long long* clk, const uint32_t* src, unsigned mode) {
    __shared__ __align__(1024) uint32_t tile[2048];
    const unsigned long long t0 = clk64();
    const int words = 2 * blockDim.x;
    const uint32_t* s = src + blockIdx.x * words;
    uint32_t acc = 0;
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        if (V == 2) acc += s[i]; else tile[i] = s[i];
    }
    const unsigned long long t1 = clk64();
    if (V != 1 && V != 4) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    if (V != 3) __syncthreads();
    const unsigned long long t2 = clk64();
    if (V == 4) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    if (V == 5 && mode != 0 && threadIdx.x == 0) tile[0] = 7;
    const unsigned long long t3 = clk64();
    if (V == 2) tile[threadIdx.x] = acc;
    if ((threadIdx.x & 31) == 0) {
        unsigned long long* c = clk + (blockIdx.x * 4 + threadIdx.x / 32) * 4;
        c[0] = t1 - t0; c[1] = t2 - t0; c[2] = t3 - t0; c[3] = tile[threadIdx.x];
    }
}
// D: 0 divisor changes each division (dv + (x >> 31), x < 2^31), 1 loop-invariant divisor
template <int D>
__global__ void kdiv(unsigned long long* clk, unsigned x0, unsigned dv, unsigned c, int n) {
    unsigned x = x0;
    const unsigned long long t0 = clk64();
#pragma unroll 1
    for (int i = 0; i < n; i++) {
#pragma unroll
        for (int k = 0; k < 16; k++) {
            const unsigned d = D == 0 ? dv + (x >> 31) : dv;
            x = x / d + c;
        }
    }
    const unsigned long long t1 = clk64();
    clk[0] = t1 - t0; clk[1] = x;
}
int main() {
    unsigned long long* clk; uint32_t* src;
    cudaMalloc(&clk, 132 * 4 * 4 * 8); cudaMalloc(&src, 132 * 256 * 4 * 4);
    cudaMemset(src, 1, 132 * 256 * 16);
    unsigned long long h[132 * 16];
    int grids[2] = {1, 62};
    for (int v = 0; v < 6; v++) for (int gi = 0; gi < 2; gi++) for (int r = 0; r < 4; r++) {
        int g = grids[gi];
        void (*k)(unsigned long long*, const uint32_t*, unsigned) =
            v == 0 ? kfb<0> : v == 1 ? kfb<1> : v == 2 ? kfb<2> : v == 3 ? kfb<3> : v == 4 ? kfb<4> : kfb<5>;
        k<<<g, 128>>>(clk, src, 0);
        cudaDeviceSynchronize();
        cudaMemcpy(h, clk, g * 16 * 8, cudaMemcpyDeviceToHost);
        printf("FB v=%d grid=%d rep=%d", v, g, r);
        for (int w = 0; w < g * 4; w++) printf(" %llu,%llu,%llu", h[w * 4], h[w * 4 + 1], h[w * 4 + 2]);
        printf("\n");
    }
    for (int d = 0; d < 2; d++) for (int r = 0; r < 4; r++) {
        for (int ni = 0; ni < 2; ni++) { const int n = ni == 0 ? 16 : 64;
            (d == 0 ? kdiv<0> : kdiv<1>)<<<1, 1>>>(clk, 123456789u, 7u, 1000003u, n);
            cudaDeviceSynchronize();
            cudaMemcpy(h, clk, 16, cudaMemcpyDeviceToHost);
            printf("DIV d=%d n=%d rep=%d cycles=%llu per_div=%.2f\n", d, n, r, h[0], (double)h[0] / (16.0 * n));
        }
    }
    cudaError_t e = cudaGetLastError();
    printf("err=%s\n", cudaGetErrorString(e));
    return 0;
}
