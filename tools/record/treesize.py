#!/usr/bin/env python3
"""The size of the tracked tree as the device tool counts it.

The device tool (run: /work/.library/device/README.md, "Limits") carries the
working tree up to 64 MiB; it counts the tree as an uncompressed tar: each
file a 512-byte header plus its contents rounded up to 512 bytes (a symbolic
link at its target's size). Session 25's gpu lane found this rule by the
tool's refusal (validation/timing/gpu25.md); session 23 had assumed bytes
alone (slim23.md), so both are printed.

  python3 tools/record/treesize.py [--by N] [--untracked]

--by N sums by the first N path components (default 2) and prints the
largest parts; --untracked adds the untracked files git does not ignore
(they travel too). Standard library only.
"""
import argparse
import collections
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MIB = 1 << 20


def tar_size(n):
    """A file of n bytes in an uncompressed tar: header plus 512-byte blocks."""
    return 512 + (n + 511) // 512 * 512


def files(untracked=False):
    args = ["git", "-C", ROOT, "ls-files", "-z"]
    if untracked:
        args += ["--cached", "--others", "--exclude-standard"]
    out = subprocess.run(args, check=True, capture_output=True).stdout
    return sorted({f.decode() for f in out.split(b"\0") if f})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--by", type=int, default=2)
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--untracked", action="store_true")
    a = ap.parse_args()
    tot = raw = n = 0
    part = collections.defaultdict(lambda: [0, 0, 0])
    for f in files(a.untracked):
        try:
            s = os.stat(os.path.join(ROOT, f)).st_size   # follows a symbolic link, as the tool does
        except FileNotFoundError:
            continue   # deleted in the work tree
        t = tar_size(s)
        tot, raw, n = tot + t, raw + s, n + 1
        p = part["/".join(f.split("/")[:a.by])]
        p[0] += t
        p[1] += s
        p[2] += 1
    print(f"tree: {n} files, {tot / MIB:.2f} MiB as the tool counts it (tar blocks), "
          f"{raw / MIB:.2f} MiB of bytes; room under 64 MiB: {64 - tot / MIB:.2f} MiB")
    print(f"{'part':40s} {'tar MiB':>8s} {'bytes MiB':>9s} {'files':>6s}")
    for k, (t, s, c) in sorted(part.items(), key=lambda kv: -kv[1][0])[:a.top]:
        print(f"{k:40s} {t / MIB:8.2f} {s / MIB:9.2f} {c:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
