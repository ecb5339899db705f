#!/usr/bin/env bash
# One device call: the tensor-map edit probe (tools/record/tmap_replace_probe.cu) and the tma_replace
# corpus directory. Needs nvcc 13, cuobjdump, ptxas, ncu and .devbuild/tmr/sm90sim (built with cgo here
# and carried):  tools/record/tmap_replace_probe.sh
# 1. environment (nvidia-smi, nvcc --version) -> $OUT/tmr/env.txt
# 2. probe: nvcc -gencode arch=compute_90a,code=sm_90a -O3 (a plain -arch=sm_90a made ptxas see
#    .target sm_90 and reject tensormap.replace), SASS (cuobjdump --dump-sass), every case in its own process
#    ($OUT/tmr/log.txt, images $OUT/tmr/bin/<tag>_caseNN.bin = 1024 shared words + the barrier flag);
#    then the cases marked ver=1 again with kernel `probe` from the probe's PTX re-stamped
#    `.version 8.3/8.4/8.5/9.0` and assembled by ptxas (does ptxas read a field by PTX version?)
# 3. corpus: nvcc -ptx -arch=compute_90a -O3 validation/testdata/tma_replace/kernel.cu, then
#    its SASS ($OUT/tmr/corpus.sass), `sm90sim validate --record`; the directory comes back as $OUT/tmr/tma_replace.tgz.
# TMR_SKIP_PROBE=1 skips step 2; TMR_CASES="3 7" runs only those probe cases; TMR_VERSIONS="" skips the
# cubin runs. At most 8 files come back from a device call: the images, SASS and build logs are packed
# into $OUT/tmr/probe_out.tgz.
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/dev_out}/tmr
mkdir -p "$O/bin"
W=/tmp/tmr
mkdir -p "$W"
SECONDS=0
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    nvcc --version | tail -2
    ptxas --version | tail -1
    ncu --version | tail -1
} > "$O/env.txt" 2>&1
cat "$O/env.txt"

if [ -z "${TMR_SKIP_PROBE:-}" ]; then
    P=tools/record/tmap_replace_probe.cu
    if nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o "$W/probe" $P -lcuda > "$O/build.txt" 2>&1; then
        cuobjdump --dump-sass "$W/probe" > "$O/probe.sass" 2>&1
        nvcc -ptx -arch=compute_90a -O3 -o "$W/probe.ptx" $P >> "$O/build.txt" 2>&1
        for v in 8.3 8.4 8.5 9.0; do
            t=v${v/./}
            sed -E "s/^\.version [0-9.]+/.version $v/" "$W/probe.ptx" > "$W/$t.ptx"
            if ptxas -arch=sm_90a -O3 -o "$W/$t.cubin" "$W/$t.ptx" >> "$O/build.txt" 2>&1; then
                cuobjdump --dump-sass "$W/$t.cubin" > "$O/$t.sass" 2>&1
            else
                echo "ptxas .version $v FAILED" | tee -a "$O/build.txt"
            fi
        done
        "$W/probe" list > "$O/cases.txt"
        CASES=${TMR_CASES:-$(awk '{print $1}' "$O/cases.txt")}
        for i in $CASES; do
            timeout 30 "$W/probe" "$i" "$O/bin" >> "$O/log.txt" 2>&1 || echo "case $i rc=$?" >> "$O/log.txt"
        done
        VCASES=$(awk '$2 == 1 {print $1}' "$O/cases.txt")
        for v in ${TMR_VERSIONS-83 84 85 90}; do
            [ -f "$W/v$v.cubin" ] || continue
            for i in $VCASES; do
                PROBE_CUBIN="$W/v$v.cubin" PROBE_TAG=v$v timeout 30 "$W/probe" "$i" "$O/bin" >> "$O/log.txt" 2>&1 ||
                    echo "v$v case $i rc=$?" >> "$O/log.txt"
            done
        done
    else
        echo "probe build FAILED"; tail -30 "$O/build.txt"
    fi
    echo "=== [${SECONDS}s] probe done"
    grep -c ': ok' "$O/log.txt"; grep -E 'FAULT|FAILED|rc=' "$O/log.txt" | head -40
fi

D=validation/testdata/tma_replace
if nvcc -ptx -arch=compute_90a -O3 -o $D/kernel.ptx $D/kernel.cu > "$O/corpus_build.txt" 2>&1; then
    ptxas -arch=sm_90a -O3 -o "$W/corpus.cubin" $D/kernel.ptx && cuobjdump --dump-sass "$W/corpus.cubin" > "$O/corpus.sass" 2>&1
    timeout 240 .devbuild/tmr/sm90sim validate $D/kernel.ptx --spec $D/launch.yaml --record > "$O/record.txt" 2>&1
    echo "record rc=$?"; tail -20 "$O/record.txt"
else
    echo "corpus build FAILED"; tail -30 "$O/corpus_build.txt"
fi
tar czf "$O/tma_replace.tgz" -C validation/testdata tma_replace
(cd "$O" && tar czf probe_out.tgz bin *.sass build.txt corpus_build.txt 2>/dev/null; rm -rf bin *.sass build.txt corpus_build.txt)
echo "=== [${SECONDS}s] done"
