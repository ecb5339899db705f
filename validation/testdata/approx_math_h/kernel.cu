// approx_math_h: approximate f16 / bf16 / f64 functions, exhaustive over all
// 65536 16-bit inputs.
//   ex2h[i]   = ex2.approx.f16 of f16 bits i
//   tanhh[i]  = tanh.approx.f16 of f16 bits i
//   ex2b[i]   = ex2.approx.ftz.bf16 of bf16 bits i
//   tanhb[i]  = tanh.approx.bf16 of bf16 bits i
//   ex2h2[i]  = ex2.approx.f16x2 of (lo = i, hi = i + 32768), i < 32768
//   rcpd[i]   = rcp.approx.ftz.f64 of a 16384-point f64 sweep: sign = bit 13,
//               exponent = bits 12..2 (all 2048), top 2 mantissa bits = bits 1..0,
//               the low 50 mantissa bits from a hash of i.
extern "C" __global__ void approx_math_h(unsigned short* __restrict__ ex2h, unsigned short* __restrict__ tanhh,
                                         unsigned short* __restrict__ ex2b, unsigned short* __restrict__ tanhb,
                                         unsigned* __restrict__ ex2h2, unsigned long long* __restrict__ rcpd)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536) return;
    unsigned short v = (unsigned short)i, r;
    asm("ex2.approx.f16 %0, %1;" : "=h"(r) : "h"(v));       ex2h[i] = r;
    asm("tanh.approx.f16 %0, %1;" : "=h"(r) : "h"(v));      tanhh[i] = r;
    asm("ex2.approx.ftz.bf16 %0, %1;" : "=h"(r) : "h"(v));  ex2b[i] = r;
    asm("tanh.approx.bf16 %0, %1;" : "=h"(r) : "h"(v));     tanhb[i] = r;
    if (i < 32768) {
        unsigned p = i | ((i + 32768u) << 16), q;
        asm("ex2.approx.f16x2 %0, %1;" : "=r"(q) : "r"(p));
        ex2h2[i] = q;
    }
    if (i < 16384) {
        unsigned long long h = (unsigned long long)i * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 32;
        unsigned long long bits = ((unsigned long long)(i >> 13) << 63) | ((unsigned long long)((i >> 2) & 0x7FFu) << 52) |
                                  ((unsigned long long)(i & 3u) << 50) | (h & ((1ull << 50) - 1));
        double x = __longlong_as_double((long long)bits), d;
        asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(d) : "d"(x));
        rcpd[i] = (unsigned long long)__double_as_longlong(d);
    }
}
