#!/usr/bin/env bash
# Stores the corpus's large files gzipped (validation/testdata/README.md, "Compressed files"):
#   *.npy (inputs and gpu/ recordings)   -> NAME.npy.gz   where gzip saves >= 512 bytes (gzfile.Saves)
#   *.json (provenance, counters, cycles, capture, gpu/*.meta.json), kernel.cu, *.sass
#                                        -> NAME.gz        (same saving rule)
#   kernel.ptx                           -> kernel.ptx.gz      where the gzip takes fewer 512-byte blocks
# and a symbolic link kernel.ptx(.gz) / kernel.cu -> ../d/NAME becomes the link file NAME.link
# holding the target's path (the device tool counts a symbolic link at its target's size).
# Every reader (sm90sim, internal/gzfile, tools/record/gzcompat.py) reads NAME, else NAME.gz, else
# what NAME.link names, so launch.yaml files keep naming x.npy. A plain NAME written later (nvcc, a re-recording) replaces a
# stale NAME.gz when this script runs again; a plain NAME that does not qualify is kept and its
# stale NAME.gz removed. The gzip output is deterministic (-n: no name, no time stamp).
# Usage: bash tools/record/compress_corpus.sh [DIR...]   (default: every validation/testdata/*/)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -gt 0 ] || set -- validation/testdata/*/
saved=0
consider() { # FILE MIN_BYTES
    local f=$1 min=$2 raw gz
    [ -f "$f" ] || return 0
    raw=$(stat -c %s "$f")
    if [ "$raw" -le "$min" ]; then rm -f "$f.gz"; return 0; fi
    gzip -9 -n -c "$f" > "$f.gz.tmp"
    gz=$(stat -c %s "$f.gz.tmp")
    if [ $((raw - gz)) -ge 512 ]; then
        mv "$f.gz.tmp" "$f.gz" && rm "$f"
        saved=$((saved + raw - gz))
    else
        rm -f "$f.gz.tmp" "$f.gz"
    fi
}
consider_blocks() { # FILE: keep NAME.gz when it takes fewer 512-byte blocks than NAME
    local f=$1 raw gz
    [ -f "$f" ] && [ ! -L "$f" ] || return 0   # a link follows its target (below)
    raw=$(stat -c %s "$f")
    gzip -9 -n -c "$f" > "$f.gz.tmp"
    gz=$(stat -c %s "$f.gz.tmp")
    if [ $(( (gz + 511) / 512 )) -lt $(( (raw + 511) / 512 )) ]; then
        mv "$f.gz.tmp" "$f.gz" && rm "$f"
        saved=$((saved + raw - gz))
    else
        rm -f "$f.gz.tmp" "$f.gz"
    fi
}
# a symbolic link kernel.ptx(.gz) or kernel.cu -> ../d/NAME becomes NAME.link (one line: the
# target's path, relative to the link's directory, as its target is stored after this run)
for d in "$@"; do
    for n in kernel.ptx kernel.cu; do
        for f in "${d%/}/$n" "${d%/}/$n.gz"; do
            [ -L "$f" ] || continue
            t=$(readlink "$f"); t=${t%.gz}
            printf '%s\n' "$t" > "${d%/}/$n.link" && rm "$f"
        done
    done
done
for d in "$@"; do
    d=${d%/}
    while IFS= read -r -d '' f; do consider "$f" 0; done < <(find "$d" \( -name '*.npy' -o -name '*.json' -o -name '*.sass' -o -name kernel.cu \) -type f -print0 | sort -z)
    consider_blocks "$d/kernel.ptx"
done
# a link file names its target as that is stored now (NAME or NAME.gz)
for d in "$@"; do
    for l in "${d%/}"/kernel.ptx.link "${d%/}"/kernel.cu.link; do
        [ -f "$l" ] || continue
        t=$(head -n1 "$l"); t=${t%.gz}; at="$(dirname "$l")/$t"
        if [ -f "$at.gz" ] && [ ! -f "$at" ]; then t="$t.gz"; elif [ ! -f "$at" ]; then echo "compress_corpus: $l: no $t(.gz)" >&2; continue; fi
        [ "$(cat "$l")" = "$t" ] || printf '%s\n' "$t" > "$l"
    done
done
echo "compress_corpus: saved $saved bytes"
