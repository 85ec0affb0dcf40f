# A solo Convoy at the prompt with physical dice: the player attacks with one
# E-boat, the program plays the convoy by scripts/coastal/convoy.lua.
orders on
detail normal
step
draw
draw
draw
step
choose range A3 55
roll 4
choose range A1 40
roll 6
choose range A2 70
roll 2
choose range A2 75
roll 3
step
choose nearest
choose range E2 50
roll 5
choose observe
choose nearest
choose range E1 45
roll 6
choose kept
step
choose launch E1
draw dummy
draw torpedo
draw dummy
choose speed 8 yes
step
choose range T1 50
roll 2
choose range T2 45
roll 1
choose range T3 60
roll 2
choose range T2 55
roll 3
choose range 35
roll 6
roll 5
step
choose nearest
choose range M3 30
roll 4
choose fire E1
choose range 30
roll 6
choose kept
step
choose touch E1 no
roll 5
roll 5 3 1 2
roll 2
roll 2
roll 7
choose hold
choose hold
markers
