module github.com/yuin/gopher-lua

go 1.23
