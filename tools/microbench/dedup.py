#!/usr/bin/env python3
"""Replaces duplicate kernel.cu / kernel.ptx files in validation/microbench/*/
by relative symbolic links to the first directory (sorted by name) holding
the same bytes, so a family's sources are stored once in the working tree.
Standard library only; run after gen.py / a device recording."""
import hashlib
import os

MB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench")


def main():
    for fn in ("kernel.cu", "kernel.ptx"):
        first = {}
        n = 0
        for d in sorted(os.listdir(MB)):
            p = os.path.join(MB, d, fn)
            if not os.path.isfile(p):
                continue
            with open(p, "rb") as f:
                h = hashlib.sha256(f.read()).hexdigest()
            if h not in first:
                if os.path.islink(p):   # keep a real file as the first copy
                    data = open(p, "rb").read()
                    os.remove(p)
                    open(p, "wb").write(data)
                first[h] = d
                continue
            os.remove(p)
            os.symlink(os.path.join("..", first[h], fn), p)
            n += 1
        print(f"{fn}: {len(first)} distinct, {n} links")


if __name__ == "__main__":
    main()
