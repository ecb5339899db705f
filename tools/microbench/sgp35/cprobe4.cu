// cprobe4 (session 35, helper sgp): how cold LDC and ULDC misses of distinct 64-byte lines share the constant cache's
// fill (coldc_s32 / s128: 16 ULDC + 16 LDC lines take 1310 cycles, where 16 ULDC misses ~60 apart would be ~1000), and
// what the cvta.param read (ULDC.64 c[0x0][0x198]) costs. One CTA of one warp; word i of w[] is c[0x0][0x220 + 4 i];
// W(k) = word 8 + 16 k (64-byte line k + 9 of the bank: 0x240 + 0x40 k). Every segment starts after a 600-cycle spin
// (the entry's constant traffic is over); stamps tm (before the loads) and t1 (after the consumer's STS).
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
struct P { unsigned long long* clk; unsigned* out; unsigned w[1020]; };
__device__ __forceinline__ unsigned long long clk64() { unsigned long long t; asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory"); return t; }
__device__ __forceinline__ void sink(unsigned* s, unsigned x) {
    asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(s)), "r"(x) : "memory");
}
#define W(k) p.w[8 + 16 * (k)]
// V < 100: n ULDC misses (a product into the thread's value: ULDC -> UIMAD / IMAD), lines 0..n-1
// 100 + n: n LDC misses (each word compared with a constant: LDC -> ISETP), lines 20..20+n-1
// 200 + n: a sum of n words 128 bytes apart (coldc's shape: ptxas splits it into LDC / ULDC terms), from word 8
// 300 + n: n LDC misses (lines 20..) and then one ULDC miss (line 0) whose product is stored first
// 400: the cvta.param address of the struct (ULDC.64 c[0x0][0x198]) into the value; 401: that, then one ULDC miss
// 402: one ULDC miss of line 0 then the cvta.param address
// 500: %nctaid.x (c[0x0][0xc]) into the value at the entry, no spin (the entry's LDC R1, c[0x0][0x28] in flight);
// 501: the same after the spin
template <int V>
__global__ void __launch_bounds__(32, 1) cp(const __grid_constant__ P p) {
    __shared__ unsigned s[32];
    unsigned x = threadIdx.x + 1;
    unsigned long long t0 = clk64(), tm;
    if constexpr (V != 500) { while (clk64() - t0 < 600) { } }
    tm = clk64();
    if constexpr (V > 0 && V < 100) {
#pragma unroll
        for (int k = 0; k < V; k++) x = x * W(k);
    } else if constexpr (V > 100 && V < 200) {
        unsigned c = 0;
#pragma unroll
        for (int k = 0; k < V - 100; k++) c |= (W(20 + k) == 7u + k) ? (1u << k) : 0u;
        x += c;
    } else if constexpr (V > 200 && V < 300) {
#pragma unroll
        for (int k = 0; k < V - 200; k++) x += p.w[8 + 32 * k];
    } else if constexpr (V >= 300 && V < 400) {
        unsigned c = 0;
#pragma unroll
        for (int k = 0; k < V - 300; k++) c |= (W(20 + k) == 7u + k) ? (1u << k) : 0u;
        x = (x * W(0)) + c;
    } else if constexpr (V == 400) {
        x += (unsigned)(uintptr_t)&p.w[8];
    } else if constexpr (V == 401) {
        x += (unsigned)(uintptr_t)&p.w[8];
        sink(&s[threadIdx.x], x);
        x = x * W(0);
    } else if constexpr (V == 500 || V == 501) {
        x = x * gridDim.x;
    } else if constexpr (V == 402) {
        x = x * W(0);
        sink(&s[threadIdx.x], x);
        x += (unsigned)(uintptr_t)&p.w[8];
    }
    sink(&s[threadIdx.x], x);
    unsigned long long t1 = clk64();
    if (threadIdx.x == 0) { p.clk[0] = tm; p.clk[1] = t1; p.out[0] = x; }
}
template <int V> void go(P& h, unsigned long long* d) {
    unsigned long long r[2];
    printf("V%d:", V);
    for (int run = 0; run < 5; run++) {
        cp<V><<<1, 32>>>(h); cudaDeviceSynchronize();
        cudaMemcpy(r, d, 16, cudaMemcpyDeviceToHost);
        printf(" %llu", r[1] - r[0]);
    }
    printf("\n");
}
int main() {
    P h = {}; unsigned long long* d; unsigned* o;
    cudaMalloc(&d, 64); cudaMalloc(&o, 64); h.clk = d; h.out = o;
    for (int i = 0; i < 1020; i++) h.w[i] = 3 + 2 * i;
    for (int rep = 0; rep < 2; rep++) {
        go<0>(h, d);
        go<1>(h, d); go<2>(h, d); go<4>(h, d); go<8>(h, d); go<16>(h, d);
        go<101>(h, d); go<102>(h, d); go<104>(h, d); go<108>(h, d); go<116>(h, d);
        go<202>(h, d); go<204>(h, d); go<208>(h, d); go<216>(h, d); go<232>(h, d);
        go<300>(h, d); go<301>(h, d); go<302>(h, d); go<304>(h, d); go<308>(h, d);
        go<400>(h, d); go<401>(h, d); go<402>(h, d); go<500>(h, d); go<501>(h, d);
    }
    cudaError_t e = cudaGetLastError(); printf("err %s\n", cudaGetErrorString(e));
    return 0;
}
