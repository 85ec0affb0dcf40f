package gamelog

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the kind of a Value.
type Kind uint8

const (
	KNull Kind = iota
	KInt
	KStr
	KBool
	KList
	KObj
)

// Value is a JSON value of an event field: a number (integers only), a
// string, a bool, a list or an object with ordered fields.
type Value struct {
	Kind Kind
	B    bool // beside Kind: a Value is 80 bytes, not 88
	I    int
	S    string
	L    []Value
	O    []Field
}

// Field is one key and value, in order.
type Field struct {
	Key string
	Val Value
}

// Event is one line of the log after the header.
type Event struct {
	Seq    int
	Type   string
	Fields []Field
}

// Constructors for fields and values.
func Int(k string, v int) Field       { return Field{k, Value{Kind: KInt, I: v}} }
func Str(k, v string) Field           { return Field{k, Value{Kind: KStr, S: v}} }
func Bool(k string, v bool) Field     { return Field{k, Value{Kind: KBool, B: v}} }
func List(k string, v ...Value) Field { return Field{k, Value{Kind: KList, L: v}} }
func Obj(k string, v ...Field) Field  { return Field{k, Value{Kind: KObj, O: v}} }
func IntV(v int) Value                { return Value{Kind: KInt, I: v} }
func StrV(v string) Value             { return Value{Kind: KStr, S: v} }
func ObjV(v ...Field) Value           { return Value{Kind: KObj, O: v} }

// Ints is a list field of integers.
func Ints(k string, v []int) Field {
	l := make([]Value, len(v))
	for i, x := range v {
		l[i] = IntV(x)
	}
	return Field{k, Value{Kind: KList, L: l}}
}

// Strs is a list field of strings.
func Strs(k string, v []string) Field {
	l := make([]Value, len(v))
	for i, x := range v {
		l[i] = StrV(x)
	}
	return Field{k, Value{Kind: KList, L: l}}
}

// Get returns a field's value.
func (e *Event) Get(key string) (Value, bool) { return get(e.Fields, key) }

func get(fs []Field, key string) (Value, bool) {
	for i := range fs {
		if fs[i].Key == key {
			return fs[i].Val, true
		}
	}
	return Value{}, false
}

// Int returns an int field or 0.
func (e *Event) Int(key string) int { v, _ := e.Get(key); return v.I }

// Str returns a string field or "".
func (e *Event) Str(key string) string { v, _ := e.Get(key); return v.S }

// Get returns a field of an object value.
func (v Value) Get(key string) (Value, bool) { return get(v.O, key) }

// Ints returns a list of ints (non-ints read 0).
func (v Value) Ints() []int {
	out := make([]int, len(v.L))
	for i, x := range v.L {
		out[i] = x.I
	}
	return out
}

// Strs returns a list of strings.
func (v Value) Strs() []string {
	out := make([]string, len(v.L))
	for i, x := range v.L {
		out[i] = x.S
	}
	return out
}

// AppendJSON appends the event as one JSON object (no newline).
func (e *Event) AppendJSON(b []byte) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(e.Seq), 10)
	b = append(b, `,"type":`...)
	b = appendString(b, e.Type)
	return append(appendFields(b, e.Fields, ','), '}')
}

// appendFields appends "key":value pairs, each after sep (then after ',').
func appendFields(b []byte, fs []Field, sep byte) []byte {
	for i := range fs {
		b = append(b, sep)
		sep = ','
		b = appendString(b, fs[i].Key)
		b = append(b, ':')
		b = appendValue(b, &fs[i].Val)
	}
	return b
}

// AppendJSON appends the value as JSON.
func (v Value) AppendJSON(b []byte) []byte { return appendValue(b, &v) }

func appendValue(b []byte, v *Value) []byte {
	switch v.Kind {
	case KInt:
		return strconv.AppendInt(b, int64(v.I), 10)
	case KStr:
		return appendString(b, v.S)
	case KBool:
		return strconv.AppendBool(b, v.B)
	case KList:
		b = append(b, '[')
		for i := range v.L {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, &v.L[i])
		}
		return append(b, ']')
	case KObj:
		if len(v.O) == 0 {
			return append(b, '{', '}')
		}
		return append(appendFields(b, v.O, '{'), '}')
	}
	return append(b, "null"...)
}

const hex = "0123456789abcdef"

// escapes reports whether any of the 8 bytes of w is not plain: a control
// byte, a quote, a backslash or a byte of a multi-byte rune.
func escapes(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(x uint64) uint64 { return (x - ones) & ^x & highs } // a zero byte in x
	return (w-0x20*ones)&^w&highs|zero(w^'"'*ones)|zero(w^'\\'*ones)|w&highs != 0
}

// plain marks the bytes a JSON string holds as they are: printable ASCII
// but the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	i := 0
	// Eight bytes at a time while none needs escaping (most strings).
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if escapes(w) {
			break
		}
	}
	for i < len(s) {
		c := s[i]
		if plain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\t':
				b = append(b, '\\', 't')
			case '\r':
				b = append(b, '\\', 'r')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AnyWord reports whether hit holds for any word of the event's string
// values, nested lists and objects included. A word is a run of letters,
// digits, '-' and '_': an id or a name as a log writes it ("S141",
// "tow:stricken1" holds "tow" and "stricken1"). A game's Told reads an
// event for names its side has not observed with it.
func (e *Event) AnyWord(hit func(word string) bool) bool {
	for _, f := range e.Fields {
		if f.Val.anyWord(hit) {
			return true
		}
	}
	return false
}

func (v *Value) anyWord(hit func(string) bool) bool {
	switch v.Kind {
	case KStr:
		for _, w := range strings.FieldsFunc(v.S, NotWordRune) {
			if hit(w) {
				return true
			}
		}
	case KList:
		for i := range v.L {
			if v.L[i].anyWord(hit) {
				return true
			}
		}
	case KObj:
		for i := range v.O {
			if v.O[i].Val.anyWord(hit) {
				return true
			}
		}
	}
	return false
}

// NotWordRune is a rune that separates AnyWord's words.
func NotWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
}
