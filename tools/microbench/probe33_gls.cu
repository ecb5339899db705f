// gls33 probe (session 33, helper gls): what a store request of few sectors
// costs the SM when several warps store (is there a per-request floor?).
// One CTA of `warps` warps; warp w stores at buf + w*wstride; lane l (if bit
// l of mask is set: a predicated store, no branch) writes W bytes at
// (l / group)*row + (l % group)*W + ((i*16*step) & 0xffff) + k*step, k = 0..15
// ([R+imm]), 8 iterations, loop-invariant data. Prints max and min over warps
// of %clock64 of rep 1 per store, and the SM-wide cycles a store
// (max / (8*16) / warps). Best of 3 launches.
//   nvcc -O3 -arch=sm_90a -o probe33 probe33_gls.cu && ./probe33
#include <cstdio>
#include <cuda_runtime.h>
#define U 16
template <int W> __device__ __forceinline__ void st(char* p, unsigned v, unsigned on);
template <> __device__ __forceinline__ void st<1>(char* p, unsigned v, unsigned on) {
    asm volatile("{.reg .pred q; setp.ne.u32 q, %2, 0; @q st.global.u8 [%0], %1;}" :: "l"(p), "r"(v), "r"(on) : "memory"); }
template <> __device__ __forceinline__ void st<2>(char* p, unsigned v, unsigned on) {
    asm volatile("{.reg .pred q; setp.ne.u32 q, %2, 0; @q st.global.u16 [%0], %1;}" :: "l"(p), "h"((unsigned short)v), "r"(on) : "memory"); }
template <> __device__ __forceinline__ void st<4>(char* p, unsigned v, unsigned on) {
    asm volatile("{.reg .pred q; setp.ne.u32 q, %2, 0; @q st.global.u32 [%0], %1;}" :: "l"(p), "r"(v), "r"(on) : "memory"); }
template <> __device__ __forceinline__ void st<8>(char* p, unsigned v, unsigned on) {
    asm volatile("{.reg .pred q; setp.ne.u32 q, %2, 0; @q st.global.v2.u32 [%0], {%1, %1};}" :: "l"(p), "r"(v), "r"(on) : "memory"); }
template <int W, int STEP>
__global__ void k(unsigned long long* clk, char* buf, int iters, unsigned group, unsigned row, unsigned wstride,
                  unsigned mask) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    char* p = buf + (size_t)w * wstride + (lane / group) * (size_t)row + (lane % group) * W;
    const unsigned on = (mask >> lane) & 1, v = lane * 7 + w;
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0, t1;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory");
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            char* q = p + ((i * U * STEP) & 0xffff);
#pragma unroll
            for (int kk = 0; kk < U; kk++) st<W>(q + kk * STEP, v, on);
        }
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1) :: "memory");
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
}
static char* buf;
static unsigned long long* clk;
template <int W, int STEP> void run(const char* name, int warps, unsigned group, unsigned row, unsigned wstride,
                                    unsigned mask) {
    const int iters = 8;
    unsigned long long h[64];
    double best = 1e30, bmin = 0;
    for (int r = 0; r < 3; r++) {
        k<W, STEP><<<1, 32 * warps>>>(clk, buf, iters, group, row, wstride, mask);
        cudaMemcpy(h, clk, 16 * warps, cudaMemcpyDeviceToHost);
        unsigned long long mx = 0, mn = ~0ull;
        for (int i = 0; i < warps; i++) { mx = h[2 * i + 1] > mx ? h[2 * i + 1] : mx; mn = h[2 * i + 1] < mn ? h[2 * i + 1] : mn; }
        double v = (double)mx / (iters * U);
        if (v < best) { best = v; bmin = (double)mn / (iters * U); }
    }
    printf("%-14s W %d step %3d warps %2d group %2u row %5u wstride %6u mask %08x  warp_max %7.2f warp_min %7.2f  sm_per_store %6.3f\n",
           name, W, STEP, warps, group, row, wstride, mask, best, bmin, best / warps);
}
int main() {
    cudaMalloc(&buf, 64 << 20);
    cudaMalloc(&clk, 1024);
    cudaDeviceProp pr;
    cudaGetDeviceProperties(&pr, 0);
    printf("device %s\n", pr.name);
    const unsigned A = 0xffffffffu, WS = 65536;
    for (int warps : {4, 8, 16}) {
        run<1, 32>("u8_coal", warps, 32, 0, WS, A);          // 1 line x 1 sector
        run<2, 64>("u16_coal", warps, 32, 0, WS, A);         // 1 line x 2 sectors
        run<4, 128>("u32_coal", warps, 32, 0, WS, A);        // 1 line x 4 sectors
        run<4, 128>("u32_8lanes", warps, 32, 0, WS, 0xffu);  // 1 line x 1 sector
        run<4, 128>("u32_lane0", warps, 32, 0, WS, 1u);      // 1 line x 1 partial sector
        run<1, 32>("u8_16lanes", warps, 32, 0, WS, 0xffffu); // 1 line x half sector
        run<2, 32>("u16_r2g16", warps, 16, 512, WS, A);      // 2 lines x 1 sector
        run<2, 32>("u16_r2g16_adj", warps, 16, 128, WS, A);  // 2 adjacent lines x 1 sector
        run<4, 32>("u32_r4g8", warps, 8, 512, WS, A);        // 4 lines x 1 sector
        run<4, 32>("u32_r4g8_4k", warps, 8, 4096, WS, A);    // 4 lines x 1 sector
        run<4, 32>("u32_r4g8_adj", warps, 8, 128, WS, A);    // 4 adjacent lines x 1 sector
        run<8, 32>("v2_epi", warps, 4, 1024, WS, A);         // 8 lines x 1 sector
        run<2, 32>("u16_r2g16_g24", warps, 16, 512, 4608, A); // gls24's warp spacing
        run<4, 32>("u32_r4g8_g24", warps, 8, 512, 5632, A);   // gls24's warp spacing
    }
    cudaError_t e = cudaDeviceSynchronize();
    printf("done %s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
