#!/usr/bin/env python3
"""PTX mutants for the operand checker (ptx/check*.go).

  mutate.py list ROOT FILE...        edits as TSV on stdout: id file line col old new op
  mutate.py apply EDITS.tsv ROOT DIR writes DIR/<id>.ptx, each file with its one edit

FILE paths are relative to ROOT and recorded as given. The edits are
deterministic (seeded by the file's path), one per mutant; line and column
are 1-based, the column of the first character of `old`. ptxas gives each
mutant its verdict (tools/ptxmutants/device.sh); ptx/mutants_test.go applies
the same edits and compares the simulator's verdict with ptxas's.
"""
import random, re, sys, zlib, os

INST = re.compile(r'^(\s*)(@!?%?[\w$]+\s+)?([a-z][\w.:]*)(\s+)([^;]*);')
REGDECL = re.compile(r'\.reg\s+\.(\w+)\s+(%[A-Za-z_$]+)<(\d+)>')
TYPES = ['s8','s16','s32','s64','u8','u16','u32','u64','b8','b16','b32','b64','f16','f16x2','bf16','bf16x2','f32','f64','pred']
TYPESWAP = {
  's32': ['s64','u16','f32','b64','s16'], 'u32': ['u64','f32','s16','b16'], 'b32': ['b64','b16','f32','u8'],
  's64': ['s32','f64','u32'], 'u64': ['u32','f64','b32'], 'b64': ['b32','f64','b128'],
  'f32': ['f64','s32','f16','b32','u64'], 'f64': ['f32','s64','b64'], 'f16': ['f32','bf16','b16','f16x2'],
  'f16x2': ['f16','f32','bf16x2'], 'bf16': ['f16','f32'], 'bf16x2': ['f16x2','bf16'],
  'u16': ['u32','f16','s8'], 's16': ['s32','b16'], 'b16': ['b32','f16','u8'], 'u8': ['u16','b8','s32'], 's8': ['s16','u8'],
  'b8': ['b16','u8'], 'pred': ['b32','u32'],
}
SPACES = ['global','shared','local','param','const','shared::cta','shared::cluster']
VERSIONS = ['99.0','9.1','9.0','8.8','8.7','8.5','8.3','8.0','7.8','7.0','6.5','6.0','5.0','4.3','2.0','1.0']
TARGETS = ['sm_100a','sm_100','sm_120','sm_101a','sm_90','sm_89','sm_86','sm_80','sm_75','sm_70','sm_60','sm_52','sm_35','sm_20','sm_90a','compute_90a','sm_91','sm_90f']

def split_ops(s):
    """operand strings with their offsets in s (top-level commas)."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(s):
        if c in '[{(': depth += 1
        elif c in ']})': depth -= 1
        elif c == ',' and depth == 0:
            out.append((start, s[start:i])); start = i + 1
    out.append((start, s[start:]))
    res = []
    for off, t in out:
        lead = len(t) - len(t.lstrip())
        res.append((off + lead, t.strip()))
    return [r for r in res if r[1]]

def edits_for(path, text):
    rng = random.Random(zlib.crc32(path.encode()))
    lines = text.split('\n')
    regs = {}  # prefix -> (type, count), first seen
    for l in lines:
        for m in REGDECL.finditer(l):
            regs.setdefault(m.group(2), (m.group(1), int(m.group(3))))
    def reg_of(prefix):
        t, n = regs[prefix]
        return '%s%d' % (prefix, 1 if n > 1 else 0)
    cands = {k: [] for k in ['regswap','type','immdst','vec','drop','add','space','guard','version','target']}
    for ln, l in enumerate(lines, 1):
        if l.startswith('.version '):
            for v in VERSIONS:
                if v != l.split()[1]: cands['version'].append((ln, 10, l.split()[1], v))
            continue
        if l.startswith('.target '):
            t = l.split()[1].rstrip(',')
            for v in TARGETS:
                if v != t: cands['target'].append((ln, 9, t, v))
            continue
        m = INST.match(l)
        if not m or m.group(3).startswith('.'): continue
        op = m.group(3); base = op.split('.')[0]
        if base in ('ret','exit','bra','call','trap'): 
            if base != 'bra': continue
        opcol = m.start(3) + 1
        opsoff = m.start(5)
        ops = split_ops(m.group(5))
        if m.group(2) and m.group(2).startswith('@'):
            g = m.group(2).strip(); gcol = m.start(2) + 1 + (2 if g.startswith('@!') else 1)
            name = g.lstrip('@!')
            for p in regs:
                if regs[p][0] != 'pred' and regs[p][1] > 0: cands['guard'].append((ln, gcol, name, reg_of(p)))
        # type qualifiers
        parts = op.split('.')
        pos = len(parts[0])
        for q in parts[1:]:
            qcol = opcol + pos
            if q in TYPESWAP:
                for alt in TYPESWAP[q]: cands['type'].append((ln, qcol, '.' + q, '.' + alt))
            if q in ('v2','v4','v8'):
                for alt in ('v2','v4','v8'):
                    if alt != q: cands['vec'].append((ln, qcol, '.' + q, '.' + alt))
                cands['vec'].append((ln, qcol, '.' + q, ''))
            if q in SPACES or q.startswith('shared'):
                for alt in SPACES:
                    if alt != q: cands['space'].append((ln, qcol, '.' + q, '.' + alt))
            pos += 1 + len(q)
        if base in ('ld','st') and not any(p in ('v2','v4','v8') for p in parts):
            # add a vector width after the space
            cands['vec'].append((ln, opcol + len(op), '', '.v2'))
        # operands: registers
        for oi, (ooff, ot) in enumerate(ops):
            col = opsoff + ooff + 1
            for rm in re.finditer(r'%[A-Za-z_$]+\d+', ot):
                name = rm.group(0); pre = re.match(r'%[A-Za-z_$]+', name).group(0)
                if pre not in regs: continue
                for p in regs:
                    if p != pre and regs[p][1] > 0:
                        cands['regswap'].append((ln, col + rm.start(), name, reg_of(p)))
            if oi == 0 and ot.startswith('%') and base not in ('bra',):
                cands['immdst'].append((ln, col, ot, '1'))
        if ops and base != 'bra':
            last_off, last = ops[-1]
            if len(ops) > 1:
                prev_off, prev = ops[-2]
                start = opsoff + prev_off + len(prev)
                cands['drop'].append((ln, start + 1, l[start:opsoff + last_off + len(last)], ''))
            end = opsoff + last_off + len(last)
            for p in regs:
                if regs[p][1] > 0 and rng.random() < 0.5:
                    cands['add'].append((ln, end + 1, '', ', ' + reg_of(p)))
                    break
            else:
                cands['add'].append((ln, end + 1, '', ', 1'))
    return cands

QUOTA = {'regswap': 9, 'type': 7, 'immdst': 3, 'vec': 3, 'drop': 3, 'add': 3, 'space': 3, 'guard': 1, 'version': 2, 'target': 2}

def pick(path, text, scale):
    cands = edits_for(path, text)
    rng = random.Random(zlib.crc32(path.encode()) ^ 0x5eed)
    out = []
    for k in QUOTA:
        c = cands[k]
        n = max(1, int(QUOTA[k] * scale)) if c else 0
        if k in ('version', 'target'): n = min(len(c), QUOTA[k] if scale >= 1 else 2)
        for e in rng.sample(c, min(n, len(c))):
            out.append(e + (k,))
    return out

def main():
    if sys.argv[1] == 'list':
        root = sys.argv[2]; n = 0
        for f in sys.argv[3:]:
            text = open(os.path.join(root, f)).read()
            scale = (1.0 if len(text) < 60000 else (0.3 if len(text) < 200000 else 0.1)) * float(os.environ.get('MUT_SCALE', '1'))
            for (ln, col, old, new, k) in pick(f, text, scale):
                n += 1
                print('\t'.join([str(n), f, str(ln), str(col), old, new, k]))
    elif sys.argv[1] == 'apply':
        root, outdir = sys.argv[3], sys.argv[4]
        cache = {}
        for row in open(sys.argv[2]):
            i, f, ln, col, old, new, k = row.rstrip('\n').split('\t')
            if f not in cache: cache[f] = open(os.path.join(root, f)).read().split('\n')
            lines = list(cache[f]); l = lines[int(ln) - 1]; c = int(col) - 1
            assert l[c:c + len(old)] == old, (i, f, ln, col, old, l)
            lines[int(ln) - 1] = l[:c] + new + l[c + len(old):]
            open(os.path.join(outdir, i + '.ptx'), 'w').write('\n'.join(lines))
main()
