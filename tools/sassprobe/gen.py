#!/usr/bin/env python3
"""Generate one probe kernel per PTX instruction form (forms.json from
forms.py): N instances of the instruction, each reading its register sources
from global memory (64 bytes apart, so ptxas cannot merge the loads) and
storing its destinations. compile.sh counts the SASS of N=2 and N=4 on the GPU
machine; the expansion of the form is (c4 - c2)/2 minus the loads and stores."""
import json, os, re, sys

forms = json.load(open(sys.argv[1]))
out = sys.argv[2]
os.makedirs(out, exist_ok=True)
regty = {'%p': 'pred', '%rs': 'b16', '%r': 'b32', '%rd': 'b64', '%f': 'f32', '%fd': 'f64'}
ldty = {'b16': 'u16', 'b32': 'u32', 'b64': 'u64', 'f32': 'f32', 'f64': 'f64'}
index = {}
no_dest = ('st', 'red', 'bar', 'prefetch')
for n, (key, line) in enumerate(sorted(forms.items())):
    op = line.split()[0]
    args = [a.strip() for a in line[len(op):].strip().rstrip(';').split(',')]
    regs = [re.fullmatch(r'(%[a-zA-Z]+)(\d+)', a) for a in args]
    if any(r and r.group(1) not in regty for r in regs):
        continue
    for N in (2, 4):
        body, decl_n = [], 0
        counts = {}
        def fresh(prefix):
            counts[prefix] = counts.get(prefix, 0) + 1
            return f'{prefix}{counts[prefix]}'
        off_in, off_out = 0, 0
        for i in range(N):
            names = []
            for j, (a, r) in enumerate(zip(args, regs)):
                if not r:
                    names.append(a)
                    continue
                name = fresh(r.group(1))
                names.append(name)
                ty = regty[r.group(1)]
                if j == 0:
                    continue  # destination
                if ty == 'pred':
                    t = fresh('%r')
                    body.append(f'ld.global.u32 {t}, [%rd_in+{off_in}];')
                    body.append(f'setp.ne.u32 {name}, {t}, 0;')
                else:
                    body.append(f'ld.global.{ldty[ty]} {name}, [%rd_in+{off_in}];')
                off_in += 64
            body.append(op + ' ' + ', '.join(names) + ';')
            d = regs[0]
            if d:
                ty = regty[d.group(1)]
                if ty == 'pred':
                    t = fresh('%r')
                    body.append(f'selp.u32 {t}, 1, 0, {names[0]};')
                    body.append(f'st.global.u32 [%rd_out+{off_out}], {t};')
                else:
                    body.append(f'st.global.{ldty[ty]} [%rd_out+{off_out}], {names[0]};')
                off_out += 64
        decls = '\n'.join(f'\t.reg .{regty[p]} {p}<{c+1}>;' for p, c in counts.items())
        src = f'''.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 b)
{{
{decls}
\t.reg .b64 %rd_in, %rd_out;
\tld.param.u64 %rd_in, [a];
\tld.param.u64 %rd_out, [b];
\tcvta.to.global.u64 %rd_in, %rd_in;
\tcvta.to.global.u64 %rd_out, %rd_out;
''' + '\n'.join('\t' + b for b in body) + '\n\tret;\n}\n'
        open(os.path.join(out, f'f{n:04d}_{N}.ptx'), 'w').write(src)
    srcs = sum(1 for j, r in enumerate(regs) if r and j > 0)
    psrc = sum(1 for j, r in enumerate(regs) if r and j > 0 and regty[r.group(1)] == 'pred')
    pdst = 1 if regs[0] and regty[regs[0].group(1)] == 'pred' else 0
    index[f'f{n:04d}'] = {'form': key, 'line': line, 'srcs': srcs, 'pred_srcs': psrc, 'dst': 1 if regs[0] else 0, 'pred_dst': pdst}
json.dump(index, open(os.path.join(out, 'index.json'), 'w'), indent=0, sort_keys=True)
print(len(index), 'forms')
