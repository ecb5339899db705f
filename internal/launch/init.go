package launch

import (
	"encoding/binary"
	"runtime"
	"sync"
)

// splitmix64 is one step of Vigna's SplitMix64 output function (doc.go).
func splitmix64(x uint64) uint64 {
	z := x + 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// bufferKey is kb for the buffer at 0-based position b of `buffers`.
func bufferKey(seed uint64, b int) uint64 {
	return splitmix64(splitmix64(seed) ^ uint64(b))
}

// uniformUnit maps r to [0, 1): float64(r >> 11) * 2^-53 (exact).
func uniformUnit(r uint64) float64 {
	return float64(r>>11) * 0x1p-53
}

// uniformFloat is low + (high - low) * u with each operation rounded on its
// own: the explicit float64() conversion forbids fusing into an FMA.
func uniformFloat(low, high, u float64) float64 {
	d := float64(high - low)
	return low + float64(d*u)
}

// uniformInt is low + (r mod span) with span = (high - low) + 1 wrapping
// mod 2^64; span == 0 means the full 64-bit range and yields r.
func uniformInt(low, high, r uint64) uint64 {
	span := high - low + 1
	if span == 0 {
		return r
	}
	return low + r%span
}

// generate fills a buffer of b's dtype and shape by its initializer; pos is
// the buffer's 0-based position in `buffers`. Element i depends on i alone
// (a counter-based generator), so large buffers are filled in chunks on
// several goroutines with the same bytes.
func generate(b *BufferSpec, seed uint64, pos int) []byte {
	n, size := numElems(b.Shape), b.DType.Size()
	data := make([]byte, n*size)
	if b.Init == InitZeros {
		return data
	}
	kb := bufferKey(seed, pos)
	parts := min(runtime.GOMAXPROCS(0), n/generateChunk)
	if parts <= 1 {
		fill(b, kb, data, 0, n)
		return data
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { fill(b, kb, data, p*n/parts, (p+1)*n/parts) })
	}
	wg.Wait()
	return data
}

// generateChunk is the fewest elements worth a goroutine of their own.
const generateChunk = 1 << 18

// fill writes elements from..to-1 of b's initializer into data.
func fill(b *BufferSpec, kb uint64, data []byte, from, to int) {
	size := b.DType.Size()
	var tmp [8]byte
	for i := from; i < to; i++ {
		var bits uint64
		switch {
		case b.Init == InitIota && b.DType.IsFloat():
			bits = floatBits(float64(i), b.DType)
		case b.Init == InitIota:
			bits = uint64(i)
		case b.DType.IsFloat():
			u := uniformUnit(splitmix64(kb ^ uint64(i)))
			bits = floatBits(uniformFloat(b.Low, b.High, u), b.DType)
		default:
			bits = uniformInt(b.IntLow, b.IntHigh, splitmix64(kb^uint64(i)))
		}
		binary.LittleEndian.PutUint64(tmp[:], bits)
		copy(data[i*size:], tmp[:size])
	}
}
