#!/usr/bin/env python3
"""Stores each distinct kernel.cu / kernel.ptx of validation/microbench/*/ once.

A kernel.cu equal to a family source tools/microbench/<f>.cu becomes the link
file kernel.cu.link naming ../../../tools/microbench/<f>.cu; any other
kernel.cu or kernel.ptx repeated across directories stays a file (packed by
pack.py's rule: kernel.cu.gz, kernel.ptx.gz) in the first directory (sorted by
name) that holds those bytes, and the others get NAME.link naming it
(../<first>/kernel.ptx.gz). A link file is one line of text, a path relative
to its own directory; every reader asked for NAME reads NAME, else NAME.gz,
else what NAME.link names (internal/gzfile, tools/record/gzcompat.py;
validation/microbench/README.md, "Compressed files"). Not symbolic links: the
device tool counts a link at its target's size, and the ~1,700 links counted
10 MiB of the tree again (session 23). Symbolic links and plain or packed
duplicates left by an older dedup.py, a generator or a device recording are
converted; the output is a function of the contents, so a second run changes
nothing. Standard library only. Run by pack.py before it packs (the one
command after adding or re-recording directories: python3
tools/microbench/pack.py); run alone it links without packing the rest."""
import hashlib
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(TOOLS, "..", ".."))
MB = os.path.join(ROOT, "validation", "microbench")
sys.path.insert(0, os.path.join(ROOT, "tools", "record"))
import gzcompat  # noqa: E402

NAMES = ("kernel.cu", "kernel.ptx")


def families():
    """sha256 -> link target (relative to a benchmark directory) of every family source."""
    out = {}
    for f in sorted(os.listdir(TOOLS)):
        if f.endswith(".cu"):
            with open(os.path.join(TOOLS, f), "rb") as fh:
                out[hashlib.sha256(fh.read()).hexdigest()] = "../../../tools/microbench/" + f
    return out


def forms(p):
    """The files (or symbolic links) that stand for p now."""
    return [q for q in (p, p + ".gz", p + ".link") if os.path.lexists(q)]


def set_link(p, target, dry, st):
    """Makes p.link (naming target) the only form of p."""
    cur = None
    if os.path.isfile(p + ".link") and not os.path.islink(p + ".link"):
        with open(p + ".link") as f:
            cur = f.read()
    if cur == target + "\n" and forms(p) == [p + ".link"]:
        return
    st["changes"].append(f"link {os.path.relpath(p, ROOT)}.link -> {target}")
    if dry:
        return
    for q in forms(p):
        os.remove(q)
    with open(p + ".link", "w") as f:
        f.write(target + "\n")


def set_file(p, data, dry, st, store):
    """Makes p a stored file (plain or packed by store's rule) holding data."""
    fs = forms(p)
    if not any(os.path.islink(q) or q.endswith(".link") for q in fs):
        return   # a regular file (pack.py packs it or not)
    st["changes"].append(f"store {os.path.relpath(p, ROOT)} (was a link)")
    if dry:
        return
    for q in fs:
        os.remove(q)
    store(p, data)


def dedup(dry=False, st=None):
    """Links every repeated kernel.cu / kernel.ptx to its first copy, named as
    pack.py's rule stores it (kernel.ptx.gz when packing saves a block; a
    first copy still plain is packed by pack.py after this)."""
    import pack
    st = st if st is not None else {"changes": []}
    fam = families()
    dirs = [d for d in sorted(os.listdir(MB)) if os.path.isdir(os.path.join(MB, d))]
    for fn in NAMES:
        data = {}
        for d in dirs:   # read everything before changing anything
            p = os.path.join(MB, d, fn)
            if gzcompat.exists(p):
                data[d] = gzcompat.read_bytes(p)
        first = {}
        nlink = 0
        for d, b in data.items():
            p = os.path.join(MB, d, fn)
            h = hashlib.sha256(b).hexdigest()
            if fn == "kernel.cu" and h in fam:
                set_link(p, fam[h], dry, st)
                nlink += 1
            elif h not in first:
                first[h] = d
                set_file(p, b, dry, st, pack.store)
            else:
                set_link(p, f"../{first[h]}/{pack.store_name(p, b)}", dry, st)
                nlink += 1
        print(f"dedup.py: {fn}: {len(first)} stored, {nlink} links")
    return st


if __name__ == "__main__":
    s = dedup()
    print(f"dedup.py: {len(s['changes'])} changes")
