// approx_math: the MUFU-backed approximate f32 functions over a dense sweep
// of 16384 inputs each. Input i (0..16383): sign = bit 13, exponent = bits
// 12..5 (all 256 exponents, so zeros, subnormals, normals, inf and NaN), the
// top 5 mantissa bits = bits 4..0, the low 18 mantissa bits from a hash of i.
// The second operand of the divisions uses the same construction on
// j = (i * 0x9E37) & 0x3FFF.
// out[k][i] (u32 bits), k:
//  0 ex2.approx.ftz.f32   1 ex2.approx.f32     2 __expf            3 __log2f
//  4 lg2.approx.ftz.f32   5 __sinf             6 __cosf            7 rsqrtf
//  8 rcp.approx.ftz.f32   9 rcp.approx.f32    10 sqrt.approx.f32  11 rsqrt.approx.ftz.f32
// 12 __fdividef(x, y)    13 div.full.f32 x, y 14 tanh.approx.f32
#define N 16384

__device__ __forceinline__ unsigned sweep_bits(unsigned i) {
    unsigned h = i * 0x9E3779B1u;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    h ^= h >> 13;
    return ((i >> 13) << 31) | (((i >> 5) & 0xFFu) << 23) | ((i & 31u) << 18) | (h & 0x3FFFFu);
}

extern "C" __global__ void approx_math(unsigned* __restrict__ out)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    const float x = __uint_as_float(sweep_bits(i));
    const float y = __uint_as_float(sweep_bits((i * 0x9E37u) & 0x3FFFu));
    float r;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));   out[0 * N + i] = __float_as_uint(r);
    asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x));       out[1 * N + i] = __float_as_uint(r);
    out[2 * N + i] = __float_as_uint(__expf(x));
    out[3 * N + i] = __float_as_uint(__log2f(x));
    asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));   out[4 * N + i] = __float_as_uint(r);
    out[5 * N + i] = __float_as_uint(__sinf(x));
    out[6 * N + i] = __float_as_uint(__cosf(x));
    out[7 * N + i] = __float_as_uint(rsqrtf(x));
    asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));   out[8 * N + i] = __float_as_uint(r);
    asm("rcp.approx.f32 %0, %1;" : "=f"(r) : "f"(x));       out[9 * N + i] = __float_as_uint(r);
    asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));      out[10 * N + i] = __float_as_uint(r);
    asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); out[11 * N + i] = __float_as_uint(r);
    out[12 * N + i] = __float_as_uint(__fdividef(x, y));
    asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); out[13 * N + i] = __float_as_uint(r);
    asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x));      out[14 * N + i] = __float_as_uint(r);
}
