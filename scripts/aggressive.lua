-- aggressive.lua: press on whatever the cost. Never aborts a patrol, goes
-- on patrolling after a special mission, accelerates against aircraft,
-- stops for every downed airman. Expect more VP -- and more Boards of Inquiry.

function decide(d, game)
  if d.kind == "move" then return "next" end
  if d.kind == "special_done" then return "patrol" end
  if d.kind == "rescue_wait" then return "search" end
  if d.kind == "pilot" then return "pick_up" end
  if d.kind == "cognac" then return "bribe" end
  if d.kind == "disabled" then
    -- a tow would send the squadron home: scuttle and fight on
    return "abandon"
  end
  return d.default
end
