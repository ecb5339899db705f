#!/usr/bin/env python3
"""sgp29: print the per-warp stamps of JSONL launches (ncu_flushed_h200.jsonl, warm_h200.jsonl; lines of
{"dir", "outputs": {"clk": [...]}}): per launch pro, first, tm / te of the two stamping warps (4 and 8),
epi (as calibrate's deriveSGP), the fence drain, then every consumer warp's tm, te, tq (warps 4..11) from
tf (t0 for k0). The recorded sgp_* launches interleaved with the probes have the first 16 stamps only."""
import json
import sys

for ln in open(sys.argv[1]):
    r = json.loads(ln)
    c = r['outputs']['clk']
    t0 = c[2]
    base = c[5] if c[5] else t0
    s = '%-22s pro %4d first %5d tm %5d/%5d te %5d/%5d epi %5d' % (
        r['dir'], t0 - c[1], (c[5] - t0) if c[5] else 0, c[6] - base, c[7] - base, c[8] - base, c[9] - base,
        max(c[8], c[9]) - max(c[6], c[7]))
    s += ' drain %d' % (max(c[10], c[11]) - max(c[8], c[9]))
    if len(c) > 16:
        w = [c[16 + 4 * i:20 + 4 * i] for i in range(8)]
        for name, k in (('tm', 1), ('te', 2), ('tq', 3)):
            s += '\n    %s-base ' % name + ' '.join('%5d' % (x[k] - base) for x in w)
    print(s)
