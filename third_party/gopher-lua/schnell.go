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

// IteratorStep is one step of a generic for's iterator: the key and the
// value after control in state (the key nil when the loop is over).
type IteratorStep func(L *LState, state, control LValue) (key, value LValue)

// SetIterator makes the VM run step itself for a generic for whose
// iterator function is fn (`for k, v in f, s, c`, as ipairs returns
// them): step is called directly, with no call frame and no call into the
// VM for each step. fn itself, called as a function, runs as before; it
// should do what step does. A step counts as one instruction, as the call
// of fn did. nil fn: none (schnell: PATCHES.md, patch 9).
func (ls *LState) SetIterator(fn *LFunction, step IteratorStep) {
	ls.G.iterFn, ls.G.iterStep = fn, step
	if fn == nil || step == nil {
		ls.G.iterFn, ls.G.iterStep = nil, nil
	}
}

// iterate is OP_TFORLOOP with the state's iterator: R(A+3), …,
// R(A+2+nret) := step(R(A+1), R(A+2)); if R(A+3) ~= nil then R(A+2) :=
// R(A+3) and the loop goes on (the JMP that follows), else it ends.
func (ls *LState) iterate(cf *callFrame, RA, nret int) {
	reg := ls.reg
	k, v := ls.G.iterStep(ls, reg.array[RA+1], reg.array[RA+2])
	// reg.SetTop(RA + 3 + nret) and the registers set, written out
	// (patch 11)
	top := RA + 3 + nret
	if top > cap(reg.array) {
		reg.resize(top)
	}
	a := reg.array
	if old := reg.top; old > top {
		for i := top; i < old; i++ { // a few: no call to clear memory
			a[i] = nil
		}
	} else {
		for i := old; i < top; i++ {
			a[i] = LNil
		}
	}
	reg.top = top
	a[RA+3] = k
	if nret >= 2 {
		a[RA+4] = v
	}
	for i := 2; i < nret; i++ {
		a[RA+3+i] = LNil
	}
	if k != LNil {
		a[RA+2] = k
		pc := cf.Fn.Proto.Code[cf.Pc]
		cf.Pc += int(pc&0x3ffff) - opMaxArgSbx
	}
	cf.Pc++
}

// fixedStack is the state's call stack if it is the fixed one (schnell's
// states: Options.MinimizeStackMemory off), else nil: the VM's calls and
// returns use its methods, which Go inlines, where the interface's are
// calls (PATCHES.md, patch 17).
func (ls *LState) fixedStack() *fixedCallFrameStack {
	fs, _ := ls.stack.(*fixedCallFrameStack)
	return fs
}

// clearRegs sets a's values to nil, as the registry's nilRange loops did:
// a few one by one, where the runtime's memclr (what those loops compiled
// to) cost a call and more for each; more through it (PATCHES.md, patch
// 19).
func clearRegs(a []LValue) {
	if len(a) <= 8 {
		for i := 0; i < len(a); i++ {
			a[i] = nil
		}
		return
	}
	clear(a)
}
