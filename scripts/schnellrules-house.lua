-- schnellrules-house.lua: a house opponent for Schnell Rules battles
-- (schnell --game schnellrules --side axis=script:scripts/schnellrules-house.lua).
-- It fires every gun that reaches at the nearest enemy its side saw, at the
-- range the table measured in the spotting phase, and launches a torpedo
-- at any enemy seen within 20 to 40cm. It sets no speeds: the models move
-- as the player moves them.

local function nearest(game, side)
  local best, range = nil, nil
  for _, v in ipairs(game.vessels) do
    if v.side ~= side and v.afloat and v["seen_by_" .. side] then
      for _, r in ipairs(v.ranges) do
        local o = nil
        for _, x in ipairs(game.vessels) do if x.id == r.observer then o = x end end
        if o and o.side == side and (range == nil or r.range < range) then
          best, range = v, r.range
        end
      end
    end
  end
  return best, range
end

function decide(d, game)
  local side = d.side
  if d.kind == "guns" then
    local target, range = nearest(game, side)
    if target then
      for _, v in ipairs(game.vessels) do
        if v.side == side and v.afloat then
          for _, g in ipairs(v.guns) do
            if not g.lost and not g.fired and g.reach >= range then
              return {option = "fire", shooter = v.id, weapon = g.name, target = target.id, range = range}
            end
          end
        end
      end
    end
  elseif d.kind == "launch" then
    local target, range = nearest(game, side)
    if target and range >= 20 and range <= 40 then
      for _, v in ipairs(game.vessels) do
        if v.side == side and v.afloat then
          for _, t in ipairs(v.tubes) do
            if not t.lost and t.loaded > 0 then
              return {option = "torpedo", shooter = v.id, target = target.id, range = range}
            end
          end
        end
      end
    end
  end
  return d.default
end
