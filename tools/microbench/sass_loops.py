#!/usr/bin/env python3
"""Finds the timed loops in cuobjdump --dump-sass output: for each function,
the code between two consecutive `CS2R Rx, SR_CLOCKLO` reads (a timed
region) and the loops inside it (a backward branch whose target lies in the
region). Prints JSON {function: [{"region": [start, end], "loops": [{"start",
"end", "instructions", "ops": {opcode: count}}]}]}. Standard library only.

  sass_loops.py FILE.sass ... > loops.json"""
import json
import re
import sys

INST = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")


def parse(text):
    funcs = {}
    cur = None
    for line in text.splitlines():
        m = re.search(r"Function : (\S+)", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = INST.search(line)
        if m and cur:
            addr = int(m.group(1), 16)
            ins = m.group(2).strip()
            funcs[cur].append((addr, ins))
    return funcs


def opcode(ins):
    s = re.sub(r"^@!?U?P\w+\s+", "", ins)
    return s.split()[0] if s else ""


def analyse(insts):
    clocks = [a for a, i in insts if re.search(r"\bCS2R\b.*SR_CLOCKLO", i) or "S2UR" in i and "SR_CLOCKLO" in i]
    regions = []
    for s, e in zip(clocks, clocks[1:]):
        loops = []
        for a, i in insts:
            if not (s < a < e):
                continue
            m = re.match(r"^(@!?P\w+\s+)?BRA\s+(?:`?\(?)?(0x[0-9a-f]+)", i)
            if not m:
                continue
            tgt = int(m.group(2), 16)
            if s < tgt <= a:
                body = [(x, j) for x, j in insts if tgt <= x <= a]
                ops = {}
                for _, j in body:
                    o = opcode(j)
                    ops[o] = ops.get(o, 0) + 1
                loops.append({"start": hex(tgt), "end": hex(a), "instructions": len(body),
                              "ops": dict(sorted(ops.items()))})
        regions.append({"region": [hex(s), hex(e)], "loops": loops})
    return regions


def main():
    out = {}
    for path in sys.argv[1:]:
        with open(path) as f:
            for fn, insts in parse(f.read()).items():
                out[fn] = analyse(insts)
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
