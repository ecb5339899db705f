package exec

import (
	"fmt"
	"sync"

	"github.com/sm90sim/sm90sim/ptx"
)

// Layout says where the simulated GPU places things. Defaults reproduce the
// addresses recorded on an H100 (validation/testdata/smem_addrs).
type Layout struct {
	SharedWindowBase uint64 `json:"shared_window_base" yaml:"shared_window_base"`
	LocalWindowBase  uint64 `json:"local_window_base" yaml:"local_window_base"`
	// SharedReservedBytes is the per-CTA system area at the bottom of shared
	// memory; user variables start after it.
	SharedReservedBytes int `json:"shared_reserved_bytes" yaml:"shared_reserved_bytes"`
	// DynamicSharedAlign is the alignment of the dynamic shared-memory base.
	DynamicSharedAlign int `json:"dynamic_shared_align" yaml:"dynamic_shared_align"`
	// LocalStackTop is the local-window address just above the entry
	// function's frame; frames grow down from it.
	LocalStackTop     uint64 `json:"local_stack_top" yaml:"local_stack_top"`
	NumSMs            int    `json:"num_sms" yaml:"num_sms"`
	MaxSharedPerBlock int    `json:"max_shared_per_block" yaml:"max_shared_per_block"`
}

// DefaultLayout is the H100 SXM layout.
func DefaultLayout() Layout {
	return Layout{
		SharedWindowBase:    sharedWindow,
		LocalWindowBase:     localWindow,
		SharedReservedBytes: 0x400,
		DynamicSharedAlign:  16,
		LocalStackTop:       0xfffdc0,
		NumSMs:              132,
		MaxSharedPerBlock:   227 * 1024,
	}
}

// Kernel is a compiled .entry with every function it can call. It does not
// change once LoadGlobals has placed its variables: run statistics live in
// the Launch, so goroutines share one Kernel.
type Kernel struct {
	prog   *ptx.Program
	entry  int
	funcs  []*xfunc // by Program.Funcs index; nil for declarations
	layout Layout
	// varAddr: module-scope variable addresses (global address for
	// .global/.const, shared-space address for .shared).
	varAddr []uint64
	// constBank: the .const variables in the constant bank (ConstBank)
	constBank []constVar
	// sharedLocalAddr[f][i]: shared-space address of function-local .shared vars.
	sharedLocalAddr [][]uint64
	staticShared    int // end of static shared (shared-space address)
	dynAlign        int // alignment of the dynamic shared base (layout and extern .align)
	// codeEnd: the estimated SASS code address after the functions compiled
	// so far (compile.go lays functions out one after the other).
	codeEnd uint64
	// memo: analyses of the kernel (memo.go)
	memoMu sync.Mutex
	memo   map[any]any
}

// Name is the kernel's .entry name.
func (k *Kernel) Name() string { return k.prog.Funcs[k.entry].Name }

// Entry is the kernel's ptx function.
func (k *Kernel) Entry() *ptx.Function { return k.prog.Funcs[k.entry] }

// Program is the program the kernel came from.
func (k *Kernel) Program() *ptx.Program { return k.prog }

// Compile prepares the .entry named name for execution. Unsupported
// instructions are reported with their source position (an input error).
func Compile(p *ptx.Program, name string, layout Layout) (*Kernel, error) {
	k := &Kernel{prog: p, entry: -1, layout: layout}
	for i, f := range p.Funcs {
		if f.Entry && f.Name == name {
			k.entry = i
		}
	}
	if k.entry < 0 {
		return nil, fmt.Errorf("%s: error: no .entry named %q", p.File, name)
	}
	k.funcs = make([]*xfunc, len(p.Funcs))
	k.sharedLocalAddr = make([][]uint64, len(p.Funcs))
	k.placeShared()
	var errs ptx.ErrorList
	for i, f := range p.Funcs {
		if f.Extern && len(f.Insts) == 0 {
			continue
		}
		xf, err := k.compileFunc(i, f)
		if err != nil {
			if el, ok := err.(ptx.ErrorList); ok {
				errs = append(errs, el...)
				continue
			}
			return nil, err
		}
		k.funcs[i] = xf
		k.codeEnd = xf.codeEnd
	}
	if len(errs) > 0 {
		return nil, errs
	}
	wg := false
	for _, xf := range k.funcs {
		wg = wg || xf != nil && xf.wgmma
	}
	if !wg {
		for _, xf := range k.funcs {
			if xf != nil {
				assignSlots(xf)
			}
		}
	}
	return k, nil
}

// placeShared assigns shared-space addresses to static .shared variables in
// declaration order (module scope first, then function locals).
func (k *Kernel) placeShared() {
	addr := uint64(k.layout.SharedReservedBytes)
	k.varAddr = make([]uint64, len(k.prog.Vars))
	place := func(v *ptx.Var) uint64 {
		a := uint64(max(v.Align, 1))
		addr = (addr + a - 1) &^ (a - 1)
		r := addr
		addr += uint64(v.Size)
		return r
	}
	var dyn []int
	for i, v := range k.prog.Vars {
		if v.Space != ptx.SpaceShared {
			continue
		}
		if v.Extern || v.Size == 0 {
			dyn = append(dyn, i)
			continue
		}
		k.varAddr[i] = place(v)
	}
	for fi, f := range k.prog.Funcs {
		k.sharedLocalAddr[fi] = make([]uint64, len(f.Locals))
		for i, v := range f.Locals {
			if v.Space == ptx.SpaceShared {
				k.sharedLocalAddr[fi][i] = place(v)
			}
		}
	}
	k.staticShared = int(addr)
	// The dynamic base honours the largest `.align` of the extern arrays:
	// ptxas pads the static size to it (tma_load of validation/microbench:
	// 64 bytes of static mbarriers and `.extern .shared .align 1024` report
	// "1024 bytes smem" in ptxas -v, and 128B-swizzled TMA into it works).
	k.dynAlign = max(k.layout.DynamicSharedAlign, 1)
	for _, i := range dyn {
		k.dynAlign = max(k.dynAlign, k.prog.Vars[i].Align)
	}
	dynBase := k.DynamicSharedBase()
	for _, i := range dyn {
		k.varAddr[i] = dynBase
	}
}

// DynamicSharedBase is the shared-space address of `extern .shared` arrays.
func (k *Kernel) DynamicSharedBase() uint64 {
	da := uint64(max(k.dynAlign, 1))
	return (uint64(k.staticShared) + da - 1) &^ (da - 1)
}

// StaticSharedBytes is the static shared memory the kernel declares.
func (k *Kernel) StaticSharedBytes() int { return k.staticShared - k.layout.SharedReservedBytes }

// SharedBytes is the CTA's shared-memory size (reserved + static + dynamic).
func (k *Kernel) SharedBytes(dynamic int) int { return int(k.DynamicSharedBase()) + dynamic }

// ConstBank places addr, a global address inside one of the module's
// .const variables, in the kernel's constant bank (SASS c[0x3][..]): ptxas
// packs the .const variables one after the other in declaration order,
// each at its alignment (LoadGlobals lays the table out). ok is false for
// other addresses.
func (k *Kernel) ConstBank(addr uint64) (off uint64, ok bool) {
	for _, c := range k.constBank {
		if addr >= c.addr && addr < c.addr+c.size {
			return c.off + addr - c.addr, true
		}
	}
	return 0, false
}

// constVar is a .const variable's global address, size and place in the
// constant bank.
type constVar struct{ addr, size, off uint64 }

// LoadGlobals maps the module's .global and .const variables into g, with
// their initializers (address relocations resolved).
func (k *Kernel) LoadGlobals(g *GlobalMem) error {
	for i, v := range k.prog.Vars {
		if v.Space != ptx.SpaceGlobal && v.Space != ptx.SpaceConst {
			continue
		}
		seg := g.Alloc(v.Name, v.Size)
		if v.Init != nil {
			copy(seg.Data, v.Init)
		}
		k.varAddr[i] = seg.Base
	}
	k.constBank = k.constBank[:0]
	var at uint64
	for i, v := range k.prog.Vars {
		if v.Space != ptx.SpaceConst {
			continue
		}
		a := uint64(max(v.Align, 1))
		at = (at + a - 1) &^ (a - 1)
		k.constBank = append(k.constBank, constVar{k.varAddr[i], uint64(v.Size), at})
		at += uint64(v.Size)
	}
	for _, v := range k.prog.Vars {
		if len(v.Relocs) == 0 || (v.Space != ptx.SpaceGlobal && v.Space != ptx.SpaceConst) {
			continue
		}
		base := g.Slice(k.varAddr[k.varIndex(v)], v.Size)
		for _, r := range v.Relocs {
			a, err := k.relocAddr(r)
			if err != nil {
				return fmt.Errorf("%s:%d:%d: error: %v", v.Pos.File, v.Pos.Line, v.Pos.Col, err)
			}
			putLE(base[r.Offset:], r.Size, a)
		}
	}
	return nil
}

func (k *Kernel) varIndex(v *ptx.Var) int {
	for i, o := range k.prog.Vars {
		if o == v {
			return i
		}
	}
	return -1
}

func (k *Kernel) relocAddr(r ptx.Reloc) (uint64, error) {
	for i, v := range k.prog.Vars {
		if v.Name == r.Target {
			a := k.varAddr[i]
			if v.Space == ptx.SpaceShared && r.Generic {
				a += k.layout.SharedWindowBase
			}
			return a + uint64(r.Addend), nil
		}
	}
	for i, f := range k.prog.Funcs {
		if f.Name == r.Target {
			return funcAddrBase + uint64(i)*16, nil
		}
	}
	return 0, fmt.Errorf("initializer names unknown symbol %q", r.Target)
}

// funcAddrBase is where function "addresses" live (for indirect calls).
const funcAddrBase = 0x7f48_0000_0000

func putLE(b []byte, n int, v uint64) {
	for i := 0; i < n; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func getLE(b []byte, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		v |= uint64(b[i]) << (8 * i)
	}
	return v
}
