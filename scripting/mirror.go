package scripting

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"

	lua "github.com/schnell-wargames/schnell/third_party/gopher-lua"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// mirror keeps a script's copy of the game view (and of the decision it is
// asked) in Lua tables that live as long as the host. Before each call the
// game writes its view again (engine.ViewWriter); the mirror compares each
// field with what it wrote last time, in Go, and sets only what differs:
// most of the view is unchanged between two decisions, and setting a field
// of a Lua table costs far more than comparing it. The tables are sealed
// (readonly.go): a script reads them as its own but cannot change them, so
// what the mirror wrote last is what they hold, with no check per field,
// and a script that assigns to its view stops with an error naming the
// field. What a script does not read is not written (lazy.go): `game`'s
// fields and `d.options` on the first read in a call, the parts of the
// view (mission, boats, crew) when a script first looks at them (or at the
// start of a call, when its last call of the same kind of decision looked
// at them: see reading), a decision's prompt and its options' texts when
// the script reads one.
//
// The tables are plain Go values, bound to no Lua state: when a host
// closes, its mirror goes to a pool and serves the next host (sim's next
// game) with the tables as they were, so a new game costs no new tables
// and only the fields that differ from the last game are set.
type mirror struct {
	L     *lua.LState
	stack []*node
	strs  map[string]lua.LValue // boxed strings, so that a changed field allocates once
	boxed [512]boxedString      // and the last few by the address of their bytes (512: a Long campaign's names miss 3 % of the time)

	viewer engine.Viewer
	game   *lua.LTable // what scripts get as `game`
	top    *node       // its fields
	seen   *lua.LTable // the parts written in this call, read while top is stale
	parts  []*part     // written on first access in a call, or ahead
	epoch  int         // calls so far: a part written in this call is fresh
	passes int         // passes over a node so far (begin)

	kinds    byKind[*reading] // by decision kind: which parts to write ahead
	last     *reading         // the last call's kind's (nil: none)
	read     uint64           // the parts written on a read in this call
	wrote    uint64           // the parts written ahead in this call
	shown    bool             // a part may be in game or seen
	lazyOnly bool             // write parts on a read only (namesRaw, hooks)

	decisions byKind[*node] // the decision being asked (`d`), one table per kind

	ro, length *lua.LFunction // the view's __newindex and the proxies' __len (readonly.go)
	meta       *lua.LTable    // the metatable of the view's tables (readonly.go)

	// The decision in a call, whose wording (prompt, texts) is written into
	// its tables when the script first reads it (word).
	at       *node // the node being written (the top of stack)
	cur      *engine.Decision
	curNode  *node
	wordMeta *lua.LTable   // the metatable of decision and option tables: __index words
	worded   []*lua.LTable // tables given a prompt or text in this call, cleared at the next
	lastOpts *node         // the options of the last call's decision (lazy.go)
	wordless bool          // the script never names a prompt or a text: the game words nothing (Host.Wordless)

	touch *lua.LFunction // the __index of a proxy whose table is not written yet (lazy.go)
}

var mirrors sync.Pool

// acquireMirror is a mirror for a new host on L: one from the pool, if any.
func acquireMirror(L *lua.LState) *mirror {
	if m, ok := mirrors.Get().(*mirror); ok {
		m.L = L
		return m
	}
	return newMirror(L)
}

// release puts m in the pool: its host is closed.
func (m *mirror) release() {
	m.unword()
	m.cur, m.curNode, m.L = nil, nil, nil
	m.forget()
	mirrors.Put(m)
}

// part is one part of the view: a node over a table of its own that holds
// one field, the part.
type part struct {
	name  string
	index int
	holds *node
	epoch int        // the call it was last written in
	set   bool       // in game in this call (view clears it)
	seen  lua.LValue // what seen holds under its name (nil: nothing)
}

// reading is what the calls of one kind of decision read of the view's
// parts. A part the last such call read is written at the start of the
// next (ahead), with no trip through __index, into seen only: game's raw
// fields, which pairs and rawget show, stay the parts read so far in the
// call (and a script that could see them, namesRaw, or that has hooks,
// gets no part ahead). The values are those its first read would write:
// the game does not change during a call. A part written ahead is not
// seen being read, so every probeEvery-th call of the kind writes it on
// its first read again, to learn whether it still is.
type reading struct {
	read  uint64 // a bit a part: read at the last call that could tell
	ahead int    // calls since the last that wrote nothing ahead
}

const (
	maxParts   = 64
	probeEvery = 8
)

// byKind holds a value for each decision kind, found by the address of
// the kind's bytes first (a kind is mostly the game's constant; a string
// kept here keeps its bytes alive, so no other string takes them), else
// in a map.
type byKind[V any] struct {
	seen [64]struct {
		p *byte
		n int
		v V
	}
	all map[string]V
}

// get is kind's value; made makes it the first time.
func (b *byKind[V]) get(kind string, made func() V) V {
	p := unsafe.StringData(kind)
	a := uintptr(unsafe.Pointer(p))
	k := &b.seen[(a^a>>6^a>>12)&uintptr(len(b.seen)-1)]
	if k.p == p && k.n == len(kind) && p != nil {
		return k.v
	}
	v, ok := b.all[kind]
	if !ok {
		if b.all == nil {
			b.all = map[string]V{}
		}
		v = made()
		b.all[kind] = v
	}
	k.p, k.n, k.v = p, len(kind), v
	return v
}

// clear forgets every kind's value.
func (b *byKind[V]) clear() { *b = byKind[V]{all: b.all}; clear(b.all) }

// reading is the reading of kind.
func (m *mirror) reading(kind string) *reading {
	return m.kinds.get(kind, func() *reading { return &reading{} })
}

// forget forgets what the calls of each kind read.
func (m *mirror) forget() {
	m.kinds.clear()
	m.last = nil
}

// node mirrors one Lua table: an object or a list.
type node struct {
	t     *lua.LTable // the table, which only the mirror writes
	p     *lua.LTable // what scripts see: t, or a lazy node's proxy (lazy.go)
	mt    *lua.LTable // a lazy node's proxy's metatable while it is fresh
	smt   *lua.LTable // and while it is stale (lazy.go)
	list  bool
	fill  func() error // writes a lazy node's fields (lazy.go)
	stale bool         // a lazy node waits for its first read in a call
	slots []slot       // what was written, in order
	n     int          // slots written in this pass
	gone  []string     // keys of an object whose slot another key took in this pass
	runs  []run        // runs of fields written from one value (engine.Fields)
	pass  int          // this pass (or the last): a number no other pass of any node has
	prev  int          // the pass before it
}

// run is a run of fields written from one value (engine.Fields): the n
// slots from pos were written from v in pass. A run written in a node's
// last pass is what the node's table holds at its place, until the next
// pass writes it again or keeps it.
type run struct {
	pos, n int
	pass   int
	v      any
}

// slot is one field as written last time.
type slot struct {
	key  string
	kind uint8
	h    uint32 // lua.StrHash(key), in an object (this process's: the hash is seeded per run)
	i    int
	s    string
	v    lua.LValue // the value set in the table
	kid  *node      // of a nested object or list
}

const (
	slotNone uint8 = iota
	slotInt
	slotStr
	slotBool
	slotNode
)

func newMirror(L *lua.LState) *mirror {
	m := &mirror{L: L, strs: map[string]lua.LValue{}}
	m.ro = m.function(refuseWrite)
	m.length = m.function(proxyLen)
	m.touch = m.function(touch)
	m.meta = m.viewMeta(nil)
	m.wordMeta = m.viewMeta(m.function(m.word))
	return m
}

// function makes a Go function for the mirror's metatables. It outlives
// the state that made it (the pool), so its environment is its own.
func (m *mirror) function(f lua.LGFunction) *lua.LFunction {
	fn := m.L.NewFunction(f)
	fn.Env = m.L.CreateTable(0, 0)
	return fn
}

func (m *mirror) newNode(list bool) *node {
	nd := &node{t: m.L.NewTable(), list: list}
	nd.t.Metatable = m.meta
	nd.t.Seal()
	nd.p = nd.t
	return nd
}

// view writes the game's view for a new call, to decide a decision of
// kind ("": none, the prompt's lua command), and returns the game table
// (nil without a viewer).
func (m *mirror) view(v engine.Viewer, kind string) lua.LValue {
	if v == nil {
		return lua.LNil
	}
	if v != m.viewer {
		m.reset(v)
	}
	m.unword()
	ahead := m.ahead(kind)
	m.epoch++
	if ahead != 0 || m.shown {
		m.shown = false
		for i, p := range m.parts {
			if p.set { // the first access in this call goes to __index
				m.game.RawSetString(p.name, lua.LNil)
				p.set = false
			}
			var v lua.LValue
			if ahead&(1<<i) != 0 {
				p.epoch = m.epoch
				m.write(p.holds, func() { m.viewer.WriteView(m, p.index) })
				if len(p.holds.slots) > 0 {
					v = p.holds.slots[0].v
				}
			}
			m.show(p, v)
		}
	}
	m.stale(m.top) // its fields are written when the script first reads one
	return m.top.p
}

// show puts v (nil: nothing) in seen under p's name.
func (m *mirror) show(p *part, v lua.LValue) {
	if v == nil {
		if p.seen != nil {
			p.seen = nil
			m.seen.RawSetString(p.name, lua.LNil)
		}
		return
	}
	m.shown = true
	if p.seen == nil || p.seen != v {
		p.seen = v
		m.seen.RawSetString(p.name, v)
	}
}

// ahead notes what the last call read, and returns the parts to write
// ahead for a call of kind: a bit a part.
func (m *mirror) ahead(kind string) uint64 {
	if r := m.last; r != nil {
		r.read = r.read&m.wrote | m.read // a part written ahead keeps its bit
		m.last = nil
	}
	m.read, m.wrote = 0, 0
	if kind == "" || m.lazyOnly || len(m.parts) > maxParts {
		return 0
	}
	r := m.reading(kind)
	m.last = r
	if r.read == 0 {
		return 0
	}
	if r.ahead++; r.ahead >= probeEvery {
		r.ahead = 0
		return 0
	}
	m.wrote = r.read
	return r.read
}

// reset starts over for another game's viewer; for another game of the
// same kind (the same parts), it keeps the tables, whose fields are then
// compared as usual.
func (m *mirror) reset(v engine.Viewer) {
	if m.viewer != nil && reflect.TypeOf(v) == reflect.TypeOf(m.viewer) && slices.Equal(v.ViewParts(), m.partNames()) {
		m.viewer = v
		return
	}
	m.viewer = v
	m.top = m.newNode(false)
	m.proxy(m.top)
	m.top.fill = func() error {
		m.write(m.top, func() { m.viewer.WriteView(m, -1) })
		return nil
	}
	m.game = m.top.t
	m.parts = m.parts[:0]
	m.forget()
	for i, name := range v.ViewParts() {
		m.parts = append(m.parts, &part{name: name, index: i, holds: &node{t: m.L.CreateTable(0, 1)}})
	}
	if len(m.parts) == 0 {
		return
	}
	// While the top-level fields wait for their first read, `game`'s proxy
	// reads the parts written in this call from m.seen, a table (a read
	// costs a lookup, not a call into Go); the first read of a part, or of
	// a top-level field, goes on to seen's __index.
	m.seen = m.L.CreateTable(0, len(m.parts))
	m.seen.Metatable = m.viewMeta(m.function(func(L *lua.LState) int {
		if k, ok := L.Get(2).(lua.LString); ok {
			for _, p := range m.parts {
				if p.name == string(k) {
					L.Push(m.part(p.name)) // a part needs not the top-level fields
					return 1
				}
			}
		}
		if err := m.top.fresh(); err != nil {
			L.RaiseError("%s", err.Error())
		}
		L.Push(m.top.t.RawGet(L.Get(2)))
		return 1
	}))
	m.top.smt.RawSetString("__index", m.seen)
	m.game.Metatable = m.viewMeta(m.function(func(L *lua.LState) int {
		k, ok := L.Get(2).(lua.LString)
		if !ok {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(m.part(string(k)))
		return 1
	}))
}

func (m *mirror) partNames() []string {
	names := make([]string, len(m.parts))
	for i, p := range m.parts {
		names[i] = p.name
	}
	return names
}

// part writes a part of the view, once per call, and returns it.
func (m *mirror) part(name string) lua.LValue {
	for _, p := range m.parts {
		if p.name != name {
			continue
		}
		if p.epoch != m.epoch {
			p.epoch = m.epoch
			m.read |= 1 << p.index
			m.write(p.holds, func() { m.viewer.WriteView(m, p.index) })
		}
		if len(p.holds.slots) == 0 {
			return lua.LNil
		}
		v := p.holds.slots[0].v
		if !p.set { // view() cleared it; later looks in this call find it
			m.game.RawSetString(name, v)
			p.set = true
		}
		m.show(p, v)
		return v
	}
	return lua.LNil
}

// begin starts a pass over nd.
func (m *mirror) begin(nd *node) {
	nd.n = 0
	m.passes++
	nd.prev, nd.pass = nd.pass, m.passes
}

// write runs one pass over nd.
func (m *mirror) write(nd *node, f func()) {
	m.begin(nd)
	m.stack = append(m.stack[:0], nd)
	m.at = nd
	f()
	m.end(nd)
	m.stack, m.at = m.stack[:0], nil
}

// decide writes the decision d into its table. Each kind of decision has
// its own: two decisions of a kind differ in little. Its options are
// written when the script first reads them (lazy.go).
func (m *mirror) decide(d *engine.Decision) *lua.LTable {
	m.unword()
	nd := m.decision(d.Kind)
	m.cur, m.curNode = d, nd
	if m.lastOpts != nil {
		m.stale(m.lastOpts) // a d kept from the last call may not show its options now
	}
	if opts := nd.holds(d); opts != nil { // mostly: nothing to write
		m.stale(opts)
		m.lastOpts = opts
		return nd.p
	}
	m.write(nd, func() {
		m.Str("kind", d.Kind)
		if d.Side != "" {
			m.Str("side", d.Side)
		}
		m.Str("default", d.Options[d.Default].Name)
		m.Int("default_index", d.Default+1)
		opts := m.kid("options", true, true)
		if opts.fill == nil {
			kind := d.Kind
			opts.fill = func() error { return m.options(kind, opts) }
		}
		m.stale(opts)
		m.lastOpts = opts
	})
	return nd.p
}

// decision is the node of the decisions of kind.
func (m *mirror) decision(kind string) *node {
	return m.decisions.get(kind, func() *node {
		nd := m.newNode(false)
		nd.t.Metatable = m.wordMeta
		return nd
	})
}

// holds returns the options' node of a decision's node that holds d as
// decide wrote it last, each field by the address of its bytes (the
// kind, the side and the options' names are mostly the game's own
// strings, unchanged from one decision of a kind to the next); else nil.
// decide alone writes the node, so its fields are in the order it
// writes them: kind, side (when there is one), default, default_index,
// options.
func (nd *node) holds(d *engine.Decision) *node {
	s := nd.slots
	if d.Side != "" {
		if len(s) != 5 || !sameBytes(s[1].s, d.Side) {
			return nil
		}
		s = s[1:]
	} else if len(s) != 4 {
		return nil
	}
	if !sameBytes(nd.slots[0].s, d.Kind) || s[2].i != d.Default+1 || !sameBytes(s[1].s, d.Options[d.Default].Name) {
		return nil
	}
	return s[3].kid
}

// sameBytes reports whether a and b are the same bytes (not only equal).
func sameBytes(a, b string) bool {
	return unsafe.StringData(a) == unsafe.StringData(b) && len(a) == len(b)
}

// options writes the options of the decision asked, of kind, into nd.
func (m *mirror) options(kind string, nd *node) error {
	d := m.cur
	if d == nil || d.Kind != kind {
		return errOldOptions
	}
	m.write(nd, func() {
		for i := range d.Options { // by index: an option, and a fact, are too big to copy
			o := &d.Options[i]
			if m.keeps(nd, o, i) {
				nd.n++
				continue
			}
			m.Open("", false)
			m.at.t.Metatable = m.wordMeta
			m.Str("name", o.Name)
			m.Int("index", i+1)
			for j := range o.Facts {
				m.value(o.Facts[j].Key, &o.Facts[j].Val)
			}
			if len(o.Args) > 0 {
				m.args(o.Args)
			}
			m.Close()
		}
	})
	return nil
}

// keeps reports whether the next table of an options' list holds option
// o, the list's i-th, as the last pass wrote it: each field the same, its
// strings by the address of their bytes (most options are the game's own
// from one decision of a kind to the next). The pass then keeps it as it
// is, without opening it: Open, Str, Int and the facts' writes would
// change nothing (an option with arguments, or with a list or an object
// among its facts, is written as usual).
func (m *mirror) keeps(nd *node, o *engine.Option, i int) bool {
	pos := nd.n
	if pos >= len(nd.slots) || len(o.Args) > 0 {
		return false
	}
	sl := &nd.slots[pos]
	if sl.kind != slotNode {
		return false
	}
	kid := sl.kid
	s := kid.slots // name, index, then the facts: options writes no other
	if len(s) != 2+len(o.Facts) || !sameBytes(s[0].s, o.Name) || s[1].i != i+1 || s[0].kind != slotStr || s[1].kind != slotInt ||
		!sameBytes(s[0].key, "name") || !sameBytes(s[1].key, "index") || kid.list || len(kid.gone) > 0 || kid.t.Metatable != lua.LValue(m.wordMeta) {
		return false
	}
	for j := range o.Facts {
		f, sl := &o.Facts[j], &s[2+j]
		if !sameBytes(sl.key, f.Key) {
			return false
		}
		switch f.Val.Kind {
		case gamelog.KInt:
			if sl.kind != slotInt || sl.i != f.Val.I {
				return false
			}
		case gamelog.KStr:
			if sl.kind != slotStr || !sameBytes(sl.s, f.Val.S) {
				return false
			}
		case gamelog.KBool:
			b := 0
			if f.Val.B {
				b = 1
			}
			if sl.kind != slotBool || sl.i != b {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// done ends a call: the decision's wording may no longer be read.
func (m *mirror) done() { m.cur = nil }

// word is the __index of decision and option tables: the first read of a
// prompt or a text in a call writes the decision's prompt and every
// option's text (the rules made them for this decision; most calls read
// none).
func (m *mirror) word(L *lua.LState) int {
	t := L.CheckTable(1)
	k, ok := L.Get(2).(lua.LString)
	d := m.cur
	if !ok || (k != "prompt" && k != "text") || d == nil || len(m.worded) > 0 {
		L.Push(lua.LNil)
		return 1
	}
	if m.wordless {
		// The game made no wording for a script that names no prompt nor
		// text (Host.Wordless): this one built the key at run time.
		L.RaiseError("decide read d.%s with a key made as the script ran: write d.prompt or o.text in the script, so that the game words its decisions for it", k)
	}
	m.setWord(m.curNode.t, "prompt", d.Prompt)
	if opts := m.curNode.child("options"); opts != nil && opts.fresh() == nil {
		for i := range min(len(opts.slots), len(d.Options)) {
			if kid := opts.slots[i].kid; kid != nil {
				m.setWord(kid.t, "text", d.Options[i].Text)
			}
		}
	}
	L.Push(t.RawGetString(string(k)))
	return 1
}

func (m *mirror) setWord(t *lua.LTable, key, s string) {
	m.worded = append(m.worded, t)
	t.RawSetString(key, m.box(slotStr, 0, s))
}

// unword takes the last call's prompt and texts out of their tables
// (mostly none: it is inlined).
func (m *mirror) unword() {
	if len(m.worded) > 0 {
		m.unwordAll()
	}
}

func (m *mirror) unwordAll() {
	for i, t := range m.worded {
		if i == 0 {
			t.RawSetString("prompt", lua.LNil)
		} else {
			t.RawSetString("text", lua.LNil)
		}
	}
	m.worded = m.worded[:0]
}

// child is the node of nd's field key, or nil.
func (nd *node) child(key string) *node {
	for i := range nd.slots {
		if nd.slots[i].key == key {
			return nd.slots[i].kid
		}
	}
	return nil
}

// args writes an option's arguments: a list of {name, kind, text, min,
// max, unit, ids, default}, each field only when it applies.
func (m *mirror) args(args []engine.Arg) {
	m.Open("args", true)
	for i := range args {
		a := &args[i]
		m.Open("", false)
		m.Str("name", a.Name)
		m.Str("kind", a.Kind.String())
		if a.Text != "" {
			m.Str("text", a.Text)
		}
		switch a.Kind {
		case engine.ArgInt:
			m.Int("min", a.Min)
			m.Int("max", a.Max)
			if a.Unit != "" {
				m.Str("unit", a.Unit)
			}
		case engine.ArgID:
			m.Open("ids", true)
			for _, id := range a.IDs {
				m.Str("", id)
			}
			m.Close()
		}
		if a.Default.Kind != gamelog.KNull {
			m.value("default", &a.Default)
		}
		m.Close()
	}
	m.Close()
}

// value writes a log value (an option's facts).
func (m *mirror) value(key string, v *gamelog.Value) {
	switch v.Kind {
	case gamelog.KInt:
		m.Int(key, v.I)
	case gamelog.KStr:
		m.Str(key, v.S)
	case gamelog.KBool:
		m.Bool(key, v.B)
	case gamelog.KList:
		m.Open(key, true)
		for i := range v.L {
			m.value("", &v.L[i])
		}
		m.Close()
	case gamelog.KObj:
		m.Open(key, false)
		for i := range v.O {
			m.value(v.O[i].Key, &v.O[i].Val)
		}
		m.Close()
	}
}

// Int, Str, Bool, Open and Close implement engine.ViewWriter.
// Each first compares the field with the one written at its place last
// time, where it mostly is and mostly unchanged, by the address of its
// key's bytes (the view's keys are the game's constants) and of a
// string's; scalar does the rest.
func (m *mirror) Int(key string, v int) {
	nd := m.at
	if pos := nd.n; pos < len(nd.slots) {
		if sl := &nd.slots[pos]; sl.kind == slotInt && sl.i == v && unsafe.StringData(sl.key) == unsafe.StringData(key) && len(sl.key) == len(key) {
			nd.n++
			return
		}
	}
	m.scalar(key, slotInt, v, "")
}

func (m *mirror) Str(key, v string) {
	nd := m.at
	if pos := nd.n; pos < len(nd.slots) {
		if sl := &nd.slots[pos]; sl.kind == slotStr && unsafe.StringData(sl.key) == unsafe.StringData(key) && len(sl.key) == len(key) &&
			unsafe.StringData(sl.s) == unsafe.StringData(v) && len(sl.s) == len(v) {
			nd.n++
			return
		}
	}
	m.scalar(key, slotStr, 0, v)
}

func (m *mirror) Bool(key string, v bool) {
	i := 0
	if v {
		i = 1
	}
	nd := m.at
	if pos := nd.n; pos < len(nd.slots) {
		if sl := &nd.slots[pos]; sl.kind == slotBool && sl.i == i && unsafe.StringData(sl.key) == unsafe.StringData(key) && len(sl.key) == len(key) {
			nd.n++
			return
		}
	}
	m.scalar(key, slotBool, i, "")
}

// sameKey is same for keys: the same bytes, or else equal.
func sameKey(a, b string) bool {
	return unsafe.StringData(a) == unsafe.StringData(b) && len(a) == len(b) || a == b
}

// StartRun, KeepRun and EndRun implement engine.RunWriter: a run of
// fields written from a value equal to the one its place was written
// from in the node's last pass is kept as it is.
func (m *mirror) StartRun() (any, int) {
	nd := m.at
	if r := nd.run(nd.n); r != nil {
		return r.v, nd.n
	}
	return nil, nd.n
}

func (m *mirror) KeepRun(at int) {
	nd := m.at
	r := nd.run(at)
	r.pass = nd.pass
	nd.n = at + r.n
}

func (m *mirror) EndRun(at int, v any) {
	nd := m.at
	r := nd.run(at)
	if r == nil {
		for i := range nd.runs { // one of neither this pass nor the last
			if p := nd.runs[i].pass; p != nd.pass && p != nd.prev {
				r = &nd.runs[i]
				break
			}
		}
	}
	if r == nil {
		nd.runs = append(nd.runs, run{})
		r = &nd.runs[len(nd.runs)-1]
	}
	*r = run{pos: at, n: nd.n - at, pass: nd.pass, v: v}
}

// LastObject and KeepObject implement engine.RunWriter: an object whose
// last pass wrote one run, the whole object, is kept whole without a pass.
func (m *mirror) LastObject(key string) any {
	nd := m.at
	pos := nd.n
	if pos >= len(nd.slots) {
		return nil
	}
	sl := &nd.slots[pos]
	kid := sl.kid
	if sl.kind != slotNode || kid.list || !sameKey(sl.key, key) || len(kid.runs) == 0 {
		return nil
	}
	for i := range kid.runs { // its last pass is kid.pass: it has not begun another
		if r := &kid.runs[i]; r.pos == 0 && r.pass == kid.pass && r.n == len(kid.slots) {
			return r.v
		}
	}
	return nil
}

func (m *mirror) KeepObject() { m.at.n++ }

// run is the run at pos written in nd's last pass, or nil.
func (nd *node) run(pos int) *run {
	for i := range nd.runs {
		if r := &nd.runs[i]; r.pos == pos && r.pass == nd.prev {
			return r
		}
	}
	return nil
}

// Open finds the object or list at its place, where it mostly is (kid
// does the rest).
func (m *mirror) Open(key string, list bool) {
	nd := m.at
	var kid *node
	if pos := nd.n; pos < len(nd.slots) && nd.slots[pos].kind == slotNode && sameKey(nd.slots[pos].key, key) && nd.slots[pos].kid.list == list {
		nd.n++
		kid = nd.slots[pos].kid
	} else {
		kid = m.kid(key, list, false)
	}
	m.begin(kid)
	m.stack = append(m.stack, kid)
	m.at = kid
}

// kid writes the field key as a table, whose fields are written next (Open)
// or later (a lazy node, which gets a proxy), and returns its node.
func (m *mirror) kid(key string, list, lazy bool) *node {
	nd := m.stack[len(m.stack)-1]
	pos, sl := nd.next()
	if sl.kind != slotNode || !same(sl.key, key) || sl.kid.list != list {
		nd.retire(sl, key)
		kid := sl.kid // a table this slot held before is reused: its fields are compared anyway
		if kid == nil || kid.list != list {
			kid = m.newNode(list)
			if lazy {
				m.proxy(kid)
			}
		}
		h := sl.h
		if sl.kind == slotNone || !same(sl.key, key) {
			h = nd.hash(key)
		}
		*sl = slot{key: key, kind: slotNode, h: h, v: kid.p, kid: kid}
		nd.set(pos, sl)
	}
	return sl.kid
}

func (m *mirror) Close() {
	nd := m.at
	m.stack = m.stack[:len(m.stack)-1]
	if len(m.stack) > 0 {
		m.at = m.stack[len(m.stack)-1]
	}
	if nd.n != len(nd.slots) || len(nd.gone) > 0 {
		m.end(nd)
	}
}

// scalar writes a field that Int, Str or Bool did not find unchanged by
// the address of its bytes: unless it is equal to the one written at its
// place last time, it is set.
func (m *mirror) scalar(key string, kind uint8, i int, s string) {
	nd := m.at
	if pos := nd.n; pos < len(nd.slots) {
		if sl := &nd.slots[pos]; sl.kind == kind && sl.i == i && same(sl.key, key) && same(sl.s, s) {
			sl.key, sl.s = key, s // equal bytes elsewhere (another game's): these next time
			nd.n++
			return
		}
	}
	pos, sl := nd.next()
	if sl.kind != slotNone && sl.kind != slotNode && same(sl.key, key) {
		// The same field at its place with another value (mostly so): its
		// key and hash stay.
		sl.kind, sl.i, sl.s, sl.v = kind, i, s, m.box(kind, i, s)
		nd.set(pos, sl)
		return
	}
	nd.retire(sl, key)
	*sl = slot{key: key, kind: kind, h: nd.hash(key), i: i, s: s, v: m.box(kind, i, s)}
	nd.set(pos, sl)
}

// hash is key's hash in nd's table (none in a list's).
func (nd *node) hash(key string) uint32 {
	if nd.list {
		return 0
	}
	return lua.StrHash(key)
}

// same is a == b, at once when they are the same bytes (a field's key, a
// name the game keeps): the view's strings mostly are.
func same(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// end finishes a pass over nd: what was written last time and not now is
// removed. A pass that wrote as many fields as the last and retired no key
// removes nothing (a list's table holds as many elements as its slots:
// only the mirror writes it).
func (m *mirror) end(nd *node) {
	if nd.n == len(nd.slots) && len(nd.gone) == 0 {
		return
	}
	for j := nd.n; j < len(nd.slots); j++ {
		if !nd.list {
			nd.gone = append(nd.gone, nd.slots[j].key)
		}
		nd.slots[j] = slot{kid: nd.slots[j].kid} // emptied; its table may serve again
	}
	nd.slots = nd.slots[:nd.n]
	if nd.list {
		// Shrink the array, not just nil its tail: `#` would count them.
		for nd.t.Len() > nd.n {
			nd.t.Remove(-1)
		}
		return
	}
	for _, k := range nd.gone {
		if !nd.wrote(k) {
			nd.t.RawSetString(k, lua.LNil)
		}
	}
	nd.gone = nd.gone[:0]
}

// next is the slot of the next field of this pass.
func (nd *node) next() (int, *slot) {
	pos := nd.n
	nd.n++
	switch {
	case pos < len(nd.slots):
	case pos < cap(nd.slots):
		nd.slots = nd.slots[:pos+1] // an emptied slot (end)
	default:
		nd.slots = append(nd.slots, slot{})
	}
	return pos, &nd.slots[pos]
}

// retire notes that an object's slot, which held another key, is taken.
func (nd *node) retire(sl *slot, key string) {
	if !nd.list && sl.kind != slotNone && !sameKey(sl.key, key) {
		nd.gone = append(nd.gone, sl.key)
	}
}

func (nd *node) set(pos int, sl *slot) {
	if nd.list {
		nd.t.RawSetInt(pos+1, sl.v)
		return
	}
	nd.t.RawSetStringH(sl.key, sl.h, sl.v)
}

// wrote reports whether this pass wrote key.
func (nd *node) wrote(key string) bool {
	for i := range nd.slots[:nd.n] {
		if nd.slots[i].key == key {
			return true
		}
	}
	return false
}

// box makes the Lua value of a field; small numbers and seen strings are
// boxed once.
func (m *mirror) box(kind uint8, i int, s string) lua.LValue {
	switch kind {
	case slotInt:
		return boxInt(i)
	case slotBool:
		return lua.LBool(i == 1)
	}
	a := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	b := &m.boxed[(a^a>>7^uintptr(len(s)))&uintptr(len(m.boxed)-1)]
	if unsafe.StringData(b.s) == unsafe.StringData(s) && len(b.s) == len(s) && b.v != nil {
		return b.v // the same bytes as a string boxed before: a game's name
	}
	v, ok := m.strs[s]
	if !ok {
		if len(m.strs) >= maxBoxedStrings {
			clear(m.strs)
		}
		v = lua.LString(s)
		m.strs[s] = v
	}
	b.s, b.v = s, v
	return v
}

// boxedString is a string and its Lua value (box).
type boxedString struct {
	s string
	v lua.LValue
}

const (
	minBoxed        = -256
	maxBoxedStrings = 4096
)

// boxInt is an integer as a Lua value, boxed once when small.
func boxInt(i int) lua.LValue {
	if i >= minBoxed && i < minBoxed+len(boxedInts) {
		return boxedInts[i-minBoxed]
	}
	return lua.LNumber(i)
}

var boxedInts = func() (b [2048]lua.LValue) {
	for i := range b {
		b[i] = lua.LNumber(i + minBoxed)
	}
	return b
}()
