#!/usr/bin/env python3
"""sgp29: sgp's kernel (gen14_smallgemm.py) with every consumer warp stamping (session 29, helper sgp).

Writes DEST/<dir>/{kernel.cu, launch.yaml} (default .devbuild/sgp/mb) for five sgp variants. The kernel is
gen14's, byte for byte up to the end, plus: lane 0 of each of the 8 consumer warps stores {tf, tm, te, tq} of
its own warp into clk[16 + 4 * (warp - 4) + 0..3] after the original stamp stores (clk grows to 48 u64 a CTA).
So each warp's own loop end (tm) and store end (te) are seen, not only warps 4 and 8's (sgpe22 item 4,
gst21's last section). run.sh (beside this file) compiles kernel.cu to kernel.ptx on the device."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
import gen14_smallgemm as g  # noqa: E402

OLD_TAIL = '''                rec[15] = e;
            }
        }
'''
NEW_TAIL = OLD_TAIL + '''        if (l == 0) {   // sgp29: every consumer warp's own stamps
            unsigned long long* q = rec + 16 + 4 * (4 * g + w);
            q[0] = tf;
            q[1] = tm;
            q[2] = te;
            q[3] = tq;
        }
'''


def kernel():
    src = g.HEAD + g.HELPERS + g.BODY
    assert src.count(OLD_TAIL) == 1
    src = src.replace(OLD_TAIL, NEW_TAIL)
    src = src.replace('unsigned long long* rec = clk + 16 *', 'unsigned long long* rec = clk + 48 *')
    assert 'clk + 48 *' in src
    return src.replace('// sgp: a small GEMM', '// sgp29: sgp with per-warp stamps (tools/microbench/sgp29/gen.py); sgp: a small GEMM')


VARIANTS = [(0, 1, 'sgp29_k0_c1'), (64, 1, 'sgp29_k64_c1'), (512, 1, 'sgp29_k512_c1'),
            (512, 0, 'sgp29_k512_c1_nost'), (512, 3, 'sgp29_k512_c1_fence')]


def launch(name, k, flags):
    kk = max(k, 64)
    return f'''# {name}: sgp's kernel with every consumer warp stamping (tools/microbench/sgp29/gen.py), K={k}, flags={flags}
kernel: sgp
grid: [1, 1, 1]
block: [384, 1, 1]
shared_bytes: 122880
seed: 1
buffers:
  a: {{dtype: f16, shape: [128, {kk}], init: uniform, low: -1, high: 1}}
  b: {{dtype: f16, shape: [128, {kk}], init: uniform, low: -1, high: 1}}
  c: {{dtype: f32, shape: [16384]}}
  clk: {{dtype: u64, shape: [1, 48]}}
tensormaps:
  tA: {{buffer: a, dtype: f16, dims: [{kk}, 128], strides: [{2 * kk}], box: [64, 128], swizzle: 128B}}
  tB: {{buffer: b, dtype: f16, dims: [{kk}, 128], strides: [{2 * kk}], box: [64, 128], swizzle: 128B}}
params:
  - {{tensormap: tA}}
  - {{tensormap: tB}}
  - {{buffer: c}}
  - {{buffer: clk}}
  - {{u32: 128}}
  - {{u32: {k}}}
  - {{u32: {flags}}}
outputs: [clk]
compare:
  clk: {{ignore: [{", ".join(str(i) for i in range(48))}]}}
'''


def main():
    dest = sys.argv[1] if len(sys.argv) > 1 else '.devbuild/sgp/mb'
    src = kernel()
    for k, flags, name in VARIANTS:
        d = os.path.join(dest, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, 'kernel.cu'), 'w').write(src)
        open(os.path.join(d, 'launch.yaml'), 'w').write(launch(name, k, flags))


if __name__ == '__main__':
    main()
