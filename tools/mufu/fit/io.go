package main

import (
	"encoding/binary"
	"os"
)

// readD32 reads a first-difference dump written by dump.cu.
func readD32(path string) []uint32 {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	v := make([]uint32, len(b)/4)
	var acc uint32
	for i := range v {
		acc += binary.LittleEndian.Uint32(b[4*i:])
		v[i] = acc
	}
	return v
}

func readU32(path string) []uint32 {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}
