// int_misc: SIMD video intrinsics, sad/mul24/dp4a/dp2a, integer halving adds,
// mulhi, carry chains (add.cc/addc, sub.cc/subc, mad.cc/madc), saturating
// add/sub, cnot, bfind, s16/s64 abs/neg/min/max, shifts past the width,
// integer cvt with and without .sat, setp with every integer comparison,
// selp/slct, mul24.hi/mad24, min/max .u16x2/.s16x2, szext, bmsk.
// 256 threads; thread t writes out[t*80 + slot] (u32) and out64[t*16 + slot] (u64).
// Threads 0..31 combine special values with each other, 32..63 special with random.
#include <stdint.h>

#define NS 80
#define NS64 16

__device__ const unsigned kSpecial[32] = {
    0x00000000u, 0x00000001u, 0x00000002u, 0x0000007Fu, 0x00000080u, 0x000000FFu, 0x00000100u, 0x00007FFFu,
    0x00008000u, 0x0000FFFFu, 0x00010000u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu,
    0x01010101u, 0x80808080u, 0x7F7F7F7Fu, 0xFF00FF00u, 0x00FF00FFu, 0x12345678u, 0x87654321u, 0xDEADBEEFu,
    0x55555555u, 0xAAAAAAAAu, 0xFFFF0000u, 0x7FFF8000u, 0x80007FFFu, 0xFFFFFF80u, 0xFFFF8000u, 0x00000020u};

__device__ const unsigned long long kSpecial64[16] = {
    0ull, 1ull, 0xFFFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0x80000000ull,
    0xFFFFFFFFull, 0x100000000ull, 0xFFFFFFFF80000000ull, 0x000000007FFFFFFFull, 0x8000000000000001ull,
    0x00000000FFFF8000ull, 0xFFFFFFFF00000000ull, 0x0123456789ABCDEFull, 0xFEDCBA9876543210ull, 64ull};

#define SETP_BIT(cmp, ty, cons, x, y, bit)                                                     \
    {                                                                                            \
        unsigned t_;                                                                             \
        asm("{\n\t.reg .pred p;\n\tsetp." cmp "." ty " p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}" \
            : "=r"(t_) : cons(x), cons(y));                                                      \
        bits |= t_ << (bit);                                                                     \
    }

extern "C" __global__ void int_misc(const unsigned* __restrict__ a_in, const unsigned* __restrict__ b_in,
                                    const unsigned* __restrict__ c_in, unsigned* __restrict__ out,
                                    unsigned long long* __restrict__ out64)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned a = t < 64 ? kSpecial[t & 31] : a_in[t];
    unsigned b = t < 32 ? kSpecial[(t * 13u + 7u) & 31u] : b_in[t];
    unsigned c = c_in[t];
    unsigned long long A64 = t < 32 ? kSpecial64[t & 15] : (((unsigned long long)a << 32) | b);
    unsigned long long B64 = t < 32 ? kSpecial64[(t * 7u + 3u) & 15u] : (((unsigned long long)c << 32) | (a ^ b));
    unsigned* o = out + (size_t)t * NS;
    unsigned long long* o64 = out64 + (size_t)t * NS64;

    // SIMD video intrinsics
    o[0] = __vadd4(a, b);
    o[1] = __vsub2(a, b);
    o[2] = __vabsdiffu4(a, b);
    o[3] = __vmaxu4(a, b);
    o[4] = __vminu2(a, b);
    o[5] = __vavgu4(a, b);
    o[6] = __vcmpeq4(a, b ^ (c & 0x00FF00FFu));
    o[7] = __vsads4(a, b);
    o[8] = __vaddss4(a, b);
    o[9] = __vsubus2(a, b);
    o[10] = __vmaxs2(a, b);
    o[11] = __vmins4(a, b);
    o[12] = __vcmpgts2(a, b);
    o[13] = __vcmpltu4(a, b);
    o[14] = __vhaddu4(a, b);
    o[15] = __vabsss2(a);
    o[16] = __vsadu2(a, b);
    o[17] = __vseteq4(a, b ^ (c & 0xFF0000FFu));
    o[18] = __vabsdiffs4(a, b);
    o[19] = __vneg4(a);
    // sad, mul24, dot products, halving adds, mulhi
    o[20] = __sad((int)a, (int)b, c);
    o[21] = __usad(a, b, c);
    o[22] = (unsigned)__mul24((int)a, (int)b);
    o[23] = __umul24(a, b);
    o[24] = (unsigned)__dp4a((int)a, (int)b, (int)c);
    o[25] = __dp4a((unsigned)a, (unsigned)b, (unsigned)c);
    o[26] = (unsigned)__dp2a_lo((int)a, (int)b, (int)c);
    o[27] = __dp2a_hi((unsigned)a, (unsigned)b, (unsigned)c);
    o[28] = (unsigned)__hadd((int)a, (int)b);
    o[29] = (unsigned)__rhadd((int)a, (int)b);
    o[30] = __uhadd(a, b);
    o[31] = __urhadd(a, b);
    o[32] = (unsigned)__mulhi((int)a, (int)b);
    o[33] = __umulhi(a, b);
    // 128-bit add and subtract through the carry flag
    {
        unsigned x0 = a, x1 = b, x2 = c, x3 = a ^ b;
        unsigned y0 = b, y1 = c, y2 = a, y3 = ~a;
        unsigned s0, s1, s2, s3;
        asm("add.cc.u32 %0, %4, %8;\n\t"
            "addc.cc.u32 %1, %5, %9;\n\t"
            "addc.cc.u32 %2, %6, %10;\n\t"
            "addc.u32 %3, %7, %11;"
            : "=r"(s0), "=r"(s1), "=r"(s2), "=r"(s3)
            : "r"(x0), "r"(x1), "r"(x2), "r"(x3), "r"(y0), "r"(y1), "r"(y2), "r"(y3));
        o[34] = s0; o[35] = s1; o[36] = s2; o[37] = s3;
        asm("sub.cc.u32 %0, %4, %8;\n\t"
            "subc.cc.u32 %1, %5, %9;\n\t"
            "subc.cc.u32 %2, %6, %10;\n\t"
            "subc.u32 %3, %7, %11;"
            : "=r"(s0), "=r"(s1), "=r"(s2), "=r"(s3)
            : "r"(x0), "r"(x1), "r"(x2), "r"(x3), "r"(y0), "r"(y1), "r"(y2), "r"(y3));
        o[38] = s0; o[39] = s1; o[40] = s2; o[41] = s3;
        unsigned lo, hi;
        asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\t"
            "madc.hi.u32 %1, %2, %3, %5;"
            : "=r"(lo), "=r"(hi) : "r"(a), "r"(b), "r"(c), "r"(a ^ c));
        o[42] = lo; o[43] = hi;
    }
    // saturating add/sub, cnot, bfind
    {
        int r;
        asm("add.sat.s32 %0, %1, %2;" : "=r"(r) : "r"((int)a), "r"((int)b));
        o[44] = (unsigned)r;
        asm("sub.sat.s32 %0, %1, %2;" : "=r"(r) : "r"((int)a), "r"((int)b));
        o[45] = (unsigned)r;
        unsigned u;
        asm("cnot.b32 %0, %1;" : "=r"(u) : "r"(a));
        o[46] = u;
        asm("cnot.b32 %0, %1;" : "=r"(u) : "r"(c & 1u));
        o[47] = u;
        asm("bfind.u32 %0, %1;" : "=r"(u) : "r"(a));
        o[48] = u;
        asm("bfind.s32 %0, %1;" : "=r"(u) : "r"((int)a));
        o[49] = u;
        asm("bfind.shiftamt.u32 %0, %1;" : "=r"(u) : "r"(a));
        o[50] = u;
        asm("bfind.s64 %0, %1;" : "=r"(u) : "l"((long long)A64));
        o[51] = u;
    }
    // 16-bit abs/neg/min/max
    {
        unsigned short s = (unsigned short)a, s2 = (unsigned short)(b >> 16), r1, r2, r3, r4;
        asm("abs.s16 %0, %1;" : "=h"(r1) : "h"(s));
        asm("neg.s16 %0, %1;" : "=h"(r2) : "h"(s));
        asm("min.s16 %0, %1, %2;" : "=h"(r3) : "h"(s), "h"(s2));
        asm("max.s16 %0, %1, %2;" : "=h"(r4) : "h"(s), "h"(s2));
        o[52] = (unsigned)r1 | ((unsigned)r2 << 16);
        o[53] = (unsigned)r3 | ((unsigned)r4 << 16);
    }
    // shifts, including amounts >= 32 (clamped by PTX semantics)
    {
        unsigned u;
        asm("shr.s32 %0, %1, %2;" : "=r"(u) : "r"(a), "r"(b & 63u));
        o[54] = u;
        o[55] = (unsigned)((int)a >> (b & 31u));
        asm("shl.b32 %0, %1, %2;" : "=r"(u) : "r"(a), "r"((b >> 8) & 63u));
        o[56] = u;
        asm("shr.u32 %0, %1, %2;" : "=r"(u) : "r"(a), "r"((b >> 16) & 63u));
        o[57] = u;
    }
    // integer conversions with and without saturation (32-bit registers)
    {
        unsigned u;
        asm("cvt.sat.s8.s32 %0, %1;" : "=r"(u) : "r"(a));  o[58] = u;
        asm("cvt.sat.u8.s32 %0, %1;" : "=r"(u) : "r"(a));  o[59] = u;
        asm("cvt.sat.s16.s32 %0, %1;" : "=r"(u) : "r"(a)); o[60] = u;
        asm("cvt.sat.u16.s32 %0, %1;" : "=r"(u) : "r"(a)); o[61] = u;
        asm("cvt.sat.s32.u32 %0, %1;" : "=r"(u) : "r"(a)); o[62] = u;
        asm("cvt.s8.s32 %0, %1;" : "=r"(u) : "r"(a));      o[63] = u;
        asm("cvt.u8.u32 %0, %1;" : "=r"(u) : "r"(a));      o[64] = u;
        asm("cvt.s32.s8 %0, %1;" : "=r"(u) : "r"(a));      o[65] = u;
        asm("cvt.s32.s16 %0, %1;" : "=r"(u) : "r"(a));     o[66] = u;
        asm("cvt.u32.u16 %0, %1;" : "=r"(u) : "r"(a));     o[67] = u;
        asm("cvt.sat.u32.s32 %0, %1;" : "=r"(u) : "r"(a)); o[68] = u;
    }
    // setp with every integer comparison
    {
        unsigned bits = 0;
        SETP_BIT("eq", "s32", "r", a, b, 0);
        SETP_BIT("ne", "s32", "r", a, b, 1);
        SETP_BIT("lt", "s32", "r", a, b, 2);
        SETP_BIT("le", "s32", "r", a, b, 3);
        SETP_BIT("gt", "s32", "r", a, b, 4);
        SETP_BIT("ge", "s32", "r", a, b, 5);
        SETP_BIT("lo", "u32", "r", a, b, 6);
        SETP_BIT("ls", "u32", "r", a, b, 7);
        SETP_BIT("hi", "u32", "r", a, b, 8);
        SETP_BIT("hs", "u32", "r", a, b, 9);
        SETP_BIT("eq", "s64", "l", A64, B64, 10);
        SETP_BIT("ne", "s64", "l", A64, B64, 11);
        SETP_BIT("lt", "s64", "l", A64, B64, 12);
        SETP_BIT("le", "s64", "l", A64, B64, 13);
        SETP_BIT("gt", "s64", "l", A64, B64, 14);
        SETP_BIT("ge", "s64", "l", A64, B64, 15);
        SETP_BIT("lo", "u64", "l", A64, B64, 16);
        SETP_BIT("ls", "u64", "l", A64, B64, 17);
        SETP_BIT("hi", "u64", "l", A64, B64, 18);
        SETP_BIT("hs", "u64", "l", A64, B64, 19);
        SETP_BIT("lt", "u32", "r", a, b, 20);
        SETP_BIT("ge", "u32", "r", a, b, 21);
        SETP_BIT("eq", "b32", "r", a & 0xFFu, b & 0xFFu, 22);
        SETP_BIT("ne", "b64", "l", A64 & 0xFFull, B64 & 0xFFull, 23);
        {
            unsigned short sa = (unsigned short)a, sb = (unsigned short)b;
            SETP_BIT("lt", "s16", "h", sa, sb, 24);
            SETP_BIT("lo", "u16", "h", sa, sb, 25);
            SETP_BIT("ge", "s16", "h", sa, sb, 26);
            SETP_BIT("hi", "u16", "h", sa, sb, 27);
        }
        o[69] = bits;
    }
    // selp / slct
    {
        unsigned u;
        asm("{\n\t.reg .pred p;\n\tsetp.gt.u32 p, %3, 128;\n\tselp.b32 %0, %1, %2, p;\n\t}"
            : "=r"(u) : "r"(a), "r"(b), "r"(c & 255u));
        o[70] = u;
        asm("slct.s32.s32 %0, %1, %2, %3;" : "=r"(u) : "r"(a), "r"(b), "r"((int)(c & 255u) - 128));
        o[71] = u;
        asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(u) : "r"(b), "r"(c), "r"((int)a));
        o[72] = u;
        asm("slct.b32.f32 %0, %1, %2, %3;" : "=r"(u) : "r"(a), "r"(c), "f"(__uint_as_float(b)));
        o[73] = u;
    }
    // mul24.hi / mad24, packed 16x2 min/max, szext, bmsk
    {
        unsigned u;
        asm("mul24.hi.u32 %0, %1, %2;" : "=r"(u) : "r"(a), "r"(b));
        o[74] = u;
        asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(u) : "r"(a), "r"(b), "r"(c));
        o[75] = u;
        asm("min.u16x2 %0, %1, %2;" : "=r"(u) : "r"(a), "r"(b));
        o[76] = u;
        asm("max.s16x2 %0, %1, %2;" : "=r"(u) : "r"(a), "r"(b));
        o[77] = u;
        asm("szext.clamp.s32 %0, %1, %2;" : "=r"(u) : "r"(a), "r"(b & 63u));
        o[78] = u;
        asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(u) : "r"(a & 63u), "r"(c & 63u));
        o[79] = u;
    }
    // 64-bit results
    {
        o64[0] = (unsigned long long)__mul64hi((long long)A64, (long long)B64);
        o64[1] = __umul64hi(A64, B64);
        unsigned long long r;
        asm("abs.s64 %0, %1;" : "=l"(r) : "l"(A64));
        o64[2] = r;
        asm("neg.s64 %0, %1;" : "=l"(r) : "l"(A64));
        o64[3] = r;
        o64[4] = (unsigned long long)min((long long)A64, (long long)B64);
        o64[5] = (unsigned long long)max((long long)A64, (long long)B64);
        o64[6] = min(A64, B64);
        o64[7] = (unsigned long long)((long long)A64 >> (b & 63u));
        asm("shr.s64 %0, %1, %2;" : "=l"(r) : "l"(A64), "r"(c & 127u));
        o64[8] = r;
        asm("cvt.s64.s32 %0, %1;" : "=l"(r) : "r"(a));
        o64[9] = r;
        asm("cvt.u64.u32 %0, %1;" : "=l"(r) : "r"(a));
        o64[10] = r;
        unsigned u;
        asm("cvt.sat.u32.s64 %0, %1;" : "=r"(u) : "l"(A64));
        o64[11] = u;
        asm("cvt.sat.s32.s64 %0, %1;" : "=r"(u) : "l"(A64));
        o64[12] = u;
        asm("cvt.sat.u64.s64 %0, %1;" : "=l"(r) : "l"(A64));
        o64[13] = r;
        asm("mul.lo.u64 %0, %1, %2;" : "=l"(r) : "l"(A64), "l"(B64));
        o64[14] = r;
        asm("mul.hi.s64 %0, %1, %2;" : "=l"(r) : "l"(A64), "l"(B64));
        o64[15] = r;
    }
}
