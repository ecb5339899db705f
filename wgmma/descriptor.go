package wgmma

import "fmt"

// Swizzle is the layout-type field of a matrix descriptor (bits 62-63).
type Swizzle uint8

// Swizzle modes in descriptor encoding order.
const (
	SwizzleNone Swizzle = 0 // CUTLASS "INTERLEAVE"
	Swizzle128B Swizzle = 1
	Swizzle64B  Swizzle = 2
	Swizzle32B  Swizzle = 3
)

func (s Swizzle) String() string {
	return [...]string{"none", "128B", "64B", "32B"}[s&3]
}

// Span is the swizzle span in bytes: 16 (none), 32, 64 or 128.
func (s Swizzle) Span() int {
	return [...]int{16, 128, 64, 32}[s&3]
}

// xorMask is the mask M of address bits 7.. XORed into bits 4..: 0 (none),
// 1 (32B), 3 (64B), 7 (128B).
func (s Swizzle) xorMask() uint32 {
	return [...]uint32{0, 7, 3, 1}[s&3]
}

// Major is the majorness of a shared-memory operand.
type Major uint8

// K-major (imm-trans 0) and MN-major (imm-trans 1).
const (
	KMajor  Major = 0
	MNMajor Major = 1
)

func (m Major) String() string {
	if m == MNMajor {
		return "MN-major"
	}
	return "K-major"
}

// Descriptor is a decoded 64-bit wgmma shared-memory matrix descriptor
// (ptx-facts §2.1). Byte quantities are in bytes (the encoding stores
// 16-byte units).
type Descriptor struct {
	Start      uint32 // shared::cta byte address of the matrix (bits 0-13, x16)
	LBO        uint32 // leading-dimension byte offset (bits 16-29, x16)
	SBO        uint32 // stride-dimension byte offset (bits 32-45, x16)
	BaseOffset uint8  // bits 49-51
	Swizzle    Swizzle
}

// Decode splits a descriptor value into its fields. Bits the sm_90 format
// leaves unused are ignored.
func Decode(v uint64) Descriptor {
	return Descriptor{
		Start:      uint32(v&0x3fff) << 4,
		LBO:        uint32((v>>16)&0x3fff) << 4,
		SBO:        uint32((v>>32)&0x3fff) << 4,
		BaseOffset: uint8((v >> 49) & 7),
		Swizzle:    Swizzle(v >> 62),
	}
}

// Encode is the inverse of Decode (byte fields are truncated to 16-byte
// units and 18 bits, as CUTLASS's make_gmma_desc does).
func (d Descriptor) Encode() uint64 {
	f := func(b uint32) uint64 { return uint64(b&0x3ffff) >> 4 }
	return f(d.Start) | f(d.LBO)<<16 | f(d.SBO)<<32 | uint64(d.BaseOffset&7)<<49 | uint64(d.Swizzle&3)<<62
}

func (d Descriptor) String() string {
	return fmt.Sprintf("{start 0x%x, LBO %d, SBO %d, base %d, swizzle %s}", d.Start, d.LBO, d.SBO, d.BaseOffset, d.Swizzle)
}

// swizzle applies the XOR of §2.4 to an absolute shared address. A nonzero
// base offset is subtracted from address bits 7-9 before they are used as
// the XOR value (UNCONFIRMED; CUTLASS always encodes 0).
func (d Descriptor) swizzle(addr uint32) uint32 {
	m := d.Swizzle.xorMask()
	if m == 0 {
		return addr
	}
	row := (addr>>7 - uint32(d.BaseOffset)) & m
	return addr ^ row<<4
}

// AddrK is the shared byte address of byte kb of row mn (an M row of A or an
// N column of B) of a K-major operand (ptx-facts §2.4). kb < 32: one wgmma
// reads 32 bytes of K per row.
func (d Descriptor) AddrK(mn, kb int) uint32 {
	var off int
	if d.Swizzle == SwizzleNone {
		off = (mn%8)*16 + (mn/8)*int(d.SBO) + kb%16 + (kb/16)*int(d.LBO)
	} else {
		off = (mn%8)*d.Swizzle.Span() + (mn/8)*int(d.SBO) + kb
	}
	return d.swizzle(d.Start + uint32(off))
}

// AddrMN is the shared byte address of element (mn, k) of an MN-major
// operand whose elements are esize bytes (2: only f16/bf16 allow MN-major).
func (d Descriptor) AddrMN(mn, k, esize int) uint32 {
	nb := mn * esize
	var off int
	if d.Swizzle == SwizzleNone {
		off = nb%16 + (nb/16)*int(d.SBO) + (k%8)*16 + (k/8)*int(d.LBO)
	} else {
		s := d.Swizzle.Span()
		off = nb%s + (nb/s)*int(d.LBO) + (k%8)*s + (k/8)*int(d.SBO)
	}
	return d.swizzle(d.Start + uint32(off))
}

// Addr is the address of element (mn, k) of an operand of type t with the
// given majorness. For b1, k indexes bits and the address is that of the
// byte holding bit k (bit k%8 of it).
func (d Descriptor) Addr(t Type, major Major, mn, k int) uint32 {
	if major == MNMajor {
		return d.AddrMN(mn, k, t.Bits()/8)
	}
	return d.AddrK(mn, k*t.Bits()/8)
}
