#!/usr/bin/env bash
# Build the cgo sm90sim for the device (it has no Go) and cut it into pieces that travel
# as the carry of separate `run` calls: the tracked tree alone is ~62 MiB as the device
# tool counts it (17.5k files in 512-byte tar blocks), so a 6.5 MB binary does not fit one
# call's 64 MiB. Pieces go to /tmp/gpu/part.N; a call carries one at a time in
# .devbuild/gpu and copies it to the device's /tmp/gp (kept while the machine stays warm,
# idle_release_s 30); tools/microbench/device25_calibrate.sh joins them.
#   bash tools/microbench/calib25_build.sh          (from the worktree's root)
set -eu
mkdir -p /tmp/gpu /work/main/.devbuild/gpu
CGO_ENABLED=1 nice -n 10 go build -trimpath -ldflags='-s -w' -o /tmp/gpu/sm90sim.cgo ./cmd/sm90sim
xz -T1 --x86 --lzma2=preset=9e -c /tmp/gpu/sm90sim.cgo > /tmp/gpu/sm90sim.x86.xz
( cd /tmp/gpu && rm -f part.? && split -b 1630000 -d -a 1 sm90sim.x86.xz part. && sha256sum sm90sim.x86.xz > sha.txt )
git rev-parse --short HEAD > /work/main/.devbuild/gpu/commit.txt
ls -l /tmp/gpu/sm90sim.cgo /tmp/gpu/sm90sim.x86.xz /tmp/gpu/part.?
