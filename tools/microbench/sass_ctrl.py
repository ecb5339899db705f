#!/usr/bin/env python3
"""Prints cuobjdump --dump-sass output with each instruction's control bits
decoded (sm_90: bits 105-125 of the 128-bit word, the second 64-bit word's
bits 41-61): S = stall cycles, Y = yield, W/R = the write / read scoreboard
it sets (7: none), M = the scoreboards it waits for (mask). Standard library
only.   sass_ctrl.py FILE.sass > FILE.ctrl.txt"""
import re
import sys

INST = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?;)\s*/\* (0x[0-9a-f]{16}) \*/")
HI = re.compile(r"^\s*/\* (0x[0-9a-f]{16}) \*/\s*$")


def main(path):
    pend = None
    for line in open(path):
        m = INST.search(line)
        if m:
            pend = (m.group(1), m.group(2))
            continue
        h = HI.search(line)
        if h and pend:
            hi = int(h.group(1), 16)
            s, y = (hi >> 41) & 0xF, (hi >> 45) & 1
            w, r, msk = (hi >> 46) & 7, (hi >> 49) & 7, (hi >> 52) & 0x3F
            print(f"/*{pend[0]}*/ S{s:<2} Y{y} W{w} R{r} M{msk:02x}  {pend[1]}")
            pend = None
            continue
        if "Function :" in line:
            print(line.rstrip())


if __name__ == "__main__":
    for p in sys.argv[1:]:
        main(p)
