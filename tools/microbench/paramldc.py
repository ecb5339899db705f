#!/usr/bin/env python3
"""Parameter reloads before compares in loops: PTX shape against ptxas's SASS (helper ldc, session 15).

Input: a directory of SASS listings (cuobjdump -sass of `ptxas -arch=sm_90a` of every distinct
kernel.ptx under validation/microbench and validation/testdata, named by the first 16 hex digits of
the PTX's sha1; map.json: hash -> directories), made on the device by
.devbuild/ldc/sass.sh (script text in validation/timing/paramldc.md).

For every entry function with a loop, per kernel parameter:
  sass  = the (U)LDC of c[0x0][param] inside a SASS loop whose next or second-next instruction is an
          ISETP of that register against a constant or RZ and one of the three instructions after that ISETP
          a BRA on its predicate (the first BRA there) (a reload right before a compare-and-branch);
  ptx   = the PTX compares that paramremat.go's second shape (branchCompares) marks, recomputed here from
          the PTX text: a setp of the parameter's ld.param register with one integer constant, the next
          branch (within three instructions) on its predicate, inside a natural loop that holds another
          loop and not the ld.param, and no earlier compare of the same register in the same straight
          stretch (the Go test TestParamLDCMarksMatchSASS checks the Go rule itself, both shapes);
  inner = such compares in an innermost loop (ptxas hoists them: no reload).
Writes sim/sm/testdata/paramldc_sass.json.gz (the SASS counts and lines the Go test reads) and prints
the table for validation/timing/paramldc.md.

Usage: python3 tools/microbench/paramldc.py --collect OUTDIR   (the distinct PTX as OUTDIR/ptx.tar.xz + map.json,
           for tools/microbench/device15_paramldc.sh, which the device runs with OUTDIR carried)
       python3 tools/microbench/paramldc.py SASSDIR [--write]   (SASSDIR: the unpacked sass.tar.xz it returns)
"""
import collections, gzip, hashlib, json, os, re, sys

IMM = re.compile(r'^-?(0x)?[0-9a-fA-F]+$')
LINE = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')


def parse_sass(path):
    funcs, cur = {}, None
    for l in open(path):
        m = re.match(r'\s*Function : (\S+)', l)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = LINE.search(l)
        if m and cur is not None:
            txt = m.group(2)
            pred = None
            pm = re.match(r'(@!?U?P[T0-9])\s+(.*)', txt)
            if pm:
                pred, txt = pm.group(1), pm.group(2)
            parts = txt.split(None, 1)
            ops = [o.strip() for o in parts[1].split(',')] if len(parts) > 1 else []
            cur.append(dict(a=int(m.group(1), 16), pred=pred, op=parts[0], ops=ops, txt=(pred + ' ' if pred else '') + txt))
    return funcs


def sass_loops(ins):
    out = []
    for x in ins:
        if x['op'].startswith('BRA') and x['ops']:
            try:
                t = int(x['ops'][-1], 16)
            except ValueError:
                continue
            if t <= x['a']:
                out.append((t, x['a']))
    return out


def sass_reloads(ins):
    """offset -> [lines]: in-loop (U)LDC of a parameter right before an ISETP of it against a constant."""
    L = sass_loops(ins)
    res = collections.defaultdict(list)
    for i, y in enumerate(ins):
        if not (y['op'] in ('LDC', 'ULDC') and len(y['ops']) > 1 and any(t <= y['a'] <= b for t, b in L)):
            continue
        m = re.match(r'c\[0x0\]\[(0x[0-9a-f]+)\]$', y['ops'][1])
        if not m or int(m.group(1), 16) < 0x210:
            continue
        r = y['ops'][0]
        for k in range(i + 1, min(i + 3, len(ins) - 1)):
            z = ins[k]
            br = next((w for w in ins[k + 1:k + 4] if w['op'].startswith('BRA')), ins[k + 1])
            if z['op'].startswith(('ISETP', 'UISETP')) and len(z['ops']) > 3:
                a, b = z['ops'][2], z['ops'][3]
                if not ((a == r and (IMM.match(b) or b in ('RZ', 'URZ'))) or (b == r and (IMM.match(a) or a in ('RZ', 'URZ')))):
                    continue
                if br['op'].startswith('BRA') and br['pred'] and br['pred'].lstrip('@!') == z['ops'][0]:
                    res[int(m.group(1), 16)].append('%04x %s ; %04x %s ; %04x %s' % (y['a'], y['txt'], z['a'], z['txt'], br['a'], br['txt']))
                break
    return res


def ptx_entries(txt):
    for m in re.finditer(r'\.entry\s+(\w+)\s*\((.*?)\)\s*(?:\.\w+[^{]*)?\{', txt, re.S):
        name, params, off = m.group(1), [], 0x210
        for p in m.group(2).split(','):
            mm = re.match(r'\.param\s+(?:\.align\s+(\d+)\s+)?\.(\w+)\s+(\w+)(?:\[(\d+)\])?', p.strip())
            if not mm:
                continue
            al, ty, pn, cnt = mm.groups()
            sz = int(re.sub(r'\D', '', ty) or 8) // 8
            size, a = (sz * int(cnt), int(al or sz)) if cnt else (sz, int(al or sz))
            off = (off + a - 1) // a * a
            params.append((pn, off))
            off += size
        i, depth, j = m.end(), 1, m.end()
        while depth and j < len(txt):
            depth += {'{': 1, '}': -1}.get(txt[j], 0)
            j += 1
        ins, labels = [], {}
        for line in txt[i:j - 1].split('\n'):
            line = re.sub(r'//.*', '', line).strip()
            for st in line.split(';'):
                st = st.strip().strip('{}').strip()
                if not st or st.startswith(('.reg', '.shared', '.local', '.pragma', '.loc', '.file')):
                    continue
                lm = re.match(r'(\$?\w+):\s*(.*)', st)
                if lm:
                    labels[lm.group(1)] = len(ins)
                    st = lm.group(2).strip()
                    if not st:
                        continue
                g = None
                gm = re.match(r'@(!?%\w+)\s+(.*)', st)
                if gm:
                    g, st = gm.group(1), gm.group(2)
                parts = st.split(None, 1)
                ops = [o.strip() for o in re.split(r',(?![^\[]*\])', parts[1])] if len(parts) > 1 else []
                ins.append(dict(op=parts[0], g=g, ops=ops, txt=st))
        yield name, params, ins, labels


def natural_loops(ins, labels):
    """[(top, body set)] of the backward branches whose target dominates them (paramremat.go's
    branchCompares: the instructions reaching the branch without passing its target; none may
    reach the entry), leaving out an mbarrier wait's one-instruction retry loop."""
    n = len(ins)
    preds = [[] for _ in range(n)]
    for p, x in enumerate(ins):
        falls = True
        if x['op'].startswith('bra'):
            t = labels.get(x['ops'][0], -1)
            if t >= 0:
                preds[t].append(p)
            falls = bool(x['g'])
        elif x['op'].startswith(('ret', 'exit', 'trap')):
            falls = bool(x['g'])
        if falls and p + 1 < n:
            preds[p + 1].append(p)
    out = []
    for b, x in enumerate(ins):
        if not x['op'].startswith('bra'):
            continue
        t = labels.get(x['ops'][0], -1)
        if t < 0 or t > b:
            continue
        if b - t <= 1 and b > 0 and ins[b - 1]['op'].startswith('mbarrier.t'):
            continue  # try_wait / test_wait retry loop
        body, st, real = {t}, [b], True
        while st and real:
            p = st.pop()
            if p in body:
                continue
            body.add(p)
            if p == 0:
                real = False
            st.extend(preds[p])
        if real:
            out.append((t, body))
    return out


def ptx_marks(params, ins, labels):
    """param name -> [marked, inner-loop] compare counts (see the module doc)."""
    L = natural_loops(ins, labels)
    names = {p for p, _ in params}
    pdef = {}
    for pc, x in enumerate(ins):
        if x['op'].startswith('ld.param') and len(x['ops']) > 1:
            pm = re.match(r'\[(\w+)(?:\+(\d+))?\]', x['ops'][1])
            if pm and pm.group(1) in names and not pm.group(2):
                pdef[x['ops'][0]] = (pm.group(1), pc)
    lab = set(labels.values())
    out = collections.defaultdict(lambda: [0, 0])
    for pc, x in enumerate(ins):
        if not x['op'].startswith('setp') or x['g']:
            continue
        srcs = x['ops'][1:]
        pr = [o for o in srcs if o in pdef]
        if len(srcs) != 2 or len(pr) != 1 or not any(IMM.match(o) for o in srcs):
            continue
        br = next((k for k in range(pc + 1, min(pc + 4, len(ins))) if ins[k]['op'].startswith('bra')), None)
        if br is None or not ins[br]['g'] or ins[br]['g'].lstrip('!') != x['ops'][0]:
            continue
        pn, d = pdef[pr[0]]
        enc = [l for l in L if pc in l[1] and d not in l[1]]
        if not enc:
            continue
        inner = min(enc, key=lambda l: len(l[1]))
        if not any(len(l[1]) < len(inner[1]) and l[0] in inner[1] for l in L):
            out[pn][1] += 1
            continue
        first = True
        for j in range(pc - 1, -1, -1):
            if j not in inner[1] or j + 1 in lab:
                break
            if ins[j]['op'].startswith('setp') and pr[0] in ins[j]['ops'][1:]:
                first = False
                break
        if first:
            out[pn][0] += 1
    return out


def collect(out):
    import io, tarfile
    m = {}
    os.makedirs(out, exist_ok=True)
    with tarfile.open(os.path.join(out, 'ptx.tar.xz'), 'w:xz') as tf:
        for base in ('validation/microbench', 'validation/testdata'):
            for d in sorted(os.listdir(base)):
                p = os.path.join(base, d, 'kernel.ptx')
                if os.path.exists(p):
                    b = open(p, 'rb').read()
                elif os.path.exists(p + '.gz'):
                    b = gzip.open(p + '.gz').read()
                else:
                    continue
                h = hashlib.sha1(b).hexdigest()[:16]
                if h not in m:
                    ti = tarfile.TarInfo('ptx/%s.ptx' % h)
                    ti.size = len(b)
                    tf.addfile(ti, io.BytesIO(b))
                m.setdefault(h, []).append(os.path.join(base, d))
    json.dump(m, open(os.path.join(out, 'map.json'), 'w'), indent=0)


def main():
    if sys.argv[1] == '--collect':
        return collect(sys.argv[2])
    sdir = sys.argv[1]
    write = '--write' in sys.argv
    m = json.load(open(os.path.join(sdir, 'map.json')))
    rows, kernels = [], []
    for h, dirs in sorted(m.items(), key=lambda kv: kv[1][0]):
        rep = sorted(dirs)[0]
        p = rep + '/kernel.ptx'
        txt = open(p).read() if os.path.exists(p) else gzip.open(p + '.gz', 'rt').read()
        assert hashlib.sha1(txt.encode()).hexdigest()[:16] == h, rep
        sass = parse_sass(os.path.join(sdir, h + '.sass'))
        for name, params, ins, labels in ptx_entries(txt):
            if name not in sass:
                continue
            rel = sass_reloads(sass[name])
            pm = ptx_marks(params, ins, labels)
            if any(x['op'].startswith('bra') and 0 <= labels.get(x['ops'][0], -1) <= pc for pc, x in enumerate(ins)):
                kernels.append(dict(dir=rep, entry=name, dirs=len(dirs),
                                    sass={pn: len(rel[off]) for pn, off in params if rel.get(off)},
                                    lines={pn: rel[off] for pn, off in params if rel.get(off)}))
            byoff = {off: pn for pn, off in params}
            for pn, off in params:
                s, (k, inner) = rel.get(off, []), pm.get(pn, (0, 0))
                if s or k or inner:
                    rows.append(dict(dir=rep, dirs=len(dirs), entry=name, param=pn, offset=hex(off),
                                     sass=len(s), ptx=k, inner=inner, lines=s))
    agree = sum(r['sass'] == r['ptx'] for r in rows)
    print('| directory (sharing the PTX) | entry | param | c[0x0] | SASS reloads before a compare | PTX marks | innermost-loop compares (no mark) |')
    print('|---|---|---|---|---|---|---|')
    for r in rows:
        flag = '' if r['sass'] == r['ptx'] else ' **differs**'
        print('| %s (%d) | %s | %s | %s | %d | %d%s | %d |' % (r['dir'].split('/')[-1], r['dirs'], r['entry'][:32],
              r['param'][-10:], r['offset'], r['sass'], r['ptx'], flag, r['inner']))
    print('\n%d (entry, parameter) rows, %d agree; %d kernels' % (len(rows), agree, len({(r["dir"], r["entry"]) for r in rows})),
          file=sys.stderr)
    if write:
        with gzip.open('sim/sm/testdata/paramldc_sass.json.gz', 'wt') as f:
            json.dump(kernels, f, indent=0)


if __name__ == '__main__':
    main()
