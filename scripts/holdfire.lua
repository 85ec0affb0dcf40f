-- holdfire.lua: dodge every fight. Placed on the Combat Board, the squadron
-- stays in the Long Range Zone at Medium speed and holds its fire, waiting
-- for the wave to go; everything else is the reference Kommandant's choice.
-- A probe of the rules (issue 26 item 1): holding fire must not be a free
-- way out of a combat, so this doctrine should complete no more missions
-- than the reference Kommandant.

function decide(d, game)
  if d.kind == "speed" then
    for _, o in ipairs(d.options) do
      if o.name == "medium" then return "medium" end
    end
    return d.default
  end
  if d.kind == "range" then
    for _, o in ipairs(d.options) do
      if o.name == "stay" then return "stay" end
    end
    for _, o in ipairs(d.options) do
      if o.name == "closer" then return "closer" end
    end
    return d.default
  end
  if d.kind == "attack" then return "hold" end
  return d.default
end
