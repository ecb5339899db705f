// gst21 probe: N st.global.v2.f32 per warp in the wgmma epilogue layout (8 rows x 32 B, sgp's),
// then fence.acq_rel.gpu; %clock64 before the stores (t0), after them (te), after the fence (tq).
// mode bit 0: every warp fences right after its stores; bit 1: bar.sync after the stores, then
// only warp 0 fences; bit 2: warp 0 stores nothing.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
__device__ __forceinline__ unsigned long long clk64() {
    unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory"); return t; }
extern "C" __global__ void gstf(unsigned long long* clk, float* C, int N, int mode) {
    const int tid = threadIdx.x, w = tid >> 5, l = tid & 31;
    const int rbase = 16 * w + (l >> 2), cbase = 2 * (l & 3);
    const int n = ((mode & 4) && w == 0) ? 0 : N;
    __syncthreads();
    unsigned long long t0 = clk64();
#pragma unroll 1
    for (int i = 0; i < n; i += 2) {
        const int col = cbase + 8 * (i >> 1);
        float* p0 = &C[(size_t)rbase * 128 + col];
        float* p1 = &C[(size_t)(rbase + 8) * 128 + col];
        asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p0), "f"((float)i), "f"((float)tid) : "memory");
        asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p1), "f"((float)i + 1), "f"((float)tid) : "memory");
    }
    unsigned long long te = clk64();
    if (mode & 2) { __syncthreads(); te = clk64(); }
    if ((mode & 1) || ((mode & 2) && w == 0)) asm volatile("fence.acq_rel.gpu;" ::: "memory");
    unsigned long long tq = clk64();
    if (l == 0) { clk[4 * w] = t0; clk[4 * w + 1] = te; clk[4 * w + 2] = tq; }
}
int main() {
    float* C; unsigned long long* clk; char* scratch;
    cudaMalloc(&C, 1 << 20); cudaMalloc(&clk, 4096); cudaMalloc(&scratch, 256 << 20);
    struct V { const char* name; int warps, N, mode, cold; };
    std::vector<V> vs = {
        {"w1_n0", 1, 0, 1, 0}, {"w1_n2", 1, 2, 1, 0}, {"w1_n4", 1, 4, 1, 0}, {"w1_n8", 1, 8, 1, 0},
        {"w1_n16", 1, 16, 1, 0}, {"w1_n32", 1, 32, 1, 0}, {"w1_n32_cold", 1, 32, 1, 1},
        {"w8_n0", 8, 0, 1, 0}, {"w8_n4", 8, 4, 1, 0}, {"w8_n8", 8, 8, 1, 0}, {"w8_n16", 8, 16, 1, 0},
        {"w8_n32", 8, 32, 1, 0}, {"w8_n32_cold", 8, 32, 1, 1},
        {"w8_n32_bar", 8, 32, 2, 0}, {"w8_n32_bar_w0none", 8, 32, 6, 0}, {"w8_n32_w0none", 8, 32, 5, 0},
        {"w4_n32", 4, 32, 1, 0}, {"w2_n32", 2, 32, 1, 0},
    };
    for (auto& v : vs) {
        std::vector<std::vector<long long>> te(v.warps), fq(v.warps), st(v.warps);
        for (int r = 0; r < 7; r++) {
            if (v.cold) cudaMemset(scratch, r, 256 << 20);
            cudaMemset(clk, 0, 4096);
            gstf<<<1, 32 * v.warps>>>(clk, C, v.N, v.mode);
            cudaDeviceSynchronize();
            unsigned long long h[512]; cudaMemcpy(h, clk, 4096, cudaMemcpyDeviceToHost);
            if (r < 2) continue;
            unsigned long long m0 = ~0ull;
            for (int w = 0; w < v.warps; w++) m0 = std::min(m0, h[4 * w]);
            for (int w = 0; w < v.warps; w++) {
                st[w].push_back(h[4 * w] - m0); te[w].push_back(h[4 * w + 1] - h[4 * w]); fq[w].push_back(h[4 * w + 2] - h[4 * w + 1]);
            }
        }
        printf("%-20s", v.name);
        for (int w = 0; w < v.warps; w++) {
            auto med = [](std::vector<long long> x) { std::sort(x.begin(), x.end()); return x[x.size() / 2]; };
            printf(" w%d:%lld/%lld/%lld", w, med(st[w]), med(te[w]), med(fq[w]));
        }
        printf("\n");
    }
    int clkr; cudaDeviceGetAttribute(&clkr, cudaDevAttrClockRate, 0);
    cudaDeviceProp p; cudaGetDeviceProperties(&p, 0); printf("device %s clockRate %d kHz err %s\n", p.name, clkr, cudaGetErrorString(cudaGetLastError()));
    return 0;
}
