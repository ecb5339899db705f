#!/bin/bash
# helper ldc, session 15: ptxas -arch=sm_90a + cuobjdump -sass of every distinct kernel.ptx of
# validation/microbench and validation/testdata (ptx.tar.xz + map.json from
# `python3 tools/microbench/paramldc.py --collect .devbuild/ldc`), returned as $OUT/sass.tar.xz.
# Run on the device with carry [".devbuild/ldc"]: bash .devbuild/ldc/sass.sh (this file); 54 s on an H200.
set -u
SRC=$(pwd)/.devbuild/ldc; W=/tmp/ldcw; rm -rf $W; mkdir -p $W; cd $W
tar xJf $SRC/ptx.tar.xz
mkdir -p sass
(ptxas --version; cuobjdump --version; nvidia-smi -L) > sass/versions.txt 2>&1
ls ptx/*.ptx | xargs -P 16 -I{} sh -c 'b=$(basename {} .ptx); ptxas -arch=sm_90a -o sass/$b.cubin {} 2> sass/$b.err && cuobjdump -sass sass/$b.cubin > sass/$b.sass 2>>sass/$b.err; rm -f sass/$b.cubin'
find sass -name '*.err' -size 0 -delete
ls sass/*.sass | wc -l
cp map.json sass/
tar cJf $OUT/sass.tar.xz sass
ls -la $OUT
