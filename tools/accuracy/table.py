#!/usr/bin/env python3
"""table.py LOGDIR [--update ACCURACY.md --label "session N end"]

Reads the logs of tools/accuracy/run.sh (TestTimingAccuracyTable -v output), prints the evidence rows by
group, and with --update rewrites the four group tables of accuracy.md: each row's previous error moves
to the comparison column (renamed LABEL), the per-group summary lines and the summary table follow.
Rows are in validation/timing/split.yaml order; a launch run in another group's process (gemm_wgmma_4096
runs once, as a sizes launch) is repeated in every group that lists it."""
import glob, os, re, sys, yaml

ROW = re.compile(r'^(\w+)\s+(\S+)\s+(\d+x\d+x\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([+-]\d+\.\d)%\s+(\d+\.\d)\s*$')
SMP = re.compile(r'sampled: (\d+) of (\d+) CTAs timed; every CTA timed \(--no-sample\) (\d+) cycles, error ([+-]\d+\.\d)%, sampled - unsampled ([+-]\d+\.\d+)%')

def parse(logdir):
    rows, smp = {}, {}
    for p in sorted(glob.glob(os.path.join(logdir, '*.log'))):
        last = None
        for ln in open(p, errors='replace'):
            ln = ln.rstrip('\n')
            s = ln.strip()
            if s.startswith('--- ') or s.startswith('=== '):
                continue
            m = ROW.match(s)
            if m:
                part, k = m.group(1), m.group(2)
                rows[k] = dict(grid=m.group(3), mn=int(m.group(4)), med=int(m.group(5)), mx=int(m.group(6)),
                               mhz=int(m.group(7)), sim=int(m.group(8)), err=float(m.group(9)), wall=float(m.group(10)))
                last = k
                continue
            m = SMP.search(s)
            if m and last:
                smp[last] = dict(timed=int(m.group(1)), total=int(m.group(2)), full=int(m.group(3)),
                                 ferr=float(m.group(4)), diff=float(m.group(5)))
    return rows, smp

def groups(split):
    ev = yaml.safe_load(open(split))['evidence']
    return {p: [d.rstrip('/').split('/')[-1] for d in ev[p]] for p in ev}

SECTIONS = {'## Part 1': 'part1', '## Part 2': 'part2', '## Captured kernels': 'captured', '## Sizes': 'sizes'}
SUMNAME = {'part1': 'part 1', 'part2': 'part 2', 'captured': 'captured', 'sizes': 'sizes'}

def stats(names, rows):
    errs = [rows[n]['err'] for n in names if n in rows]
    within = sum(abs(e) <= 10.0 for e in errs)
    mean = sum(abs(e) for e in errs) / len(errs) if errs else float('nan')
    return len(names), len(errs), within, mean

def update(path, rows, smp, g, label):
    lines = open(path).read().split('\n')
    out, sec, i = [], None, 0
    oldsum = {}
    while i < len(lines):
        ln = lines[i]
        for h, p in SECTIONS.items():
            if ln.startswith(h):
                sec = p
        if ln.startswith('## ') and not any(ln.startswith(h) for h in SECTIONS):
            sec = None
        if sec and ln.startswith('| kernel | grid |'):
            cols = [c.strip() for c in ln.strip('|').split('|')]
            cols[6] = label
            out.append('| ' + ' | '.join(cols) + ' |')
            out.append(lines[i + 1])
            i += 2
            old = {}
            while i < len(lines) and lines[i].startswith('|'):
                c = [x.strip() for x in lines[i].strip('|').split('|')]
                old[c[0]] = c[5]
                i += 1
            for n in g[sec]:
                r = rows.get(n)
                if r is None:
                    out.append(f'| {n} | - | - | - | not run | - | {old.get(n, "-")} | - |')
                    continue
                out.append(f"| {n} | {r['grid']} | {r['mn']} / {r['med']} / {r['mx']} | {r['mhz']} | {r['sim']} | "
                           f"{r['err']:+.1f}% | {old.get(n, '-')} | {r['wall']:.1f} |")
            continue
        if sec and re.match(r'^\d+ launches, \d+ simulated', ln):
            n, s, w, m = stats(g[sec], rows)
            out.append(f'{n} launches, {s} simulated, {w} within 10%, mean |error| {m:.1f}%.')
            i += 1
            continue
        if sec and ln.startswith('| kernel | CTAs timed |'):
            out.append(ln)
            out.append(lines[i + 1])
            i += 2
            while i < len(lines) and lines[i].startswith('|'):
                i += 1
            for n in g[sec]:
                if n in smp and n in rows:
                    s = smp[n]
                    out.append(f"| {n} | {s['timed']} of {s['total']} | {rows[n]['sim']} | {s['full']} | {s['ferr']:+.1f}% | {s['diff']:+.2f}% |")
            continue
        if ln.startswith('| group | launches | within 10% |'):
            cols = [c.strip() for c in ln.strip('|').split('|')]
            cols[4] = label
            out.append('| ' + ' | '.join(cols) + ' |')
            out.append(lines[i + 1])
            i += 2
            while i < len(lines) and lines[i].startswith('|'):
                c = [x.strip() for x in lines[i].strip('|').split('|')]
                oldsum[c[0]] = f'{c[2]}, {c[3]}'
                i += 1
            for p in ['part1', 'part2', 'captured', 'sizes']:
                n, s, w, m = stats(g[p], rows)
                nm = SUMNAME[p]
                key = next((k for k in oldsum if k.startswith(nm)), nm)
                out.append(f'| {key} | {n} | {w} | {m:.1f}% | {oldsum.get(key, "-")} |')
            continue
        out.append(ln)
        i += 1
    open(path, 'w').write('\n'.join(out))

def main():
    a = sys.argv[1:]
    logdir = a[0]
    here = os.path.dirname(os.path.abspath(__file__))
    g = groups(os.path.join(here, '..', '..', 'validation', 'timing', 'split.yaml'))
    rows, smp = parse(logdir)
    for p in ['part1', 'part2', 'captured', 'sizes']:
        n, s, w, m = stats(g[p], rows)
        print(f'== {p}: {n} launches, {s} simulated, {w} within 10%, mean |error| {m:.1f}%')
        for k in g[p]:
            r = rows.get(k)
            print(f"  {k:44s} " + (f"{r['med']:>9d} {r['sim']:>9d} {r['err']:+6.1f}%" if r else 'not run'))
    distinct = sorted({k for p in g if p != 'part1' for k in g[p]})  # issue 14's launches
    errs = [rows[k]['err'] for k in distinct if k in rows]
    print(f'distinct (part 2, captured, sizes): {len(distinct)} launches, {len(errs)} simulated, {sum(abs(e) <= 10 for e in errs)} within 10%, '
          f'mean |error| {sum(map(abs, errs)) / max(1, len(errs)):.1f}%')
    print('outside 10%: ' + ', '.join(f"{k} {rows[k]['err']:+.1f}" for k in distinct if k in rows and abs(rows[k]['err']) > 10))
    if '--update' in a:
        update(a[a.index('--update') + 1], rows, smp, g, a[a.index('--label') + 1])

if __name__ == '__main__':
    main()
