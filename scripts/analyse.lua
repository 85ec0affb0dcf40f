-- analyse.lua: read campaign logs and report each one.
-- Usage: schnell lua scripts/analyse.lua logs/*.jsonl
-- A script reads only the files named on the command line.

for _, path in ipairs(arg) do
  local h = log.header(path)
  local missions, successes, vp, medals, lost, killed = 0, 0, 0, {}, 0, 0
  local best, best_n = -1000, 0
  local ending = "in progress"
  for e in log.events(path) do
    if e.type == "mission_end" then
      missions = missions + 1
      if e.success then successes = successes + 1 end
      if e.vp > best then best, best_n = e.vp, e.mission end
    elseif e.type == "medal" then
      medals[#medals + 1] = e.medal
    elseif e.type == "boat_lost" then
      lost = lost + 1
    elseif e.type == "wound" and e.level == "kia" then
      killed = killed + 1
    elseif e.type == "campaign_end" then
      vp = e.vp
      ending = e.reason .. ", " .. e.rating
    end
  end
  print(string.format("%s: %s campaign, %s boats, seed %d", path, h.options.campaign, h.options.boat, h.seed))
  print(string.format("  %d missions, %d successful; best night: mission %d (%+d VP)", missions, successes, best_n, best))
  print(string.format("  boats lost %d, crewmen killed in action %d; %d VP (%s)", lost, killed, vp, ending))
  if #medals > 0 then print("  medals: " .. table.concat(medals, ", ")) end
end
