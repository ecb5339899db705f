#!/usr/bin/env python3
"""Stores each validation/microbench/*/ directory as one file, bundle.tar.zlib,
and each distinct kernel.cu / kernel.ptx once (dedup.py), so that the tracked
tree stays well under the device tool's 64 MiB (it counts every file at a
512-byte header plus its size rounded up to 512 bytes: the ~14,000 small
files of these directories counted 29 MiB for 17.5 MiB of bytes).

  python3 tools/microbench/pack.py              fold every directory's loose files into its bundle
  python3 tools/microbench/pack.py --check      change nothing; list what would change, check that
                                                every bundle decodes and every link resolves; exit 1
                                                if anything would change or is broken
  python3 tools/microbench/pack.py --unpack DIR...
                                                write DIR's files loose and plain (links copied,
                                                .gz unpacked) and remove its bundle: a device script
                                                that re-records DIR or runs nvcc on its kernel.cu
  python3 tools/microbench/pack.py --make-dict  write validation/microbench/bundle.dict (only while
                                                no bundle exists: every bundle names it)

Rule (validation/microbench/README.md, "Compressed files"): a benchmark
directory holds bundle.tar.zlib, a zlib stream (level 9, with the preset
dictionary validation/microbench/bundle.dict) of an uncompressed ustar archive
of the directory's files under their plain names, sorted, each mode 0644,
mtime 0, owner 0, no user or group names: "launch.yaml", "RECORDING_NOTE",
"clock_runs.json", "gpu/clk.npy", "kernel.cu.link", ... Every reader asked for
DIR/NAME reads DIR/NAME, else DIR/NAME.gz, else what DIR/NAME.link names, else
the bundle's member NAME, else the file its member NAME.link names
(internal/gzfile in Go, tools/record/gzcompat.py in Python), so a loose file
wins over a bundled one. This script folds loose files into the bundle (a
loose NAME.gz as NAME, gunzipped; a loose NAME, NAME.gz or NAME.link replaces
the bundle's NAME and NAME.link) and removes them; directories in the older
formats (loose plain, .gz and .link files, session 13-25) are converted the
same way. First the kernel.cu / kernel.ptx of every directory are deduplicated
(dedup.py: a link member naming a family source or the first directory holding
the same bytes). The output is a function of the contents (Python's zlib at
level 9): running it again changes nothing. Standard library only.
"""
import argparse
import gzip
import io
import os
import sys
import tarfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MB = os.path.join(ROOT, "validation", "microbench")
sys.path.insert(0, os.path.join(ROOT, "tools", "record"))
import gzcompat  # noqa: E402

BUNDLE = gzcompat.BUNDLE
DICT_PATH = os.path.join(MB, gzcompat.DICT)
GZ_KINDS = (".json", ".ptx", ".npy", ".cu", ".sass")   # NAME.gz of these is NAME gzipped (older formats)


# ---------------------------------------------------------------- the model
# A directory's contents: {member name: bytes}; a link file is the member
# NAME.link (one line, a path relative to the directory).

def loose_files(d):
    """The loose files of d (relative names, sorted), the bundle and hidden files excepted."""
    out = []
    for top, dirs, files in os.walk(d):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for f in sorted(files):
            p = os.path.join(top, f)
            rel = os.path.relpath(p, d).replace(os.sep, "/")
            if rel == BUNDLE or f.startswith("."):
                continue
            if os.path.islink(p):
                raise SystemExit(f"pack.py: {p}: a symbolic link (the device tool counts it at its "
                                 f"target's size); replace it by a copy or NAME.link")
            if rel.count("/") >= gzcompat.BUNDLE_DEPTH:
                raise SystemExit(f"pack.py: {p}: deeper than readers look for a bundle")
            out.append(rel)
    return out


def logical_name(rel):
    """(plain name, form) of a loose file: NAME.gz of a packed kind -> (NAME, 'gz')."""
    if rel.endswith(".gz") and rel[:-3].endswith(GZ_KINDS):
        return rel[:-3], "gz"
    if rel.endswith(".link"):
        return rel[:-5], "link"
    return rel, "plain"


def model(d):
    """(members, loose): d's contents as they will be bundled, and its loose files."""
    bp = os.path.join(d, BUNDLE)
    members = dict(gzcompat.read_bundle(bp)) if os.path.isfile(bp) else {}
    loose = loose_files(d)
    forms = {}   # plain name -> {form: rel}
    for rel in loose:
        n, form = logical_name(rel)
        forms.setdefault(n, {})[form] = rel
    for n, fs in sorted(forms.items()):
        members.pop(n, None)
        members.pop(n + ".link", None)
        # the reader's order: plain, else .gz, else .link
        if "plain" in fs:
            members[n] = read(d, fs["plain"])
        elif "gz" in fs:
            members[n] = gzip.decompress(read(d, fs["gz"]))
        else:
            t = read(d, fs["link"]).decode().strip()
            members[n + ".link"] = (norm_link(t) + "\n").encode()
    return members, loose


def read(d, rel):
    with open(os.path.join(d, rel), "rb") as f:
        return f.read()


def norm_link(t):
    """A link names the plain name of a file in another directory (its bundle member);
    '../d/kernel.ptx.gz' of the older formats is '../d/kernel.ptx'."""
    if t.startswith("../") and not t.startswith("../../") and t.endswith(".gz"):
        return t[:-3]
    return t


def link_contents(dname, name, models, depth=0):
    """The bytes that member name.link of directory dname stands for (models: every directory's)."""
    t = models[dname][name + ".link"].decode().strip()
    p = os.path.normpath(os.path.join(MB, dname, t))
    if p.startswith(MB + os.sep):
        other, _, member = os.path.relpath(p, MB).replace(os.sep, "/").partition("/")
        if member.endswith(".gz") and member[:-3].endswith(GZ_KINDS):
            member = member[:-3]
        if other in models and member and depth < gzcompat.MAX_LINKS:
            m = models[other]
            if member in m:
                return m[member]
            if member + ".link" in m:
                return link_contents(other, member, models, depth + 1)
        raise SystemExit(f"pack.py: {dname}/{name}.link: {t} does not exist")
    return gzcompat.read_bytes(p)   # a family source (tools/microbench/*.cu)


# ---------------------------------------------------------------- bundles

def encode(members, zdict):
    """The bundle bytes of members (deterministic: sorted, fixed metadata, zlib level 9)."""
    bio = io.BytesIO()
    with tarfile.open(fileobj=bio, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for n in sorted(members):
            b = members[n]
            ti = tarfile.TarInfo(n)
            ti.size, ti.mtime, ti.mode, ti.uid, ti.gid, ti.uname, ti.gname = len(b), 0, 0o644, 0, 0, "", ""
            t.addfile(ti, io.BytesIO(b))
    c = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, zdict) if zdict else \
        zlib.compressobj(9, zlib.DEFLATED, 15, 9)
    return c.compress(bio.getvalue()) + c.flush()


def write_atomic(path, data):
    tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def make_dict(models):
    """A preset dictionary from the recordings: for every member name most directories
    have (binary .npy left out), the median-sized one's first 3000 bytes, the commonest
    names last (nearest the data), at most 32 KiB (deflate's window)."""
    by = {}
    for dname in sorted(models):
        for n, b in models[dname].items():
            if not n.endswith(".npy"):
                by.setdefault(n, []).append((len(b), dname, b))
    common = sorted((n for n in by if len(by[n]) > 50), key=lambda n: (len(by[n]), n))
    parts = []
    for n in common:
        s = sorted(by[n])
        parts.append(s[len(s) // 2][2][:3000])
    return b"".join(parts)[-32768:]


def bench_dirs():
    return sorted(n for n in os.listdir(MB) if os.path.isdir(os.path.join(MB, n)) and not n.startswith("."))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when something would change")
    ap.add_argument("--unpack", action="store_true", help="write the named directories' files loose and plain")
    ap.add_argument("--make-dict", action="store_true", help="write bundle.dict (no bundle may exist)")
    ap.add_argument("dirs", nargs="*", help="with --unpack: the directories; else accepted and ignored "
                    "(every directory is packed: links cross directories)")
    a = ap.parse_args()
    names = bench_dirs()
    if a.unpack:
        if not a.dirs:
            ap.error("--unpack wants the directories to unpack")
        for d in a.dirs:
            d = d.rstrip("/")
            if not os.path.isdir(d):
                ap.error(f"{d}: not a directory")
            n = unpack(d)
            print(f"pack.py --unpack: {d}: {n} files written")
        return 0
    models, loose = {}, {}
    for n in names:
        models[n], loose[n] = model(os.path.join(MB, n))
    if a.make_dict:
        if any(os.path.isfile(os.path.join(MB, n, BUNDLE)) for n in names):
            sys.exit("pack.py --make-dict: bundles exist and name the present dictionary; "
                     "--unpack every directory first")
        write_atomic(DICT_PATH, make_dict(models))
        print(f"pack.py: wrote {os.path.relpath(DICT_PATH, ROOT)}")
        return 0
    if not os.path.isfile(DICT_PATH):
        sys.exit(f"pack.py: no {os.path.relpath(DICT_PATH, ROOT)}: run pack.py --make-dict first (once)")
    with open(DICT_PATH, "rb") as f:
        zdict = f.read()
    import dedup
    st = {"changes": []}
    dedup.dedup_models(models, link_contents, st)
    changes = st["changes"]
    problems = []
    written = 0
    for n in names:
        d = os.path.join(MB, n)
        bp = os.path.join(d, BUNDLE)
        m = models[n]
        for k in m:
            if k.endswith(".link"):
                try:
                    link_contents(n, k[:-5], models)
                except SystemExit as e:
                    problems.append(str(e))
        cur = None
        if os.path.isfile(bp):
            with open(bp, "rb") as f:
                raw = f.read()
            try:
                cur = gzcompat.decode_bundle(raw, gzcompat.bundle_dict(bp, raw))
            except Exception as e:   # a broken bundle or another dictionary: rewrite it
                problems.append(f"{os.path.relpath(bp, ROOT)}: {e}")
        if cur == m and not loose[n]:
            continue
        what = f"bundle {os.path.relpath(d, ROOT)}"
        if loose[n]:
            what += f" (folds {len(loose[n])} loose files)"
        changes.append(what)
        if a.check:
            continue
        raw = encode(m, zdict)
        if gzcompat.decode_bundle(raw, zdict) != m:   # what readers will see, before the loose files go
            sys.exit(f"pack.py: {bp}: the bundle does not read back as written")
        write_atomic(bp, raw)
        written += 1
        for rel in loose[n]:
            os.remove(os.path.join(d, rel))
        for top, dirs, files in os.walk(d, topdown=False):
            if top != d and not os.listdir(top):
                os.rmdir(top)
    if a.check:
        for c in changes:
            print(c)
        for p in problems:
            print("problem:", p)
        print(f"pack.py --check: {len(changes)} changes, {len(problems)} problems")
        return 1 if changes or problems else 0
    for p in problems:
        print("pack.py: rewrote after:", p)
    print(f"pack.py: {written} bundles written, {len(changes)} changes")
    return 0


def unpack(d):
    """Writes d's files loose: bundle members and loose .gz / .link forms as plain files
    (a link's target copied), then removes the bundle."""
    bp = os.path.join(d, BUNDLE)
    members = gzcompat.read_bundle(bp) if os.path.isfile(bp) else {}
    names = {n[:-5] if n.endswith(".link") else n for n in members}
    for rel in loose_files(d):
        names.add(logical_name(rel)[0])
    n = 0
    for name in sorted(names):
        p = os.path.join(d, name)
        data = gzcompat.read_bytes(p)   # the reader's rule: loose forms first
        os.makedirs(os.path.dirname(p), exist_ok=True)
        write_atomic(p, data)
        for q in (p + ".gz", p + ".link"):
            if os.path.lexists(q):
                os.remove(q)
        n += 1
    if os.path.isfile(bp):
        os.remove(bp)
    return n


if __name__ == "__main__":
    sys.exit(main())
