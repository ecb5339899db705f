"""Read corpus files that may be stored gzipped (NAME.gz next to NAME),
linked (NAME.link) or bundled (DIR/bundle.tar.zlib).

The corpus keeps large files compressed (validation/testdata/README.md,
"Compressed files"), and so do the microbenchmarks (validation/microbench/
README.md, "Compressed files": tools/microbench/pack.py); a reader asked
for NAME reads NAME, else NAME.gz, as internal/gzfile does in Go. A plain
NAME wins over a stale NAME.gz. A file repeated across directories (a
microbenchmark family's kernel.cu / kernel.ptx) is stored once and the
others hold NAME.link: one line naming, relative to its own directory, the
file with the same contents (plain or .gz; a symbolic link would do, but the
device tool counts a link at its target's size). A microbenchmark directory
keeps all its files in one bundle, DIR/bundle.tar.zlib: a zlib stream (with
the preset dictionary bundle.dict of the folder above DIR) of a ustar
archive whose members are the files under their plain names ("launch.yaml",
"gpu/clk.npy", "kernel.ptx.link"); a reader that finds no loose NAME,
NAME.gz or NAME.link reads the member (internal/gzfile/bundle.go is the Go
twin). Standard library only (numpy is imported by np_load alone), so
tools/microbench/summarize.py can use it too.
"""
import gzip
import io
import json
import os
import tarfile
import zlib

BUNDLE = "bundle.tar.zlib"   # a directory's bundle
DICT = "bundle.dict"         # the preset dictionary, in the folder above the bundles' directories
BUNDLE_DEPTH = 2             # DIR/NAME and DIR/SUB/NAME are in DIR's bundle
MAX_LINKS = 8

_bundles = {}   # path -> ((size, mtime_ns), members)
_dicts = {}


def decode_bundle(raw, zdict=None):
    """The members (name -> bytes, in archive order) of a bundle's bytes."""
    d = zlib.decompressobj(zdict=zdict) if zdict is not None else zlib.decompressobj()
    plain = d.decompress(raw) + d.flush()
    if not d.eof or d.unused_data:
        raise ValueError("bundle: truncated or trailing data")
    out = {}
    with tarfile.open(fileobj=io.BytesIO(plain), mode="r:") as t:
        for m in t:
            n = m.name
            if not m.isreg() or not n or n.startswith("/") or os.path.normpath(n) != n or n.startswith(".."):
                raise ValueError(f"bundle member {n!r}: want a regular file with a clean relative name")
            if n in out:
                raise ValueError(f"bundle member {n!r}: twice")
            out[n] = t.extractfile(m).read()
    return out


def bundle_dict(path, raw):
    """The preset dictionary the zlib stream raw names (None when none)."""
    if len(raw) < 6 or not raw[1] & 0x20:
        return None
    dp = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(path))), DICT)
    if dp not in _dicts:
        with open(dp, "rb") as f:
            _dicts[dp] = f.read()
    d = _dicts[dp]
    if zlib.adler32(d).to_bytes(4, "big") != raw[2:6]:
        raise ValueError(f"{path}: made with another preset dictionary than {dp}")
    return d


def read_bundle(path):
    """The members of the bundle file path (name -> bytes)."""
    st = os.stat(path)
    key = (st.st_size, st.st_mtime_ns)
    hit = _bundles.get(path)
    if hit and hit[0] == key:
        return hit[1]
    with open(path, "rb") as f:
        raw = f.read()
    try:
        members = decode_bundle(raw, bundle_dict(path, raw))
    except (ValueError, zlib.error, tarfile.TarError) as e:
        raise ValueError(f"{path}: {e}") from e
    if len(_bundles) >= 32:
        _bundles.pop(next(iter(_bundles)))
    _bundles[path] = (key, members)
    return members


def from_bundle(path):
    """(bundle path, data, is_link) of the member standing for path in the
    nearest bundle at most BUNDLE_DEPTH folders up, or (None, None, False)."""
    d, rel = os.path.dirname(path), os.path.basename(path)
    for _ in range(BUNDLE_DEPTH):
        bp = os.path.join(d, BUNDLE)
        if os.path.isfile(bp):
            m = read_bundle(bp)
            if rel in m:
                return bp, m[rel], False
            if rel + ".link" in m:
                return bp, m[rel + ".link"], True
            return None, None, False   # the nearest bundle decides
        parent = os.path.dirname(d)
        if parent == d:
            break
        rel = os.path.basename(d) + "/" + rel
        d = parent
    return None, None, False


def _target(path, text):
    t = text.strip() if isinstance(text, str) else text.decode().strip()
    if not t or os.path.isabs(t):
        raise ValueError(f"{path}.link: want one relative path, found {t!r}")
    return os.path.normpath(os.path.join(os.path.dirname(path), t))


def link_target(path):
    """The file that path + '.link' names (it, or its other form, NAME or
    NAME.gz, when only that exists), or None when there is no such link; a link whose target is
    missing raises FileNotFoundError. Loose link files only (read_bytes also follows bundled ones)."""
    try:
        with open(path + ".link") as f:
            t = _target(path, f.read())
    except OSError:
        return None
    plain = t[:-3] if t.endswith(".gz") else t
    for c in (t, plain, plain + ".gz"):   # the target as named, or its other form
        if os.path.isfile(c):
            return c
    raise FileNotFoundError(f"{path}.link: {t} does not exist (nor its other form)")


def resolve(path):
    """The file that holds path's contents: path when it exists, else
    path + '.gz', else the file a loose path + '.link' names, else the
    bundle holding path (or its link), else path."""
    if os.path.exists(path):
        return path
    if os.path.exists(path + ".gz"):
        return path + ".gz"
    t = link_target(path)
    if t:
        return t
    bp, _, _ = from_bundle(path)
    return bp or path


def _read(path, depth):
    if os.path.exists(path):
        with open(path, "rb") as f:
            return f.read()
    if os.path.exists(path + ".gz"):
        with open(path + ".gz", "rb") as f:
            return gzip.decompress(f.read())
    if os.path.exists(path + ".link"):
        with open(path + ".link") as f:
            return _read_linked(path, _target(path, f.read()), depth)
    bp, data, is_link = from_bundle(path)
    if bp is None:
        raise FileNotFoundError(f"{path}: no such file (nor .gz, .link or bundled)")
    return _read_linked(path, _target(path, data), depth) if is_link else data


def _read_linked(path, t, depth):
    if depth >= MAX_LINKS:
        raise ValueError(f"{path}: too many link files in a row")
    if os.path.isfile(t):
        with open(t, "rb") as f:
            b = f.read()
        return gzip.decompress(b) if t.endswith(".gz") else b
    try:
        return _read(t[:-3] if t.endswith(".gz") else t, depth + 1)
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}.link: {t} does not exist (nor its other form)") from None


def exists(path):
    """Whether some form of path exists (a link's target included)."""
    if os.path.exists(path) or os.path.exists(path + ".gz"):
        return True
    try:
        _read(path, 0)
        return True
    except FileNotFoundError:
        return False


def read_bytes(path):
    """The contents of path, path.gz, what path.link names, or path's bundle member."""
    return _read(path, 0)


def materialize(path):
    """Writes path as a plain file when only path.gz, path.link or a bundle
    member stands for it, and removes the loose form, so that tools which
    read files directly (nvcc, cuobjdump) find it; pack.py /
    compress_corpus.sh store it again. Returns whether it wrote anything."""
    if os.path.lexists(path) or not exists(path):
        return False
    data = read_bytes(path)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    for p in (path + ".gz", path + ".link"):
        if os.path.lexists(p):
            os.remove(p)
    return True


def read_text(path):
    return read_bytes(path).decode()


def load_json(path):
    """json.load of path or path.gz."""
    return json.loads(read_bytes(path))


def compress(data):
    """gzip of data, a function of data alone (level 9, no name, mtime 0)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def write_like(path, data):
    """Stores data (bytes) as path, or as path.gz when the file is stored
    compressed now (path.gz there, path not), so rewriting a packed file
    keeps it packed; the other form is removed."""
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        with open(path + ".gz", "wb") as f:
            f.write(compress(data))
        return path + ".gz"
    with open(path, "wb") as f:
        f.write(data)
    for p in (path + ".gz", path + ".link"):
        if os.path.exists(p):
            os.remove(p)
    return path


def np_load(path):
    """np.load of path or path.gz."""
    import numpy as np
    return np.load(io.BytesIO(read_bytes(path)))


def remove_both(path):
    for p in (path, path + ".gz", path + ".link"):
        if os.path.exists(p):
            os.remove(p)


def list_dir(d):
    """The names a reader finds in d: its loose files (NAME.gz and NAME.link as NAME) and its bundle's members."""
    names = set()
    bp = os.path.join(d, BUNDLE)
    if os.path.isfile(bp):
        names.update(n[:-5] if n.endswith(".link") else n for n in read_bundle(bp))
    for top, dirs, files in os.walk(d):
        for f in files:
            rel = os.path.relpath(os.path.join(top, f), d).replace(os.sep, "/")
            if rel == BUNDLE or f.startswith("."):
                continue
            for sfx in (".gz", ".link"):
                if rel.endswith(sfx):
                    rel = rel[:-len(sfx)]
            names.add(rel)
    return sorted(names)


if __name__ == "__main__":
    # python3 tools/record/gzcompat.py cat PATH         the contents of PATH, PATH.gz, PATH.link or bundled PATH
    # python3 tools/record/gzcompat.py ls DIR...        the files a reader finds in DIR (loose or bundled)
    # python3 tools/record/gzcompat.py materialize PATH...   plain files for nvcc (device scripts)
    import sys
    if len(sys.argv) >= 3 and sys.argv[1] == "cat":
        for a in sys.argv[2:]:
            sys.stdout.buffer.write(read_bytes(a))
    elif len(sys.argv) >= 3 and sys.argv[1] == "ls":
        for a in sys.argv[2:]:
            for n in list_dir(a):
                print(os.path.join(a, n))
    elif len(sys.argv) >= 3 and sys.argv[1] == "materialize":
        for a in sys.argv[2:]:
            materialize(a)
    else:
        sys.exit("usage: gzcompat.py cat|ls|materialize PATH...")
