-- battles.lua: a Kommandant who takes every Schnell Boats decision's default,
-- and commands the boats in each Schnell Rules battle of a campaign played
-- with -o battles=schnellrules by schnellrules-virtual.lua (steer at the
-- nearest contact, fire every gun that bears, torpedo what is spotted close):
--   schnell auto --campaign short -o battles=schnellrules --script scripts/battles.lua
-- The plays table names, for a game played inside this one, the script that
-- plays it (a path relative to this file); without it, Schnell Rules' own
-- reference captain commands the boats in a battle.
plays = { schnellrules = "schnellrules-virtual.lua" }

function decide(d, game)
  return d.default
end
