#!/usr/bin/env python3
"""Stores each distinct kernel.cu / kernel.ptx of validation/microbench/*/ once.

A kernel.cu equal to a family source tools/microbench/<f>.cu becomes the link
kernel.cu.link naming ../../../tools/microbench/<f>.cu; any other kernel.cu or
kernel.ptx repeated across directories stays a file in the first directory
(sorted by name) that holds those bytes, and the others get NAME.link naming
it (../<first>/kernel.ptx). A link file is one line of text, a path relative
to its own directory; every reader asked for NAME reads NAME, else NAME.gz,
else what NAME.link names, else the directory's bundle (internal/gzfile,
tools/record/gzcompat.py; validation/microbench/README.md, "Compressed
files"). Not symbolic links: the device tool counts a link at its target's
size (session 23). It works on pack.py's model of every directory (the
bundle's members with the loose files folded in), so it runs inside pack.py,
before the bundles are written; the output is a function of the contents, so
a second run changes nothing. Run alone, it runs pack.py."""
import hashlib
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
NAMES = ("kernel.cu", "kernel.ptx")


def families():
    """sha256 -> link target (relative to a benchmark directory) of every family source."""
    out = {}
    for f in sorted(os.listdir(TOOLS)):
        if f.endswith(".cu"):
            with open(os.path.join(TOOLS, f), "rb") as fh:
                out[hashlib.sha256(fh.read()).hexdigest()] = "../../../tools/microbench/" + f
    return out


def dedup_models(models, link_contents, st):
    """Links every repeated kernel.cu / kernel.ptx of models (directory name ->
    {member: bytes}, changed in place) to a family source or its first copy.
    link_contents(dir, name, models) is what dir's name.link stands for."""
    fam = families()
    for fn in NAMES:
        data = {}
        for d in sorted(models):   # read everything before changing anything
            m = models[d]
            if fn in m:
                data[d] = m[fn]
            elif fn + ".link" in m:
                data[d] = link_contents(d, fn, models)
        first = {}
        nlink = 0
        for d, b in data.items():
            m = models[d]
            h = hashlib.sha256(b).hexdigest()
            if fn == "kernel.cu" and h in fam:
                target = fam[h]
            elif h not in first:
                first[h] = d
                if fn in m and fn + ".link" not in m:
                    continue
                st["changes"].append(f"store {d}/{fn} (was a link)")
                m.pop(fn + ".link", None)
                m[fn] = b
                continue
            else:
                target = f"../{first[h]}/{fn}"
            nlink += 1
            new = (target + "\n").encode()
            if m.get(fn + ".link") == new and fn not in m:
                continue
            st["changes"].append(f"link {d}/{fn}.link -> {target}")
            m.pop(fn, None)
            m[fn + ".link"] = new
        print(f"dedup.py: {fn}: {len(first)} stored, {nlink} links")
    return st


if __name__ == "__main__":
    import pack
    sys.exit(pack.main())
