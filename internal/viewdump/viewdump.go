// Package viewdump writes a game's view (engine.ViewFields) the way the
// tests' Lua scripts print what they read of it: scalars as Lua's
// tostring, a list as [a,b] ({} when empty), an object as {k=v,...} in
// name order. Tests compare the two to check that a script's copy of the
// view is the view written whole.
package viewdump

import (
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Value is v as the scripts print it.
func Value(v gamelog.Value) string {
	switch v.Kind {
	case gamelog.KInt:
		return strconv.Itoa(v.I)
	case gamelog.KStr:
		return v.S
	case gamelog.KBool:
		return strconv.FormatBool(v.B)
	case gamelog.KList:
		if len(v.L) == 0 {
			return "{}"
		}
		out := make([]string, 0, len(v.L))
		for _, x := range v.L {
			out = append(out, Value(x))
		}
		return "[" + strings.Join(out, ",") + "]"
	case gamelog.KObj:
		return Fields(v.O)
	}
	return "nil"
}

// Fields is an object's fields as the scripts print it.
func Fields(fs []gamelog.Field) string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		out = append(out, f.Key+"="+Value(f.Val))
	}
	slices.Sort(out)
	return "{" + strings.Join(out, ",") + "}"
}
