#!/usr/bin/env python3
"""Compare the gpu/ outputs of two recordings of the same corpus directory.

  python3 tools/record/compare_outputs.py DIR_A DIR_B

Prints, per output, whether the two are bit-identical and the first differing
flat indices with both values. Used to check that recorded values (e.g. the
generic shared-memory addresses of smem_addrs) are stable across processes.
"""
import json
import os
import sys

import numpy as np

import gzcompat


def main(a, b):
    rc = 0
    for fn in sorted(os.listdir(os.path.join(a, "gpu"))):
        fn = fn[:-3] if fn.endswith(".npy.gz") else fn
        if not fn.endswith(".npy") or fn.endswith(".sample.npy"):
            continue
        x = gzcompat.np_load(os.path.join(a, "gpu", fn))
        y = gzcompat.np_load(os.path.join(b, "gpu", fn))
        xv = x.reshape(-1).view(np.uint8).reshape(x.size, -1)
        yv = y.reshape(-1).view(np.uint8).reshape(y.size, -1)
        diff = np.nonzero((xv != yv).any(axis=1))[0]
        print(f"{fn}: {'identical' if diff.size == 0 else f'{diff.size} elements differ'}")
        for i in diff[:8]:
            print(f"   [{i}] {x.reshape(-1)[i]:#x} vs {y.reshape(-1)[i]:#x}" if x.dtype.kind in "ui"
                  else f"   [{i}] {x.reshape(-1)[i]} vs {y.reshape(-1)[i]}")
        rc |= diff.size != 0
    for fn in sorted(os.listdir(os.path.join(a, "gpu"))):
        if fn.endswith((".meta.json", ".meta.json.gz")):   # stored gzipped or not
            fn = fn.removesuffix(".gz")
            ma = gzcompat.load_json(os.path.join(a, "gpu", fn))
            mb = gzcompat.load_json(os.path.join(b, "gpu", fn))
            same = ma["sha256"] == mb["sha256"]
            print(f"{fn}: {'identical' if same else 'sha256 differs'}")
            rc |= not same
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
