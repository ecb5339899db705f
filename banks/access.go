package banks

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/smem"
)

// PatternKind is the family of an access pattern.
type PatternKind uint8

const (
	PatLdmatrix PatternKind = iota // ldmatrix.xN[.trans]
	PatStmatrix                    // stmatrix.xN[.trans]
	PatRow                         // ldN.row / stN.row: lanes along a line
	PatCol                         // ldN.col / stN.col: lanes down the lines
	PatWgmma                       // wgmma operand read (core matrices)
	PatTMA                         // TMA box write, 128 B at a time
)

// Access is a parsed access pattern.
type Access struct {
	Kind     PatternKind
	Matrices int  // ldmatrix/stmatrix: 1, 2, 4
	Trans    bool // ldmatrix/stmatrix .trans (same addresses)
	Bytes    int  // row/col: bytes per lane (4, 8, 16)
	Store    bool // row/col: st instead of ld
}

// AccessSyntax lists the access patterns, for help texts.
const AccessSyntax = "ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans], ld32|ld64|ld128|st32|st64|st128 .row|.col, wgmma, tma"

// ParseAccess reads an access pattern (see AccessSyntax).
func ParseAccess(s string) (Access, error) {
	parts := strings.Split(strings.ToLower(s), ".")
	bad := fmt.Errorf("unknown access %q (want %s)", s, AccessSyntax)
	switch head := parts[0]; {
	case head == "ldmatrix" || head == "stmatrix":
		a := Access{Kind: PatLdmatrix, Matrices: 1}
		if head == "stmatrix" {
			a.Kind = PatStmatrix
		}
		for _, q := range parts[1:] {
			switch q {
			case "x1", "x2", "x4":
				a.Matrices = int(q[1] - '0')
			case "trans":
				a.Trans = true
			case "m8n8", "sync", "aligned", "shared", "b16":
			default:
				return a, bad
			}
		}
		return a, nil
	case head == "wgmma" && len(parts) == 1:
		return Access{Kind: PatWgmma}, nil
	case head == "tma" && len(parts) == 1:
		return Access{Kind: PatTMA}, nil
	case len(parts) == 2 && (strings.HasPrefix(head, "ld") || strings.HasPrefix(head, "st")):
		bits, err := strconv.Atoi(head[2:])
		if err != nil || (bits != 32 && bits != 64 && bits != 128) {
			return Access{}, bad
		}
		a := Access{Kind: PatRow, Bytes: bits / 8, Store: head[:2] == "st"}
		switch parts[1] {
		case "row":
		case "col":
			a.Kind = PatCol
		default:
			return a, bad
		}
		return a, nil
	}
	return Access{}, bad
}

// String is the canonical form (ParseAccess accepts it).
func (a Access) String() string {
	switch a.Kind {
	case PatLdmatrix, PatStmatrix:
		s := fmt.Sprintf("ldmatrix.x%d", a.Matrices)
		if a.Kind == PatStmatrix {
			s = fmt.Sprintf("stmatrix.x%d", a.Matrices)
		}
		if a.Trans {
			s += ".trans"
		}
		return s
	case PatRow, PatCol:
		op := "ld"
		if a.Store {
			op = "st"
		}
		dir := "row"
		if a.Kind == PatCol {
			dir = "col"
		}
		return fmt.Sprintf("%s%d.%s", op, 8*a.Bytes, dir)
	case PatWgmma:
		return "wgmma"
	}
	return "tma"
}

// OpKind is the smem counter family the pattern counts in.
func (a Access) OpKind() smem.OpKind {
	switch a.Kind {
	case PatLdmatrix, PatWgmma:
		return smem.OpLdsm
	case PatStmatrix:
		return smem.OpStsm
	case PatTMA:
		return smem.OpSt
	}
	if a.Store {
		return smem.OpSt
	}
	return smem.OpLd
}

// stepShape is the block of the memory tile one warp instruction covers,
// in lines x bytes; the tile must be a whole number of them.
type stepShape struct{ lines, bytes int }

func (a Access) step() stepShape {
	switch a.Kind {
	case PatLdmatrix, PatStmatrix:
		switch a.Matrices {
		case 4:
			return stepShape{16, 32}
		case 2:
			return stepShape{16, 16}
		}
		return stepShape{8, 16}
	case PatRow, PatCol:
		return stepShape{1, a.Bytes}
	case PatWgmma:
		return stepShape{8, 16} // core matrix
	}
	return stepShape{1, 16} // TMA: 16-B chunks
}
