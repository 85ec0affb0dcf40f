-- cautious.lua: bring every boat home. Turns for Cherbourg at the first
-- damage, never lingers after a special mission, leaves airmen in the
-- water when the sea is up, tows whatever can be towed.

local function any_damage(game)
  for _, b in ipairs(game.boats) do
    if b.in_formation and ((b.points or 0) > 0 or (b.components or 0) > 0) then
      return true
    end
  end
  return false
end

function decide(d, game)
  if d.kind == "move" then
    if any_damage(game) or game.mission.boats_in_formation < 3 then return "home" end
    return "next"
  end
  if d.kind == "special_done" then return "home" end
  if d.kind == "rescue_wait" then return "give_up" end
  if d.kind == "pilot" then
    if game.mission.sea_state >= 3 then return "leave" end
    return "pick_up"
  end
  if d.kind == "disabled" then
    for _, o in ipairs(d.options) do
      if o.name == "tow" then return "tow" end
    end
    return "abandon"
  end
  return d.default
end

local missions, successes = 0, 0
function on_mission_end(e)
  missions = missions + 1
  if e.success then successes = successes + 1 end
end

function on_campaign_end(e)
  print(string.format("cautious: %d of %d missions successful, %d VP, %s", successes, missions, e.vp, e.rating))
end
