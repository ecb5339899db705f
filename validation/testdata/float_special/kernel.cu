// float_special: IEEE f32/f64 arithmetic in all four rounding modes, min/max,
// copysign, ftz forms, NaN-propagating and xorsign min/max, testp, float
// comparisons, float<->int conversions in every rounding mode, f64<->f32,
// rint/trunc/floor/ceil and cvt.sat.f32.f32.
//
// Inputs: the special-value tables below (a .global initializer) crossed
// pairwise, and seeded random bit patterns reinterpreted as floats.
// 1536 threads. Binary row r = t (0..1535): r < 1024 -> (T[r>>5], T[r&31],
// c = T[(r*7+13)&31]); r >= 1024 -> k = r-1024: (rb[2k], rb[2k+1], c = rb[(2k+517)&1023]).
// Unary row u = t for t < 512: x = u < 32 ? T[u] : rb[1024 + u - 32].
// bin32[r][34] u32, bin64[r][24] u64, un32[u][48] u32, un64[u][48] u64:
// see the slot comments below.
#include <stdint.h>

#define NB32 34
#define NB64 24
#define NU32 48
#define NU64 48

__device__ unsigned T32[32] = {
    0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x7FA00000u,
    0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00800000u, 0x80800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u,
    0xBF800000u, 0x3F800001u, 0x3F7FFFFFu, 0x40000000u, 0x3F000000u, 0x40400000u, 0xC0400000u, 0x3EAAAAABu,
    0x4B000001u, 0x4EFFFFFFu, 0x4F000000u, 0xCF000000u, 0x5F800000u, 0x40200000u, 0xBFC00000u, 0x00400000u};

__device__ unsigned long long T64[32] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull,
    0x7FF8000000000000ull, 0xFFF8000000000001ull, 0x7FF0000000000001ull, 0x7FF4000000000000ull,
    0x0000000000000001ull, 0x8000000000000001ull, 0x000FFFFFFFFFFFFFull, 0x0010000000000000ull,
    0x8010000000000000ull, 0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x3FF0000000000000ull,
    0xBFF0000000000000ull, 0x3FF0000000000001ull, 0x3FEFFFFFFFFFFFFFull, 0x4000000000000000ull,
    0x3FE0000000000000ull, 0x4008000000000000ull, 0xC008000000000000ull, 0x3FD5555555555555ull,
    0x4330000000000001ull, 0x41DFFFFFFFC00000ull, 0x41E0000000000000ull, 0xC1E0000000000000ull,
    0x43E0000000000000ull, 0x4004000000000000ull, 0x47EFFFFFE0000000ull, 0x36A0000000000000ull};

#define F2U(x) __float_as_uint(x)
#define D2U(x) ((unsigned long long)__double_as_longlong(x))

#define SETPF(cmp, ty, cons, x, y, bit)                                                        \
    {                                                                                            \
        unsigned t_;                                                                             \
        asm("{\n\t.reg .pred p;\n\tsetp." cmp "." ty " p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}" \
            : "=r"(t_) : cons(x), cons(y));                                                      \
        bits |= t_ << (bit);                                                                     \
    }
#define TESTP(op, ty, cons, x, bit)                                                              \
    {                                                                                            \
        unsigned t_;                                                                             \
        asm("{\n\t.reg .pred p;\n\ttestp." op "." ty " p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}"     \
            : "=r"(t_) : cons(x));                                                               \
        bits |= t_ << (bit);                                                                     \
    }

extern "C" __global__ void float_special(const unsigned* __restrict__ rb32, const unsigned long long* __restrict__ rb64,
                                         unsigned* __restrict__ bin32, unsigned long long* __restrict__ bin64,
                                         unsigned* __restrict__ un32, unsigned long long* __restrict__ un64)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= 1536) return;
    // ---------------------------------------------------------------- binary f32
    {
        unsigned ab, bb, cb;
        if (t < 1024) {
            ab = T32[t >> 5]; bb = T32[t & 31]; cb = T32[(t * 7 + 13) & 31];
        } else {
            unsigned k = t - 1024;
            ab = rb32[2 * k]; bb = rb32[2 * k + 1]; cb = rb32[(2 * k + 517) & 1023];
        }
        float a = __uint_as_float(ab), b = __uint_as_float(bb), c = __uint_as_float(cb);
        unsigned* o = bin32 + (size_t)t * NB32;
        o[0] = F2U(__fadd_rn(a, b)); o[1] = F2U(__fadd_rz(a, b)); o[2] = F2U(__fadd_rd(a, b)); o[3] = F2U(__fadd_ru(a, b));
        o[4] = F2U(__fsub_rn(a, b)); o[5] = F2U(__fsub_rz(a, b)); o[6] = F2U(__fsub_rd(a, b)); o[7] = F2U(__fsub_ru(a, b));
        o[8] = F2U(__fmul_rn(a, b)); o[9] = F2U(__fmul_rz(a, b)); o[10] = F2U(__fmul_rd(a, b)); o[11] = F2U(__fmul_ru(a, b));
        o[12] = F2U(__fdiv_rn(a, b)); o[13] = F2U(__fdiv_rz(a, b)); o[14] = F2U(__fdiv_rd(a, b)); o[15] = F2U(__fdiv_ru(a, b));
        o[16] = F2U(__fmaf_rn(a, b, c)); o[17] = F2U(__fmaf_rz(a, b, c)); o[18] = F2U(__fmaf_rd(a, b, c)); o[19] = F2U(__fmaf_ru(a, b, c));
        o[20] = F2U(fminf(a, b));
        o[21] = F2U(fmaxf(a, b));
        o[22] = F2U(copysignf(a, b));
        float r;
        asm("add.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[23] = F2U(r);
        asm("sub.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[24] = F2U(r);
        asm("mul.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[25] = F2U(r);
        asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c)); o[26] = F2U(r);
        asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[27] = F2U(r);
        asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[28] = F2U(r);
        asm("min.xorsign.abs.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[29] = F2U(r);
        asm("max.xorsign.abs.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[30] = F2U(r);
        unsigned bits = 0;
        SETPF("eq", "f32", "f", a, b, 0);  SETPF("ne", "f32", "f", a, b, 1);
        SETPF("lt", "f32", "f", a, b, 2);  SETPF("le", "f32", "f", a, b, 3);
        SETPF("gt", "f32", "f", a, b, 4);  SETPF("ge", "f32", "f", a, b, 5);
        SETPF("equ", "f32", "f", a, b, 6); SETPF("neu", "f32", "f", a, b, 7);
        SETPF("ltu", "f32", "f", a, b, 8); SETPF("leu", "f32", "f", a, b, 9);
        SETPF("gtu", "f32", "f", a, b, 10); SETPF("geu", "f32", "f", a, b, 11);
        SETPF("num", "f32", "f", a, b, 12); SETPF("nan", "f32", "f", a, b, 13);
        SETPF("lt.ftz", "f32", "f", a, b, 14); SETPF("eq.ftz", "f32", "f", a, b, 15);
        o[31] = bits;
        asm("div.rn.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[32] = F2U(r);
        asm("min.ftz.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); o[33] = F2U(r);
    }
    // ---------------------------------------------------------------- binary f64
    {
        unsigned long long ab, bb, cb;
        if (t < 1024) {
            ab = T64[t >> 5]; bb = T64[t & 31]; cb = T64[(t * 7 + 13) & 31];
        } else {
            unsigned k = t - 1024;
            ab = rb64[2 * k]; bb = rb64[2 * k + 1]; cb = rb64[(2 * k + 517) & 1023];
        }
        double a = __longlong_as_double((long long)ab), b = __longlong_as_double((long long)bb),
               c = __longlong_as_double((long long)cb);
        unsigned long long* o = bin64 + (size_t)t * NB64;
        o[0] = D2U(__dadd_rn(a, b)); o[1] = D2U(__dadd_rz(a, b)); o[2] = D2U(__dadd_rd(a, b)); o[3] = D2U(__dadd_ru(a, b));
        o[4] = D2U(__dsub_rn(a, b)); o[5] = D2U(__dsub_rz(a, b)); o[6] = D2U(__dsub_rd(a, b)); o[7] = D2U(__dsub_ru(a, b));
        o[8] = D2U(__dmul_rn(a, b)); o[9] = D2U(__dmul_rz(a, b)); o[10] = D2U(__dmul_rd(a, b)); o[11] = D2U(__dmul_ru(a, b));
        o[12] = D2U(__ddiv_rn(a, b)); o[13] = D2U(__ddiv_rz(a, b)); o[14] = D2U(__ddiv_rd(a, b)); o[15] = D2U(__ddiv_ru(a, b));
        o[16] = D2U(__fma_rn(a, b, c)); o[17] = D2U(__fma_rz(a, b, c)); o[18] = D2U(__fma_rd(a, b, c)); o[19] = D2U(__fma_ru(a, b, c));
        o[20] = D2U(fmin(a, b));
        o[21] = D2U(fmax(a, b));
        o[22] = D2U(copysign(a, b));
        unsigned bits = 0;
        SETPF("eq", "f64", "d", a, b, 0);  SETPF("ne", "f64", "d", a, b, 1);
        SETPF("lt", "f64", "d", a, b, 2);  SETPF("le", "f64", "d", a, b, 3);
        SETPF("gt", "f64", "d", a, b, 4);  SETPF("ge", "f64", "d", a, b, 5);
        SETPF("equ", "f64", "d", a, b, 6); SETPF("neu", "f64", "d", a, b, 7);
        SETPF("ltu", "f64", "d", a, b, 8); SETPF("leu", "f64", "d", a, b, 9);
        SETPF("gtu", "f64", "d", a, b, 10); SETPF("geu", "f64", "d", a, b, 11);
        SETPF("num", "f64", "d", a, b, 12); SETPF("nan", "f64", "d", a, b, 13);
        o[23] = bits;
    }
    if (t >= 512) return;
    // ---------------------------------------------------------------- unary f32
    const unsigned u = t;
    unsigned xb = u < 32 ? T32[u] : rb32[1024 + u - 32];
    unsigned long long xb64 = u < 32 ? T64[u] : rb64[1024 + u - 32];
    float x = __uint_as_float(xb);
    double xd = __longlong_as_double((long long)xb64);
    {
        unsigned* o = un32 + (size_t)u * NU32;
        o[0] = F2U(__fsqrt_rn(x)); o[1] = F2U(__fsqrt_rz(x)); o[2] = F2U(__fsqrt_rd(x)); o[3] = F2U(__fsqrt_ru(x));
        o[4] = F2U(__frcp_rn(x)); o[5] = F2U(__frcp_rz(x)); o[6] = F2U(__frcp_rd(x)); o[7] = F2U(__frcp_ru(x));
        o[8] = F2U(fabsf(x));
        o[9] = F2U(-x);
        unsigned bits = 0;
        TESTP("finite", "f32", "f", x, 0); TESTP("infinite", "f32", "f", x, 1);
        TESTP("number", "f32", "f", x, 2); TESTP("notanumber", "f32", "f", x, 3);
        TESTP("normal", "f32", "f", x, 4); TESTP("subnormal", "f32", "f", x, 5);
        o[10] = bits;
        o[11] = (unsigned)__float2int_rn(x); o[12] = (unsigned)__float2int_rz(x);
        o[13] = (unsigned)__float2int_rd(x); o[14] = (unsigned)__float2int_ru(x);
        o[15] = __float2uint_rn(x); o[16] = __float2uint_rz(x); o[17] = __float2uint_rd(x); o[18] = __float2uint_ru(x);
        o[19] = F2U(rintf(x)); o[20] = F2U(truncf(x)); o[21] = F2U(floorf(x)); o[22] = F2U(ceilf(x));
        float r;
        asm("cvt.sat.f32.f32 %0, %1;" : "=f"(r) : "f"(x)); o[23] = F2U(r);
        o[24] = F2U(__int2float_rn((int)xb)); o[25] = F2U(__int2float_rz((int)xb));
        o[26] = F2U(__int2float_rd((int)xb)); o[27] = F2U(__int2float_ru((int)xb));
        o[28] = F2U(__uint2float_rn(xb)); o[29] = F2U(__uint2float_rz(xb));
        o[30] = F2U(__uint2float_rd(xb)); o[31] = F2U(__uint2float_ru(xb));
        o[32] = F2U(__ll2float_rn((long long)xb64)); o[33] = F2U(__ll2float_rz((long long)xb64));
        o[34] = F2U(__ll2float_rd((long long)xb64)); o[35] = F2U(__ll2float_ru((long long)xb64));
        o[36] = F2U(__ull2float_rn(xb64)); o[37] = F2U(__ull2float_rz(xb64));
        o[38] = F2U(__ull2float_rd(xb64)); o[39] = F2U(__ull2float_ru(xb64));
        o[40] = F2U(__double2float_rn(xd)); o[41] = F2U(__double2float_rz(xd));
        o[42] = F2U(__double2float_rd(xd)); o[43] = F2U(__double2float_ru(xd));
        asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); o[44] = F2U(r);
        asm("rcp.rn.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); o[45] = F2U(r);
        asm("cvt.rzi.ftz.f32.f32 %0, %1;" : "=f"(r) : "f"(x)); o[46] = F2U(r);
        int ri;
        asm("cvt.rni.ftz.s32.f32 %0, %1;" : "=r"(ri) : "f"(x)); o[47] = (unsigned)ri;
    }
    // ---------------------------------------------------------------- unary f64
    {
        unsigned long long* o = un64 + (size_t)u * NU64;
        o[0] = D2U(__dsqrt_rn(xd)); o[1] = D2U(__dsqrt_rz(xd)); o[2] = D2U(__dsqrt_rd(xd)); o[3] = D2U(__dsqrt_ru(xd));
        o[4] = D2U(__drcp_rn(xd)); o[5] = D2U(__drcp_rz(xd)); o[6] = D2U(__drcp_rd(xd)); o[7] = D2U(__drcp_ru(xd));
        o[8] = D2U(fabs(xd));
        o[9] = D2U(-xd);
        unsigned bits = 0;
        TESTP("finite", "f64", "d", xd, 0); TESTP("infinite", "f64", "d", xd, 1);
        TESTP("number", "f64", "d", xd, 2); TESTP("notanumber", "f64", "d", xd, 3);
        TESTP("normal", "f64", "d", xd, 4); TESTP("subnormal", "f64", "d", xd, 5);
        o[10] = bits;
        o[11] = (unsigned)__double2int_rn(xd); o[12] = (unsigned)__double2int_rz(xd);
        o[13] = (unsigned)__double2int_rd(xd); o[14] = (unsigned)__double2int_ru(xd);
        o[15] = __double2uint_rn(xd); o[16] = __double2uint_rz(xd); o[17] = __double2uint_rd(xd); o[18] = __double2uint_ru(xd);
        o[19] = (unsigned long long)__double2ll_rn(xd); o[20] = (unsigned long long)__double2ll_rz(xd);
        o[21] = (unsigned long long)__double2ll_rd(xd); o[22] = (unsigned long long)__double2ll_ru(xd);
        o[23] = __double2ull_rn(xd); o[24] = __double2ull_rz(xd); o[25] = __double2ull_rd(xd); o[26] = __double2ull_ru(xd);
        o[27] = D2U(rint(xd)); o[28] = D2U(trunc(xd)); o[29] = D2U(floor(xd)); o[30] = D2U(ceil(xd));
        o[31] = D2U(__ll2double_rn((long long)xb64)); o[32] = D2U(__ll2double_rz((long long)xb64));
        o[33] = D2U(__ll2double_rd((long long)xb64)); o[34] = D2U(__ll2double_ru((long long)xb64));
        o[35] = D2U(__ull2double_rn(xb64)); o[36] = D2U(__ull2double_rz(xb64));
        o[37] = D2U(__ull2double_rd(xb64)); o[38] = D2U(__ull2double_ru(xb64));
        o[39] = D2U((double)x);
        o[40] = (unsigned long long)__float2ll_rn(x); o[41] = (unsigned long long)__float2ll_rz(x);
        o[42] = (unsigned long long)__float2ll_rd(x); o[43] = (unsigned long long)__float2ll_ru(x);
        o[44] = __float2ull_rn(x); o[45] = __float2ull_rz(x); o[46] = __float2ull_rd(x); o[47] = __float2ull_ru(x);
    }
}
