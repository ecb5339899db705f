// cprobe34 (session 34, helper sgp): is a cold ULDC miss slower after a warp's mbarrier.init / fence.mbarrier_init /
// bar.sync (sgp's prologue: two serial ULDC misses after them, ~136 each) than in a plain stretch (sgp33's probe: ~60)?
// One CTA of NT threads (thread 0 runs the inits, as sgp does); word i of w[] is c[0x0][0x220 + 4 i]; L(k) = word 8 + 64 k.
// Stamps: t0 (entry), ti (after the init block), tm (before the loads), t1 (after the consumer's STS).
#include <cstdio>
#include <cuda_runtime.h>
struct P { unsigned long long* clk; unsigned* out; unsigned w[1020]; };
__device__ __forceinline__ unsigned long long clk64() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__device__ __forceinline__ void sink(unsigned* s, unsigned x) {
    asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(s)), "r"(x) : "memory");
}
__device__ __forceinline__ void inits(unsigned long long* b) {
    if (threadIdx.x == 0) {
        for (int i = 0; i < 6; i++)
            asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(&b[i])), "r"(1) : "memory");
    }
}
__device__ __forceinline__ void fence_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
#define L(k) (8 + 64 * (k))
template <int V>
__global__ void __launch_bounds__(128, 1) cp(const __grid_constant__ P p) {
    __shared__ unsigned s[128];
    __shared__ unsigned long long b[8];
    unsigned x = threadIdx.x;
    unsigned long long t0 = clk64(), ti, tm;
    // V: bit 0 inits, bit 1 fence, bit 2 bar.sync, bit 3 600-cycle spin, bit 4 two serial misses (else one)
    if (V & 1) inits(b);
    if (V & 2) { if (threadIdx.x == 0) fence_init(); }
    ti = clk64();
    if (V & 4) __syncthreads();
    if (V & 8) { while (clk64() - ti < 600) { } }
    tm = clk64();
    x = x * p.w[L(0)];
    if (V & 16) { sink(&s[threadIdx.x], x); x = x * p.w[L(1)]; }
    sink(&s[threadIdx.x], x);
    unsigned long long t1 = clk64();
    if (threadIdx.x == 0) { p.clk[0] = t0; p.clk[1] = ti; p.clk[2] = tm; p.clk[3] = t1; p.out[0] = x; }
}
template <int V> void go(P& h, unsigned long long* d, int nt) {
    unsigned long long r[4];
    printf("V%d nt%d:", V, nt);
    for (int run = 0; run < 5; run++) {
        cp<V><<<1, nt>>>(h); cudaDeviceSynchronize();
        cudaMemcpy(r, d, 32, cudaMemcpyDeviceToHost);
        printf(" [%llu %llu %llu]", r[1] - r[0], r[2] - r[1], r[3] - r[2]);
    }
    printf("\n");
}
int main() {
    P h = {}; unsigned long long* d; unsigned* o;
    cudaMalloc(&d, 64); cudaMalloc(&o, 64); h.clk = d; h.out = o;
    for (int i = 0; i < 1020; i++) h.w[i] = 3 + 2 * i;
    for (int rep = 0; rep < 2; rep++) {
        for (int nt = 32; nt <= 128; nt *= 4) {
            go<8>(h, d, nt); go<9>(h, d, nt); go<11>(h, d, nt); go<10>(h, d, nt);   // spin: none / inits / inits+fence / fence
            go<4>(h, d, nt); go<5>(h, d, nt); go<7>(h, d, nt); go<6>(h, d, nt);     // bar: none / inits / inits+fence / fence
            go<0>(h, d, nt); go<7 + 16>(h, d, nt); go<4 + 16>(h, d, nt); go<8 + 16>(h, d, nt); go<15 + 16>(h, d, nt);
        }
    }
    cudaError_t e = cudaGetLastError(); printf("err %s\n", cudaGetErrorString(e));
    return 0;
}
