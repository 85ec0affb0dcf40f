package schnellrules

import (
	"io/fs"
	"strings"
	"testing"
)

// FuzzScenario: a scenario file's text gives vessels or an error naming
// the line, never a panic; every vessel it gives is one the set-up takes.
func FuzzScenario(f *testing.F) {
	sub, _ := fs.Sub(dataFiles, "data")
	tabs, err := LoadTables(sub)
	if err != nil {
		f.Fatal(err)
	}
	db, err := NewDatabase(tabs)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("# off Fecamp\nadd S38 \"S 38\" speed=vf\nadd MTB1 vosper-72-late side=axis speed=f\n"))
	f.Add([]byte("add X1 elco 80\n"))
	f.Add([]byte("add 1X s-38\nremove S38\n"))
	f.Add([]byte("add S38 s-38 speed=zz side=neutral\n"))
	f.Add([]byte("table 8x6\nadd S38 s-38 speed=f at=120,170 heading=180\nadd MTB1 vosper-72 at=10,5\n"))
	f.Add([]byte("add S38 s-38 heading=90\ntable 9x9\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := parseScenario(db, "f.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt") && !strings.Contains(err.Error(), "scenario f.txt") {
				t.Errorf("the error names no file: %v", err)
			}
			return
		}
		b := &Battle{DB: db, Table: newTable()}
		if set.area != "" {
			b.Table.Area = tableSizes[set.area]
		}
		for _, p := range set.presets {
			if err := b.CheckAdd(p.id, p.class); err != nil {
				t.Fatalf("the scenario gave %v, which the set-up refuses: %v", p, err)
			}
			sp, err := ParseSpeed(p.speed)
			if err != nil {
				t.Fatal(err)
			}
			v := b.add(p.id, db.Class(p.class), p.side, sp)
			if p.placed {
				if !b.Table.Area.On(p.at) {
					t.Fatalf("the scenario gave %v, off the %v table", p.at, b.Table.Area)
				}
				b.Table.place(v, p.at, p.heading)
			} else {
				b.Table.deploy(v)
			}
		}
	})
}
