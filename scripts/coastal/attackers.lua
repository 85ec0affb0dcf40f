-- attackers.lua: the solo attacking force of WW2 Coastal Warfare v2a
-- ("Vessels attacking convoys", protocols a-e).
--
--   schnell --game coastal attackers=solo --side attacker=script:scripts/coastal/attackers.lua
--
-- Each marker (real or dummy: the dummies follow the same protocol, so
-- the decisions give nothing away) runs at full speed toward the nearest
-- target marker (c), makes one observation a turn (c), fires its
-- torpedoes at the ship it spotted itself, if within 60 cm (d: each
-- option's `sighted` names the ships the marker observed in its last
-- observation step and the range the table measured then; nothing has
-- moved since, so that is the launch's range), then turns for home at
-- full speed (e). On a physical table the table (the player) names the
-- nearest marker and measures every range, and moves the models; on a
-- virtual one (game.table == "virtual") the program does, and `toward`
-- steers for the nearest target marker at full speed.

local fired = {}    -- markers that have launched: they head home (e)
local started = {}  -- markers pointed at their target (b)

local function has(d, name)
  for _, o in ipairs(d.options) do
    if o.name == name then return o end
  end
  return nil
end

function decide(d, game)
  local m = d.options[1].marker
  if d.kind == "observe" then
    if has(d, "nearest") then return "nearest" end
    return "none"
  elseif d.kind == "launch" then
    -- d: the spotting marker fires at the ship it spotted, within 60 cm
    -- (and at 30 cm or more: Torpedoes); the nearest if it spotted more
    if fired[m] or not has(d, "launch") or d.options[1].left == 0 then
      return "hold"
    end
    local target, range = nil, nil
    for id, cm in pairs(d.options[1].sighted or {}) do
      if cm >= 30 and cm <= 60 and (range == nil or cm < range) then
        target, range = id, cm
      end
    end
    if target == nil then return "hold" end
    fired[m] = true
    return { option = "launch", target = target }
  elseif d.kind == "fire" then
    -- a hidden marker holds fire (a dummy cannot fire: a real boat that
    -- did would give itself away); a boat in sight fires once it has
    -- launched
    if fired[m] and has(d, "observe") and has(d, "fire") then
      return { option = "fire" }
    end
    return "hold"
  elseif d.kind == "move" then
    if fired[m] and has(d, "away") then return "away" end
    if game.table == "virtual" then
      if has(d, "toward") then return "toward" end -- c
      return "hold"
    end
    local sp = has(d, "speed")
    if sp then
      local turn = not started[m]
      started[m] = true
      return { option = "speed", cm = sp.args[1].max, turn = turn }
    end
    return "hold"
  elseif d.kind == "tow" then
    return "tow"
  end
  return d.default
end
