package scripting

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// viewOps are what a script may do with its view, one statement each: the
// fuzzer strings them into decide bodies.
var viewOps = []string{
	`s = s .. tostring(game.vp)`,
	`s = s .. tostring(game.name)`,
	`s = s .. #game.items`,
	`for _, it in ipairs(game.items) do s = s .. it.v end`,
	`for k in pairs(game) do s = s .. k end`,
	`local p = game.part if p then s = s .. p.n .. #p.tags end`,
	`s = s .. #d.options`,
	`for i, o in ipairs(d.options) do s = s .. i .. o.name end`,
	`for k, v in pairs(d.options) do s = s .. k end`,
	`s = s .. tostring(d.options[2] and d.options[2].damage)`,
	`s = s .. d.kind .. d.default .. d.default_index`,
	`kept, keptGame = d, game`,
	`if kept then s = s .. kept.kind .. #kept.options end`,
	`if keptGame then s = s .. tostring(keptGame.vp) end`,
	`game.vp = 1`,
	`d.options[1].name = "x"`,
	`rawset(game, "x", 1)`,
	`table.insert(d.options, 1)`,
	`setmetatable(game, {})`,
	`s = s .. tostring(getmetatable(d.options))`,
	`s = s .. tostring(next(game)) .. tostring(next(d.options))`,
	`s = s .. select("#", unpack(game.items))`,
	`s = s .. table.concat(game.part and game.part.tags or {}, ",")`,
	`s = s .. tostring(rawget(game, "vp"))`,
	`local f, t = ipairs(d.options) s = s .. tostring(f(t, 0))`,
	`s = s .. tostring(d.prompt) .. tostring(d.options[1].text)`,
}

// Whatever a script does with its view, in whatever order over several
// calls while the game changes under it, the host answers or fails with a
// script error (*Error), never panics, and its next call works.
func FuzzView(f *testing.F) {
	f.Add([]byte{0, 3, 6, 7, 12, 13, 1, 14})
	f.Add([]byte{11, 255, 12, 13, 4, 8, 21, 24})
	f.Add([]byte{5, 22, 19, 20, 15, 16, 17, 18, 25})
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 64 {
			return
		}
		// Each call runs a slice of the program: a 255 ends a call's part.
		var calls []string
		var b strings.Builder
		for _, op := range prog {
			if op == 255 {
				calls = append(calls, b.String())
				b.Reset()
				continue
			}
			b.WriteString(viewOps[int(op)%len(viewOps)] + "\n")
		}
		calls = append(calls, b.String())
		var src strings.Builder
		src.WriteString("local call = 0\nfunction decide(d, game)\n  call = call + 1\n  local s = ''\n")
		for i, c := range calls {
			src.WriteString("  if call == " + string(rune('1'+i%9)) + " then\n" + c + "  end\n")
		}
		src.WriteString("  return 1\nend\n")
		v := &fakeView{vp: 1, name: "a", items: []int{1, 2}, part: &fakePart{n: 1, tags: []string{"x"}}}
		h, err := Load("fuzz.lua", []byte(src.String()), Options{}, func() engine.Viewer { return v })
		if err != nil {
			return // the program does not compile: not what this fuzzes
		}
		defer h.Close()
		kinds := []string{"a", "b", "a", "c"}
		for i := range 2 * len(calls) {
			d := &engine.Decision{Kind: kinds[i%len(kinds)], Prompt: "?", Options: []engine.Option{{Name: "x", Text: "t"}, {Name: "y", Facts: []gamelog.Field{gamelog.Int("damage", i)}}}}
			if i%3 == 2 {
				d.Options = d.Options[:1:1]
				d.Options = append(d.Options, engine.Option{Name: "z"}, engine.Option{Name: "w"})
			}
			_, err := h.Decide(d)
			if err != nil {
				msg := err.Error()
				if _, ok := err.(*Error); !ok || strings.Contains(msg, "runtime error") || strings.Contains(msg, "panic") || strings.Contains(msg, "nil pointer") {
					t.Fatalf("call %d: %T %v\n%s", i+1, err, err, src.String())
				}
			}
			v.vp++
			v.items = append(v.items, i)
			if i%2 == 1 {
				v.part = nil
			} else {
				v.part = &fakePart{n: i, tags: []string{"y", "z"}}
			}
		}
	})
}
