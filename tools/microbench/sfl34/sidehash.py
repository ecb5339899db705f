#!/usr/bin/env python3
"""Which L2 side answers each tlbc line (session 34, lane sfl; validation/timing/sfl34.md).

Reads the committed tlbc recordings (validation/microbench/tlbc_*, clock_runs[.h100].json: warm
launches, lines from L2; clock_ncu[.h100].json: ncu's flushed launches, lines from HBM) and
classifies each load of laps C, A and B as near or far (a latency cut between the two groups),
then asks which address bits decide the side:

  1. lap C (line k of 4 KiB block k, k = 1..31, from a page-aligned base): the best XOR of the
     bits of k (a Walsh-Hadamard transform over 5 bits); k_j is address bit 7+j and 12+j;
  2. tlbc_p16_s64k's laps A and B (64 KiB pages: address bits 16-19 = the page's index; lap B
     adds bits 15 and 7);
  3. laps A and B of the 2 MiB-page directories: whether line 0 and line 1 MiB + 128 of one page
     answer from the same side (address bits 20 and 7 differ), and the best XOR of the page
     index (virtual bits 21 and up; the pages' physical placement decides those).

Usage: python3 tools/microbench/sfl34/sidehash.py   (from the repository root; no device)
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'record'))
import gzcompat  # noqa: E402

MB = os.path.join('validation', 'microbench')


def read(d, name):
    return gzcompat.read_bytes(os.path.join(d, name)).decode()


def laps(lat, pages):
    n = 32 + 3 * pages
    ld = [(lat[k + 2] - lat[k + 1]) & 0xffffffff for k in range(n)]
    return ld[:32], ld[32:32 + pages], ld[32 + pages:32 + 2 * pages], ld[32 + 2 * pages:]


def params(d):
    y = read(d, 'launch.yaml')
    return int(re.findall(r'u32: (\d+)', y)[1]), int(re.findall(r'u64: (\d+)', y)[0])


def runs(d, which, suffix):
    name = '%s%s.json' % (which, suffix)
    if name not in gzcompat.list_dir(d):
        return None
    return [o['lat'] for o in json.loads(read(d, name))['outputs']]


def wht(v):
    v, h = list(v), 1
    while h < len(v):
        for i in range(0, len(v), 2 * h):
            for j in range(i, i + h):
                v[j], v[j + h] = v[j] + v[j + h], v[j] - v[j + h]
        h *= 2
    return v


def best_mask(sides, nbits):
    """sides: {index: 0/1}; the XOR mask of the index bits that agrees with most (and how many)."""
    v = [0] * (1 << nbits)
    for i, s in sides.items():
        v[i] = -1 if s else 1
    w = wht(v)
    t = max(range(1, len(w)), key=lambda t: abs(w[t]))
    return t, (len(sides) + abs(w[t])) // 2, len(sides)


def main():
    dirs = sorted(glob.glob(os.path.join(MB, 'tlbc_*')))
    print('1. lap C: side = XOR of the bits of k in mask (k_j: address bits 7+j and 12+j)')
    for d in dirs:
        pages, _ = params(d)
        for suffix, gpu in (('', 'H200'), ('.h100', 'H100')):
            for which in ('clock_runs', 'clock_ncu'):
                rs = runs(d, which, suffix)
                if not rs:
                    continue
                c = laps(rs[0], pages)[0]
                warm = which == 'clock_runs'
                if warm and pages > 64:
                    continue  # the warm launches of large P miss L2 too: not two clean groups
                cut = 400 if warm else 660
                sides = {k: int(c[k] > cut) for k in range(1, 31) if c[k] < 1000}
                m, agree, n = best_mask(sides, 5)
                print('  %-20s %s %-5s mask %s: %d of %d' % (os.path.basename(d), gpu,
                      'warm' if warm else 'cold', format(m, '05b')[::-1], agree, n))
    print('2. tlbc_p16_s64k, warm: lap A / lap B sides by page (bits 16-19 = page index)')
    d = os.path.join(MB, 'tlbc_p16_s64k')
    for suffix, gpu in (('', 'H200'), ('.h100', 'H100')):
        _, a, b, _ = laps(runs(d, 'clock_runs', suffix)[0], 16)
        sa = {i: int(a[i] > 550) for i in range(16)}
        sb = {i: int(b[i] > 550) for i in range(16)}
        ma, na, _ = best_mask(sa, 4)
        print('  %s A %s  B %s  A mask (bits 16..19) %s: %d of 16; A == B on %d of 16 pages' % (
            gpu, ''.join('NF'[sa[i]] for i in range(16)), ''.join('NF'[sb[i]] for i in range(16)),
            format(ma, '04b')[::-1], na, sum(sa[i] == sb[i] for i in range(16))))
    print('3. 2 MiB pages: line 0 (lap A) and line 1 MiB + 128 (lap B) of a page on one side;')
    print('   best XOR of the page index (virtual bits 21 and up)')
    for d in dirs:
        pages, ps = params(d)
        if ps != 2 << 20 or pages < 256:
            continue
        for suffix, gpu in (('', 'H200'), ('.h100', 'H100')):
            rs = runs(d, 'clock_runs', suffix)  # these launches miss L2: HBM near ~720, far ~900
            if not rs:
                continue
            _, a, b, _ = laps(rs[0], pages)
            ok = [i for i in range(1, pages) if a[i] < 1000 and b[i] < 1000]
            same = sum((a[i] > 800) == (b[i] > 800) for i in ok)
            m, agree, n = best_mask({i: int(a[i] > 800) for i in range(1, pages) if a[i] < 1000},
                                    (pages - 1).bit_length())
            print('  %-20s %s A == B on %d of %d pages; best page-index XOR %d of %d (%.0f%%)' % (
                os.path.basename(d), gpu, same, len(ok), agree, n, 100.0 * agree / n))


if __name__ == '__main__':
    main()
