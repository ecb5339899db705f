#!/usr/bin/env python3
"""ptxscan.py ROOT... > blocks.tsv (ROOT: validation/microbench, validation/testdata).
Finds guarded forward branches over short blocks in PTX: `@%p bra L;` then
1..MAXB instructions then `L:` (the label reached only from that branch).
Prints kernel, function, block length, and the block's opcodes."""
import os, re, sys, hashlib, collections
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'record')); import gzcompat  # noqa: E402
MAXB = 8
LBL = re.compile(r'^\s*(\$?[A-Za-z_][\w$]*):')
BRA = re.compile(r'^\s*@(!?)%(\w+)\s+bra(\.uni)?\s+(\$?[\w$]+);')
def insts(text):
    out = []; fn = None
    for ln in text.splitlines():
        s = ln.split('//')[0].strip()
        if not s: continue
        m = re.match(r'^\.(visible\s+)?\.?(entry|func)\s+([\w$]+)', s) or re.match(r'^\.visible\s+\.(entry|func)\s+(\S+?)\(', s)
        if s.startswith('.visible') or s.startswith('.entry') or s.startswith('.func') or s.startswith('.weak'):
            mm = re.search(r'\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)', s)
            fn = mm.group(2) if mm else '?'
            out.append(('FUNC', fn)); continue
        m = LBL.match(s)
        if m and not s.startswith('.'):
            out.append(('LABEL', m.group(1))); s = s[m.end():].strip()
            if not s: continue
        if s.startswith(('.', '{', '}', ')', '(')): continue
        for part in s.split(';'):
            part = part.strip()
            if part: out.append(('INST', part))
    return out
def scan(text):
    ins = insts(text); res = []
    refs = collections.Counter()
    for k, v in ins:
        if k == 'INST':
            m = re.search(r'\bbra(?:\.uni)?\s+(\$?[\w$]+)$', v)
            if m: refs[m.group(1)] += 1
    fn = None
    for i, (k, v) in enumerate(ins):
        if k == 'FUNC': fn = v; continue
        if k != 'INST': continue
        m = re.match(r'^@(!?)%(\w+)\s+bra(?:\.uni)?\s+(\$?[\w$]+)$', v)
        if not m: continue
        L = m.group(3); body = []
        for j in range(i + 1, min(len(ins), i + 2 + MAXB)):
            kk, vv = ins[j]
            if kk == 'LABEL':
                if vv == L and body: res.append((fn, body, refs[L]))
                break
            if kk != 'INST': break
            body.append(vv)
    return res
def op(v):
    v = re.sub(r'^@!?%\w+\s+', '', v)
    return v.split()[0]
if __name__ == '__main__':
    roots = sys.argv[1:]
    seen = {}
    for root in roots:
        for d in sorted(os.listdir(root)):
            p = os.path.join(root, d)
            if not os.path.isdir(p): continue
            try: b = gzcompat.read_bytes(os.path.join(p, 'kernel.ptx'))
            except Exception: continue
            h = hashlib.sha1(b).hexdigest()[:12]
            if h in seen: continue
            seen[h] = p
            for fn, body, nref in scan(b.decode(errors='replace')):
                print(f"{p}\t{h}\t{fn}\t{len(body)}\t{nref}\t{' ; '.join(' '.join(x.split()) for x in body)}")
