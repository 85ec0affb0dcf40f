-- floor.lua: takes the default and reads nothing else: what hosting a script
-- costs before it does any work (BenchmarkLuaRatio).
function decide(d, game) return d.default end
