-- schnellrules-virtual.lua: a side for Schnell Rules on the virtual table
-- (schnell auto --game schnellrules -o table=virtual --side axis=script:scripts/schnellrules-virtual.lua).
-- It sees the table as its side does (game.side): its own vessels, with
-- each enemy on the table as a contact (range, bearing, the guns that may
-- fire at it now, whether a torpedo would be taken), and the enemy's
-- markers it has not spotted. Each vessel steers at its nearest contact at
-- its best speed until it is 15cm off, then holds Medium; every gun the
-- contacts list fires at the nearest; a torpedo goes at anything spotted
-- within 40cm (no -5 for range). One order a call, then done.

local speeds = {stationary = 0, very_slow = 1, slow = 2, medium = 3, fast = 4, very_fast = 5}
local codes = {"st", "vs", "s", "m", "f", "vf"}

local function mine(game)
  local out = {}
  for _, v in ipairs(game.vessels) do
    if v.side == game.side and v.afloat and v.on_table and v.contacts then
      out[#out + 1] = v
    end
  end
  return out
end

local function nearest(v)
  local best = nil
  for _, c in ipairs(v.contacts) do
    if best == nil or c.range < best.range then best = c end
  end
  return best
end

local function offered(d, name)
  for _, o in ipairs(d.options) do
    if o.name == name then return true end
  end
  return false
end

-- The speed level v may take this turn nearest the one wanted.
local function reachable(v, want)
  local step = 1
  if speeds[v.max_speed] >= 4 then step = 2 end
  local now = speeds[v.speed]
  local w = math.min(want, speeds[v.max_speed], now + step)
  return math.max(w, now - step, 0)
end

local function move(d, game)
  for _, v in ipairs(mine(game)) do
    local c = nearest(v)
    -- Only a vessel that moves in this phase is taken (Large and Very
    -- Large in phase 4, the others in 5).
    local large = v.size == "large" or v.size == "very_large"
    local now = string.sub(game.phase, 1, 1)
    if c and ((large and now == "4") or (not large and now == "5")) then
      if v.course ~= c.bearing then
        return {option = "steer", vessel = v.id, course = c.bearing}
      end
      local want = 5
      if c.range <= 15 then want = 3 end
      local sp = reachable(v, want)
      if sp ~= speeds[v.speed] then
        return {option = "speed", vessel = v.id, level = codes[sp + 1]}
      end
    end
  end
  return "done"
end

local function fire(d, game)
  for _, v in ipairs(mine(game)) do
    local best = nil
    for _, c in ipairs(v.contacts) do
      if #c.guns > 0 and (best == nil or c.range < best.range) then best = c end
    end
    if best then
      return {option = "fire", shooter = v.id, weapon = best.guns[1], target = best.id}
    end
  end
  return "done"
end

local function launch(d, game)
  for _, v in ipairs(mine(game)) do
    for _, c in ipairs(v.contacts) do
      if c.torpedo and c.range <= 40 then
        return {option = "torpedo", shooter = v.id, target = c.id}
      end
    end
  end
  return "done"
end

function decide(d, game)
  if d.kind == "move" and offered(d, "steer") then return move(d, game) end
  if d.kind == "guns" then return fire(d, game) end
  if d.kind == "launch" then return launch(d, game) end
  if d.kind == "initiative" then return "second" end
  return d.default
end
