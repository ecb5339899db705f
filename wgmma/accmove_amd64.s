//go:build amd64 && !purego

#include "textflag.h"

// func accMoveF32(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int)
// Per step (tab: byte offsets r0, r1 of a register pair, b of its first
// element in buf) and row g < 8: buf[b + g*rowBytes + 4c] for c < 8 is
// lane 4g + c/2 of register r0 (c even) or r1 (c odd), low 32 bits.
TEXT ·accMoveF32(SB), NOSPLIT, $0-48
	MOVQ regs+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ steps+16(FP), CX
	MOVQ buf+24(FP), R8
	MOVQ rowBytes+32(FP), R9
	VPXOR Y15, Y15, Y15
	CMPQ store+40(FP), $0
	JNE st32

ld32:
	MOVLQSX 0(SI), AX
	ADDQ DI, AX       // register r0
	MOVLQSX 4(SI), BX
	ADDQ DI, BX       // register r1
	MOVLQSX 8(SI), DX
	ADDQ R8, DX       // first element
	MOVQ $8, R10
ld32row:
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VPSLLQ $32, Y1, Y1
	VPBLENDD $0xaa, Y1, Y0, Y0 // r0 lo, r1 lo per lane
	VMOVDQU Y0, (DX)
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ R9, DX
	DECQ R10
	JNZ ld32row
	ADDQ $12, SI
	DECQ CX
	JNZ ld32
	VZEROUPPER
	RET

st32:
	MOVLQSX 0(SI), AX
	ADDQ DI, AX
	MOVLQSX 4(SI), BX
	ADDQ DI, BX
	MOVLQSX 8(SI), DX
	ADDQ R8, DX
	MOVQ $8, R10
st32row:
	VMOVDQU (DX), Y0
	VPSRLQ $32, Y0, Y1         // odd columns, zero-extended
	VPBLENDD $0xaa, Y15, Y0, Y0 // even columns, zero-extended
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, (BX)
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ R9, DX
	DECQ R10
	JNZ st32row
	ADDQ $12, SI
	DECQ CX
	JNZ st32
	VZEROUPPER
	RET

// func accMoveF16(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int)
// Per step (tab: byte offset r of a register, b of its first element in
// buf) and row g < 8: buf[b + g*rowBytes + 4c] for c < 8 is half c%2 of
// lane 4g + c/2 of register r, zero-extended.
TEXT ·accMoveF16(SB), NOSPLIT, $0-48
	MOVQ regs+0(FP), DI
	MOVQ tab+8(FP), SI
	MOVQ steps+16(FP), CX
	MOVQ buf+24(FP), R8
	MOVQ rowBytes+32(FP), R9
	// VPERMD index: the low dwords of 4 qwords; VPSHUFB: the low words
	// of 4 dwords in each 128-bit lane.
	MOVQ $0x0000000600000004, AX
	MOVQ AX, X14
	MOVQ $0x0000000200000000, AX
	MOVQ AX, X13
	VPUNPCKLQDQ X14, X13, X14  // 0, 2, 4, 6
	MOVQ $0x0d0c090805040100, AX
	MOVQ AX, X13
	VPBROADCASTQ X13, Y13      // bytes 0,1,4,5,8,9,12,13 per lane (upper qword ignored)
	CMPQ store+40(FP), $0
	JNE st16

ld16:
	MOVLQSX 0(SI), AX
	ADDQ DI, AX
	MOVLQSX 4(SI), DX
	ADDQ R8, DX
	MOVQ $8, R10
ld16row:
	VMOVDQU (AX), Y0
	VPERMD Y0, Y14, Y0         // 4 low dwords in X0
	VPMOVZXWD X0, Y0           // 8 halves, zero-extended
	VMOVDQU Y0, (DX)
	ADDQ $32, AX
	ADDQ R9, DX
	DECQ R10
	JNZ ld16row
	ADDQ $8, SI
	DECQ CX
	JNZ ld16
	VZEROUPPER
	RET

st16:
	MOVLQSX 0(SI), AX
	ADDQ DI, AX
	MOVLQSX 4(SI), DX
	ADDQ R8, DX
	MOVQ $8, R10
st16row:
	VMOVDQU (DX), Y0
	VPSHUFB Y13, Y0, Y0        // low words to the low qword of each lane
	VPERMQ $0x08, Y0, Y0       // qwords 0, 2: 8 words in X0
	VPMOVZXDQ X0, Y0           // 4 registers, zero-extended
	VMOVDQU Y0, (AX)
	ADDQ $32, AX
	ADDQ R9, DX
	DECQ R10
	JNZ st16row
	ADDQ $8, SI
	DECQ CX
	JNZ st16
	VZEROUPPER
	RET
