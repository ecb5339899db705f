// copy29 probe (session 29, lane copy): what bounds one SM's streaming copy.
// One kernel template stream<MODE,U>: each of `C` CTAs of W warps streams its own 4 MiB
// (gmem_copy's indexing: thread t, step 4*bd... here U*bd), U 16-byte accesses a thread an iteration:
//   MODE 0 copy    : U ld.global.nc.v4 then U st.global.v4 (U = 4: gmem_copy's body)
//   MODE 1 loads   : U ld.global.nc.v4, xor-folded into a register (one store at the end)
//   MODE 2 stores  : U st.global.v4 of a register value
//   MODE 3 copy, destination wrapped to 256 KiB a CTA (stores hit L2 after the first pass)
// L2 flushed (512 MiB read) before every launch. clk/gt per CTA as gmem_copy. JSON lines on stdout.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__device__ __forceinline__ unsigned long long mb_gtimer() {
    unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory"); return t; }

template <int MODE, int U>
__global__ void stream(unsigned long long* clk, unsigned long long* gt, unsigned* smid,
                       const uint4* __restrict__ src, uint4* __restrict__ dst,
                       unsigned long long bytes_per_cta) {
    const unsigned long long n = bytes_per_cta / 16;
    const uint4* s = src + blockIdx.x * n;
    uint4* d = dst + blockIdx.x * n;
    const unsigned bd = blockDim.x;
    const unsigned long long wrap = (256ull << 10) / 16 - 1;
    unsigned acc = threadIdx.x;
    __syncthreads();
    unsigned long long t0 = mb_clock(), g0 = mb_gtimer();
#pragma unroll 1
    for (unsigned long long i = threadIdx.x; i + (U - 1) * bd < n; i += U * bd) {
        if (MODE == 2) {
#pragma unroll
            for (int k = 0; k < U; k++) d[i + k * bd] = make_uint4(acc, (unsigned)i, k, acc);
        } else {
            uint4 v[U];
#pragma unroll
            for (int k = 0; k < U; k++) v[k] = s[i + k * bd];
            if (MODE == 1) {
#pragma unroll
                for (int k = 0; k < U; k++) acc ^= v[k].x ^ v[k].y ^ v[k].z ^ v[k].w;
            } else if (MODE == 0) {
#pragma unroll
                for (int k = 0; k < U; k++) d[i + k * bd] = v[k];
            } else {
#pragma unroll
                for (int k = 0; k < U; k++) d[(i + k * bd) & wrap] = v[k];
            }
        }
    }
    __syncthreads();
    unsigned long long t1 = mb_clock(), g1 = mb_gtimer();
    if (MODE == 1 && acc == 0x9e3779b9u) d[threadIdx.x] = make_uint4(acc, 0, 0, 0);
    if (threadIdx.x == 0) {
        clk[2 * blockIdx.x] = t0; clk[2 * blockIdx.x + 1] = t1;
        gt[2 * blockIdx.x] = g0; gt[2 * blockIdx.x + 1] = g1;
        unsigned sm; asm volatile("mov.u32 %0, %%smid;" : "=r"(sm)); smid[blockIdx.x] = sm;
    }
}

__global__ void flush_read(const uint4* __restrict__ b, unsigned long long n, unsigned* sink) {
    unsigned acc = 0;
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) { uint4 v = b[i]; acc ^= v.x ^ v.w; }
    if (acc == 0x12345678u) sink[0] = acc;
}

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

typedef void (*kfn)(unsigned long long*, unsigned long long*, unsigned*, const uint4*, uint4*, unsigned long long);
static kfn pick(int mode, int u) {
#define P(M) if (mode == M) { if (u == 1) return stream<M, 1>; if (u == 2) return stream<M, 2>; if (u == 4) return stream<M, 4>; if (u == 8) return stream<M, 8>; }
    P(0) P(1) P(2) P(3)
    return nullptr;
}

int main(int argc, char** argv) {
    const unsigned long long MIB = 1ull << 20, per = 4 * MIB;
    const int reps = argc > 1 ? atoi(argv[1]) : 3;
    const int only_ncu = argc > 2 ? atoi(argv[2]) : 0;
    uint4 *src, *dst, *fl; unsigned long long *clk, *gt; unsigned *smid, *sink;
    CK(cudaMalloc(&src, 133 * per)); CK(cudaMalloc(&dst, 133 * per)); CK(cudaMalloc(&fl, 512 * MIB));
    CK(cudaMalloc(&clk, 2 * 133 * 8)); CK(cudaMalloc(&gt, 2 * 133 * 8)); CK(cudaMalloc(&smid, 133 * 4)); CK(cudaMalloc(&sink, 64));
    CK(cudaMemset(src, 1, 133 * per)); CK(cudaMemset(dst, 3, 133 * per)); CK(cudaMemset(fl, 2, 512 * MIB));
    // points: mode, ctas, warps, U
    std::vector<int> pts;
    auto add = [&](int m, int c, int w, int u) { pts.push_back(m); pts.push_back(c); pts.push_back(w); pts.push_back(u); };
    const int wu[][2] = {{32, 1}, {32, 2}, {32, 4}, {32, 8}, {16, 4}, {8, 4}, {16, 8}, {8, 8}};
    for (int c : {1, 16, 33, 66}) for (auto& x : wu) add(0, c, x[0], x[1]);
    for (int c : {1, 33, 66}) for (auto& x : wu) add(1, c, x[0], x[1]);
    for (int c : {1, 33}) for (auto& x : wu) add(2, c, x[0], x[1]);
    for (int c : {1, 16, 33, 66}) add(3, c, 32, 4);
    if (only_ncu) {
        for (int r = 0; r < 2; r++) {
            flush_read<<<264, 1024>>>(fl, 512 * MIB / 16, sink);
            stream<0, 4><<<33, 1024>>>(clk, gt, smid, src, dst, per);
        }
        CK(cudaDeviceSynchronize());
        return 0;
    }
    std::vector<unsigned long long> hclk(266), hgt(266); std::vector<unsigned> hsm(133);
    for (int r = 0; r < reps; r++) {
        for (size_t p = 0; p < pts.size(); p += 4) {
            int m = pts[p], c = pts[p + 1], w = pts[p + 2], u = pts[p + 3];
            CK(cudaMemset(clk, 0, 266 * 8)); CK(cudaMemset(gt, 0, 266 * 8));
            flush_read<<<264, 1024>>>(fl, 512 * MIB / 16, sink);
            pick(m, u)<<<c, 32 * w>>>(clk, gt, smid, src, dst, per);
            CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(hclk.data(), clk, 266 * 8, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(hgt.data(), gt, 266 * 8, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(hsm.data(), smid, 133 * 4, cudaMemcpyDeviceToHost));
            printf("{\"rep\": %d, \"mode\": %d, \"ctas\": %d, \"warps\": %d, \"u\": %d, \"smid\": [", r, m, c, w, u);
            for (int k = 0; k < c; k++) printf("%s%u", k ? ", " : "", hsm[k]);
            printf("], \"clk\": [");
            for (int k = 0; k < c; k++) printf("%s[%llu, %llu]", k ? ", " : "", hclk[2 * k], hclk[2 * k + 1]);
            printf("], \"gt\": [");
            for (int k = 0; k < c; k++) printf("%s[%llu, %llu]", k ? ", " : "", hgt[2 * k], hgt[2 * k + 1]);
            printf("]}\n");
        }
    }
    return 0;
}
