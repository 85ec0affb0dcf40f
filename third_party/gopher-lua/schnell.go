package lua

// schnell's additions to gopher-lua (PATCHES.md).

// Steps counts n steps of work that a Go function does for the script
// (the comparisons of a sort, the slots a length or a next looks at, the
// slots an insertion moves or fills) as n of the VM's instructions: when
// the count passes a multiple of ctxCheckEvery, the state's context is
// asked, as the VM asks it, and a done context raises its error in the
// function. Without a context it does nothing. A builtin that loops over
// its input is thus stopped by the context as a loop of instructions is
// (schnell: PATCHES.md, patch 5).
func (ls *LState) Steps(n int) {
	if ls.ctx == nil || n <= 0 {
		return
	}
	before := ls.steps
	ls.steps += uint32(n)
	if n < ctxCheckEvery && before%ctxCheckEvery+uint32(n) < ctxCheckEvery {
		return
	}
	select {
	case <-ls.ctx.Done():
		ls.RaiseError("%s", ls.ctx.Err().Error())
	default:
	}
}

// RawLen is tb.Len() with the slots it looks at counted as Steps.
func (ls *LState) RawLen(tb *LTable) int {
	n, scanned := tb.lenScan()
	if scanned > ctxCheckEvery/4 {
		ls.Steps(scanned)
	}
	return n
}

// Serial is the number the program last kept on tb with SetSerial (0:
// none). Lua code can neither see nor change it (schnell: PATCHES.md,
// patch 6: tostring names a table by it).
func (tb *LTable) Serial() uint32 { return tb.serial }

// SetSerial keeps a number on tb (see Serial).
func (tb *LTable) SetSerial(n uint32) { tb.serial = n }

// Serial is the number the program last kept on fn with SetSerial.
func (fn *LFunction) Serial() uint32 { return fn.serial }

// SetSerial keeps a number on fn (see Serial).
func (fn *LFunction) SetSerial(n uint32) { fn.serial = n }

// Serial is the number the program last kept on ud with SetSerial.
func (ud *LUserData) Serial() uint32 { return ud.serial }

// SetSerial keeps a number on ud (see Serial).
func (ud *LUserData) SetSerial(n uint32) { ud.serial = n }

// RawMaxN is tb.MaxN() with the slots it looks at counted as Steps.
func (ls *LState) RawMaxN(tb *LTable) int {
	n := tb.MaxN()
	if scanned := len(tb.array) - n; scanned > ctxCheckEvery/4 {
		ls.Steps(scanned)
	}
	return n
}

// fillNils appends n nils to a, growing it in one allocation, with room
// for an eighth more, where appending them one by one grew it again and
// again: a fill to a far index made five times its size in garbage.
func fillNils(a []LValue, n int) []LValue {
	if need := len(a) + n; need > cap(a) {
		b := make([]LValue, len(a), need+need/8+1)
		copy(b, a)
		a = b
	}
	for range n {
		a = append(a, LNil)
	}
	return a
}
