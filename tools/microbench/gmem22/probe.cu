// gmem22 probe: per-store %clock64 stamps of N warps' bursts of 16 global
// stores (coalesced u32: 1 line; a line per lane u32: 32 lines; coalesced
// v4: 4 lines), optionally each followed by a dependent ld.volatile.shared.
// out[((launch-variant) w*2+rep)*17 + k]: k=0..15 stamp after store k - t0,
// 16: t0 - the CTA's earliest t0 is not known on device, so slot 16 = t0 low bits.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#define N 16
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__shared__ unsigned sbuf[1024];
template <int MODE, int LDS>  // MODE 0 coal u32, 1 line u32, 2 coal v4
__global__ void probe(unsigned long long* out, unsigned* buf, unsigned wmask) {
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    sbuf[threadIdx.x & 1023] = threadIdx.x;
    __syncthreads();
    const bool on = (wmask >> w) & 1;
    const unsigned per = MODE == 1 ? 32 * 32 : (MODE == 2 ? 128 : 32);  // words per store
    unsigned* p = buf + (size_t)w * N * per + (MODE == 1 ? lane * 32 : (MODE == 2 ? lane * 4 : lane));
    unsigned sa = (unsigned)__cvta_generic_to_shared(&sbuf[lane]);
    unsigned v = lane;
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long t[N];
        __syncthreads();
        unsigned long long t0 = clk();
        if (on) {
#pragma unroll
            for (int k = 0; k < N; k++) {
                unsigned* q = p + k * per;
                if (MODE == 2) asm volatile("st.global.v4.u32 [%0], {%1,%1,%1,%1};" :: "l"(q), "r"(v) : "memory");
                else asm volatile("st.global.u32 [%0], %1;" :: "l"(q), "r"(v) : "memory");
                if (LDS) { unsigned r; asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(r) : "r"(sa) : "memory"); v += r; }
                t[k] = clk();
            }
        }
        __syncthreads();
        if (lane == 0) {
            unsigned long long* o = out + (w * 2 + rep) * (N + 1);
            for (int k = 0; k < N; k++) o[k] = on ? t[k] - t0 : 0;
            o[N] = t0;
        }
    }
    if (v == 12345678) buf[0] = v;
}
typedef void (*K)(unsigned long long*, unsigned*, unsigned);
int main() {
    struct V { const char* name; K k; unsigned wmask; int warps; };
    V vs[] = {
        {"coal_w1", probe<0,0>, 0x1, 8}, {"coal_p01", probe<0,0>, 0x3, 8}, {"coal_p04", probe<0,0>, 0x11, 8},
        {"coal_w4", probe<0,0>, 0xf, 8}, {"coal_w8", probe<0,0>, 0xff, 8}, {"coal_w16", probe<0,0>, 0xffff, 16},
        {"line_w1", probe<1,0>, 0x1, 8}, {"line_p01", probe<1,0>, 0x3, 8}, {"line_w4", probe<1,0>, 0xf, 8},
        {"line_w8", probe<1,0>, 0xff, 8},
        {"v4_w1", probe<2,0>, 0x1, 8}, {"v4_w4", probe<2,0>, 0xf, 8}, {"v4_w8", probe<2,0>, 0xff, 8},
        {"coal_lds_w1", probe<0,1>, 0x1, 8}, {"coal_lds_w4", probe<0,1>, 0xf, 8},
        {"line_lds_w1", probe<1,1>, 0x1, 8}, {"line_lds_w4", probe<1,1>, 0xf, 8}, {"line_lds_w8", probe<1,1>, 0xff, 8},
    };
    unsigned* buf; cudaMalloc(&buf, 16u << 20);
    unsigned long long* out; cudaMalloc(&out, 16 * 2 * (N + 1) * 8);
    std::vector<unsigned long long> h(16 * 2 * (N + 1));
    for (auto& v : vs) {
        std::vector<std::vector<unsigned long long>> runs;
        for (int l = 0; l < 7; l++) {
            cudaMemset(out, 0, h.size() * 8);
            v.k<<<1, 32 * v.warps>>>(out, buf, v.wmask);
            cudaDeviceSynchronize();
            cudaMemcpy(h.data(), out, h.size() * 8, cudaMemcpyDeviceToHost);
            if (l >= 2) runs.push_back(h);
        }
        for (int w = 0; w < v.warps; w++) {
            if (!((v.wmask >> w) & 1)) continue;
            for (int rep = 0; rep < 2; rep++) {
                printf("%s w%d r%d:", v.name, w, rep);
                // median over launches of each stamp; t0 relative to the earliest active t0 (launch 0 of runs)
                for (int k = 0; k <= N; k++) {
                    std::vector<long long> x;
                    for (auto& r : runs) {
                        long long val = r[(w * 2 + rep) * (N + 1) + k];
                        if (k == N) { long long m = -1; for (int u = 0; u < v.warps; u++) if ((v.wmask >> u) & 1) { long long q = r[(u*2+rep)*(N+1)+N]; if (m < 0 || q < m) m = q; } val -= m; }
                        x.push_back(val);
                    }
                    std::sort(x.begin(), x.end());
                    printf(" %lld", x[x.size() / 2]);
                }
                printf("\n");
            }
        }
    }
    printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
