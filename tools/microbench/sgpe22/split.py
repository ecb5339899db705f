#!/usr/bin/env python3
"""sgpe22: where sgp's epilogue time goes, GPU recordings against the timed model (no numpy).

usage: split.py SM90SIM [DIR ...]   (default: every validation/microbench/sgp_* directory)

For each directory and GPU (H200: clock_ncu.json.gz + calibration/h200.yaml; H100: clock_ncu.h100.json.gz +
calibration/h100-sxm.yaml) it runs `SM90SIM run --mode timed` and prints, GPU (upper median of the ncu
launches, as calibrate's deriveSGP) against model:
  tm  = max(tm0, tm1) - tf (t0 for k0): the loop's end (first stamp of epi_cycles)
  epi = max(te0, te1) - max(tm0, tm1): the figure epi_cycles
  te  = max(te0, te1) - tf (t0 for k0): the two together, and the model's error on it
  per warpgroup (tm0 - tm1, te0 - tm0, te1 - tm1) of every launch: the stamps come from warps 4 and 8 only.
Run from the repository root."""
import ast, gzip, json, os, struct, subprocess, sys, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'record'))
import gzcompat  # noqa: E402

R = 'validation/microbench/'


def npy_u64(path):
    b = open(path, 'rb').read()
    hl = struct.unpack('<H', b[8:10])[0]
    ast.literal_eval(b[10:10 + hl].decode())
    d = b[10 + hl:]
    return list(struct.unpack('<%dQ' % (len(d) // 8), d))


def split(c, k):
    base = c[5] if k else c[2]
    tm, te = max(c[6], c[7]), max(c[8], c[9])
    return tm - base, te - tm, te - base


def um(v):
    v = sorted(v)
    return v[len(v) // 2]


def main():
    sim = sys.argv[1]
    dirs = sys.argv[2:] or sorted(d for d in os.listdir(R) if d.startswith('sgp_'))
    tmp = tempfile.mkdtemp()
    for d in dirs:
        k = '_k0_' not in d
        ptx = os.path.join(tmp, d + '.ptx')
        open(ptx, 'wb').write(gzcompat.read_bytes(R + d + '/kernel.ptx'))  # .gz or .link
        for suf, cfg in (('', 'h200'), ('.h100', 'h100-sxm')):
            out = os.path.join(tmp, d + cfg)
            subprocess.run([sim, 'run', ptx, '--spec', R + d + '/launch.yaml', '--mode', 'timed', '--config',
                            'calibration/%s.yaml' % cfg, '--out', out, '--progress', 'off', '--top', '0'],
                           check=True, stdout=subprocess.DEVNULL)
            m = npy_u64(out + '/clk.npy')
            runs = [o['clk'] for o in json.load(gzip.open(R + d + '/clock_ncu%s.json.gz' % suf))['outputs']]
            g = [um([split(c, k)[i] for c in runs]) for i in range(3)]
            s = split(m, k)
            pairs = [(c[6] - c[7], c[8] - c[6], c[9] - c[7]) for c in runs]
            print('%-22s %-4s tm %5d/%5d  epi %5d/%5d  te %5d/%5d %+5.1f%%  GPU %s model %s' % (
                d, cfg[:4], g[0], s[0], g[1], s[1], g[2], s[2], 100.0 * (s[2] - g[2]) / g[2], pairs,
                (m[6] - m[7], m[8] - m[6], m[9] - m[7])))


if __name__ == '__main__':
    main()
