package main

import (
	"errors"
	"fmt"
	"github.com/sm90sim/sm90sim/internal/report"
	"io"

	"github.com/spf13/cobra"

	"github.com/sm90sim/sm90sim/banks"
)

type banksFlags struct {
	spec            string
	kernel          string
	json            string
	top             int
	maxInstructions int64
	jobs            int
	noHazardCheck   bool
	strict          bool
	stderr          io.Writer // warnings
	layout          string
	svg             string
}

const banksLong = `Bank-conflict report.

With a kernel: runs KERNEL.ptx functionally (as 'run' does, outputs are not
written) and lists, per PTX source line that touches shared memory, the
instruction, its kind (ld, st, ldsm, stsm, atom, ldgsts: Nsight Compute's
op_* families), warp-level executions, wavefronts, ideal wavefronts,
conflicts (wavefronts above ideal, summed per execution) and the worst n-way
bank conflict, sorted by conflicts, with totals equal to the run report's
smem section. --json writes every line as JSON; --top limits the table.

With --layout (no kernel): a what-if. It lays a tile out in shared memory
under each swizzle mode (none, 32B, 64B, 128B; tile base 1024-byte aligned),
runs an access pattern over the whole tile and prints wavefronts, ideal,
conflicts and worst n-way side by side, so you see which mode removes the
conflicts. --svg writes a heat map (banks x phases) per mode.

  --layout "dtype=f16 tile=64x64 major=k access=ldmatrix.x4"
    dtype   f16 bf16 f32 tf32 f64 e4m3 e5m2 s8 u8 s16 u16 s32 u32 s64 u64 (default f16)
    tile    ROWSxCOLS (an MMA operand: MNxK)
    major   k|row: each row contiguous (K-major); mn|col: each column contiguous
    access  ` + banks.AccessSyntax + `
    pad     extra bytes per line, unswizzled layout only (default 0)
    base    tile offset from a 1024-byte aligned address (default 0)
  Keys are separated by spaces or commas.`

func newBanksCmd(stdout io.Writer) *cobra.Command {
	var f banksFlags
	cmd := &cobra.Command{
		Use:   "banks [KERNEL.ptx --spec launch.yaml | --layout SPEC]",
		Short: "Shared-memory bank conflicts per PTX line, or per swizzle mode for a tile layout",
		Long:  banksLong,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.layout != "" {
				if len(args) > 0 || f.spec != "" || f.kernel != "" {
					return inputErr(errors.New("sm90sim banks: error: --layout takes no kernel, --spec or --kernel"))
				}
				return whatIf(f, stdout)
			}
			if len(args) != 1 || f.spec == "" {
				return inputErr(errors.New("sm90sim banks: error: give KERNEL.ptx --spec launch.yaml, or --layout " + banks.SpecSyntax))
			}
			if f.svg != "" {
				return inputErr(errors.New("sm90sim banks: error: --svg goes with --layout"))
			}
			f.stderr = cmd.ErrOrStderr()
			return kernelBanks(args[0], f, stdout)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.spec, "spec", "", "launch spec (YAML)")
	fl.StringVar(&f.kernel, "kernel", "", ".entry to run: its mangled or demangled name, or a regexp matching one entry (wins over the spec's kernel:)")
	fl.StringVar(&f.json, "json", "", "write the report as JSON here")
	fl.IntVar(&f.top, "top", 0, "show only the N lines with the most conflicts (0: all)")
	fl.Int64Var(&f.maxInstructions, "max-instructions", 10_000_000_000, "warp-instruction budget for the whole launch")
	addJobsFlag(cmd, &f.jobs)
	addHazardFlag(cmd, &f.noHazardCheck)
	addStrictFlag(cmd, &f.strict)
	fl.StringVar(&f.layout, "layout", "", "what-if: "+banks.SpecSyntax)
	fl.StringVar(&f.svg, "svg", "", "with --layout: write a heat map of banks per phase per swizzle mode (SVG)")
	return cmd
}

// whatIf answers a --layout question.
func whatIf(f banksFlags, stdout io.Writer) error {
	sp, err := banks.ParseSpec(f.layout)
	if err != nil {
		return inputErr(fmt.Errorf("sm90sim banks: error: %v", err))
	}
	r := banks.Analyze(sp)
	if err := banks.WriteTable(stdout, &r); err != nil {
		return err
	}
	if f.svg != "" {
		if err := report.WriteFileWith(f.svg, func(w io.Writer) error { return banks.WriteSVG(w, &r) }); err != nil {
			return inputErr(fmt.Errorf("sm90sim banks: error: writing %s: %v", f.svg, err))
		}
	}
	if f.json != "" {
		if err := report.WriteJSON(f.json, &r); err != nil {
			return inputErr(fmt.Errorf("sm90sim banks: error: writing %s: %v", f.json, err))
		}
	}
	return nil
}
