#!/usr/bin/env python3
"""Stores the microbenchmark recordings gzipped so that the tracked tree stays
under the device tool's 64 MiB (it measures the tree as an uncompressed tar:
a 512-byte header per file and every file padded to 512 bytes).

  python3 tools/microbench/pack.py              pack every validation/microbench/*/
  python3 tools/microbench/pack.py DIR...       pack these benchmark directories only
  python3 tools/microbench/pack.py --check      list what would change, exit 1 if anything
  python3 tools/microbench/pack.py --unpack DIR...
                                                gunzip DIR's packed files back to plain
                                                (a device script that re-records DIR)

Rule (validation/microbench/README.md, "Compressed files"): in a benchmark
directory and its gpu/ folder, every regular file named *.json, *.ptx or *.npy
is stored as NAME.gz when its gzip takes fewer 512-byte tar blocks than the
file. launch.yaml, kernel.cu, the marker files (SIM_SKIP, RECORDING_NOTE, ...)
and the top-level files of validation/microbench stay plain. Every reader
asked for NAME reads NAME, else NAME.gz (internal/gzfile in Go,
tools/record/gzcompat.py in Python); a plain NAME wins over a stale NAME.gz,
and this script replaces the stale NAME.gz by the plain file's packing (or
removes it when the plain file stays plain). A symbolic link NAME ->
../d/NAME (tools/microbench/dedup.py) whose target got packed becomes
NAME.gz -> ../d/NAME.gz. The gzip is deterministic (level 9, no name, mtime
0: gzcompat.compress), so running it again changes nothing. Standard library
only.
"""
import argparse
import gzip
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MB = os.path.join(ROOT, "validation", "microbench")
sys.path.insert(0, os.path.join(ROOT, "tools", "record"))
import gzcompat  # noqa: E402

KINDS = (".json", ".ptx", ".npy")
BLOCK = 512


def blocks(n):
    return (n + BLOCK - 1) // BLOCK


def tar_bytes(n):
    """What a file of n bytes costs in an uncompressed tar (header + data)."""
    return BLOCK * (1 + blocks(n))


def write_atomic(path, data):
    tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def candidates(d):
    """Regular (not linked) files of the packed kinds in d and its sub-folders, sorted."""
    out = []
    for top, dirs, files in os.walk(d):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(top, f)
            if f.endswith(KINDS) and not os.path.islink(p) and os.path.isfile(p):
                out.append(p)
    return out


def pack_dir(d, dry, st):
    for p in candidates(d):
        with open(p, "rb") as f:
            raw = f.read()
        gz = gzcompat.compress(raw)
        stale = os.path.lexists(p + ".gz")
        if raw and blocks(len(gz)) < blocks(len(raw)):
            st["packed"] += 1
            st["saved"] += tar_bytes(len(raw)) - tar_bytes(len(gz))
            if stale:
                with open(p + ".gz", "rb") as f:
                    st["saved"] += tar_bytes(len(f.read()))   # the stale copy goes
            st["changes"].append(f"pack {os.path.relpath(p, ROOT)}")
            if not dry:
                write_atomic(p + ".gz", gz)
                os.remove(p)
        elif stale:
            st["changes"].append(f"remove stale {os.path.relpath(p, ROOT)}.gz (the plain file stays)")
            if not dry:
                os.remove(p + ".gz")


def unpack_dir(d, st):
    for top, dirs, files in os.walk(d):
        for f in sorted(files):
            p = os.path.join(top, f)
            if not f.endswith(tuple(k + ".gz" for k in KINDS)) or os.path.islink(p):
                continue
            plain = p[:-3]
            if not os.path.lexists(plain):
                write_atomic(plain, gzip.decompress(open(p, "rb").read()))
            os.remove(p)
            st["changes"].append(f"unpack {os.path.relpath(p, ROOT)}")


def fix_links(dirs, dry, st):
    """Re-points links whose target changed form (NAME <-> NAME.gz)."""
    for d in dirs:
        for top, sub, files in os.walk(d):
            for f in sorted(files):
                p = os.path.join(top, f)
                if not os.path.islink(p) or os.path.exists(p):
                    continue   # not a link, or its target is there
                t = os.readlink(p)
                at = os.path.join(top, t)
                if f.endswith(KINDS) and os.path.exists(at + ".gz"):
                    new, nt = p + ".gz", t + ".gz"
                elif f.endswith(".gz") and f[:-3].endswith(KINDS) and os.path.exists(at[:-3]):
                    new, nt = p[:-3], t[:-3]
                else:
                    print(f"pack.py: warning: dangling link {os.path.relpath(p, ROOT)} -> {t}", file=sys.stderr)
                    continue
                st["changes"].append(f"link {os.path.relpath(new, ROOT)} -> {nt}")
                if not dry:
                    os.remove(p)
                    os.symlink(nt, new)


def bench_dirs():
    return [os.path.join(MB, n) for n in sorted(os.listdir(MB)) if os.path.isdir(os.path.join(MB, n))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when something would change")
    ap.add_argument("--unpack", action="store_true", help="gunzip the named directories' packed files")
    ap.add_argument("dirs", nargs="*", help="benchmark directories (default: every validation/microbench/*/)")
    a = ap.parse_args()
    dirs = [d.rstrip("/") for d in a.dirs] or bench_dirs()
    for d in dirs:
        if not os.path.isdir(d):
            ap.error(f"{d}: not a directory")
    st = {"packed": 0, "saved": 0, "changes": []}
    if a.unpack:
        if not a.dirs:
            ap.error("--unpack wants the directories to unpack")
        for d in dirs:
            unpack_dir(d, st)
    else:
        for d in dirs:
            pack_dir(d, a.check, st)
    # links may point into any benchmark directory: check them all
    fix_links(sorted(set(bench_dirs()) | set(os.path.abspath(d) for d in dirs)), a.check, st)
    if a.check:
        for c in st["changes"]:
            print(c)
        print(f"pack.py --check: {len(st['changes'])} changes ({st['packed']} files to pack, "
              f"{st['saved']} tar bytes to save)")
        return 1 if st["changes"] else 0
    print(f"pack.py: {st['packed']} files packed, {len(st['changes'])} changes, {st['saved']} tar bytes saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
