#!/usr/bin/env python3
"""Session 24 (helper fa), diagnosis only: the flash-attention twins (gen23_flash.py / gen24_flash.py) with
%globaltimer stamps, to measure the SM clock the kernel really ran at (%clock64 / %globaltimer) against the
clock ncu reports. Writes variant directories tph_flashgt_<shape> into OUTDIR (not validation/microbench):

  python3 tools/microbench/gen24_flashclock.py OUTDIR

Extra slots (u64, ns): 37 %globaltimer right after slot 1 (entry), 38 right after slot 3 (the prologue's
cp.async issued: before the key loop's first wgmma), 39 right after slot 35 (the end). Slot 36 stays %smid
where the source has it."""
import gzip
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")
SHAPES = ("1x128", "2x2", "2x8", "2x66")


def gt(slot):
    return ("\t{\n\t.reg .b64 %tg;\n\tmov.u64 %tg, %globaltimer;\n"
            f"\tst.global.u64 [%fab+{8 * slot}], %tg;\n\t}}\n")


def one(ptx, anchor, text):
    assert ptx.count(anchor) == 1, anchor
    return ptx.replace(anchor, anchor + text)


def main():
    out = sys.argv[1]
    for sh in SHAPES:
        src, name = "tph_flash_attn_" + sh, "tph_flashgt_" + sh
        with gzip.open(os.path.join(MB, src, "kernel.ptx.gz"), "rt") as f:
            ptx = f.read().replace(src, name)
        ptx = one(ptx, "\tst.global.u64 [%fab+8], %tv;\n\tmov.u64 %faj, 0;\n\t}\n", gt(37))
        ptx = one(ptx, "\tst.global.u64 [%fab+24], %tv;\n\t}\n", gt(38))
        ptx = one(ptx, "\tst.global.u64 [%fab+280], %tv;\n\t}\n", gt(39))
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.ptx"), "w") as f:
            f.write(ptx)
        ly = open(os.path.join(MB, src, "launch.yaml")).read().replace("kernel: " + src, "kernel: " + name)
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(ly)
        print("wrote", d)


if __name__ == "__main__":
    main()
