// smem_strided: shared-memory loads and stores of 8, 16, 32, 64 and 128 bits
// with element strides 1, 2, 4, 8, 16, 32 (each combination its own code,
// so the bank-conflict counters have one known pattern per instruction).
// 2 blocks x 128 threads. For type T and stride S every lane stores element
// lane*S (all warps of a block store the same values), the block syncs, and
// every lane loads element ((lane+1)&31)*S, folded to a u32.
// out[g][42] u32, slot = type*6 + log2(S), types: 0 u8, 1 u16, 2 u32, 3 u64,
// 4 float2, 5 uint4, 6 float4.
// Per warp and probe: 1 shared store + 1 shared load instruction.
#define NS 42

__shared__ __align__(16) unsigned char smem[16384];

template <typename T> struct Val;
template <> struct Val<unsigned char> {
    static __device__ __forceinline__ unsigned char make(unsigned x) { return (unsigned char)(x ^ (x >> 8)); }
    static __device__ __forceinline__ unsigned fold(unsigned char v) { return v; }
};
template <> struct Val<unsigned short> {
    static __device__ __forceinline__ unsigned short make(unsigned x) { return (unsigned short)(x ^ (x >> 16)); }
    static __device__ __forceinline__ unsigned fold(unsigned short v) { return v; }
};
template <> struct Val<unsigned> {
    static __device__ __forceinline__ unsigned make(unsigned x) { return x; }
    static __device__ __forceinline__ unsigned fold(unsigned v) { return v; }
};
template <> struct Val<unsigned long long> {
    static __device__ __forceinline__ unsigned long long make(unsigned x) { return ((unsigned long long)x << 32) | (x ^ 0x5555u); }
    static __device__ __forceinline__ unsigned fold(unsigned long long v) { return (unsigned)v ^ (unsigned)(v >> 32) * 3u; }
};
template <> struct Val<float2> {
    static __device__ __forceinline__ float2 make(unsigned x) { return make_float2((float)(x & 0xffffu), (float)(x >> 16)); }
    static __device__ __forceinline__ unsigned fold(float2 v) { return __float_as_uint(v.x) ^ (__float_as_uint(v.y) * 5u); }
};
template <> struct Val<uint4> {
    static __device__ __forceinline__ uint4 make(unsigned x) { return make_uint4(x, x ^ 1u, x * 3u, ~x); }
    static __device__ __forceinline__ unsigned fold(uint4 v) { return v.x + v.y * 7u + v.z * 13u + v.w * 31u; }
};
template <> struct Val<float4> {
    static __device__ __forceinline__ float4 make(unsigned x) {
        return make_float4((float)(x & 0xffu), (float)((x >> 8) & 0xffu), (float)((x >> 16) & 0xffu), (float)(x >> 24));
    }
    static __device__ __forceinline__ unsigned fold(float4 v) {
        return __float_as_uint(v.x) ^ __float_as_uint(v.y) * 3u ^ __float_as_uint(v.z) * 5u ^ __float_as_uint(v.w) * 7u;
    }
};

template <typename T, int S>
__device__ __forceinline__ unsigned probe(unsigned lane, unsigned seed)
{
    T* p = reinterpret_cast<T*>(smem);
    p[lane * S] = Val<T>::make(lane * 0x9E3779B1u + (unsigned)S * 0x01000193u + seed);
    __syncthreads();
    const T r = p[((lane + 1u) & 31u) * S];
    __syncthreads();
    return Val<T>::fold(r);
}

template <typename T>
__device__ __forceinline__ void probe_all(unsigned* o, unsigned lane, unsigned seed)
{
    o[0] = probe<T, 1>(lane, seed);
    o[1] = probe<T, 2>(lane, seed);
    o[2] = probe<T, 4>(lane, seed);
    o[3] = probe<T, 8>(lane, seed);
    o[4] = probe<T, 16>(lane, seed);
    o[5] = probe<T, 32>(lane, seed);
}

extern "C" __global__ void smem_strided(unsigned* __restrict__ out, unsigned seed)
{
    const unsigned lane = threadIdx.x & 31u;
    const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned s = seed + blockIdx.x * 0x10001u;
    unsigned* o = out + (size_t)g * NS;
    probe_all<unsigned char>(o + 0, lane, s);
    probe_all<unsigned short>(o + 6, lane, s);
    probe_all<unsigned>(o + 12, lane, s);
    probe_all<unsigned long long>(o + 18, lane, s);
    probe_all<float2>(o + 24, lane, s);
    probe_all<uint4>(o + 30, lane, s);
    probe_all<float4>(o + 36, lane, s);
}
