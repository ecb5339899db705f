#!/usr/bin/env bash
# Build the evidence bundle for a device run of the timing-accuracy table (validation/timing/accuracy.md).
# Usage (repo root): tools/accuracy/build.sh   -> .devbuild/acc/{validation.test.xz,procs.txt}
# Then on the device (the `run` tool, carry [".devbuild/acc"]): bash tools/accuracy/run.sh
# (optional: .devbuild/acc/gpu_NAME.test.xz, stripped PGO test binaries of ./sim/gpu, add a timed int_hash speed check)
# and back here: python3 tools/accuracy/table.py LOGDIR [--update validation/timing/accuracy.md --label "session N end"]
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .devbuild/acc
CGO_ENABLED=0 go test -c -ldflags='-s -w' -o .devbuild/acc/validation.test ./validation
xz -T2 -6 -f .devbuild/acc/validation.test
python3 tools/accuracy/procs.py validation/timing/split.yaml > .devbuild/acc/procs.txt
cat .devbuild/acc/procs.txt
ls -l .devbuild/acc
