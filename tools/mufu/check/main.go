// Command check compares the fp model of one approximate PTX form with the
// hardware outputs that tools/mufu/stream.cu writes to its stdin, over all
// inputs (issue 16). Usage: stream F | check F [SAMPLES.bin]
// It prints the mismatch count, a histogram of the distance in f32 bit
// patterns, the first mismatches, and writes up to 2^16 sampled mismatches
// (input or pair index, hardware, model: 3 u32 each) to SAMPLES.bin.
package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

const chunk = 1 << 24

func main() {
	id, err := strconv.Atoi(os.Args[1])
	fm, ok := forms[id]
	if err != nil || !ok {
		fmt.Fprintln(os.Stderr, "check: unknown form", os.Args[1])
		os.Exit(2)
	}
	total := uint64(1) << 32
	if fm.d != nil {
		total = 1 << 30
	}
	if v, err := strconv.ParseUint(os.Getenv("CHECK_LIMIT"), 0, 64); err == nil {
		total = v // testing: only the first inputs
	}
	bufs := make(chan []byte, 3)
	for i := 0; i < 3; i++ {
		bufs <- make([]byte, 4*chunk)
	}
	type job struct {
		base uint64
		b    []byte
	}
	jobs := make(chan job, 2)
	go func() {
		for base := uint64(0); base < total; base += chunk {
			b := <-bufs
			if _, err := io.ReadFull(os.Stdin, b); err != nil {
				fmt.Fprintln(os.Stderr, "check: short input at", base, err)
				os.Exit(1)
			}
			jobs <- job{base, b}
		}
		close(jobs)
	}()
	var bad atomic.Uint64
	var hist [5]atomic.Uint64 // 1, 2, 3..15, 16..2^16, more
	var mu sync.Mutex
	var samples []uint32
	var first []string
	workers := runtime.GOMAXPROCS(0)
	for jb := range jobs {
		var wg sync.WaitGroup
		per := (chunk + workers - 1) / workers
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(lo, hi int) {
				defer wg.Done()
				for i := lo; i < hi; i++ {
					in := uint32(jb.base) + uint32(i)
					hw := binary.LittleEndian.Uint32(jb.b[4*i:])
					var got uint32
					if fm.f != nil {
						got = fm.f(in)
					} else {
						got = fm.d(divPair(in))
					}
					if got == hw {
						continue
					}
					bad.Add(1)
					d := int64(int32(got)) - int64(int32(hw))
					if d < 0 {
						d = -d
					}
					switch {
					case d == 1:
						hist[0].Add(1)
					case d == 2:
						hist[1].Add(1)
					case d < 16:
						hist[2].Add(1)
					case d < 1<<16:
						hist[3].Add(1)
					default:
						hist[4].Add(1)
					}
					if mix32(in)&1023 == 0 || len(samples) < 3*4096 {
						mu.Lock()
						if len(samples) < 3<<16 {
							samples = append(samples, in, hw, got)
						}
						if len(first) < 10 {
							first = append(first, fmt.Sprintf("%08x: hw %08x model %08x", in, hw, got))
						}
						mu.Unlock()
					}
				}
			}(w*per, min((w+1)*per, chunk))
		}
		wg.Wait()
		bufs <- jb.b
	}
	fmt.Printf("%s: %d of %d inputs differ (bit-pattern distance 1: %d, 2: %d, 3-15: %d, 16-65535: %d, more: %d)\n",
		fm.name, bad.Load(), total, hist[0].Load(), hist[1].Load(), hist[2].Load(), hist[3].Load(), hist[4].Load())
	for _, f := range first {
		fmt.Println("  ", f)
	}
	if len(os.Args) > 2 && len(samples) > 0 {
		b := make([]byte, 4*len(samples))
		for i, v := range samples {
			binary.LittleEndian.PutUint32(b[4*i:], v)
		}
		if err := os.WriteFile(os.Args[2], b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
