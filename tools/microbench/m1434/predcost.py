#!/usr/bin/env python3
"""predcost.py FILE.sass... (cuobjdump -sass output or sass_ctrl.py's): for every predicated SASS instruction (@P / @!P on a P register), the stall
cycles since the instruction that last wrote that predicate, in straight-line
code (no label/branch target, no BRA in between), grouped by opcode class.
Reads cuobjdump -sass raw files and sass_ctrl.py outputs."""
import re, sys, gzip, collections
INST = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?;)\s*/\* (0x[0-9a-f]{16}) \*/")
HI = re.compile(r"^\s*/\* (0x[0-9a-f]{16}) \*/\s*$")
CTRL = re.compile(r"^/\*([0-9a-f]{4,})\*/ S(\d+)\s+Y\d W(\d) R(\d) M([0-9a-f]{2})\s+(.*;)")
def read(path):
    op = gzip.open if path.endswith('.gz') else open
    funcs = []; cur = None; pend = None
    for line in op(path, 'rt', errors='replace'):
        if 'Function :' in line or line.startswith('== '):
            cur = []; funcs.append((line.strip(), cur)); continue
        m = CTRL.match(line)
        if m:
            if cur is None: cur = []; funcs.append(('?', cur))
            cur.append((int(m.group(1), 16), int(m.group(2)), int(m.group(5), 16), m.group(6))); continue
        m = INST.search(line)
        if m: pend = (int(m.group(1), 16), m.group(2)); continue
        h = HI.search(line)
        if h and pend:
            hi = int(h.group(1), 16)
            if cur is None: cur = []; funcs.append(('?', cur))
            cur.append((pend[0], (hi >> 41) & 0xF, (hi >> 52) & 0x3F, pend[1])); pend = None
    return funcs
GUARD = re.compile(r"^@(!?)(U?P[0-6])\s+(\S+)")
def writes_pred(text):
    t = text.split(';')[0]
    m = re.match(r"^(?:@!?U?P\S+\s+)?(\S+)\s+(.*)", t)
    if not m: return set()
    op, args = m.group(1), m.group(2)
    if not re.match(r"(U?ISETP|U?FSETP|DSETP|HSETP2|PLOP3|UPLOP3|P2R|R2P|LOP3|VOTE|FCHK|ELECT|PSETP|ISETP|LEA|IADD3|SYNCS|R2UR|UISETP|ULEA|UIADD3|FMNMX|IMNMX|HMNMX2|SEL|SHFL|ATOMS|LDS|LDG|MATCH)", op): return set()
    ds = []
    for a in args.split(','):
        a = a.strip()
        if re.fullmatch(r"!?U?P[0-6]", a): ds.append(a.lstrip('!'))
        else:
            if ds: break
            if op.startswith(('ISETP','UISETP','FSETP','DSETP','HSETP2','PLOP3','UPLOP3','PSETP','FCHK','VOTE','ELECT')): continue
            break
    return set(ds)
def klass(op):
    for k in ('STG','STS','STL','ST','LDG','LDS','LDL','LDC','LD','ATOMG','ATOMS','ATOM','RED','BRA','EXIT','SYNCS','BAR','S2R','S2UR','CS2R','UBLKCP','UTMA','MEMBAR','CCTL','LDGSTS','SHFL','RET','CALL','BSSY','BSYNC','WARPSYNC','NANOSLEEP','ELECT','REDUX','VOTE','MATCH','R2UR','MOV','IMAD','IADD3','LOP3','FADD','FMUL','FFMA','ISETP','SEL','SHF','LEA','PLOP3','UMOV','ULDC','UIADD3','USHF','ULOP3','HFMA2','I2F','F2I','MUFU','IMNMX','POPC','FSEL','PRMT','QSPC'):
        if op == k or op.startswith(k + '.'): return k
    return op.split('.')[0]
res = collections.defaultdict(collections.Counter); ex = {}
for path in sys.argv[1:]:
    for fname, ins in read(path):
        setat = {}  # pred -> cumulative cycle of its writer's issue
        cyc = 0
        for i, (addr, st, mask, text) in enumerate(ins):
            m = GUARD.match(text)
            if m and m.group(2).startswith('P') and m.group(2) in setat:
                op = klass(m.group(3)); d = cyc - setat[m.group(2)]
                res[op][d] += 1; ex.setdefault((op, d), f"{path}:{fname}:{addr:#x} {text}")
            op = text.split()[0] if not text.startswith('@') else text.split()[1]
            if klass(op) in ('BRA', 'EXIT', 'RET', 'CALL', 'BSYNC', 'WARPSYNC'):
                setat = {}
            for p in writes_pred(text): setat[p] = cyc
            cyc += st
for op in sorted(res, key=lambda o: -sum(res[o].values())):
    print(op, sum(res[op].values()), sorted(res[op].items())[:14])
if '-v' in sys.argv[0:1]: pass
import os
if os.environ.get('EX'):
    for k, v in sorted(ex.items()): print(k, v)
