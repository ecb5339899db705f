#!/usr/bin/env bash
# Build the cgo sm90sim for the device (it has no Go) and cut it into 5 pieces of 1.32 MB (the
# tracked tree is ~62 MiB of a call's 64 as the device tool counts it; keep a carry under 1.5 MiB).
# Each piece travels alone as .devbuild/repro/part.N of one `run` call (carry .devbuild/repro) whose
# command copies it to the device's /tmp/repro26 (kept while the machine stays warm: idle release
# 30 s, so send them back to back); tools/microbench/device26_repro.sh (as .devbuild/repro/run.sh)
# joins them, checks sha.txt and runs.   bash tools/microbench/calib26_build.sh   (worktree root)
set -eu
B=/tmp/repro/bin; D=/work/main/.devbuild/repro; mkdir -p $B $D
CGO_ENABLED=1 nice -n 10 go build -trimpath -ldflags='-s -w' -o $B/sm90sim.cgo ./cmd/sm90sim
xz -T2 --x86 --lzma2=preset=9e -c $B/sm90sim.cgo > $B/x.xz
( cd $B && rm -f part.? && split -b 1320000 -d -a 1 x.xz part. )
sha256sum < $B/x.xz > $D/sha.txt
git rev-parse --short HEAD > $D/commit.txt
cp tools/microbench/device26_repro.sh $D/run.sh
ls -l $B/sm90sim.cgo $B/x.xz $B/part.?
