#!/usr/bin/env python3
"""Stores the microbenchmark recordings gzipped, and each distinct kernel.cu /
kernel.ptx once (dedup.py), so that the tracked tree stays under the device
tool's 64 MiB (it counts the files' bytes, a symbolic link at its target's
size).

  python3 tools/microbench/pack.py              pack and dedup every validation/microbench/*/
  python3 tools/microbench/pack.py DIR...       pack these benchmark directories only
  python3 tools/microbench/pack.py --check      list what would change, exit 1 if anything
  python3 tools/microbench/pack.py --unpack DIR...
                                                gunzip DIR's packed files back to plain and
                                                copy what its NAME.link files name (a device
                                                script that re-records DIR, or runs nvcc)

Rule (validation/microbench/README.md, "Compressed files"): in a benchmark
directory and its gpu/ folder, every regular file named *.json, *.ptx, *.npy
or kernel.cu is stored as NAME.gz when its gzip is smaller than the file
(until session 23: when it took fewer 512-byte blocks). launch.yaml, the marker files (SIM_SKIP, RECORDING_NOTE, ...)
and the top-level files of validation/microbench stay plain. Every reader
asked for NAME reads NAME, else NAME.gz, else what NAME.link names
(internal/gzfile in Go, tools/record/gzcompat.py in Python); a plain NAME
wins over a stale NAME.gz, and this script replaces the stale NAME.gz by the
plain file's packing (or removes it when the plain file stays plain). First
dedup.py turns repeated kernel.cu / kernel.ptx into NAME.link files. The gzip
is deterministic (level 9, no name, mtime 0: gzcompat.compress), so running
it again changes nothing. Standard library only.
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
NAMED = ("kernel.cu",)   # packed too, by name


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
            if (f.endswith(KINDS) or f in NAMED) and not os.path.islink(p) and os.path.isfile(p):
                out.append(p)
    return out


def packs(raw):
    """The gzip of raw when the rule stores it packed, else None."""
    gz = gzcompat.compress(raw)
    return gz if len(gz) < len(raw) else None


def store(p, raw):
    """Writes raw as p or p.gz by the rule (dedup.py's first copies)."""
    gz = packs(raw)
    write_atomic(p + ".gz" if gz else p, gz or raw)


def store_name(p, raw):
    return os.path.basename(p) + (".gz" if packs(raw) else "")


def pack_dir(d, dry, st):
    for p in candidates(d):
        with open(p, "rb") as f:
            raw = f.read()
        gz = packs(raw)
        stale = os.path.lexists(p + ".gz")
        if gz:
            st["packed"] += 1
            st["saved"] += len(raw) - len(gz)
            if stale:
                st["saved"] += os.path.getsize(p + ".gz")   # the stale copy goes
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
            if f.endswith(".link") and gzcompat.materialize(p[:-5]):
                st["changes"].append(f"copy {os.path.relpath(p, ROOT)}")
                continue
            if not f.endswith(tuple(k + ".gz" for k in KINDS + NAMED)) or os.path.islink(p):
                continue
            plain = p[:-3]
            if not os.path.lexists(plain):
                write_atomic(plain, gzip.decompress(open(p, "rb").read()))
            os.remove(p)
            st["changes"].append(f"unpack {os.path.relpath(p, ROOT)}")


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
        # links may point into any benchmark directory: dedup them all, first
        # (a symbolic link left by an older dedup.py dangles once its target is packed)
        import dedup
        dedup.dedup(a.check, st)
        for d in dirs:
            pack_dir(d, a.check, st)
    if a.check:
        for c in st["changes"]:
            print(c)
        print(f"pack.py --check: {len(st['changes'])} changes ({st['packed']} files to pack, "
              f"{st['saved']} bytes to save)")
        return 1 if st["changes"] else 0
    print(f"pack.py: {st['packed']} files packed, {len(st['changes'])} changes, {st['saved']} bytes saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
