#!/usr/bin/env python3
"""Replaces duplicate kernel.cu / kernel.ptx (.gz) files in validation/microbench/*/
by relative symbolic links, so a family's sources are stored once in the
working tree: a kernel.cu equal to a family source tools/microbench/<f>.cu
links to it; other repeated files link to the first directory (sorted by
name) holding the same bytes. Standard library only; run after gen.py / a
device recording."""
import hashlib
import os

MB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench")


TOOLS = os.path.dirname(os.path.abspath(__file__))


def families():
    """sha256 -> relative link target of every family source."""
    out = {}
    for f in sorted(os.listdir(TOOLS)):
        if f.endswith(".cu"):
            with open(os.path.join(TOOLS, f), "rb") as fh:
                out[hashlib.sha256(fh.read()).hexdigest()] = os.path.join("..", "..", "..", "tools", "microbench", f)
    return out


def main():
    fam = families()
    for fn in ("kernel.cu", "kernel.ptx", "kernel.ptx.gz"):
        first = {}
        n = 0
        for d in sorted(os.listdir(MB)):
            p = os.path.join(MB, d, fn)
            if not os.path.isfile(p):
                continue
            with open(p, "rb") as f:
                h = hashlib.sha256(f.read()).hexdigest()
            if fn == "kernel.cu" and h in fam:
                if os.readlink(p) != fam[h] if os.path.islink(p) else True:
                    os.remove(p)
                    os.symlink(fam[h], p)
                    n += 1
                continue
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
