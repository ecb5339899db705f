#!/usr/bin/env python3
"""match.py BLOCKS.tsv SASSDIR [-v]: per kernel function (SASSDIR/<dir>.sass, cuobjdump -sass of
ptxas -arch=sm_90a of the directory's kernel.ptx; run.sh makes them): the PTX's guarded short forward blocks holding memory
instructions (ptxscan.py's blocks.tsv) against ptxas's SASS (cuobjdump of
ptxas 13.0 -arch=sm_90a, the device call of session 34): predicated memory
instructions, and forward conditional BRAs over short ranges holding them."""
import re, sys, os, collections
INST = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?);")
MEM = {'STG': 'st.global', 'STS': 'st.shared', 'LDS': 'ld.shared', 'LDG': 'ld.global', 'ATOMG': 'atom', 'ATOMS': 'atom',
       'ATOM': 'atom', 'RED': 'red', 'REDG': 'red', 'LDC': 'ld.param', 'SYNCS': 'mbarrier', 'UBLKCP': 'cp.async.bulk',
       'UTMALDG': 'cp.async.bulk', 'UTMASTG': 'cp.async.bulk', 'UBLKRED': 'cp.async.bulk', 'UTMAREDG': 'cp.async.bulk', 'ST': 'st.generic', 'LD': 'ld.generic'}
def sass_funcs(path):
    fs = {}; cur = None
    for ln in open(path, errors='replace'):
        if 'Function :' in ln:
            cur = ln.split('Function :')[1].strip(); fs[cur] = []; continue
        m = INST.match(ln)
        if m and cur is not None: fs[cur].append((int(m.group(1), 16), m.group(2).strip()))
    return fs
def opk(text):
    t = re.sub(r'^@!?U?P\w+\s+', '', text); op = t.split()[0]
    base = op.split('.')[0]
    return base, op
def guard(text):
    m = re.match(r'^@(!?)(U?P[0-6T])\s', text); return m.group(2) if m else None
def sass_stats(ins):
    conv = collections.Counter(); kept = collections.Counter()
    addr = {a: i for i, (a, _) in enumerate(ins)}
    skipped = set()
    for i, (a, t) in enumerate(ins):
        b, op = opk(t)
        if b == 'BRA' and guard(t) and guard(t) != 'PT':
            m = re.search(r'BRA\s+(?:`\(\.L_x_\d+\)|)?\s*(0x[0-9a-f]+)', t)
            if not m: continue
            tgt = int(m.group(1), 16)
            if tgt > a and tgt in addr and addr[tgt] - i - 1 <= 12:
                ks = set()
                for j in range(i + 1, addr[tgt]):
                    bb, _ = opk(ins[j][1]); skipped.add(j)
                    if bb in MEM and not guard(ins[j][1]): ks.add(MEM[bb])
                for k in ks: kept[k] += 1
    for i, (a, t) in enumerate(ins):
        b, op = opk(t)
        g = guard(t)
        if b in MEM and g and g.startswith('P') and g != 'PT' and i not in skipped:
            if b == 'SYNCS' and 'PHASECHK' in op: continue
            conv[MEM[b]] += 1
    return conv, kept
def cls(ops):
    mem = [o for o in ops if re.match(r'(st|ld|atom|red|mbarrier|cp)\.', o)]
    ar = [o for o in ops if o not in mem]
    key = None
    if any(o.startswith('bra') or o.startswith('setp') for o in ops): return 'control inside', mem
    if len(mem) > 1: return 'several memory ops', mem
    m = mem[0]
    if m.startswith('st.global'):
        if not ar: return 'lone st.global', mem
        if any(o.startswith('ld.param') for o in ops): return 'ld.param + st.global', mem
        return 'arith + st.global', mem
    if m.startswith('ld.param'): return 'other', mem
    for p, n in (('st.shared', 'st.shared'), ('ld.shared', 'ld.shared'), ('ld.global', 'ld.global'), ('atom', 'atom'), ('red', 'red'),
                 ('mbarrier.arrive', 'mbarrier.arrive'), ('mbarrier.init', 'mbarrier.init'), ('cp.', 'cp.async(.bulk)')):
        if m.startswith(p): return (('' if not ar else 'arith + ') + n), mem
    return 'other', mem
def memkind(m):
    for p, k in (('st.global', 'st.global'), ('st.shared', 'st.shared'), ('ld.shared', 'ld.shared'), ('ld.global', 'ld.global'),
                 ('atom', 'atom'), ('red', 'red'), ('mbarrier', 'mbarrier'), ('cp.async.bulk', 'cp.async.bulk'), ('ld.param', 'ld.param'), ('st.', 'st.generic'), ('ld.', 'ld.generic')):
        if m.startswith(p): return k
    return m
blocks = collections.defaultdict(list)
for ln in open(sys.argv[1]):
    p, h, fn, n, nref, body = ln.rstrip('\n').split('\t')
    ops = [re.sub(r'^@!?%\w+\s+', '', x).split()[0] for x in body.split(' ; ')]
    if not any(re.match(r'(st|ld|atom|red|mbarrier|cp)\.', o) for o in ops): continue
    blocks[(os.path.basename(p), fn)].append((cls(ops), ops, body))
bylen = collections.defaultdict(collections.Counter)
res = collections.defaultdict(lambda: collections.Counter()); ex = collections.defaultdict(list)
for (k, fn), bl in sorted(blocks.items()):
    sp = os.path.join(sys.argv[2], f'{k}.sass')
    if not os.path.exists(sp): continue
    fs = sass_funcs(sp)
    if fn not in fs: continue
    conv, kept = sass_stats(fs[fn])
    classes = set(c[0][0] for c in bl)
    # per memory kind: PTX guarded blocks of that kind
    need = collections.Counter()
    for (c, mem), ops, body in bl:
        for m in set(memkind(x) for x in mem): need[m] += 1
    for (c, mem), ops, body in bl:
        ks = set(memkind(x) for x in mem)
        if len(classes) != 1: c2 = c + ' [mixed fn]'
        else: c2 = c
        # verdict for this block's kind in this function
        v = []
        for m in ks:
            if kept[m] == 0 and conv[m] >= need[m]: v.append('pred')
            elif conv[m] == 0 and kept[m] >= need[m]: v.append('bra')
            else: v.append('?')
        verdict = v[0] if len(set(v)) == 1 else '?'
        res[c][verdict] += 1
        if c in ('arith + st.global', 'lone st.global'):
            bylen[len(ops)][verdict] += 1
        if len(ex[(c, verdict)]) < 3: ex[(c, verdict)].append(f'{k}:{fn}: {" ; ".join(ops)}')
print('class  predicated  branch  unclear')
for c in sorted(res, key=lambda c: -sum(res[c].values())):
    print(f'{c:32s} {res[c]["pred"]:4d} {res[c]["bra"]:4d} {res[c]["?"]:4d}')
print('\nguarded st.global blocks (address arithmetic + one store) by PTX length: predicated / branch / unclear')
for n in sorted(bylen):
    print(f'{n:2d} {bylen[n]["pred"]:4d} {bylen[n]["bra"]:4d} {bylen[n]["?"]:4d}')
if '-v' in sys.argv[3:]:
    for k, v in sorted(ex.items()):
        print(k); [print('   ', x) for x in v]
