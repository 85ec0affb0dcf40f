#!/usr/bin/env bash
# contention.sh: `schnell sim --jobs 2` against `--jobs 1` on a machine whose
# cores are taken by CPU-bound competitors (issue 27, item 7).
#
#   cmd/schnell/testdata/contention.sh [-b BIN] [-c COMPETITORS] [-r RUNS] [-n ROUNDS] [-m same|apart] [-- SIM FLAGS…]
#
# Plays RUNS (4000) Short campaigns with --jobs 1 and with --jobs 2, the two
# at the same time, each in a session of its own, ROUNDS (3) times, and
# prints each run's wall and CPU time, the load average and the ratio of the
# two wall times. The Linux scheduler gives each session (autogroup,
# /proc/sys/kernel/sched_autogroup_enabled) its share of the cores, so the
# two runs meet the same load, however noisy a shared machine is, and
# other users keep their share.
#
# -m apart (the default): COMPETITORS (8) busy loops run in a session of
#   their own, as other users' processes do: each sim gets its session's
#   share whatever its --jobs, so --jobs 2 can only match --jobs 1, and time
#   its workers spend waiting on each other shows as a ratio above 1.
# -m same: each sim has COMPETITORS busy loops in its own session, which
#   share the session's cores with it thread by thread.
set -euo pipefail
bin="" comps=8 runs=4000 rounds=3 mode=apart
while getopts b:c:r:n:m: o; do
  case $o in
    b) bin=$OPTARG ;; c) comps=$OPTARG ;; r) runs=$OPTARG ;; n) rounds=$OPTARG ;; m) mode=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
cd "$(dirname "$0")/../../.."
if [ -z "$bin" ]; then
  bin=$(mktemp -d)/schnell
  go build -o "$bin" ./cmd/schnell
fi
tmp=$(mktemp -d)
pids=()
# Each session started here is its own process group (setsid): the trap
# ends each group by its id.
trap 'for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || true; done; rm -rf "$tmp"' EXIT
busy() { for _ in $(seq "$comps"); do bash -c 'while :; do :; done' & done; }
if [ "$mode" = apart ]; then
  setsid bash -c "$(declare -f busy); comps=$comps; busy; wait" &
  pids+=($!)
fi
sleep 1
echo "$comps competitors ($mode), $runs Short campaigns, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); sim flags: $*"
ratios=()
for r in $(seq "$rounds"); do
  run=()
  for j in 1 2; do
    inner="/usr/bin/time -o $tmp/time.$j -f '%e %U %S' $bin sim --campaign short --runs $runs --jobs $j --seed 1 $* >/dev/null 2>&1"
    if [ "$mode" = same ]; then
      inner="$(declare -f busy); comps=$comps; busy; $inner; kill \$(jobs -p)"
    fi
    setsid bash -c "$inner" &
    run+=($!)
  done
  pids+=("${run[@]}")
  wait "${run[@]}" || true
  declare -A wall=()
  for j in 1 2; do
    read -r w u s <"$tmp/time.$j"
    wall[$j]=$w
    printf 'round %d  --jobs %d  wall %7.2f s  cpu %6.2f s\n' "$r" "$j" "$w" "$(echo "$u + $s" | bc)"
  done
  ratio=$(echo "scale=3; ${wall[2]} / ${wall[1]}" | bc)
  ratios+=("$ratio")
  echo "round $r  jobs 2 / jobs 1 wall: $ratio  (load $(cut -d' ' -f1 /proc/loadavg))"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median ratio %s of %d rounds\n", a[int((NR+1)/2)], NR}'
