package mufuref

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
)

// Input sets of a Record.
const (
	SetList      = iota // explicit inputs (A, and B for division)
	SetStrat            // A[i] = Strat(i)
	SetDivStrat         // (A[i], B[i]) = DivStrat(i)
	SetAll16            // A[i] = i for i < 65536 (16-bit forms; outputs delta-coded)
	SetF64              // A[i] indexes F64Input(op, A[i]); outputs are 32-bit halves, delta-coded
	SetDivStrat2        // (A[i], B[i]) = DivStrat(2i): every other division sample
)

// A Record is the hardware output of one form over a set of inputs.
type Record struct {
	Form string
	Set  int
	Base string   // if set: an earlier record of the same input set whose outputs are the reference
	A, B []uint32 // inputs (B: divisors of the division forms)
	HW   []uint32 // hardware outputs
	base []uint32
}

// Div reports whether the record is of a division form.
func (r *Record) Div() bool { return len(r.Form) >= 3 && r.Form[:3] == "div" }

func (r *Record) inputs(n int) {
	if r.Set == SetList || r.Set == SetF64 {
		return
	}
	r.A = make([]uint32, n)
	if r.Set == SetDivStrat || r.Set == SetDivStrat2 {
		r.B = make([]uint32, n)
	}
	for i := range r.A {
		switch r.Set {
		case SetStrat:
			r.A[i] = Strat(i)
		case SetDivStrat:
			r.A[i], r.B[i] = DivStrat(i)
		case SetDivStrat2:
			r.A[i], r.B[i] = DivStrat(2 * i)
		default:
			r.A[i] = uint32(i)
		}
	}
}

// ref is the reference output for sample i (the previous output for SetAll16).
func (r *Record) ref(i int) uint32 {
	switch {
	case r.base != nil:
		return r.base[i]
	case r.Set == SetAll16 || r.Set == SetF64:
		if i == 0 {
			return 0
		}
		return r.HW[i-1]
	case r.Div():
		return RefDiv(r.A[i], r.B[i])
	}
	return Ref(r.Form, r.A[i])
}

// Encode writes the records, gzip-compressed: per record its form, input
// set and count, explicit inputs as varint deltas, the outputs as varint
// residuals against the reference, and the SHA-256 of the outputs.
func Encode(w io.Writer, recs []Record) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	var buf [binary.MaxVarintLen64]byte
	put := func(v int64) { bw.Write(buf[:binary.PutVarint(buf[:], v)]) }
	seen := map[string][]uint32{}
	for _, r := range recs {
		if r.Set != SetList && r.Set != SetF64 {
			r.inputs(len(r.HW))
		}
		if r.Base != "" {
			r.base = seen[r.Base]
			if len(r.base) != len(r.HW) || r.Set == SetList {
				return fmt.Errorf("mufuref: %s: base %s is not an earlier record of the same input set", r.Form, r.Base)
			}
		}
		seen[r.Form] = r.HW
		put(int64(len(r.Form)))
		bw.WriteString(r.Form)
		put(int64(len(r.Base)))
		bw.WriteString(r.Base)
		put(int64(r.Set))
		put(int64(len(r.HW)))
		if r.Set == SetList || r.Set == SetF64 {
			prev := int64(0)
			for _, a := range r.A {
				put(int64(a) - prev)
				prev = int64(a)
			}
			if r.Div() {
				for _, b := range r.B {
					put(int64(b))
				}
			}
		}
		for i, h := range r.HW {
			put(int64(int32(h)) - int64(int32(r.ref(i))))
		}
		sum := sha256.Sum256(words(r.HW))
		bw.Write(sum[:])
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// Decode reads what Encode wrote and checks every record's checksum.
func Decode(rd io.Reader) ([]Record, error) {
	zr, err := gzip.NewReader(rd)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(zr)
	var rerr error
	get := func() int64 {
		v, e := binary.ReadVarint(br)
		if e != nil && rerr == nil {
			rerr = e
		}
		return v
	}
	var recs []Record
	seen := map[string][]uint32{}
	for {
		n, e := binary.ReadVarint(br)
		if e == io.EOF {
			return recs, nil
		} else if e != nil {
			return nil, e
		}
		name := make([]byte, n)
		if _, e := io.ReadFull(br, name); e != nil {
			return nil, e
		}
		bl := get()
		if rerr != nil || bl < 0 || bl > 64 {
			return nil, fmt.Errorf("mufuref: bad record header for %q", name)
		}
		base := make([]byte, bl)
		if _, e := io.ReadFull(br, base); e != nil {
			return nil, e
		}
		r := Record{Form: string(name), Base: string(base), Set: int(get())}
		cnt := int(get())
		if rerr != nil || cnt < 0 || cnt > 1<<24 {
			return nil, fmt.Errorf("mufuref: bad record header for %q", r.Form)
		}
		if r.Base != "" {
			r.base = seen[r.Base]
			if len(r.base) != cnt {
				return nil, fmt.Errorf("mufuref: %s: unknown base %s", r.Form, r.Base)
			}
		}
		r.inputs(cnt)
		if r.Set == SetList || r.Set == SetF64 {
			r.A = make([]uint32, cnt)
			prev := int64(0)
			for i := range r.A {
				prev += get()
				r.A[i] = uint32(prev)
			}
			if r.Div() {
				r.B = make([]uint32, cnt)
				for i := range r.B {
					r.B[i] = uint32(get())
				}
			}
		}
		r.HW = make([]uint32, cnt)
		for i := range r.HW {
			r.HW[i] = uint32(int32(int64(int32(r.ref(i))) + get()))
		}
		var sum [32]byte
		if _, e := io.ReadFull(br, sum[:]); e != nil {
			return nil, e
		}
		if rerr != nil {
			return nil, rerr
		}
		if sha256.Sum256(words(r.HW)) != sum {
			return nil, fmt.Errorf("mufuref: %s: decoded outputs differ from the recording (reference drift)", r.Form)
		}
		seen[r.Form] = r.HW
		recs = append(recs, r)
	}
}

func words(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}
