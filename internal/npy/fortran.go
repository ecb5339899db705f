package npy

// fortranToC reorders the elements of a column-major (Fortran-order)
// array of the given shape and item size into row-major (C) order. Arrays
// of fewer than two dimensions are the same in both orders.
func fortranToC(data []byte, shape []int, size int) []byte {
	n := len(shape)
	if n < 2 || len(data) == 0 {
		return data
	}
	// stride[k]: elements between neighbours along axis k in Fortran order.
	stride := make([]int, n)
	s := 1
	for k := 0; k < n; k++ {
		stride[k] = s
		s *= shape[k]
	}
	out := make([]byte, len(data))
	idx := make([]int, n) // C-order multi-index of the element at dst
	src := 0
	for dst := 0; dst < len(data); dst += size {
		copy(out[dst:dst+size], data[src*size:src*size+size])
		for k := n - 1; k >= 0; k-- { // next C-order index: last axis fastest
			idx[k]++
			src += stride[k]
			if idx[k] < shape[k] {
				break
			}
			src -= stride[k] * shape[k]
			idx[k] = 0
		}
	}
	return out
}
