package gamelog

import (
	"strconv"
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
	I    int
	S    string
	B    bool
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
	for i := range e.Fields {
		b = append(b, ',')
		b = appendString(b, e.Fields[i].Key)
		b = append(b, ':')
		b = e.Fields[i].Val.AppendJSON(b)
	}
	return append(b, '}')
}

// AppendJSON appends the value as JSON.
func (v Value) AppendJSON(b []byte) []byte {
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
			b = v.L[i].AppendJSON(b)
		}
		return append(b, ']')
	case KObj:
		b = append(b, '{')
		for i := range v.O {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, v.O[i].Key)
			b = append(b, ':')
			b = v.O[i].Val.AppendJSON(b)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

const hex = "0123456789abcdef"

func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
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
