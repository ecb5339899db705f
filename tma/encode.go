package tma

import (
	"encoding/binary"
	"errors"
)

// Size is the byte size of an encoded tensor map (CUtensorMap).
const Size = 128

const (
	magic   = 0x4D543953 // "S9TM"
	version = 1
)

// Field offsets of the encoding (see doc.go).
const (
	offRank     = 5
	offDType    = 6
	offModes    = 7
	offAddr     = 8
	offDims     = 16
	offStrides  = 40
	offBox      = 72
	offEStrides = 77
	offLower    = 82
	offUpper    = 88
	offChannels = 96
	offPixels   = 100
	offFlags    = 104 // bit 0: RoundTF32
)

// ErrNotTensorMap is returned by Decode for bytes without the magic.
var ErrNotTensorMap = errors.New("not a tensor map (no sm90sim tensor-map header: the 128 bytes were not made by the launch spec or tensormap.replace)")

// Encode writes the map in the simulator's format. The map should be
// valid; out-of-range fields are truncated.
func (t *TensorMap) Encode() [Size]byte {
	var b [Size]byte
	le := binary.LittleEndian
	le.PutUint32(b[0:], magic)
	b[4] = version
	b[offRank] = byte(t.Rank - 1)
	b[offDType] = byte(t.DType)
	m := byte(t.Interleave&3) | byte(t.Swizzle&3)<<2 | byte(t.L2Promotion&3)<<4 | byte(t.OOBFill&1)<<6
	if t.Im2col != nil {
		m |= 1 << 7
	}
	b[offModes] = m
	if t.RoundTF32 || t.DType == TF32 || t.DType == TF32FTZ {
		b[offFlags] = 1
	}
	le.PutUint64(b[offAddr:], t.GlobalAddress)
	for i := 0; i < t.Rank && i < 5; i++ {
		le.PutUint32(b[offDims+4*i:], uint32(t.Dims[i]-1))
		b[offBox+i] = byte(t.Box[i] - 1)
		b[offEStrides+i] = byte(t.ElementStrides[i] - 1)
		if i > 0 {
			le.PutUint64(b[offStrides+8*(i-1):], t.Strides[i-1])
		}
	}
	if p := t.Im2col; p != nil {
		for i := 0; i < len(p.LowerCorner) && i < 3; i++ {
			le.PutUint16(b[offLower+2*i:], uint16(p.LowerCorner[i]))
			le.PutUint16(b[offUpper+2*i:], uint16(p.UpperCorner[i]))
		}
		le.PutUint32(b[offChannels:], p.ChannelsPerPixel)
		le.PutUint32(b[offPixels:], p.PixelsPerColumn)
	}
	return b
}

// Decode reads a map written by Encode (it does not validate it).
func Decode(b []byte) (TensorMap, error) {
	var t TensorMap
	le := binary.LittleEndian
	if len(b) < Size || le.Uint32(b) != magic || b[4] != version {
		return t, ErrNotTensorMap
	}
	t.Rank = int(b[offRank]) + 1
	if t.Rank > 5 {
		return t, errors.New("corrupt tensor map: rank field above 5")
	}
	t.DType = DType(b[offDType])
	m := b[offModes]
	t.Interleave, t.Swizzle = Interleave(m&3), Swizzle(m>>2&3)
	t.L2Promotion, t.OOBFill = L2Promotion(m>>4&3), OOBFill(m>>6&1)
	t.RoundTF32 = b[offFlags]&1 != 0
	t.GlobalAddress = le.Uint64(b[offAddr:])
	for i := 0; i < t.Rank; i++ {
		t.Dims = append(t.Dims, uint64(le.Uint32(b[offDims+4*i:]))+1)
		t.Box = append(t.Box, uint32(b[offBox+i])+1)
		t.ElementStrides = append(t.ElementStrides, uint32(b[offEStrides+i])+1)
		if i > 0 {
			t.Strides = append(t.Strides, le.Uint64(b[offStrides+8*(i-1):]))
		}
	}
	if m&(1<<7) != 0 {
		p := &Im2colParams{ChannelsPerPixel: le.Uint32(b[offChannels:]), PixelsPerColumn: le.Uint32(b[offPixels:])}
		for i := 0; i < t.Rank-2 && i < 3; i++ {
			p.LowerCorner = append(p.LowerCorner, int32(int16(le.Uint16(b[offLower+2*i:]))))
			p.UpperCorner = append(p.UpperCorner, int32(int16(le.Uint16(b[offUpper+2*i:]))))
		}
		t.Im2col = p
	}
	return t, nil
}
