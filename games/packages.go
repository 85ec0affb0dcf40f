package games

import (
	"reflect"
	"runtime"
	"slices"
	"strings"
)

// Module is the module's import path.
const Module = "github.com/schnell-wargames/schnell"

// Kernel lists the kernel's packages, by their path in the module (and
// the packages under them): they know no game. A new kernel package goes
// here; a new game is registered in All. The module's tests (deps_test.go,
// this package's) classify every package by these two lists alone
// (Classify), and refuse one that is in neither. third_party holds code
// of others kept in the module (the Lua engine): it knows no game either.
var Kernel = []string{"batch", "cmd", "dice", "engine", "gamelog", "grid", "internal", "repl", "scripting", "sea", "sheet", "tables", "third_party"}

// Front is the kernel package that holds the front ends: the only one
// that imports this registry.
const Front = "cmd"

// Registry's own path in the module.
const registryPath = "games"

// Package is the import path of the game's package: where its Def is
// declared.
func (g Game) Package() string {
	name := runtime.FuncForPC(reflect.ValueOf(g.Def).Pointer()).Name() // ".../schnellboats.Definition"
	slash := strings.LastIndex(name, "/")
	dot := strings.Index(name[slash+1:], ".")
	if dot < 0 {
		return name
	}
	return name[:slash+1+dot]
}

// Dir is the game package's path in the module ("schnellboats").
func (g Game) Dir() string {
	return strings.TrimPrefix(strings.TrimPrefix(g.Package(), Module), "/")
}

// Class is what a package of the module is to the tests that keep the
// kernel apart from the games.
type Class uint8

const (
	Unclassified    Class = iota // in neither list: add it to Kernel or register it in All
	KernelPackage                // knows no game
	FrontEnd                     // a kernel package of the front ends (cmd/...): reaches the games through the registry
	GamePackage                  // a registered game's package, or one under it (schnellboats/balance)
	RegistryPackage              // this package
	ModuleRoot                   // the module's root (its tests only)
)

func (c Class) String() string {
	return [...]string{"unclassified", "kernel", "front end", "game", "registry", "module root"}[c]
}

// Classify says what the package at path (relative to the module: "",
// "engine", "schnellboats/balance") is, by Kernel and the games in All.
func Classify(path string) Class {
	switch {
	case path == "":
		return ModuleRoot
	case path == registryPath:
		return RegistryPackage
	case under(path, Front):
		return FrontEnd
	case slices.ContainsFunc(Kernel, func(k string) bool { return under(path, k) }):
		return KernelPackage
	case slices.ContainsFunc(All, func(g Game) bool { return under(path, g.Dir()) }):
		return GamePackage
	}
	return Unclassified
}

// under reports whether path is dir or a package under it.
func under(path, dir string) bool { return path == dir || strings.HasPrefix(path, dir+"/") }
