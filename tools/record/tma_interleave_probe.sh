#!/usr/bin/env bash
# One device call: the interleaved-tensor-map probe (tools/record/tma_interleave_probe.cu) and the
# tma_load_interleave corpus directory. Needs nvcc 13 and .devbuild/ilv/sm90sim (built with cgo here and
# carried: CGO_ENABLED=1 go build -ldflags='-s -w' -o .devbuild/ilv/sm90sim ./cmd/sm90sim):
#   tools/record/tma_interleave_probe.sh
# 1. environment -> $OUT/ilv/env.txt
# 2. probe: nvcc -gencode arch=compute_90a,code=sm_90a -O3; `probe list` -> cases.txt; the cases run in as few
#    processes as possible (`probe run A N DIR`): a launch that faults ends its process (log: FAULT <CUresult>),
#    one that hangs is killed by timeout; the next process starts after the last case begun (DIR/progress).
#    log.txt holds each case's encode result (the driver's 128 map bytes when it accepted) and summary.
# 3. corpus: nvcc -ptx -arch=compute_90a -O3 validation/testdata/tma_load_interleave/kernel.cu, then
#    `sm90sim validate --record`; the directory comes back as $OUT/ilv/corpus.tgz.
# ILV_SKIP_PROBE=1 skips step 2, ILV_SKIP_CORPUS=1 step 3, ILV_FIRST=N starts the probe at case N. The images,
# SASS and build logs are packed into $OUT/ilv/probe_out.tgz (at most 8 files come back from a device call).
# 2026-11-25, H200: first call (cases 0-269 and the corpus, 11.4 s), second call with ILV_FIRST=270 (cases
# 270-286 and the corpus again, 32 CTAs, 12.1 s). ptx/exec/tma_interleave_test.go holds every case's result.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/dev_out}/ilv
mkdir -p "$O/bin"
W=/tmp/ilv
mkdir -p "$W"
SECONDS=0
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    nvcc --version | tail -2
} > "$O/env.txt" 2>&1
cat "$O/env.txt"

if [ -z "${ILV_SKIP_PROBE:-}" ]; then
    P=tools/record/tma_interleave_probe.cu
    if nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o "$W/probe" $P -lcuda > "$O/build.txt" 2>&1; then
        cuobjdump --dump-sass "$W/probe" > "$O/probe.sass" 2>&1
        "$W/probe" list > "$O/cases.txt"
        N=$(wc -l < "$O/cases.txt")
        i=${ILV_FIRST:-0}
        while [ "$i" -lt "$N" ]; do
            timeout 120 "$W/probe" run "$i" "$N" "$O/bin" >> "$O/log.txt" 2>&1
            rc=$?
            [ "$rc" -eq 0 ] && break
            last=$(awk '$1 == "start" {s = $2} END {print s}' "$O/bin/progress")
            echo "process rc=$rc, last case begun $last" >> "$O/log.txt"
            next=$((last + 1))
            [ "$next" -le "$i" ] && next=$((i + 1))
            i=$next
        done
        echo "=== [${SECONDS}s] probe done: $N cases"
        grep -c ': ok' "$O/log.txt"; grep -c 'FAULT' "$O/log.txt"; grep -E 'FAULT|rc=' "$O/log.txt" | head -40
    else
        echo "probe build FAILED"; tail -30 "$O/build.txt"
    fi
fi

if [ -z "${ILV_SKIP_CORPUS:-}" ]; then
    D=validation/testdata/tma_load_interleave
    if nvcc -ptx -arch=compute_90a -O3 -o $D/kernel.ptx $D/kernel.cu > "$O/corpus_build.txt" 2>&1; then
        timeout 240 .devbuild/ilv/sm90sim validate $D/kernel.ptx --spec $D/launch.yaml --record > "$O/record.txt" 2>&1
        echo "record rc=$?"; tail -30 "$O/record.txt"
    else
        echo "corpus build FAILED"; tail -30 "$O/corpus_build.txt"
    fi
    tar czf "$O/corpus.tgz" -C validation/testdata tma_load_interleave
fi
(cd "$O" && tar czf probe_out.tgz bin *.sass build.txt corpus_build.txt 2>/dev/null; rm -rf bin *.sass build.txt corpus_build.txt)
echo "=== [${SECONDS}s] done"
