#!/usr/bin/env python3
"""Checks recorded gemm_wgmma_* outputs against a float64 reference (numpy).

    python3 tools/record/check_gemm.py validation/testdata/gemm_wgmma_256 ...

Rebuilds A and B from the launch spec's seeded init (record.py's build_buffers), computes
C = A B^T in float64 and reports the largest absolute error of the GPU's f32 result (the full
output, or the sample of outputs stored as sha256 + sample). With K products of [-1, 1]
operands the f32 accumulation error should stay near K * 2^-24 * |partial sums|: errors above
1e-2 mean a wrong layout, not rounding. Exit status 1 if any directory fails.
"""
import json
import os
import sys

import numpy as np

import gzcompat

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402


def check(d):
    spec = record.load_spec(d)
    bufs = record.build_buffers(d, spec)
    a = bufs["a"].host.astype(np.float64)
    b = bufs["b"].host.astype(np.float64)
    M, N = a.shape[0], b.shape[0]
    g = os.path.join(d, "gpu")
    if gzcompat.exists(os.path.join(g, "c.npy")):
        c = gzcompat.np_load(os.path.join(g, "c.npy")).astype(np.float64).reshape(-1)
        idx = np.arange(M * N)
    else:
        meta = gzcompat.load_json(os.path.join(g, "c.meta.json"))
        c = gzcompat.np_load(os.path.join(g, "c.sample.npy")).astype(np.float64)
        idx = np.arange(meta["count"]) * meta["stride"]
    rows, cols = idx // N, idx % N
    ref = np.einsum("ik,ik->i", a[rows], b[cols]) if len(idx) < M * N else (a @ b.T).reshape(-1)
    err = np.abs(c - ref)
    worst = int(np.argmax(err))
    ok = bool(np.all(np.isfinite(c))) and float(err.max()) < 1e-2
    print(f"{os.path.basename(d)}: {len(idx)} elements checked, max |gpu - f64 ref| = {err.max():.3g} "
          f"at flat index {int(idx[worst])} (gpu {c[worst]!r}, ref {ref[worst]!r}), "
          f"max |ref| = {np.abs(ref).max():.3g}: {'OK' if ok else 'FAIL'}")
    return ok


def main():
    ok = True
    for d in sys.argv[1:]:
        try:
            ok = check(d.rstrip("/")) and ok
        except Exception as e:  # a missing recording is reported, not fatal for the others
            print(f"{d}: {type(e).__name__}: {e}")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
