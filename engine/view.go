package engine

import "github.com/schnell-wargames/schnell/gamelog"

// Viewer is what a script may see of a game: its top-level fields, and
// parts (a mission, the boats, the crew) written only when a script looks
// at them. A game writes its view in the same order every time, so that a
// front end can keep its copy and change only what changed (the scripting
// package does; most decisions look at little and little changes between
// two decisions).
type Viewer interface {
	// ViewParts names the parts, in order.
	ViewParts() []string
	// WriteView writes the top-level fields (part < 0) or part i: one
	// value under the part's name, or nothing when the game has no such
	// part now (a script then sees nil).
	WriteView(w ViewWriter, part int)
}

// ViewWriter receives a view field by field.
type ViewWriter interface {
	Int(key string, v int)
	Str(key, v string)
	Bool(key string, v bool)
	// Open starts an object, or a list when list is true, under key (the
	// elements of a list have the key ""); Close ends the innermost one.
	Open(key string, list bool)
	Close()
}

// A ViewRun is a value a run of view fields is written from: WriteRun
// writes them from it and from nothing else (it holds every value they
// show, the game's enumerations as they are, so that comparing it is
// cheap), the same fields for equal values.
type ViewRun interface {
	comparable
	WriteRun(w ViewWriter)
}

// Fields writes the run of fields of v in the object or list being
// written. A writer that keeps its copy of the view (the scripting mirror,
// a RunWriter) keeps the run as it is when the run at this place was
// written from an equal value last time, and v.WriteRun is not called:
// most of a view is unchanged between two decisions, and comparing one
// value costs far less than writing its fields one by one. Any other
// writer gets the fields.
func Fields[T ViewRun](w ViewWriter, v T) {
	rw, ok := w.(RunWriter)
	if !ok {
		v.WriteRun(w)
		return
	}
	last, at := rw.StartRun()
	old, _ := last.(*T)
	if old != nil && *old == v {
		rw.KeepRun(at)
		return
	}
	v.WriteRun(w)
	if old == nil {
		old = new(T)
	}
	*old = v // the writer's copy, which only it holds
	rw.EndRun(at, old)
}

// Object writes v as an object under key, its fields one run (Fields): a
// RunWriter that holds the object at this place written from an equal
// value last time keeps it whole, without opening it.
func Object[T ViewRun](w ViewWriter, key string, v T) {
	rw, ok := w.(RunWriter)
	if !ok {
		w.Open(key, false)
		v.WriteRun(w)
		w.Close()
		return
	}
	if old, _ := rw.LastObject(key).(*T); old != nil && *old == v {
		rw.KeepObject()
		return
	}
	w.Open(key, false)
	Fields(w, v)
	w.Close()
}

// RunWriter is a ViewWriter that keeps its copy of the view and can keep a
// run of fields as it is (Fields).
type RunWriter interface {
	ViewWriter
	// StartRun starts a run at the writer's place: it returns the value
	// the run there was written from in the writer's last pass over this
	// object (nil: none), and the place. A run may hold another (a value
	// of another type: one of its own type would hold itself).
	StartRun() (last any, at int)
	// KeepRun keeps the run at at as it was: none of its fields is written.
	KeepRun(at int)
	// EndRun ends the run at at, written from v, which the writer keeps.
	EndRun(at int, v any)
	// LastObject is the value the object at the writer's place, under
	// key, was written from as one run (Object) in the writer's last pass
	// over it, or nil; KeepObject keeps that object as it is.
	LastObject(key string) any
	KeepObject()
}

// ViewFields is the whole view, every part written, as log fields (for
// tests, documentation and anything that is not a hot path).
func ViewFields(v Viewer) []gamelog.Field {
	var w fieldWriter
	w.stack = []frame{{}}
	v.WriteView(&w, -1)
	for i := range v.ViewParts() {
		v.WriteView(&w, i)
	}
	return w.stack[0].fields
}

// fieldWriter builds log fields from a view.
type fieldWriter struct{ stack []frame }

type frame struct {
	key    string
	list   bool
	fields []gamelog.Field
	values []gamelog.Value
}

func (w *fieldWriter) add(key string, v gamelog.Value) {
	f := &w.stack[len(w.stack)-1]
	if f.list {
		f.values = append(f.values, v)
		return
	}
	f.fields = append(f.fields, gamelog.Field{Key: key, Val: v})
}

func (w *fieldWriter) Int(key string, v int)   { w.add(key, gamelog.IntV(v)) }
func (w *fieldWriter) Str(key, v string)       { w.add(key, gamelog.StrV(v)) }
func (w *fieldWriter) Bool(key string, v bool) { w.add(key, gamelog.Value{Kind: gamelog.KBool, B: v}) }

func (w *fieldWriter) Open(key string, list bool) {
	w.stack = append(w.stack, frame{key: key, list: list})
}

func (w *fieldWriter) Close() {
	f := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	if f.list {
		w.add(f.key, gamelog.Value{Kind: gamelog.KList, L: f.values})
		return
	}
	w.add(f.key, gamelog.Value{Kind: gamelog.KObj, O: f.fields})
}
