// Command trimptx keeps of a PTX module one .entry and the functions it
// calls (what `sm90sim capture` writes as kernel.ptx):
//
//	go run ./tools/capture/trimptx IN.ptx ENTRY > OUT.ptx
package main

import (
	"fmt"
	"os"

	"github.com/sm90sim/sm90sim/internal/capture"
	"github.com/sm90sim/sm90sim/internal/gzfile"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: trimptx IN.ptx ENTRY > OUT.ptx")
		os.Exit(2)
	}
	src, err := gzfile.ReadFile(os.Args[1]) // IN.ptx or IN.ptx.gz
	if err == nil {
		src, err = capture.TrimPTX(src, os.Args[2])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "trimptx:", err)
		os.Exit(1)
	}
	os.Stdout.Write(src)
}
