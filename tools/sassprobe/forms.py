#!/usr/bin/env python3
"""Collect the distinct PTX instruction forms of the corpus (opcode with its
qualifiers, operand kinds) with one representative instruction each, for the
SASS expansion probe (tools/sassprobe/probe.py runs on the GPU machine)."""
import glob, gzip, os, re, sys, json
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'record'))
import gzcompat  # noqa: E402  kernel.ptx, kernel.ptx.gz or kernel.ptx.link

def read(p):
    return gzcompat.read_text(p)

skip_ops = ('ld.param','bra','ret','exit','bar','barrier','mbarrier','cp.','wgmma','mma','call','st.param','ld.shared','st.shared',
            'tensormap','fence','membar','setmaxnreg','elect','shfl','vote','match','redux','activemask','atom','red.','ldmatrix','stmatrix',
            'prefetch','griddepcontrol','nanosleep','trap','brkpt','cvta','mapa','getctarank','isspacep','createpolicy','applypriority','discard',
            'multimem','movmatrix','ld.','st.','ldu','pmevent','stackrestore','stacksave','alloca','{','}','mov.','.loc','.file','//','$','@')
forms = {}
for p in sorted(d + 'kernel.ptx' for d in glob.glob('validation/testdata/*/') if gzcompat.exists(d + 'kernel.ptx')):
    for line in read(p).split('\n'):
        s = line.strip()
        if not s or not s.endswith(';') or s.startswith('.') :
            continue
        if s.startswith('@'):
            s = s.split(None,1)[1]
        op = s.split()[0]
        if op.startswith(skip_ops) or '[' in s or '{' in s or '|' in s:
            continue
        args = s[len(op):].strip().rstrip(';')
        ops = [a.strip() for a in args.split(',')]
        kinds = []
        ok = True
        for a in ops:
            m = re.fullmatch(r'(%[a-zA-Z]+)(\d+)', a)
            if m:
                kinds.append(m.group(1))
            elif re.fullmatch(r'-?(0[xX][0-9a-fA-F]+|\d+)|0[fFdD][0-9a-fA-F]+', a):
                kinds.append('imm')
            else:
                ok = False
        if not ok or not ops:
            continue
        key = op + ' ' + ','.join(kinds)
        forms.setdefault(key, s)
json.dump(forms, sys.stdout, indent=0, sort_keys=True)
