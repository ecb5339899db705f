// f16_bf16: half / bfloat16 scalar and packed arithmetic, comparisons,
// float/double -> f16/bf16 conversions in every rounding mode, and fp8
// (E4M3 / E5M2) conversions with and without saturation.
// 2048 threads. Thread t: t < 256 crosses special values (a = S[t>>4],
// b = S[t&15], c = S[(t*5+3)&15]); otherwise a = h_in[t], b = h_in[(t*7+1)&2047],
// c = h_in[(t*13+5)&2047] (the same raw bits are read as f16 and as bf16).
// f = t < 32 ? FS[t] : f_in[t] with its exponent forced into [2^-27, 2^16];
// f2 likewise from f_in[(t*3+1)&2047] (FS[(t+7)&31] for t < 32).
// Outputs o16[t][52] (u16) and o32[t][30] (u32); slot list in the code.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#define NH 52
#define N32 30

__device__ const unsigned short S16[16] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFD01, 0x0001, 0x83FF,
                                           0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0x3C01, 0xBC00, 0x3555, 0x7800};
__device__ const unsigned short B16[16] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0x0001, 0x807F,
                                           0x0080, 0x7F7F, 0xFF7F, 0x3F80, 0x3F81, 0xBF80, 0x3EAB, 0x7F00};
__device__ const unsigned FS[32] = {
    0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00123u, 0x477FE000u, 0x477FF000u,
    0x477FEFFFu, 0x33800000u, 0x33000000u, 0x33400000u, 0x3F801000u, 0x3F801001u, 0x43E00000u, 0x43E80000u,
    0x47600000u, 0x47700000u, 0x7F7F0000u, 0x3F808000u, 0x3F818000u, 0x00010000u, 0x7F7FFFFFu, 0x00000001u,
    0x3F800000u, 0xBF800000u, 0x3F000000u, 0x3B000000u, 0x3A800000u, 0x37800000u, 0xC77FE000u, 0x7F800001u};

__device__ __forceinline__ unsigned short hu(__half v) { return __half_as_ushort(v); }
__device__ __forceinline__ unsigned short bu(__nv_bfloat16 v) { return __bfloat16_as_ushort(v); }
__device__ __forceinline__ unsigned h2u(__half2 v) {
    return (unsigned)__half_as_ushort(__low2half(v)) | ((unsigned)__half_as_ushort(__high2half(v)) << 16);
}
__device__ __forceinline__ unsigned b2u(__nv_bfloat162 v) {
    return (unsigned)__bfloat16_as_ushort(__low2bfloat16(v)) | ((unsigned)__bfloat16_as_ushort(__high2bfloat16(v)) << 16);
}
__device__ __forceinline__ unsigned shape_exp(unsigned fb) {
    return (fb & 0x807FFFFFu) | ((100u + ((fb >> 23) & 0xFFu) % 44u) << 23);
}

extern "C" __global__ void f16_bf16(const unsigned short* __restrict__ h_in, const unsigned* __restrict__ f_in,
                                    const unsigned long long* __restrict__ d_in,
                                    unsigned short* __restrict__ o16, unsigned* __restrict__ o32)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= 2048) return;
    unsigned short ra, rb, rc, qa, qb, qc;
    if (t < 256) {
        ra = S16[t >> 4]; rb = S16[t & 15]; rc = S16[(t * 5 + 3) & 15];
        qa = B16[t >> 4]; qb = B16[t & 15]; qc = B16[(t * 5 + 3) & 15];
    } else {
        ra = qa = h_in[t]; rb = qb = h_in[(t * 7 + 1) & 2047]; rc = qc = h_in[(t * 13 + 5) & 2047];
    }
    const __half a = __ushort_as_half(ra), b = __ushort_as_half(rb), c = __ushort_as_half(rc);
    const __nv_bfloat16 x = __ushort_as_bfloat16(qa), y = __ushort_as_bfloat16(qb), z = __ushort_as_bfloat16(qc);
    const unsigned fb = t < 32 ? FS[t] : shape_exp(f_in[t]);
    const unsigned fb2 = t < 32 ? FS[(t + 7) & 31] : shape_exp(f_in[(t * 3 + 1) & 2047]);
    const float f = __uint_as_float(fb), f2 = __uint_as_float(fb2);
    unsigned long long db = d_in[t];
    db = (db & 0x800FFFFFFFFFFFFFull) | ((unsigned long long)(1023u - 28u + (unsigned)((db >> 52) & 0x7FFu) % 48u) << 52);
    const double xd = t < 32 ? (double)f : __longlong_as_double((long long)db);

    unsigned short* o = o16 + (size_t)t * NH;
    // half scalar
    o[0] = hu(__hadd(a, b)); o[1] = hu(__hsub(a, b)); o[2] = hu(__hmul(a, b)); o[3] = hu(__hfma(a, b, c));
    o[4] = hu(__hfma_relu(a, b, c)); o[5] = hu(__hmin(a, b)); o[6] = hu(__hmax(a, b));
    o[7] = hu(__hmin_nan(a, b)); o[8] = hu(__hmax_nan(a, b)); o[9] = hu(__habs(a)); o[10] = hu(__hneg(a));
    o[11] = hu(__hadd_sat(a, b)); o[12] = hu(__hfma_sat(a, b, c)); o[13] = hu(__hdiv(a, b));
    o[14] = hu(__hmul_sat(a, b)); o[15] = hu(__hsub_sat(a, b));
    // bf16 scalar
    o[16] = bu(__hadd(x, y)); o[17] = bu(__hsub(x, y)); o[18] = bu(__hmul(x, y)); o[19] = bu(__hfma(x, y, z));
    o[20] = bu(__hfma_relu(x, y, z)); o[21] = bu(__hmin(x, y)); o[22] = bu(__hmax(x, y));
    o[23] = bu(__hmin_nan(x, y)); o[24] = bu(__hmax_nan(x, y)); o[25] = bu(__habs(x)); o[26] = bu(__hneg(x));
    o[27] = bu(__hadd_sat(x, y)); o[28] = bu(__hfma_sat(x, y, z)); o[29] = bu(__hmul_sat(x, y));
    // float / double -> f16, bf16
    o[30] = hu(__float2half_rn(f)); o[31] = hu(__float2half_rz(f)); o[32] = hu(__float2half_rd(f)); o[33] = hu(__float2half_ru(f));
    o[34] = bu(__float2bfloat16_rn(f)); o[35] = bu(__float2bfloat16_rz(f));
    o[36] = bu(__float2bfloat16_rd(f)); o[37] = bu(__float2bfloat16_ru(f));
    o[38] = hu(__double2half(xd)); o[39] = bu(__double2bfloat16(xd));
    // fp8
    o[40] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3);
    o[41] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2);
    o[42] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E4M3);
    o[43] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E5M2);
    o[44] = __nv_cvt_float2_to_fp8x2(make_float2(f, f2), __NV_SATFINITE, __NV_E4M3);
    o[45] = __nv_cvt_float2_to_fp8x2(make_float2(f, f2), __NV_SATFINITE, __NV_E5M2);
    __half2_raw hr;
    hr.x = ra; hr.y = rb;
    o[46] = __nv_cvt_halfraw2_to_fp8x2(hr, __NV_SATFINITE, __NV_E4M3);
    o[47] = __nv_cvt_halfraw2_to_fp8x2(hr, __NV_SATFINITE, __NV_E5M2);
    o[48] = __nv_cvt_halfraw2_to_fp8x2(hr, __NV_NOSAT, __NV_E4M3);
    __nv_bfloat162_raw br;
    br.x = qa; br.y = qb;
    o[49] = __nv_cvt_bfloat16raw2_to_fp8x2(br, __NV_SATFINITE, __NV_E4M3);
    // comparisons
    unsigned short hb = 0, bb = 0;
    hb |= (unsigned short)__heq(a, b) << 0;  hb |= (unsigned short)__hne(a, b) << 1;
    hb |= (unsigned short)__hlt(a, b) << 2;  hb |= (unsigned short)__hle(a, b) << 3;
    hb |= (unsigned short)__hgt(a, b) << 4;  hb |= (unsigned short)__hge(a, b) << 5;
    hb |= (unsigned short)__hequ(a, b) << 6; hb |= (unsigned short)__hneu(a, b) << 7;
    hb |= (unsigned short)__hltu(a, b) << 8; hb |= (unsigned short)__hleu(a, b) << 9;
    hb |= (unsigned short)__hgtu(a, b) << 10; hb |= (unsigned short)__hgeu(a, b) << 11;
    hb |= (unsigned short)__hisnan(a) << 12; hb |= (unsigned short)(__hisinf(a) != 0) << 13;
    bb |= (unsigned short)__heq(x, y) << 0;  bb |= (unsigned short)__hne(x, y) << 1;
    bb |= (unsigned short)__hlt(x, y) << 2;  bb |= (unsigned short)__hle(x, y) << 3;
    bb |= (unsigned short)__hgt(x, y) << 4;  bb |= (unsigned short)__hge(x, y) << 5;
    bb |= (unsigned short)__hequ(x, y) << 6; bb |= (unsigned short)__hneu(x, y) << 7;
    bb |= (unsigned short)__hltu(x, y) << 8; bb |= (unsigned short)__hleu(x, y) << 9;
    bb |= (unsigned short)__hgtu(x, y) << 10; bb |= (unsigned short)__hgeu(x, y) << 11;
    bb |= (unsigned short)__hisnan(x) << 12; bb |= (unsigned short)(__hisinf(x) != 0) << 13;
    o[50] = hb;
    o[51] = bb;

    unsigned* p = o32 + (size_t)t * N32;
    const __half2 h2 = __halves2half2(a, b), h2b = __halves2half2(b, c), h2c = __halves2half2(c, a);
    const __nv_bfloat162 g2 = __halves2bfloat162(x, y), g2b = __halves2bfloat162(y, z), g2c = __halves2bfloat162(z, x);
    p[0] = h2u(__hadd2(h2, h2b)); p[1] = h2u(__hsub2(h2, h2b)); p[2] = h2u(__hmul2(h2, h2b));
    p[3] = h2u(__hfma2(h2, h2b, h2c)); p[4] = h2u(__hfma2_relu(h2, h2b, h2c));
    p[5] = h2u(__hmin2(h2, h2b)); p[6] = h2u(__hmax2(h2, h2b));
    p[7] = h2u(__hmin2_nan(h2, h2b)); p[8] = h2u(__hmax2_nan(h2, h2b));
    p[9] = h2u(__habs2(h2)); p[10] = h2u(__hneg2(h2));
    p[11] = h2u(__heq2(h2, h2b)); p[12] = h2u(__hlt2(h2, h2b)); p[13] = h2u(__hgeu2(h2, h2b));
    p[14] = h2u(__hadd2_sat(h2, h2b));
    p[15] = b2u(__hadd2(g2, g2b)); p[16] = b2u(__hmul2(g2, g2b)); p[17] = b2u(__hfma2(g2, g2b, g2c));
    p[18] = b2u(__hfma2_relu(g2, g2b, g2c)); p[19] = b2u(__hmin2_nan(g2, g2b)); p[20] = b2u(__hmax2(g2, g2b));
    p[21] = b2u(__heq2(g2, g2b)); p[22] = b2u(__hlt2(g2, g2b));
    p[23] = h2u(__float22half2_rn(make_float2(f, f2)));
    p[24] = b2u(__float22bfloat162_rn(make_float2(f, f2)));
    p[25] = __float_as_uint(__half2float(a));
    p[26] = __float_as_uint(__bfloat162float(x));
    const unsigned short p8 = (unsigned short)((t & 255u) | (((t * 7u + 3u) & 255u) << 8));
    __half2_raw d4 = __nv_cvt_fp8x2_to_halfraw2(p8, __NV_E4M3);
    __half2_raw d5 = __nv_cvt_fp8x2_to_halfraw2(p8, __NV_E5M2);
    p[27] = (unsigned)d4.x | ((unsigned)d4.y << 16);
    p[28] = (unsigned)d5.x | ((unsigned)d5.y << 16);
    unsigned bits = 0;
    bits |= (unsigned)__hbeq2(h2, h2b) << 0;
    bits |= (unsigned)__hblt2(h2, h2b) << 1;
    bits |= (unsigned)__hbgeu2(h2, h2b) << 2;
    bits |= (unsigned)__hbeq2(g2, g2b) << 3;
    bits |= (unsigned)__hblt2(g2, g2b) << 4;
    bits |= (unsigned)__hbgeu2(g2, g2b) << 5;
    p[29] = bits;
}
