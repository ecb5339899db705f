#!/usr/bin/env python3
"""l2rr30: print the probe's ncu table (h200/ncu_rr.csv) and the evidence launches' counters (h200/ncu_ev.csv).
Launch order of ncu_rr.csv (device30_l2rr.sh: `l2rr 1 1`): wr 0 share 0 (F 16..160 MiB asked, 12 points), wr 0 share 1
(12), wr 1 share 0 (F <= 96: 10), wr 1 share 1 (10); the footprint read is bytes_per_chunk x chunks, bytes_per_chunk =
F / chunks rounded down to 64 KiB, so it is taken from the counters: share 0 reads 2F (two passes), share 1 4F
(two CTAs a chunk)."""
import csv, collections, os, sys
here = os.path.dirname(os.path.abspath(__file__))
def load(fn):
    rows = [r for r in csv.reader(open(fn)) if r]
    hi = [i for i, r in enumerate(rows) if 'Metric Name' in r][0]
    h = rows[hi]; ki, mi, vi, ni = h.index('ID'), h.index('Metric Name'), h.index('Metric Value'), h.index('Kernel Name')
    d = collections.OrderedDict()
    for r in rows[hi + 1:]:
        d.setdefault((int(r[ki]), r[ni]), {})[r[mi]] = float(r[vi].replace(',', ''))
    return list(d.items())
g = sys.argv[1] if len(sys.argv) > 1 else 'h200'
rr = load(os.path.join(here, g, 'ncu_rr.csv'))
fs = [16, 24, 32, 40, 48, 56, 64, 72, 80, 96, 128, 160]
pts = [(0, 0, f) for f in fs] + [(0, 1, f) for f in fs] + [(1, 0, f) for f in fs if f <= 96] + [(1, 1, f) for f in fs if f <= 96]
print('wr share F_MiB  lookups_M  hit_M  miss_M  pass1_hit%  dram_rd_MB dram_wr_MB  cycles  MHz  GB/s(rd+wr)')
for (wr, sh, f), (_, m) in zip(pts, rr):
    rd = m['lts__t_sectors_srcunit_tex.sum'] - m['lts__t_sectors_srcunit_tex_op_write.sum']
    fsec = (rd / 2) if sh == 0 else None  # share 0: two passes of F
    if sh == 1:
        fsec = rd / 4 if wr == 0 else None  # two CTAs, two passes: 4F lookups
    fm = fsec * 32 / 2**20 if fsec else float('nan')
    hit = m['lts__t_sectors_srcunit_tex_lookup_hit.sum']
    p1 = 100 * hit / fsec if (fsec and wr == 0 and sh == 0) else float('nan')
    cyc, hz = m['sm__cycles_elapsed.max'], m['sm__cycles_elapsed.avg.per_second']
    bw = (m['dram__bytes_read.sum'] + m['dram__bytes_write.sum']) / (cyc / hz) / 1e9
    print(f'{wr} {sh} {fm:7.2f} {m["lts__t_sectors_srcunit_tex.sum"]/1e6:8.3f} {hit/1e6:7.3f} {m["lts__t_sectors_srcunit_tex_lookup_miss.sum"]/1e6:7.3f}'
          f' {p1:8.1f} {m["dram__bytes_read.sum"]/1e6:9.1f} {m["dram__bytes_write.sum"]/1e6:9.1f} {cyc:8.0f} {hz/1e6:5.0f} {bw:7.0f}')
print()
for (_, k), m in load(os.path.join(here, g, 'ncu_ev.csv')):
    print(k, {n.replace('lts__t_sectors_srcunit_', ''): m[n] for n in sorted(m)})
