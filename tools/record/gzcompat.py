"""Read corpus files that may be stored gzipped (NAME.gz next to NAME).

The corpus keeps large files compressed (validation/testdata/README.md,
"Compressed files"), and so do the microbenchmarks (validation/microbench/
README.md, "Compressed files": tools/microbench/pack.py); a reader asked
for NAME reads NAME, else NAME.gz, as internal/gzfile does in Go. A plain
NAME wins over a stale NAME.gz. Standard library only (numpy is imported by
np_load alone), so tools/microbench/summarize.py can use it too.
"""
import gzip
import io
import json
import os


def resolve(path):
    """path when it exists, else path + '.gz' when that exists, else path."""
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        return path + ".gz"
    return path


def exists(path):
    return os.path.exists(path) or os.path.exists(path + ".gz")


def read_bytes(path):
    p = resolve(path)
    with open(p, "rb") as f:
        b = f.read()
    return gzip.decompress(b) if p.endswith(".gz") and p != path else b


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
    if os.path.exists(path + ".gz"):
        os.remove(path + ".gz")
    return path


def np_load(path):
    """np.load of path or path.gz."""
    import numpy as np
    return np.load(io.BytesIO(read_bytes(path)))


def remove_both(path):
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            os.remove(p)
