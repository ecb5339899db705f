// block_reduce_atomics: shared-memory tree reductions, shared and global
// atomics whose final values do not depend on the order of the operations,
// and bar.red (__syncthreads_count/_and/_or). 16 blocks x 256 threads,
// v = in[g] in [0, 1000].
// st32 (u32, initial values from st32.npy):
//  0 add(v)           1 add((int)v-500)     2 min.u32(v*7+3)     3 max.u32(v^0x5a5)
//  4 min.s32(v-700)   5 max.s32(300-v)      6 and(v|0xFFFFF000)  7 or(1<<(v%32))
//  8 xor(v)           9 inc(limit 999)      10 dec(limit 17)     11 sum of inc's old values
// 12 CAS-loop max(v*2654435761)  13 exch(42) (final 42)  14 number of exch that saw != 42 (=1)
// 15 sum of __syncthreads_count  16 sub(v)  17 CAS-loop f32 add of (v & 15)
// st64 (u64, initial values from st64.npy):
//  0 add(v<<20)  1 min.u64(v*0x100000001)  2 max.u64(v*12345678901)  3 min.s64(v*-1000000007)
//  4 max.s64(7-3v)  5 and(v|~0xFFF)  6 or(1<<(v%64))  7 xor(v*0x9E3779B97F4A7C15)
//  8 CAS-loop max(hash64)  9 exch(0xABCDEF)  10 number of exch that saw 0 (=1)
// fst f32: 0 add((float)(v%64))  1 add(-(v&7)*0.5)      dst f64: 0 add(v*0.25)
// h2st u32: 0 f16x2 add (1, v&3) by threads 0..31 of each block; 1 bf16x2 add (1, 2) by
//           thread 0; 2 (low half) f16 add 1.0 by threads 0..7
// hist[64]: shared-memory histogram of v&63 (shared atomics), summed with global atomics
// blk[b][9]: 0 tree sum  1 syncthreads_count(v&1)  2 syncthreads_and(v!=1234)
//            3 syncthreads_or(v==0)  4 syncthreads_and(v>500)  5 tree max(v*2654435761)
//            6 shared atomicMax(v^0x3ff)  7 shared CAS-loop counter (=256)  8 shared atomicAdd sum
#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void __launch_bounds__(256)
block_reduce_atomics(const unsigned* __restrict__ in, unsigned* st32, unsigned long long* st64, float* fst,
                     double* dst, unsigned* h2st, unsigned* hist, unsigned* blk)
{
    __shared__ unsigned s_sum[256];
    __shared__ unsigned s_max[256];
    __shared__ unsigned s_hist[64];
    __shared__ unsigned s_amax, s_asum, s_cas;
    const unsigned tid = threadIdx.x;
    const unsigned g = blockIdx.x * blockDim.x + tid;
    const unsigned v = in[g];

    if (tid < 64) s_hist[tid] = 0;
    if (tid == 0) { s_amax = 0; s_asum = 0; s_cas = 0; }
    s_sum[tid] = v;
    s_max[tid] = v * 2654435761u;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            s_sum[tid] += s_sum[tid + s];
            s_max[tid] = max(s_max[tid], s_max[tid + s]);
        }
        __syncthreads();
    }
    atomicAdd(&s_hist[v & 63u], 1u);
    atomicMax(&s_amax, v ^ 0x3ffu);
    atomicAdd(&s_asum, v);
    {
        unsigned old = s_cas, assumed;
        do {
            assumed = old;
            old = atomicCAS(&s_cas, assumed, assumed + 1u);
        } while (old != assumed);
    }
    const int cnt = __syncthreads_count(v & 1u);
    const int all = __syncthreads_and(v != 1234u);
    const int any = __syncthreads_or(v == 0u);
    const int all2 = __syncthreads_and(v > 500u);

    // global atomics, 32-bit
    atomicAdd(&st32[0], v);
    atomicAdd((int*)&st32[1], (int)v - 500);
    atomicMin(&st32[2], v * 7u + 3u);
    atomicMax(&st32[3], v ^ 0x5a5u);
    atomicMin((int*)&st32[4], (int)v - 700);
    atomicMax((int*)&st32[5], 300 - (int)v);
    atomicAnd(&st32[6], v | 0xFFFFF000u);
    atomicOr(&st32[7], 1u << (v % 32u));
    atomicXor(&st32[8], v);
    const unsigned inc_old = atomicInc(&st32[9], 999u);
    atomicDec(&st32[10], 17u);
    atomicAdd(&st32[11], inc_old);
    {
        const unsigned h = v * 2654435761u;
        unsigned old = st32[12];
        while (old < h) {
            const unsigned assumed = old;
            old = atomicCAS(&st32[12], assumed, h);
            if (old == assumed) break;
        }
    }
    if (atomicExch(&st32[13], 42u) != 42u) atomicAdd(&st32[14], 1u);
    if (tid == 0) atomicAdd(&st32[15], (unsigned)cnt);
    atomicSub(&st32[16], v);
    {
        unsigned old = st32[17], assumed;
        do {
            assumed = old;
            old = atomicCAS(&st32[17], assumed, __float_as_uint(__uint_as_float(assumed) + (float)(v & 15u)));
        } while (old != assumed);
    }
    // global atomics, 64-bit
    atomicAdd(&st64[0], (unsigned long long)v << 20);
    atomicMin(&st64[1], (unsigned long long)v * 0x100000001ull);
    atomicMax(&st64[2], (unsigned long long)v * 12345678901ull);
    atomicMin((long long*)&st64[3], (long long)v * -1000000007ll);
    atomicMax((long long*)&st64[4], 7ll - 3ll * (long long)v);
    atomicAnd(&st64[5], (unsigned long long)v | 0xFFFFFFFFFFFFF000ull);
    atomicOr(&st64[6], 1ull << (v % 64u));
    atomicXor(&st64[7], (unsigned long long)v * 0x9E3779B97F4A7C15ull);
    {
        unsigned long long h = ((unsigned long long)v + 1ull) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
        unsigned long long old = st64[8];
        while (old < h) {
            const unsigned long long assumed = old;
            old = atomicCAS(&st64[8], assumed, h);
            if (old == assumed) break;
        }
    }
    if (atomicExch(&st64[9], 0xABCDEFull) == 0ull) atomicAdd(&st64[10], 1ull);
    // floating-point atomics on exactly representable sums
    atomicAdd(&fst[0], (float)(v % 64u));
    atomicAdd(&fst[1], -(float)(v & 7u) * 0.5f);
    atomicAdd(&dst[0], (double)v * 0.25);
    if (tid < 32) atomicAdd(reinterpret_cast<__half2*>(&h2st[0]), __halves2half2(__float2half(1.0f), __float2half((float)(v & 3u))));
    if (tid == 0) atomicAdd(reinterpret_cast<__nv_bfloat162*>(&h2st[1]), __floats2bfloat162_rn(1.0f, 2.0f));
    if (tid < 8) atomicAdd(reinterpret_cast<__half*>(&h2st[2]), __float2half(1.0f));
    // per-block results
    if (tid < 64) atomicAdd(&hist[tid], s_hist[tid]);
    if (tid == 0) {
        unsigned* b = blk + blockIdx.x * 9u;
        b[0] = s_sum[0];
        b[1] = (unsigned)cnt;
        b[2] = (unsigned)all;
        b[3] = (unsigned)any;
        b[4] = (unsigned)all2;
        b[5] = s_max[0];
        b[6] = s_amax;
        b[7] = s_cas;
        b[8] = s_asum;
    }
}
