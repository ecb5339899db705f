#!/usr/bin/env python3
"""analyse.py runs.jsonl.gz: per (mode, ctas, warps, U) the median over reps of the per-CTA median rate.
rate = bytes moved by a CTA (read + write for copies, read for loads, write for stores) / its clk span."""
import gzip, json, sys, statistics as st, collections
PER = 4 << 20
MODES = {0: 'copy', 1: 'loads', 2: 'stores', 3: 'copy_l2dst'}
rows = collections.defaultdict(list)
for ln in gzip.open(sys.argv[1], 'rt'):
    r = json.loads(ln)
    m, c, w, u = r['mode'], r['ctas'], r['warps'], r['u']
    mult = 2 if m in (0, 3) else 1
    per = st.median(mult * PER / (b - a) for a, b in r['clk'])
    t0 = min(a for a, _ in r['gt']); t1 = max(b for _, b in r['gt'])
    tot = mult * PER * c / (t1 - t0)  # bytes per ns
    rows[(m, c, w, u)].append((per, tot))
print('mode        ctas warps  U  req_inflight_KiB  B/cyc/SM (reps)            total GB/s')
for k in sorted(rows):
    m, c, w, u = k
    v = rows[k]
    print(f'{MODES[m]:11s} {c:4d} {w:5d} {u:2d} {w*u*512/1024:8.0f}        {st.median(x for x, _ in v):7.2f} ({" ".join(f"{x:.2f}" for x, _ in v)})   {st.median(t for _, t in v):7.0f}')
