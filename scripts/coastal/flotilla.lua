-- flotilla.lua: the enemy warship flotilla of WW2 Coastal Warfare v2a
-- ("Warship v Warship", tactics for the enemy fleet a-f).
--
--   schnell --game coastal scenario=hunter --side attacker=script:scripts/coastal/flotilla.lua
--
-- The column keeps the speed of its slowest ship; on first sighting it
-- turns in line (toward: 45 degrees to the nearest end of the enemy line),
-- fires at the nearest ship that can shoot back when it is not turning,
-- watches for torpedoes before targets, combs torpedo markers, launches a
-- full load in each of the first 3 turns it can, and breaks off when half
-- its ships are at '0' points or out of the fight. The table (the player)
-- names the nearest marker and measures every range; the set-up by
-- groups of 3 from a marker pot (steps 1-9) is not played by this script.

local side = nil
local turned = {}      -- markers that have made their first turn
local launches = {}    -- turns in which the flotilla launched
local turned_this = {} -- markers turning this turn (they do not fire)

local function has(d, name)
  for _, o in ipairs(d.options) do
    if o.name == name then return o end
  end
  return nil
end

local function enemy_torpedoes(game)
  local n = 0
  for _, m in ipairs(game.markers or {}) do
    if m.torpedo and m.side ~= side then n = n + 1 end
  end
  return n
end

-- f: half the flotilla's revealed ships out of the fight
local function broken(game)
  local ships, out = 0, 0
  for _, m in ipairs(game.markers or {}) do
    if m.side == side and not m.torpedo and m.revealed and m.class then
      ships = ships + 1
      if m.state and m.state ~= "afloat" then out = out + 1 end
    end
  end
  return ships > 0 and 2 * out >= ships
end

local function aware(game)
  if side == "attacker" then return game.attacker_aware end
  return game.defender_aware
end

function decide(d, game)
  side = d.side or side
  local m = d.options[1].marker
  if d.kind == "observe" then
    if has(d, "torpedo") then return "torpedo" end -- c
    if has(d, "nearest") then return "nearest" end
    return "none"
  elseif d.kind == "fire" then
    if not has(d, "observe") then return "hold" end -- hidden: keep dark
    if turned_this[m] then return "observe" end      -- b: not while turning
    if has(d, "fire") then return { option = "fire" } end
    return "observe"
  elseif d.kind == "launch" then
    -- e: a full load in each of the first 3 turns it can
    local n = 0
    for _ in pairs(launches) do n = n + 1 end
    -- (dummies launch their dummy torpedoes too: `left` is what the
    -- marker may still launch)
    local o = has(d, "launch")
    if o and d.options[1].left > 0 and (launches[game.turn] or n < 3) then
      -- any ship it sees: one it observed itself at 30 cm or more (the
      -- range measured then), else one the table measures
      local sighted = d.options[1].sighted or {}
      local ranges = o.ranges or {} -- a virtual table's
      for _, id in ipairs(o.args[1].ids) do
        local cm = sighted[id] or ranges[id]
        if cm == nil or cm >= 30 then
          launches[game.turn] = true
          return { option = "launch", target = id }
        end
      end
    end
    return "hold"
  elseif d.kind == "move" then
    turned_this[m] = false
    if not aware(game) or not has(d, "toward") then return "hold" end
    if broken(game) and has(d, "away") then return "away" end -- f
    if enemy_torpedoes(game) > 0 and has(d, "comb") then   -- d.i
      turned_this[m] = true
      return "comb"
    end
    if not turned[m] then                                    -- a
      turned[m] = true
      turned_this[m] = true
      return "toward"
    end
    if game.table == "virtual" then
      return "toward" -- d.ii: close to the nearest enemy, at 45 degrees
    end
    local sp = has(d, "speed")
    if sp then return { option = "speed", cm = sp.args[1].max, turn = false } end
    return "hold"
  elseif d.kind == "tow" then
    return "tow"
  end
  return d.default
end
