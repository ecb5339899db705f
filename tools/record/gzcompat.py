"""Read corpus files that may be stored gzipped (NAME.gz next to NAME).

The corpus keeps large files compressed (validation/testdata/README.md,
"Compressed files"), and so do the microbenchmarks (validation/microbench/
README.md, "Compressed files": tools/microbench/pack.py); a reader asked
for NAME reads NAME, else NAME.gz, as internal/gzfile does in Go. A plain
NAME wins over a stale NAME.gz. A file repeated across directories (a
microbenchmark family's kernel.cu / kernel.ptx) is stored once and the
others hold NAME.link: one line naming, relative to its own directory, the
file with the same contents (plain or .gz; a symbolic link would do, but the
device tool counts a link at its target's size). Standard library only (numpy is imported by
np_load alone), so tools/microbench/summarize.py can use it too.
"""
import gzip
import io
import json
import os


def link_target(path):
    """The file that path + '.link' names (it, or its other form, NAME or
    NAME.gz, when only that exists), or None when there is no such link; a link whose target is
    missing raises FileNotFoundError."""
    try:
        with open(path + ".link") as f:
            t = f.read().strip()
    except OSError:
        return None
    if not t or os.path.isabs(t):
        raise ValueError(f"{path}.link: want one relative path, found {t!r}")
    t = os.path.normpath(os.path.join(os.path.dirname(path), t))
    plain = t[:-3] if t.endswith(".gz") else t
    for c in (t, plain, plain + ".gz"):   # the target as named, or its other form
        if os.path.isfile(c):
            return c
    raise FileNotFoundError(f"{path}.link: {t} does not exist (nor its other form)")


def resolve(path):
    """path when it exists, else path + '.gz' when that exists, else the
    file path + '.link' names, else path."""
    if os.path.exists(path):
        return path
    if os.path.exists(path + ".gz"):
        return path + ".gz"
    return link_target(path) or path


def exists(path):
    try:
        return resolve(path) != path or os.path.exists(path)
    except FileNotFoundError:
        return False


def read_bytes(path):
    p = resolve(path)
    with open(p, "rb") as f:
        b = f.read()
    return gzip.decompress(b) if p.endswith(".gz") and p != path else b


def materialize(path):
    """Writes path as a plain file when only path.gz or path.link stands for
    it, and removes that form, so that tools which read files directly
    (nvcc, cuobjdump) find it; pack.py / compress_corpus.sh store it again.
    Returns whether it wrote anything."""
    if os.path.lexists(path) or not (os.path.exists(path + ".gz") or os.path.exists(path + ".link")):
        return False
    data = read_bytes(path)
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


if __name__ == "__main__":
    # python3 tools/record/gzcompat.py cat PATH         the contents of PATH, PATH.gz or PATH.link
    # python3 tools/record/gzcompat.py materialize PATH...   plain files for nvcc (device scripts)
    import sys
    if len(sys.argv) >= 3 and sys.argv[1] == "cat":
        for a in sys.argv[2:]:
            sys.stdout.buffer.write(read_bytes(a))
    elif len(sys.argv) >= 3 and sys.argv[1] == "materialize":
        for a in sys.argv[2:]:
            materialize(a)
    else:
        sys.exit("usage: gzcompat.py cat|materialize PATH...")
