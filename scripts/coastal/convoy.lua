-- convoy.lua: the convoy and its escorts by the solo rules of WW2 Coastal
-- Warfare v2a ("Coastal warfare: Solo rules", Convoys, tactics a-c).
--
--   schnell --game coastal --side defender=script:scripts/coastal/convoy.lua
--
-- The script plays the defender's markers, real and dummy alike (a dummy
-- follows the convoy's protocol so that its moves give nothing away). It
-- never measures: "nearest" and "torpedo" ask the table (the player) to
-- name the marker and its range. Each option carries `marker` (the marker
-- deciding) and `class` (its vessel class, or "dummy").

local escorts = { corvette = true, trawler = true, destroyer = true, frigate = true, minesweeper = true }

local function has(d, name)
  for _, o in ipairs(d.options) do
    if o.name == name then return o end
  end
  return nil
end

local function class_of(d)
  return d.options[1].class or "dummy"
end

-- torpedo markers of the enemy seen on the table (real or dummy)
local function torpedoes_in_sight(game)
  local n = 0
  for _, m in ipairs(game.markers or {}) do
    if m.torpedo and m.side ~= "defender" then n = n + 1 end
  end
  return n
end

-- markers that have turned toward the enemy: they then hold that course
local turned = {}

local function aware(game)
  return game.defender_aware
end

function decide(d, game)
  local class = class_of(d)
  if d.kind == "observe" then
    -- c.ii: torpedo markers closest: both chances go on them
    if has(d, "torpedo") then return "torpedo" end
    -- b: the nearest markers (escorts: the nearest active enemy first)
    if has(d, "nearest") then return "nearest" end
    return "none"
  elseif d.kind == "fire" then
    -- A hidden marker holds fire: a dummy cannot fire, so a real ship
    -- that did would give itself away (only a revealed marker is offered
    -- "observe", so its absence means hidden).
    if not has(d, "observe") then return "hold" end
    -- b: escorts keep observation on the nearest active ship and fire at
    -- it; merchantmen use both chances to observe
    if escorts[class] and has(d, "fire") then
      return { option = "fire" }
    end
    return "observe"
  elseif d.kind == "move" then
    -- a: until aware, the convoy holds 4 cm in its current direction
    if not aware(game) or not has(d, "toward") then return "hold" end
    -- c.ii: torpedo markers: comb them, ignoring all else (a virtual
    -- table offers comb only with torpedo markers within 60 cm)
    if has(d, "comb") and (game.table == "virtual" or torpedoes_in_sight(game) > 0) then return "comb" end
    -- c.i: turn toward the nearest enemy, escorts at 45 degrees,
    -- merchantmen straight at it; then hold that course at full speed
    local m = d.options[1].marker
    if not turned[m] then
      turned[m] = true
      return "toward"
    end
    if game.table == "virtual" then
      -- the program steers: toward the nearest enemy each move
      return "toward"
    end
    local sp = has(d, "speed")
    if sp then return { option = "speed", cm = sp.args[1].max, turn = false } end
    return "hold"
  elseif d.kind == "launch" then
    return "hold" -- the convoy's ships carry no torpedoes
  elseif d.kind == "tow" then
    return "tow"
  end
  return d.default
end
