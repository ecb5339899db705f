#!/usr/bin/env python3
"""Compile a few Triton kernels for the GPU present and write their PTX
(tools/ptxmutants/device.sh): OUTDIR/<kernel>_<config>.ptx."""
import os, sys, torch, triton, triton.language as tl

out = sys.argv[1]

@triton.jit
def add_k(x, y, z, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    tl.store(z + o, tl.load(x + o, mask=m) + tl.load(y + o, mask=m), mask=m)

@triton.jit
def softmax_k(x, y, stride, n, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(x + r * stride + c, mask=c < n, other=-float('inf'))
    v = v - tl.max(v, 0)
    e = tl.exp(v)
    tl.store(y + r * stride + c, e / tl.sum(e, 0), mask=c < n)

@triton.jit
def layernorm_k(x, y, w, b, stride, n, eps, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < n
    v = tl.load(x + r * stride + c, mask=m, other=0.).to(tl.float32)
    mean = tl.sum(v, 0) / n
    d = tl.where(m, v - mean, 0.)
    var = tl.sum(d * d, 0) / n
    o = d * tl.rsqrt(var + eps) * tl.load(w + c, mask=m) + tl.load(b + c, mask=m)
    tl.store(y + r * stride + c, o.to(y.dtype.element_ty), mask=m)

@triton.jit
def matmul_k(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
             BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(a + rm[:, None] * sam + (k + rk)[None, :] * sak)
        y = tl.load(b + (k + rk)[:, None] * sbk + rn[None, :] * sbn)
        acc += tl.dot(x, y)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(c.dtype.element_ty))

@triton.jit
def atomic_k(x, out, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + o, mask=o < n, other=0)
    tl.atomic_add(out, tl.sum(v, 0))
    tl.atomic_max(out + 1, tl.max(v, 0))

@triton.jit
def scan_k(x, y, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y + o, tl.cumsum(tl.load(x + o), 0))

@triton.jit
def math_k(x, y, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    v = tl.load(x + o, mask=m)
    r = tl.sqrt(tl.abs(v)) + tl.sin(v) * tl.cos(v) + tl.log(tl.abs(v) + 1) + tl.exp2(v) + tl.floor(v)
    tl.store(y + o, tl.where(v > 0, r, -r).to(y.dtype.element_ty), mask=m)

def save(name, k):
    open(os.path.join(out, name + '.ptx'), 'w').write(k.asm['ptx'])

def tryrun(name, f):
    try:
        save(name, f())
    except Exception as e:
        print('triton', name, 'failed:', repr(e)[:200], flush=True)

dev = 'cuda'
for dt in (torch.float32, torch.float16, torch.bfloat16):
    dn = str(dt).split('.')[-1]
    n = 5000
    x = torch.randn(n, device=dev, dtype=dt); y = torch.randn(n, device=dev, dtype=dt); z = torch.empty_like(x)
    for B, w in ((128, 1), (1024, 4), (4096, 8)):
        tryrun(f'add_{dn}_{B}_{w}', lambda: add_k[(triton.cdiv(n, B),)](x, y, z, n, BLOCK=B, num_warps=w))
        tryrun(f'math_{dn}_{B}_{w}', lambda: math_k[(triton.cdiv(n, B),)](x, z, n, BLOCK=B, num_warps=w))
    X = torch.randn(64, 1000, device=dev, dtype=dt); Y = torch.empty_like(X)
    for w in (2, 4, 8):
        tryrun(f'softmax_{dn}_{w}', lambda: softmax_k[(64,)](X, Y, X.stride(0), 1000, BLOCK=1024, num_warps=w))
        W = torch.randn(1000, device=dev, dtype=dt); Bb = torch.randn(1000, device=dev, dtype=dt)
        tryrun(f'layernorm_{dn}_{w}', lambda: layernorm_k[(64,)](X, Y, W, Bb, X.stride(0), 1000, 1e-5, BLOCK=1024, num_warps=w))
for dt in (torch.float16, torch.bfloat16, torch.float32, torch.float8_e4m3fn, torch.int8):
    dn = str(dt).split('.')[-1]
    M = N = K = 256
    if dt.is_floating_point:
        A = torch.randn(M, K, device=dev).to(dt); Bm = torch.randn(K, N, device=dev).to(dt)
    else:
        A = torch.randint(-4, 4, (M, K), device=dev, dtype=dt); Bm = torch.randint(-4, 4, (K, N), device=dev, dtype=dt)
    C = torch.empty(M, N, device=dev, dtype=torch.float32 if dt != torch.int8 else torch.int32)
    if dt == torch.float8_e4m3fn: Bm = Bm.T.contiguous().T
    for BM, BN, BK, w, s in ((64, 64, 32, 4, 2), (128, 128, 64, 8, 3), (128, 256, 64, 8, 4), (64, 128, 64, 4, 4)):
        tryrun(f'matmul_{dn}_{BM}x{BN}x{BK}_w{w}s{s}', lambda: matmul_k[(M // BM, N // BN)](A, Bm, C, M, N, K, A.stride(0), A.stride(1), Bm.stride(0), Bm.stride(1), C.stride(0), C.stride(1), BM=BM, BN=BN, BK=BK, num_warps=w, num_stages=s))
for dt in (torch.float32, torch.int32):
    dn = str(dt).split('.')[-1]
    x = (torch.randn(4096, device=dev) * 10).to(dt); o = torch.zeros(2, device=dev, dtype=dt)
    for B in (256, 1024):
        tryrun(f'atomic_{dn}_{B}', lambda: atomic_k[(4096 // B,)](x, o, 4096, BLOCK=B))
        tryrun(f'scan_{dn}_{B}', lambda: scan_k[(4096 // B,)](x, o.new_empty(4096), BLOCK=B))
torch.cuda.synchronize()
