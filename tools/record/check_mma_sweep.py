#!/usr/bin/env python3
"""Checks a recorded wgmma sweep (validation/testdata/wg_*) on the machine that recorded it.

    python3 tools/record/check_mma_sweep.py FULL_DIR DIR...

FULL_DIR holds the whole outputs (record.py with RECORD_FULL_DIR). CTAs of a directory whose
cfg rows share N and seed ran the same logical A, B, C (gen_mma_sweep.py: twins differ in
smem layout, swizzle, majorness and SS/RS, never in imm-scale or satfinite) and must give the
same D bits: a difference means a layout formula of the generator is wrong, which would make
the recording test less than it claims. Also prints, per directory, the share of zero, NaN and
Inf outputs.
"""
import os
import sys

import numpy as np

import gzcompat


def main():
    full = sys.argv[1]
    bad = 0
    for d in sys.argv[2:]:
        name = os.path.basename(os.path.normpath(d))
        p = os.path.join(full, f"{name}.out.npy")
        if not os.path.exists(p):
            p = os.path.join(d, "gpu", "out.npy")
        if not gzcompat.exists(p):
            print(f"{name}: no full output")
            continue
        out = gzcompat.np_load(p)
        cfg = gzcompat.np_load(os.path.join(d, "cfg.npy"))
        groups = {}
        for r in cfg:
            groups.setdefault((int(r[1]), int(r[2])), []).append(r)
        twins = mism = 0
        for (n, seed), rows in groups.items():
            if len(rows) < 2:
                continue
            ref = out[rows[0][9]:rows[0][9] + 64 * n]
            for r in rows[1:]:
                twins += 1
                got = out[r[9]:r[9] + 64 * n]
                if not np.array_equal(ref, got):
                    mism += 1
                    if mism <= 6:
                        k = int(np.count_nonzero(ref != got))
                        print(f"  {name}: N={n} seed={seed}: variant {rows[0][10]} layout {rows[0][11]} vs variant "
                              f"{r[10]} layout {r[11]} (swz {r[3]}/{r[4]} alt {r[5]}/{r[6]}): {k} of {64 * n} differ")
        bad += mism
        if out.dtype == np.uint16:
            f = out.view(np.float16).astype(np.float32)
        elif "_s32" in name:
            f = None
        else:
            f = out.view(np.float32)
        stats = ""
        if f is not None:
            stats = (f" zero {np.mean(f == 0):.4f} nan {np.mean(np.isnan(f)):.4f} inf {np.mean(np.isinf(f)):.4f}"
                     f" distinct {len(np.unique(out))}")
        else:
            stats = f" zero {np.mean(out == 0):.4f} distinct {len(np.unique(out))}"
        print(f"{name}: {len(cfg)} CTAs, {out.size} outputs, twin pairs {twins}, differing {mism};{stats}")
    print("TWIN CHECK", "FAILED" if bad else "OK")


if __name__ == "__main__":
    main()
