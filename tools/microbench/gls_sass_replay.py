#!/usr/bin/env python3
"""Replays the STG loops of tools/microbench/gls_sass_stg.txt on one warp
(session 17, helper gls; RATIONALE.md, "A global store holds its warp"):
one SASS instruction a cycle in the listed order, a register read LAT cycles after the instruction
that writes it issued, and three rules for a store's operand read-out:
  next: an STG issues no sooner than the last one's read-out ended (the
        read-out takes R[width] cycles from the STG's issue); other
        instructions do not wait for it (sim/sm/lsuwarp.go's rule);
  hold: each STG holds the warp's issue H[width] cycles;
  war:  read-outs one after another (R[width] each), nothing waits for them
        but an instruction that rewrites a register a store reads (until
        that store's read-out ends), and a store reads its operands LSTG
        cycles after they are written (the best LSTG of 4..14 is printed).
Prints cycles a store (steady state, iterations 20-30) beside the H200's
(validation/microbench/gls2_st32_coal_w1, gls_st{32,64,128}_coal_w1).
Standard library only:  gls_sass_replay.py [gls_sass_stg.txt]"""
import os
import re
import sys

GPU = {"gls2_st32_s128": 7.547, "gls_st32": 10.44, "gls_st64": 15.66, "gls_st128": 21.16}


def parse(path):
    loops, cur = {}, None
    for line in open(path):
        m = re.match(r"== (\S+) loop", line)
        if m:
            cur = m.group(1)
            loops[cur] = []
            continue
        m = re.match(r"\s+([0-9a-f]{4}) (.*)$", line)
        if m and cur:
            loops[cur].append(m.group(2).strip())
    return loops


def regs(tok):
    out = []
    for m in re.finditer(r"\bR(\d+)(\.64)?", tok):
        out.append(int(m.group(1)))
        if m.group(2):
            out.append(int(m.group(1)) + 1)
    return out


def decode(ins):
    """(destination registers, source registers, store width in bytes or 0)"""
    ins = re.sub(r"^@!?P\d ", "", ins)
    op, _, rest = ins.partition(" ")
    if op.startswith("STG"):
        w = {"STG.E": 4, "STG.E.64": 8, "STG.E.128": 16}[op]
        a = int(re.search(r"\]\[R(\d+)\.64", ins).group(1))
        d = int(re.search(r"R(\d+)\s*$", ins).group(1))
        return [], [a, a + 1] + list(range(d, d + w // 4)), w
    ops = [o.strip() for o in rest.split(",")] if rest else []
    if not ops or op.startswith("BRA"):
        return [], [], 0
    if op.startswith("ISETP"):
        return [], sum((regs(o) for o in ops[2:]), []), 0
    return regs(ops[0]), sum((regs(o) for o in ops[1:]), []), 0


def replay(ins, rule, t_st, lat=4, iters=30, lstg=4):
    t, ready, ro, starts, war = 0, {}, -100, [], {}
    for _ in range(iters):
        starts.append(t)
        for x in ins:
            dst, src, w = decode(x)
            t = max([t] + [ready.get(r, 0) + (lstg if w else lat) for r in src] + [war.get(r, 0) for r in dst])
            if w and rule == "war":
                ro = max(t, ro) + t_st[w]
                for r in src:
                    war[r] = max(war.get(r, 0), ro)
            if w and rule == "next":
                t = max(t, ro)
                ro = t + t_st[w]
            for r in dst:
                ready[r] = t
            t += t_st[w] if (w and rule == "hold") else 1
    return (starts[-1] - starts[-11]) / 10


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "gls_sass_stg.txt")
    loops = parse(path)
    for rule, t_st in (("next", {4: 7.5, 8: 9.5, 16: 15.5}), ("hold", {4: 6.5, 8: 9.5, 16: 14})):
        for lat in (4, 5):
            row = []
            for k, g in GPU.items():
                n = sum(1 for x in loops[k] if x.startswith("STG"))
                v = replay(loops[k], rule, t_st, lat) / n
                row.append(f"{k} {v:.2f} (GPU {g}, {100 * (v / g - 1):+.1f}%)")
            print(f"{rule} {t_st} lat {lat}: " + "; ".join(row))
    t_st = {4: 7.5, 8: 9.5, 16: 15.5}
    best = None
    for lstg in range(4, 15):
        v = {k: replay(loops[k], "war", t_st, 4, lstg=lstg) / 16 for k in GPU}
        err = max(abs(v[k] / GPU[k] - 1) for k in GPU)
        if best is None or err < best[0]:
            best = (err, lstg, v)
    err, lstg, v = best
    print(f"war {t_st} lat 4, best LSTG {lstg}: " + "; ".join(f"{k} {v[k]:.2f} (GPU {GPU[k]}, {100 * (v[k] / GPU[k] - 1):+.1f}%)" for k in GPU))


if __name__ == "__main__":
    main()
