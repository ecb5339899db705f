#!/usr/bin/env python3
"""Writes the sparse tensor-core corpus: validation/testdata/sp_*/{kernel.cu,launch.yaml}.

  python3 tools/record/gen_sparse.py            (from the repository root)

Every kernel generates its own inputs from a counter-based splitmix64 hash (no input
files), including random *valid* sparsity metadata in every thread's metadata register,
runs a list of variants of one instruction family and writes only D to `out` (u32).
The layout of `out` and the variants are listed at the top of each kernel.cu.
tools/record/record_sparse.sh records them on the GPU.
"""
import os
import sys

TD = "validation/testdata"

COMMON = r"""
#include <cstdint>

// Counter-based inputs: draw(s, i) = splitmix64(splitmix64(0x5350A125EED ^ s) ^ i).
__device__ __forceinline__ uint64_t mix64(uint64_t x) {
  uint64_t z = x + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__device__ __forceinline__ uint64_t draw(uint32_t s, uint32_t i) { return mix64(mix64(0x5350A125EEDull ^ s) ^ i); }

// A float of tb bits with fb fraction bits: sign bit 63 of z, exponent field
// emin + ((z >> 24) & 0xffff) % (emax - emin + 1), fraction the low bits of z;
// +-0 when (z >> 40) & 31 == 0.
__device__ __forceinline__ uint32_t gfloat(uint64_t z, int tb, int fb, int emin, int emax) {
  uint32_t s = (uint32_t)(z >> 63), e = emin + (uint32_t)((z >> 24) & 0xffff) % (emax - emin + 1);
  uint32_t f = (uint32_t)z & ((1u << fb) - 1);
  if (((z >> 40) & 31) == 0) e = 0, f = 0;
  return (s << (tb - 1)) | (e << fb) | f;
}

enum Kind { F16, BF16, TF32, E4M3, E5M2, I8, I4, C32, C16, CI };
// One element of kind k (raw bits in the low bits).
__device__ __forceinline__ uint32_t gen(int k, uint64_t z) {
  switch (k) {
  case F16: return gfloat(z, 16, 10, 6, 19);          // |x| < 2^5
  case BF16: return gfloat(z, 16, 7, 117, 137);       // 2^-10 .. 2^11
  case TF32: { uint32_t v = gfloat(z, 32, 23, 117, 137); if ((z >> 45) & 1) v &= ~0x1fffu; return v; }
  case E4M3: return gfloat(z, 8, 3, 2, 10);           // 2^-5 .. 2^4
  case E5M2: return gfloat(z, 8, 2, 10, 20);          // 2^-5 .. 2^6
  case I8: return (uint32_t)z & 0xff;
  case I4: return (uint32_t)z & 0xf;
  case C32: return ((z >> 40) & 15) == 0 ? 0u : gfloat(z, 32, 23, 117, 137);
  case C16: return ((z >> 40) & 15) == 0 ? 0u : gfloat(z, 16, 10, 0, 24);
  default: {  // CI: near INT32_MAX, near INT32_MIN, or +-2^23
    uint32_t r = (uint32_t)(z & 0xfffff);
    switch ((z >> 40) & 3) {
    case 0: return 0x7fffffffu - r;
    case 1: return 0x80000000u + r;
    default: return (uint32_t)((int32_t)(z & 0xffffff) - 0x800000);
    }
  }
  }
}

// Sparsity metadata: 8 nibbles, each valid. mk 0: two different 2-bit indices
// in any order (12 values), mk 1: increasing indices (0x4 0x8 0xc 0x9 0xd 0xe),
// mk 2: tf32 (0x4 or 0xe).
__device__ __forceinline__ uint32_t meta(uint64_t z, int mk) {
  uint32_t m = 0;
#pragma unroll
  for (int c = 0; c < 8; c++) {
    uint32_t r = (uint32_t)(z >> (8 * c)) & 0xff, nib;
    if (mk == 2) {
      nib = (r & 1) ? 0xeu : 0x4u;
    } else if (mk == 1) {
      nib = (0xed9c84u >> (4 * (r % 6))) & 0xf;
    } else {
      uint32_t p = r % 12, i0 = p / 3, j = p % 3, i1 = j < i0 ? j : j + 1;
      nib = i0 | (i1 << 2);
    }
    m |= nib << (4 * c);
  }
  return m;
}
"""

# ---------------------------------------------------------------- mma.sp / mma.m8n8k4

BITS = {"f16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8, "s8": 8, "u8": 8, "s4": 4, "u4": 4}
KIND = {"f16": "F16", "bf16": "BF16", "tf32": "TF32", "e4m3": "E4M3", "e5m2": "E5M2",
        "s8": "I8", "u8": "I8", "s4": "I4", "u4": "I4"}


class MmaVar:
    """One mma variant: op text, register counts, kinds, metadata kind (None: dense)."""

    def __init__(self, op, m, k, d, a, b, c, sel=None, mk=None, alayout="row", blayout="col"):
        self.op, self.m, self.k, self.d, self.a, self.b, self.c = op, m, k, d, a, b, c
        self.sel, self.mk = sel, mk
        per = max(1, 32 // BITS[a])
        kc = k // 2 if sel is not None else k
        self.na = m * kc // 32 // per
        self.nb = k * 8 // 32 // max(1, 32 // BITS[b])
        acc = m * 8 // 32
        if m == 8 and k == 4:  # m8n8k4 .f16: four 8x8x4 MMAs on quad pairs
            self.na, self.nb, acc = 2, 2, 8
        self.nc = acc // 2 if c == "f16" else acc
        self.nd = acc // 2 if d == "f16" else acc


def mma_sp(m, k, d, a, b, c, sel, ordered=False, sat=False, mk=None):
    sp = "sp::ordered_metadata" if ordered else "sp"
    s = ".satfinite" if sat else ""
    op = f"mma.{sp}.sync.aligned.m{m}n8k{k}.row.col{s}.{d}.{a}.{b}.{c}"
    if mk is None:
        mk = 2 if a == "tf32" else (1 if ordered else 0)
    return MmaVar(op, m, k, d, a, b, c, sel=sel, mk=mk)


def m884(al, bl, d, c):
    return MmaVar(f"mma.sync.aligned.m8n8k4.{al}.{bl}.{d}.f16.f16.{c}", 8, 4, d, "f16", "f16", c,
                  alayout=al, blayout=bl)


def mma_kernel(name, title, variants, grid=4, block=256):
    L = []
    w = L.append
    w(f"// {name}: GENERATED by tools/record/gen_sparse.py -- do not edit by hand.")
    w(f"// {title}")
    w("// Each lane draws its A, B and C registers and its metadata register (every lane's")
    w("// metadata is random and valid) from draw(); out holds D only: variant v at word")
    w("// off_v + lane * ND_v (lane = global thread index, 32 lanes = one warp's tile).")
    w("// Streams of variant v: A 16v+1, B 16v+2, C 16v+3, metadata 16v+4; element j of")
    w("// register r of lane g is draw(s, g * 64 + r * per + j) (C: g * 64 + element).")
    lanes = grid * block
    off = 0
    offs = []
    for i, v in enumerate(variants):
        offs.append(off)
        sel = "dense" if v.sel is None else f"sel {v.sel}, metadata kind {v.mk}"
        w(f"//   v{i}: {v.op} ({sel}) at {off}, ND {v.nd}")
        off += lanes * v.nd
    total = off
    w(COMMON)
    w(f'extern "C" __global__ void __launch_bounds__({block}) {name}(uint32_t* __restrict__ out) {{')
    w("  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;")
    for i, v in enumerate(variants):
        w(f"  {{  // v{i}")
        w(f"    uint32_t a[{v.na}], b[{v.nb}], c[{v.nc}], d[{v.nd}], e = 0;")
        for reg, n, t, s in (("a", v.na, v.a, 1), ("b", v.nb, v.b, 2)):
            bits = BITS[t]
            per = max(1, 32 // bits)
            w(f"#pragma unroll")
            w(f"    for (int r = 0; r < {n}; r++) {{")
            w(f"      uint32_t x = 0;")
            w(f"#pragma unroll")
            w(f"      for (int j = 0; j < {per}; j++) x |= gen({KIND[t]}, draw({16*i+s}, g * 64 + r * {per} + j)) << ({bits} * j);")
            w(f"      {reg}[r] = x;")
            w("    }")
        cd = {"f32": "C32", "f16": "C16", "s32": "CI"}[v.c]
        if v.c == "f16":
            w("#pragma unroll")
            w(f"    for (int r = 0; r < {v.nc}; r++) c[r] = gen(C16, draw({16*i+3}, g * 64 + 2 * r)) | (gen(C16, draw({16*i+3}, g * 64 + 2 * r + 1)) << 16);")
        else:
            w("#pragma unroll")
            w(f"    for (int r = 0; r < {v.nc}; r++) c[r] = gen({cd}, draw({16*i+3}, g * 64 + r));")
        if v.sel is not None:
            w(f"    e = meta(draw({16*i+4}, g), {v.mk});")
        n = 0
        def regs(k):
            nonlocal n
            s = "{" + ",".join(f"%{n+j}" for j in range(k)) + "}"
            n += k
            return s
        ds, as_, bs, cs = regs(v.nd), regs(v.na), regs(v.nb), regs(v.nc)
        text = f"{v.op} {ds}, {as_}, {bs}, {cs}"
        if v.sel is not None:
            text += f", %{n}, {v.sel}"
        text += ";"
        outs = ", ".join(f'"=r"(d[{j}])' for j in range(v.nd))
        ins = [f'"r"(a[{j}])' for j in range(v.na)] + [f'"r"(b[{j}])' for j in range(v.nb)] + \
              [f'"r"(c[{j}])' for j in range(v.nc)]
        if v.sel is not None:
            ins.append('"r"(e)')
        w(f'    asm volatile("{text}" : {outs} : {", ".join(ins)});')
        w("#pragma unroll")
        w(f"    for (int r = 0; r < {v.nd}; r++) out[{offs[i]} + g * {v.nd} + r] = d[r];")
        w("    (void)e;")
        w("  }")
    w("}")
    spec = [f"# {name}: {title} (kernel.cu lists the variants and the layout of out).",
            f"kernel: {name}", f"grid: [{grid}, 1, 1]", f"block: [{block}, 1, 1]", "buffers:",
            f"  out: {{dtype: u32, shape: [{total}]}}", "params:", "  - {buffer: out}", "outputs: [out]"]
    return "\n".join(L) + "\n", "\n".join(spec) + "\n"


# ---------------------------------------------------------------- wgmma.mma_async.sp

class WgVar:
    def __init__(self, n, a, b, d, sel, rs=False, mk=0, bnone=False, scale_d=1, neg_b=False, sat=False, mn=False):
        self.n, self.a, self.b, self.d, self.sel, self.rs, self.mk = n, a, b, d, sel, rs, mk
        self.bnone, self.scale_d, self.neg_b, self.sat, self.mn = bnone, scale_d, neg_b, sat, mn


KD = {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "e5m2": 32, "s8": 32, "u8": 32}  # dense K


def wg_op(v):
    k = 2 * KD[v.a]
    s = ".satfinite" if v.sat else ""
    return f"wgmma.mma_async.sp.sync.aligned.m64n{v.n}k{k}{s}.{v.d}.{v.a}.{v.b}"


def wgmma_kernel(name, title, a_type, variants, grid=4):
    esize = BITS[a_type] // 8
    kc = 32 // esize            # compressed A elements per row (32 bytes)
    k = 2 * kc                  # logical K (B elements per row, 64 bytes)
    kind_a = KIND[a_type]
    L = []
    w = L.append
    w(f"// {name}: GENERATED by tools/record/gen_sparse.py -- do not edit by hand.")
    w(f"// {title}")
    w("// One warpgroup per CTA. Shared memory, K-major, 128B swizzle (1024-byte atoms, SBO 1024):")
    w(f"// A compressed 64 x {kc} (32 bytes per row), B 256 x {k} (64 bytes per row); sN holds B rows")
    w("// 0..31 without swizzle (core matrices 8 rows x 16 bytes, LBO 128 along K, SBO 512).")
    w(f"// Element (r, k) of A is gen(A, draw(1, cta * 65536 + r * {kc} + k)), of B gen(B, draw(2, cta * 65536 + r * {k} + k))")
    w("// (B of an e5m2 variant: the same bytes). Variant v: C element (row, col) of an N-column tile")
    w("// is gen(C, draw(16v + 3, cta * 65536 + row * N + col)); thread t's metadata is")
    w("// meta(draw(16v + 4, cta * 128 + t), mk). RS variants load A registers with the dense")
    w("// RS fragment layout applied to the compressed A (ptx-facts 1.5). f16/bf16: sAM and sBM hold")
    w("// A and B rows 0..31 MN-major (128B swizzle, 8 k per 1024-byte atom, SBO 1024) for the")
    w("// imm-trans 1 variant. fence, mma, commit and wait are one asm statement, so that no")
    w("// ordinary instruction lands between the fence and the wgmma.")
    w("// out: variant v at off_v, CTA-major, D row-major (64 x N), raw bits (f16: low 16 bits).")
    off = 0
    offs = []
    for i, v in enumerate(variants):
        offs.append(off)
        extra = []
        if v.rs:
            extra.append("RS")
        if v.bnone:
            extra.append("B without swizzle")
        if not v.scale_d:
            extra.append("scale-d 0")
        if v.neg_b:
            extra.append("imm-scale-b -1")
        if v.mn:
            extra.append("A and B MN-major (imm-trans 1)")
        w(f"//   v{i}: {wg_op(v)} sel {v.sel} metadata kind {v.mk} {' '.join(extra)} at {off}")
        off += grid * 64 * v.n
    total = off
    w(COMMON)
    w("__device__ __forceinline__ int sw128(int r, int kb) {")
    w("  return (r / 8) * 1024 + (r % 8) * 128 + ((((kb / 16) ^ (r % 8)) * 16) + kb % 16);")
    w("}")
    w("__device__ __forceinline__ int mnsw(int mn, int k) { return (k / 8) * 1024 + (k % 8) * 128 + ((((mn * 2) / 16) ^ (k % 8)) * 16) + (mn * 2) % 16; }")
    w("__device__ __forceinline__ int nosw(int r, int kb) { return (r % 8) * 16 + (r / 8) * 512 + kb % 16 + (kb / 16) * 128; }")
    w("__device__ __forceinline__ uint64_t desc128(const void* p) {")
    w("  uint64_t addr = (uint64_t)__cvta_generic_to_shared(p);")
    w("  return ((addr & 0x3FFFF) >> 4) | (1ull << 16) | (64ull << 32) | (1ull << 62);")
    w("}")
    w("__device__ __forceinline__ uint64_t descnone(const void* p) {")
    w("  uint64_t addr = (uint64_t)__cvta_generic_to_shared(p);")
    w("  return ((addr & 0x3FFFF) >> 4) | (8ull << 16) | (32ull << 32);")
    w("}")
    w("__device__ __forceinline__ int acc_row(int t, int i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 1) & 1); }")
    w("__device__ __forceinline__ int acc_col(int t, int i) { return 8 * (i >> 2) + 2 * (t % 4) + (i & 1); }")
    # RS A fragment (dense layout of the compressed A): element i of thread t -> (row, kc)
    if esize == 2:
        w("__device__ __forceinline__ int ra_row(int t, int i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 1) & 1); }")
        w("__device__ __forceinline__ int ra_k(int t, int i) { return 8 * (i >> 2) + 2 * (t % 4) + (i & 1); }")
    elif esize == 4:
        w("__device__ __forceinline__ int ra_row(int t, int i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * (i & 1); }")
        w("__device__ __forceinline__ int ra_k(int t, int i) { return 4 * (i >> 1) + t % 4; }")
    else:
        w("__device__ __forceinline__ int ra_row(int t, int i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 2) & 1); }")
        w("__device__ __forceinline__ int ra_k(int t, int i) { return 16 * (i >> 3) + 4 * (t % 4) + (i & 3); }")
    w("")
    w(f'extern "C" __global__ void __launch_bounds__(128) {name}(uint32_t* __restrict__ out) {{')
    w("  __shared__ __align__(1024) uint8_t sA[8192];")
    w("  __shared__ __align__(1024) uint8_t sB[32768];")
    w("  __shared__ __align__(1024) uint8_t sN[2048];")
    mnv = any(v.mn for v in variants)
    if mnv:
        w("  __shared__ __align__(1024) uint8_t sAM[2048];")
        w("  __shared__ __align__(1024) uint8_t sBM[4096];")
    w("  const int cta = blockIdx.x, t = threadIdx.x;")
    per = 4 // esize
    bits = 8 * esize
    w(f"  // A: 64 rows x 8 words; B: 256 rows x 16 words ({per} elements per word)")
    w("  for (int i = t; i < 64 * 8; i += 128) {")
    w("    const int r = i / 8, wd = i % 8;")
    w("    uint32_t x = 0;")
    w(f"    for (int j = 0; j < {per}; j++) x |= gen({kind_a}, draw(1, cta * 65536 + r * {kc} + wd * {per} + j)) << ({bits} * j);")
    w("    *(uint32_t*)(sA + sw128(r, 4 * wd)) = x;")
    w("  }")
    w("  for (int i = t; i < 256 * 16; i += 128) {")
    w("    const int r = i / 16, wd = i % 16;")
    w("    uint32_t x = 0;")
    w(f"    for (int j = 0; j < {per}; j++) x |= gen({kind_a}, draw(2, cta * 65536 + r * {k} + wd * {per} + j)) << ({bits} * j);")
    w("    *(uint32_t*)(sB + sw128(r, 4 * wd)) = x;")
    w("    if (r < 32) *(uint32_t*)(sN + nosw(r, 4 * wd)) = x;")
    w("  }")
    if mnv:  # 16-bit types: word = elements (mn, k), (mn + 1, k)
        w("  for (int i = t; i < 16 * 32; i += 128) {  // A MN-major: k 0..15, 32 words of m pairs")
        w("    const int k = i / 32, m = 2 * (i % 32);")
        w(f"    *(uint32_t*)(sAM + mnsw(m, k)) = gen({kind_a}, draw(1, cta * 65536 + m * {kc} + k)) | (gen({kind_a}, draw(1, cta * 65536 + (m + 1) * {kc} + k)) << 16);")
        w("  }")
        w("  for (int i = t; i < 32 * 16; i += 128) {  // B rows 0..31 MN-major: k 0..31, 16 words of n pairs")
        w("    const int k = i / 16, n = 2 * (i % 16);")
        w(f"    *(uint32_t*)(sBM + mnsw(n, k)) = gen({kind_a}, draw(2, cta * 65536 + n * {k} + k)) | (gen({kind_a}, draw(2, cta * 65536 + (n + 1) * {k} + k)) << 16);")
        w("  }")
    w('  asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");')
    w("  __syncthreads();")
    float_in = a_type not in ("s8", "u8")
    for i, v in enumerate(variants):
        n = v.n
        f16acc = v.d == "f16"
        nd = n // 4 if f16acc else n // 2
        ctype = "float" if v.d == "f32" else "uint32_t"
        ckind = {"f32": "C32", "f16": "C16", "s32": "CI"}[v.d]
        w(f"  {{  // v{i}")
        w(f"    {ctype} d[{nd}];")
        w("#pragma unroll")
        w(f"    for (int j = 0; j < {nd}; j++) {{")
        if f16acc:
            w(f"      d[j] = gen(C16, draw({16*i+3}, cta * 65536 + acc_row(t, 2 * j) * {n} + acc_col(t, 2 * j))) |")
            w(f"             (gen(C16, draw({16*i+3}, cta * 65536 + acc_row(t, 2 * j + 1) * {n} + acc_col(t, 2 * j + 1))) << 16);")
        elif v.d == "f32":
            w(f"      d[j] = __uint_as_float(gen(C32, draw({16*i+3}, cta * 65536 + acc_row(t, j) * {n} + acc_col(t, j))));")
        else:
            w(f"      d[j] = gen(CI, draw({16*i+3}, cta * 65536 + acc_row(t, j) * {n} + acc_col(t, j)));")
        w("    }")
        w(f"    const uint32_t e = meta(draw({16*i+4}, cta * 128 + t), {v.mk});")
        if v.rs:
            w("    uint32_t ra[4] = {0, 0, 0, 0};")
            nel = 4 * 32 // bits
            w("#pragma unroll")
            w(f"    for (int j = 0; j < {nel}; j++)")
            w(f"      ra[j / {per}] |= gen({kind_a}, draw(1, cta * 65536 + ra_row(t, j) * {kc} + ra_k(t, j))) << ({bits} * (j % {per}));")
        bd = "descnone(sN)" if v.bnone else ("desc128(sBM)" if v.mn else "desc128(sB)")
        ad = "desc128(sAM)" if v.mn else "desc128(sA)"
        w(f"    const uint64_t da = {ad}, db = {bd};")
        w(f"    const int sc = {v.scale_d};")
        # operand text
        idx = 0
        dl = "{" + ",".join(f"%{idx+j}" for j in range(nd)) + "}"
        idx += nd
        if v.rs:
            al = "{" + ",".join(f"%{idx+j}" for j in range(4)) + "}"
            idx += 4
        else:
            al = f"%{idx}"
            idx += 1
        bdx, edx, scx = idx, idx + 1, idx + 2
        ops = f"{dl}, {al}, %{bdx}, %{edx}, {v.sel}, p"
        if float_in:
            ops += f", 1, {-1 if v.neg_b else 1}"
            if a_type in ("f16", "bf16"):
                tr = 1 if v.mn else 0
                ops += f", {tr}" if v.rs else f", {tr}, {tr}"
        con = "f" if v.d == "f32" else "r"
        outs = ", ".join(f'"+{con}"(d[{j}])' for j in range(nd))
        ins = []
        if v.rs:
            ins += [f'"r"(ra[{j}])' for j in range(4)]
        else:
            ins.append('"l"(da)')
        ins += ['"l"(db)', '"r"(e)', '"r"(sc)']
        asm = (f'"{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{scx}, 0;\\nwgmma.fence.sync.aligned;\\n'
               f'{wg_op(v)} {ops};\\nwgmma.commit_group.sync.aligned;\\nwgmma.wait_group.sync.aligned 0;\\n}}\\n"')
        w(f"    asm volatile({asm}")
        w(f"      : {outs}")
        w(f"      : {', '.join(ins)} : \"memory\");")
        base = f"{offs[i]} + cta * {64 * n}"
        w("#pragma unroll")
        w(f"    for (int j = 0; j < {nd}; j++) {{")
        if f16acc:
            w(f"      out[{base} + acc_row(t, 2 * j) * {n} + acc_col(t, 2 * j)] = d[j] & 0xffff;")
            w(f"      out[{base} + acc_row(t, 2 * j + 1) * {n} + acc_col(t, 2 * j + 1)] = d[j] >> 16;")
        elif v.d == "f32":
            w(f"      out[{base} + acc_row(t, j) * {n} + acc_col(t, j)] = __float_as_uint(d[j]);")
        else:
            w(f"      out[{base} + acc_row(t, j) * {n} + acc_col(t, j)] = d[j];")
        w("    }")
        w("  }")
    w("}")
    spec = [f"# {name}: {title} (kernel.cu lists the variants and the layout of out).",
            f"kernel: {name}", f"grid: [{grid}, 1, 1]", "block: [128, 1, 1]", "buffers:",
            f"  out: {{dtype: u32, shape: [{total}]}}", "params:", "  - {buffer: out}", "outputs: [out]"]
    return "\n".join(L) + "\n", "\n".join(spec) + "\n"


def wg_variants(a, b2=None):
    """The standard variant list for A type a (b2: B type of variant 1)."""
    sp2 = a in ("f16", "bf16", "tf32")  # selector 1 allowed
    mk_any, mk_ord = (2, 2) if a == "tf32" else (0, 1)
    s1 = 1 if sp2 else 0
    if a in ("s8", "u8"):
        return [WgVar(8, "s8", "s8", "s32", 0, mk=mk_ord),
                WgVar(16, "u8", "s8", "s32", 0, mk=mk_any),
                WgVar(64, "s8", "u8", "s32", 0, mk=mk_any, sat=True),
                WgVar(256, "u8", "u8", "s32", 0, mk=mk_any),
                WgVar(32, "s8", "s8", "s32", 0, rs=True, mk=mk_any),
                WgVar(32, "s8", "s8", "s32", 0, bnone=True, mk=mk_any),
                WgVar(16, "s8", "s8", "s32", 0, mk=mk_any, sat=True, scale_d=0)]
    vs = [WgVar(8, a, a, "f32", 0, mk=mk_ord),
          WgVar(8, a, b2 or a, "f32", s1, mk=mk_any),
          WgVar(64, a, a, "f32", 0, mk=mk_any),
          WgVar(256, a, a, "f32", s1, mk=mk_any),
          WgVar(32, a, a, "f32", 0, rs=True, mk=mk_any),
          WgVar(32, a, a, "f32", s1, bnone=True, mk=mk_any),
          WgVar(16, a, a, "f32", s1, mk=mk_any, scale_d=0, neg_b=True)]
    if a in ("f16", "e4m3"):
        vs.append(WgVar(32, a, a, "f16", s1, mk=mk_any))
        vs.append(WgVar(16, a, a, "f16", s1, rs=True, mk=mk_ord))
    if a in ("f16", "bf16"):
        vs.append(WgVar(32, a, a, "f32", 1, mk=mk_any, mn=True))
    return vs


def all_kernels():
    K = {}
    K["sp_mma_f16"] = mma_kernel("sp_mma_f16", "mma.sp f16 inputs: m16n8k16 (selectors 0..3), m16n8k32 (0, 1), f16 and f32 accumulators, ::ordered_metadata", [
        mma_sp(16, 16, "f32", "f16", "f16", "f32", 0), mma_sp(16, 16, "f32", "f16", "f16", "f32", 1),
        mma_sp(16, 16, "f32", "f16", "f16", "f32", 2), mma_sp(16, 16, "f32", "f16", "f16", "f32", 3),
        mma_sp(16, 32, "f32", "f16", "f16", "f32", 0), mma_sp(16, 32, "f32", "f16", "f16", "f32", 1),
        mma_sp(16, 16, "f16", "f16", "f16", "f16", 1), mma_sp(16, 32, "f16", "f16", "f16", "f16", 0),
        mma_sp(16, 32, "f32", "f16", "f16", "f32", 1, ordered=True),
        mma_sp(16, 16, "f32", "f16", "f16", "f32", 2, ordered=True)])
    K["sp_mma_bf16"] = mma_kernel("sp_mma_bf16", "mma.sp bf16 inputs: m16n8k16 (selectors 0, 3), m16n8k32 (0, 1), ::ordered_metadata", [
        mma_sp(16, 16, "f32", "bf16", "bf16", "f32", 0), mma_sp(16, 16, "f32", "bf16", "bf16", "f32", 3),
        mma_sp(16, 32, "f32", "bf16", "bf16", "f32", 0), mma_sp(16, 32, "f32", "bf16", "bf16", "f32", 1),
        mma_sp(16, 32, "f32", "bf16", "bf16", "f32", 0, ordered=True)])
    K["sp_mma_tf32"] = mma_kernel("sp_mma_tf32", "mma.sp tf32 inputs: m16n8k8 (selectors 0, 2, 3), m16n8k16 (0, 1), ::ordered_metadata", [
        mma_sp(16, 8, "f32", "tf32", "tf32", "f32", 0), mma_sp(16, 8, "f32", "tf32", "tf32", "f32", 2),
        mma_sp(16, 8, "f32", "tf32", "tf32", "f32", 3),
        mma_sp(16, 16, "f32", "tf32", "tf32", "f32", 0), mma_sp(16, 16, "f32", "tf32", "tf32", "f32", 1),
        mma_sp(16, 16, "f32", "tf32", "tf32", "f32", 1, ordered=True)])
    K["sp_mma_e4m3"] = mma_kernel("sp_mma_e4m3", "mma.sp fp8 inputs: m16n8k64 f32, all four e4m3/e5m2 mixes, ::ordered_metadata", [
        mma_sp(16, 64, "f32", "e4m3", "e4m3", "f32", 0), mma_sp(16, 64, "f32", "e5m2", "e4m3", "f32", 0),
        mma_sp(16, 64, "f32", "e4m3", "e5m2", "f32", 0), mma_sp(16, 64, "f32", "e5m2", "e5m2", "f32", 0),
        mma_sp(16, 64, "f32", "e4m3", "e4m3", "f32", 0, ordered=True)])
    K["sp_mma_s8"] = mma_kernel("sp_mma_s8", "mma.sp 8-bit integer inputs: m16n8k32 (selectors 0, 1), m16n8k64, .satfinite, ::ordered_metadata", [
        mma_sp(16, 32, "s32", "s8", "s8", "s32", 0), mma_sp(16, 32, "s32", "s8", "s8", "s32", 1),
        mma_sp(16, 32, "s32", "u8", "s8", "s32", 1, sat=True), mma_sp(16, 64, "s32", "s8", "u8", "s32", 0),
        mma_sp(16, 64, "s32", "u8", "u8", "s32", 0, sat=True),
        mma_sp(16, 64, "s32", "s8", "s8", "s32", 0, ordered=True)])
    K["sp_mma_s4"] = mma_kernel("sp_mma_s4", "mma.sp 4-bit integer inputs: m16n8k64 (selectors 0, 1), m16n8k128, .satfinite", [
        mma_sp(16, 64, "s32", "s4", "s4", "s32", 0), mma_sp(16, 64, "s32", "u4", "s4", "s32", 1, sat=True),
        mma_sp(16, 128, "s32", "s4", "u4", "s32", 0), mma_sp(16, 128, "s32", "u4", "u4", "s32", 0, sat=True)])
    K["sp_mma_m8n8k4"] = mma_kernel("sp_mma_m8n8k4", "mma.sync.aligned.m8n8k4 with f16 inputs: all four layouts, f16 and f32 accumulators", [
        m884("row", "col", "f32", "f32"), m884("row", "row", "f32", "f32"), m884("col", "col", "f32", "f32"),
        m884("col", "row", "f32", "f32"), m884("row", "col", "f16", "f16"), m884("col", "row", "f16", "f16")])
    K["sp_mma_m8n8k4_mix"] = mma_kernel("sp_mma_m8n8k4_mix", "mma.sync.aligned.m8n8k4 with f16 inputs, an f32 D and an f16 C (ptxas rejects an f16 D with an f32 C)", [
        m884("row", "col", "f32", "f16"), m884("col", "row", "f32", "f16")])
    K["sp_wgmma_f16"] = wgmma_kernel("sp_wgmma_f16", "wgmma.mma_async.sp with f16 inputs (m64nNk32), SS and RS, f32 and f16 accumulators", "f16", wg_variants("f16"))
    K["sp_wgmma_bf16"] = wgmma_kernel("sp_wgmma_bf16", "wgmma.mma_async.sp with bf16 inputs (m64nNk32), SS and RS", "bf16", wg_variants("bf16"))
    K["sp_wgmma_tf32"] = wgmma_kernel("sp_wgmma_tf32", "wgmma.mma_async.sp with tf32 inputs (m64nNk16), SS and RS", "tf32", wg_variants("tf32"))
    K["sp_wgmma_e4m3"] = wgmma_kernel("sp_wgmma_e4m3", "wgmma.mma_async.sp with fp8 inputs (m64nNk64), SS and RS, f32 and f16 accumulators", "e4m3", wg_variants("e4m3", "e5m2"))
    K["sp_wgmma_s8"] = wgmma_kernel("sp_wgmma_s8", "wgmma.mma_async.sp with 8-bit integer inputs (m64nNk64), SS and RS, .satfinite", "s8", wg_variants("s8"))
    return K


def main():
    for name, (cu, spec) in all_kernels().items():
        d = os.path.join(TD, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.cu"), "w") as f:
            f.write(cu)
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(spec)
        print(name)


if __name__ == "__main__":
    sys.exit(main())
