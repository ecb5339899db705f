"""Read corpus files that may be stored gzipped (NAME.gz next to NAME).

The corpus keeps large files compressed (validation/testdata/README.md,
"Compressed files"); a reader asked for NAME reads NAME, else NAME.gz, as
internal/gzfile does in Go.
"""
import gzip
import io
import os

import numpy as np


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


def np_load(path):
    """np.load of path or path.gz."""
    return np.load(io.BytesIO(read_bytes(path)))


def remove_both(path):
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            os.remove(p)
