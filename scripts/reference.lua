-- reference.lua: the built-in reference Kommandant's policy, written in Lua.
-- It gives the same log as `schnell auto` (only "by" differs: script, not
-- default) -- a test checks it. Copy it to start your own doctrine.

-- Is the squadron badly hurt? (fewer than 2 boats in formation, a boat
-- disabled or with 4+ damage points, Boat #1 with 2 engines out, a fire or
-- flooding aboard Boat #1; in the two-player game Boat #2 too, the boats
-- with a damage log of their own being those whose view has engines_out)
local function hurt(game)
  local m = game.mission
  if m == nil then return false end
  if m.boats_in_formation < 2 then return true end
  for _, b in ipairs(game.boats) do
    if b.in_formation then
      if b.disabled or b.points >= 4 then return true end
      if b.engines_out ~= nil and (b.engines_out >= 2 or b.fire > 0 or b.flooded > 0) then return true end
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

-- Combat (4.6-4.9): Fast, close to Close range while a ship worth a
-- torpedo is present and the boats can still launch; torpedoes at the most
-- valuable ship, guns at the most damaged; leave when hurt or spent.
local value = { tanker = 6, light_cruiser = 5, merchant = 4, destroyer = 3, submarine = 2, mgb = 1, mtb = 1 }

local function worth_it(combat)
  for _, u in ipairs(combat.enemies) do
    if u.size ~= "small" then return true end
  end
  return false
end

local function index_of(d, name)
  for i, o in ipairs(d.options) do
    if o.name == name then return i end
  end
  return nil
end

-- Where the squadron may fire from in this weather (4.6).
local fire_from = { good = { long = true, medium = true, close = true }, poor = { medium = true, close = true } }
local function can_fire(weather, range)
  if fire_from[weather] then return fire_from[weather][range] == true end
  return range == "close"
end

-- The squadron is always placed first (round 1). Leaving aborts the
-- mission (4.9): hurt, leave as soon as the rules allow; with the tubes
-- spent or only MTBs and MGBs about, first attack the wave if the squadron
-- has not (a wave let pass unattacked is a combat left: the mission is
-- aborted), from the nearest zone it may fire from; then open the range to
-- Long and wait there while the enemy cannot fire at it (unseen, or not
-- Good weather: no fire from Long, 4.6), else leave.
local function range_order(d, game)
  local m = game.mission
  local cb = m.combat
  local hurt_now = hurt(game)
  local spent = not cb.armed or not worth_it(cb) -- nothing left worth a torpedo
  local exposed = cb.detected and m.weather == "good"
  if not hurt_now and spent and not cb.attacked then
    if can_fire(m.weather, cb.range) then
      return index_of(d, "stay") or index_of(d, "closer") or 1
    end
    return index_of(d, "closer") or index_of(d, "stay") or 1
  end
  if hurt_now or (spent and exposed) then
    return index_of(d, "out") or index_of(d, "away") or index_of(d, "stay") or 1
  elseif spent then
    return index_of(d, "away") or index_of(d, "stay") or 1
  elseif cb.range == "close" then
    return index_of(d, "stay") or 1
  end
  return index_of(d, "closer") or index_of(d, "stay") or 1
end

-- A torpedo or rocket is still aboard a working boat in formation.
local function loaded(game)
  for _, b in ipairs(game.boats) do
    if b.in_formation and not b.disabled and (b.torpedoes > 0 or b.rockets > 0) then return true end
  end
  return false
end

local find = string.find

local function attack_order(d)
  local best, best_score = 1, -1
  for i, o in ipairs(d.options) do
    local kind = o.type -- an order at a unit has its type (hold has none)
    if kind then
      local score = value[kind] * 10 + o.damage
      if find(o.name, "guns:") ~= 1 then score = score + 100 end -- not the guns alone
      if score > best_score then best, best_score = i, score end
    end
  end
  return best
end

-- The kinds most often asked come first (a Long campaign asks boat_attack,
-- speed, range and move most).
function decide(d, game)
  local kind = d.kind
  if kind == "boat_attack" then
    return d.default -- each boat carries out the squadron's order
  elseif kind == "speed" then
    -- idle is offered only alongside a disabled boat: take her crew off first
    return index_of(d, "idle") or index_of(d, "fast") or #d.options
  elseif kind == "range" then
    return range_order(d, game)
  elseif kind == "move" then
    if hurt(game) then return "home" end
    return "next"
  elseif kind == "attack" then
    return attack_order(d)
  elseif kind == "squadron" or kind == "flagship" then
    return 1 -- squadron (1.0): the first ready hulls; flagship (4.11): the first ready hull
  elseif kind == "break_formation" then
    if d.options[1].points >= 4 then return "break" end
    return "stay"
  elseif kind == "special_done" then
    if game.mission.special_done or hurt(game) then return "home" end
    return "patrol"
  elseif kind == "air_speed" then
    if has(d, "fast") then return "fast" end
    return "medium"
  elseif kind == "rescue_wait" then
    return "search"
  elseif kind == "pilot" then
    if game.mission.sea_state >= 4 then return "leave" end
    return "pick_up"
  elseif kind == "disabled" then
    if has(d, "tow") then return "tow" end
    return "abandon"
  elseif kind == "cognac" then
    return "bribe"
  elseif kind == "next_wave" then
    -- breaking off aborts the mission (4.9): only when hurt or spent
    if hurt(game) or not loaded(game) then return "break_off" end
    return "attack"
  elseif kind == "boat_abort" then
    return "stay"
  elseif kind == "boat_speed" or kind == "boat_range" then
    return d.default -- 7.0: Boat #2 on her own course keeps her speed and heads for the squadron's zone
  end
  return 1 -- anything new: the first option
end
