-- A solo player's Axis for Paukenschlag's variants (21.1, 21.2, 21.2.1):
-- North Atlantic boats enter in BE, the Barbarigo at DT carrying frogmen,
-- and the marker left out of a frogman container is the first.
function decide(d, game)
  if d.kind == "na_area" then return "BE" end
  if d.kind == "barbarigo_area" then return "DT" end
  if d.kind == "barbarigo_role" then return "frogmen" end
  if d.kind == "frogman_markers" then return "marker-1" end
  return d.default
end
