-- reference.lua: the built-in reference Kommandant's policy, written in Lua.
-- It gives the same log as `schnell auto` (only "by" differs: script, not
-- default) -- a test checks it. Copy it to start your own doctrine.

-- Is the squadron badly hurt? (fewer than 2 boats in formation, a boat
-- disabled or with 4+ damage points, Boat #1 with 2 engines out, a fire or
-- flooding aboard Boat #1)
local function hurt(game)
  local m = game.mission
  if m == nil then return false end
  if m.boats_in_formation < 2 then return true end
  for _, b in ipairs(game.boats) do
    if b.in_formation then
      if b.disabled or b.points >= 4 then return true end
      if b.no == 1 and (b.engines_out >= 2 or b.fire > 0 or b.flooded > 0) then return true end
    end
  end
  return false
end

local function has(d, name)
  for _, o in ipairs(d.options) do
    if o.name == name then return true end
  end
  return false
end

function decide(d, game)
  if d.kind == "move" then
    if hurt(game) then return "home" end
    return "next"
  elseif d.kind == "special_done" then
    if game.mission.special_done or hurt(game) then return "home" end
    return "patrol"
  elseif d.kind == "rescue_wait" then
    return "search"
  elseif d.kind == "pilot" then
    if game.mission.sea_state >= 4 then return "leave" end
    return "pick_up"
  elseif d.kind == "air_speed" then
    if has(d, "fast") then return "fast" end
    return "medium"
  elseif d.kind == "disabled" then
    if has(d, "tow") then return "tow" end
    return "abandon"
  elseif d.kind == "cognac" then
    return "bribe"
  end
  return 1 -- flagship (4.11): the first ready hull; anything new: the first option
end
