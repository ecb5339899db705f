// Shared device code of the tensor-core sweep corpus (validation/testdata/wg_* and mma_*),
// written by tools/record/gen_mma_sweep.py next to each kernel.cu (the copy there is what
// nvcc compiled). Every input is generated in the kernel from a counter-based hash, so the
// directories need no input files: the simulator runs the same PTX and generates the same bits.
#pragma once
#include <stdint.h>

// splitmix64's finalizer over a key made of (seed, tag, index).
__device__ __forceinline__ uint64_t sw_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
__device__ __forceinline__ uint64_t sw_hash(uint32_t seed, uint32_t tag, uint32_t idx) {
    return sw_mix((uint64_t)seed * 0x9E3779B97F4A7C15ull + (((uint64_t)tag << 32) | idx) * 0xD1B54A32D192ED03ull +
                  0x9E3779B97F4A7C15ull);
}

// A float of tb total bits and fb fraction bits: sign bit 63 of z, biased exponent
// emin + ((z>>24)&0xffff) % (emax-emin+1), fraction the low bits; 1 in 32 is +-0.
__device__ __forceinline__ uint32_t sw_gfloat(uint64_t z, int tb, int fb, int emin, int emax) {
    uint32_t s = (uint32_t)(z >> 63);
    uint32_t e = (uint32_t)emin + (uint32_t)((z >> 24) & 0xffff) % (uint32_t)(emax - emin + 1);
    uint32_t f = (uint32_t)z & ((1u << fb) - 1);
    if (((z >> 40) & 31) == 0) { e = 0; f = 0; }
    return (s << (tb - 1)) | (e << fb) | f;
}

// Element kinds (kind argument): 0 = finite values with a wide exponent spread, zeros and
// subnormals; 1 = the same with 1 in 16 elements replaced by a special value of the type
// (+-Inf, NaNs with payloads, the largest finite, the smallest subnormal, -0).
#define SW_SPECIAL(z, kind) ((kind) != 0 && (((z) >> 52) & 15) == 0)
#define SW_PICK(z) ((uint32_t)((z) >> 56) & 7)

__device__ __forceinline__ uint32_t sw_pick16(uint64_t z, uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                                              uint32_t e, uint32_t f, uint32_t g, uint32_t h) {
    switch (SW_PICK(z)) {
    case 0: return a; case 1: return b; case 2: return c; case 3: return d;
    case 4: return e; case 5: return f; case 6: return g; default: return h;
    }
}

// f16 operand; acc16: the accumulator is f16 (narrower range so sums stay finite).
__device__ __forceinline__ uint32_t sw_f16(uint64_t z, int kind, int acc16) {
    if (SW_SPECIAL(z, kind)) return sw_pick16(z, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x7bff, 0xfbff, 0x0001, 0x8000);
    return sw_gfloat(z, 16, 10, 0, acc16 ? 21 : 30);
}
__device__ __forceinline__ uint32_t sw_bf16(uint64_t z, int kind) {
    if (SW_SPECIAL(z, kind)) return sw_pick16(z, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x7f7f, 0xff7f, 0x0001, 0x8000);
    uint32_t v = sw_gfloat(z, 16, 7, 70, 184);
    if (((z >> 40) & 31) == 1) v &= 0x807f;  // subnormal
    return v;
}
__device__ __forceinline__ uint32_t sw_tf32(uint64_t z, int kind) {
    if (SW_SPECIAL(z, kind))
        return sw_pick16(z, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x7f7fffff, 0x7fa00000, 0x00000001, 0x80000000);
    uint32_t v = sw_gfloat(z, 32, 23, 100, 154);
    if ((z >> 45) & 1) v &= ~0x1fffu;           // a proper tf32 value half the time
    if (((z >> 40) & 31) == 1) v &= 0x807fffff;  // subnormal
    return v;
}
__device__ __forceinline__ uint32_t sw_e4m3(uint64_t z, int kind, int acc16) {
    if (SW_SPECIAL(z, kind)) return sw_pick16(z, 0x7f, 0xff, 0x7e, 0xfe, 0x01, 0x81, 0x80, 0x00);
    uint32_t v = sw_gfloat(z, 8, 3, 0, acc16 ? 11 : 15);
    if ((v & 0x7f) == 0x7f) v -= 1;  // S.1111.111 is NaN
    return v;
}
__device__ __forceinline__ uint32_t sw_e5m2(uint64_t z, int kind, int acc16) {
    if (SW_SPECIAL(z, kind)) return sw_pick16(z, 0x7c, 0xfc, 0x7e, 0x7d, 0x7b, 0xfb, 0x01, 0x80);
    return sw_gfloat(z, 8, 2, 0, acc16 ? 19 : 30);
}
// s8/u8 (kind 1: 1 in 4 bytes an extreme: 0x7f, 0x80, 0xff, 0x00), s4/u4 nibbles likewise.
__device__ __forceinline__ uint32_t sw_i8(uint64_t z, int kind) {
    if (kind != 0 && ((z >> 52) & 3) == 0) return sw_pick16(z, 0x7f, 0x80, 0xff, 0x00, 0x7f, 0x80, 0xff, 0x01);
    return (uint32_t)z & 0xff;
}
__device__ __forceinline__ uint32_t sw_i4(uint64_t z, int kind) {
    if (kind != 0 && ((z >> 52) & 3) == 0) return sw_pick16(z, 0x7, 0x8, 0xf, 0x0, 0x7, 0x8, 0xf, 0x1);
    return (uint32_t)z & 0xf;
}
// f64 operand: exponents 1023 +- 200, zeros, subnormals; specials Inf/NaN/max/min.
__device__ __forceinline__ uint64_t sw_f64(uint64_t z, int kind) {
    if (SW_SPECIAL(z, kind)) {
        switch (SW_PICK(z)) {
        case 0: return 0x7ff0000000000000ull; case 1: return 0xfff0000000000000ull;
        case 2: return 0x7ff8000000000000ull; case 3: return 0x7ff0000000000123ull;
        case 4: return 0x7fefffffffffffffull; case 5: return 0xffefffffffffffffull;
        case 6: return 0x0000000000000001ull; default: return 0x8000000000000000ull;
        }
    }
    uint64_t s = z >> 63, e = 823 + ((z >> 24) & 0xffff) % 401, f = (z * 0x9E3779B97F4A7C15ull) & 0xfffffffffffffull;
    if (((z >> 40) & 31) == 0) { e = 0; f = 0; }
    if (((z >> 40) & 31) == 1) e = 0;
    return (s << 63) | (e << 52) | f;
}
// Accumulator inputs (C): f32, f16 (packed by the caller) and s32.
__device__ __forceinline__ uint32_t sw_c32(uint64_t z, int kind) {
    if (SW_SPECIAL(z, kind))
        return sw_pick16(z, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800123, 0x7f7fffff, 0xff7fffff, 0x00000001, 0x80000000);
    if (((z >> 44) & 15) == 0) return 0;
    return sw_gfloat(z, 32, 23, 103, 143);
}
__device__ __forceinline__ uint32_t sw_c16(uint64_t z, int kind) {
    if (SW_SPECIAL(z, kind)) return sw_pick16(z, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x7bff, 0xfbff, 0x0001, 0x8000);
    if (((z >> 44) & 15) == 0) return 0;
    return sw_gfloat(z, 16, 10, 0, 28);
}
__device__ __forceinline__ uint32_t sw_cs32(uint64_t z) {
    uint32_t r = (uint32_t)z & 0xfffff;
    switch ((z >> 40) & 3) {
    case 0: return 0x7fffffffu - r;
    case 1: return 0x80000000u + r;
    default: return ((uint32_t)z & 0xffffff) - 0x800000u;
    }
}
