#!/bin/sh
# Record the VASSAL-written logs of tests/fixtures/vassal-written/ (the scripts of actions).
#
# usage: VASSAL_BUILD=OUT_DIR record_plays.sh MODULE_DIR OUT_DIR [PLAY ...]
#   MODULE_DIR holds italian-front.vmod, eastern-front.vmod, burning-mountains.vmod
#   (modgen build GAME -o MODULE_DIR/GAME.vmod); OUT_DIR receives PLAY-VERSION.vlog and the
#   harness report PLAY-VERSION.txt. PLAY: if-play1 if-play2 if-combat ef-two-sheets ef-romania bm-play
#   ef-save-romania ef-save-south-east (these also save the game: PLAY-VERSION.vsav)
#   (default: all). VERSION is the tag VASSAL_BUILD was built from (rt/git.properties).
set -eu
MOD=$1 OUT=$2; shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
V=$(sed -n 's/^git.version=//p' "$VASSAL_BUILD/rt/git.properties")
mkdir -p "$OUT"
PLAYS=${*:-if-play1 if-play2 if-combat ef-two-sheets ef-romania bm-play}

play() {  # NAME MODULE SETUP SIDE ACT...
  n=$1 m=$2 s=$3 side=$4; shift 4
  set -- "$MOD/$m.vmod" --setups none --no-tiles --play "$s" --side "$side" --vlog "$OUT/$n-$V.vlog" "$@"
  "$HERE/run.sh" "$@" > "$OUT/$n-$V.txt" 2>&1
  echo "$n: $(grep -c '^=== ACT' "$OUT/$n-$V.txt") actions, $(grep '^VLOG' "$OUT/$n-$V.txt" | cut -f3) bytes"
}

for p in $PLAYS; do case $p in
if-play1)   # a legal Entente Movement Phase: chat, a move, a flip, both dice buttons, Next
  play if-play1 italian-front if-1915-05.vsav Entente \
    --act "chat:hello from vharness" --act move:it-inf-xx-6:1821 --act flip:it-inf-xx-6 \
    --act dice:1d6 --act dice:2d6 --act turn ;;
if-play2)   # three deliberate mistakes: 6-9 (too far), 25-2 (reinforcement out of phase),
            # 6-3 (a move in the Combat Phase); an SP spent with no reason (18-1, undetermined)
  play if-play2 italian-front if-1915-05.vsav Entente \
    --act move:it-inf-xx-35:1727 --act "key:it-hq-xxxx-1st:Spend 1 supply point" \
    --act move:gb-inf-xx-23:2122 --act key:it-inf-x-ancna:Eliminate --act turn \
    --act move:it-mtn-x-5alp:1819 --act dice:2d6 ;;
if-combat)  # an attack declared in the chat, the roll by the 1d6 button, its SP spent
  play if-combat italian-front if-1915-05.vsav Entente \
    --act turn --act "chat:!attack 2119 with 6Alp Mtn X supply 1st 1" \
    --act dice:1d6 --act "key:it-hq-xxxx-1st:Spend 1 supply point" \
    --act "chat:!counterattack 2119 none" --act turn ;;
ef-two-sheets)  # moves on two sheets of one Main Map (6-4 and 5-5): a garrison of 17-3 leaves
                # Trieste (a deliberate mistake), two 7 August 1914 arrivals at their hexes of
                # 18-2 on 5-5, then one of them moves a hex
  play ef-two-sheets eastern-front ef-south-east-duration.vsav "Central Powers" \
    --act move:ah-inf-x-trste:6-4:3420 \
    --act "turn-until:Central Powers Reinforcement Arrival Phase | Turn 7 | August 1914" \
    --act move:ah-inf-xx-44:5-5:3609 --act move:ah-inf-xx-20:5-5:3912 --act turn \
    --act move:ah-inf-xx-44:5-5:3608 ;;
ef-romania) # a scenario of one sheet (6-6) in a game of several: the Russian units of 13-2
            # placed in 2603 although nothing triggered the rule (a deliberate mistake)
  play ef-romania eastern-front ef-romania-1916-08.vsav Entente \
    --act move:ru-inf-xx-13:6-6:2603 --act move:ru-inf-xx-1rfl:6-6:2603 --act turn ;;
ef-save-romania)     # a set-up completed by hand, saved, for modgen import-setup (one sheet, 6-6)
  play ef-save-romania eastern-front ef-romania-1916-08.vsav Entente \
    --save "$OUT/ef-save-romania-$V.vsav" \
    --act move:ru-inf-xx-13:6-6:1516 --act move:ru-inf-xx-3cr:6-6:1617 ;;
ef-save-south-east)  # the same on a scenario of eight sheets (5-5 and 6-5)
  play ef-save-south-east eastern-front ef-south-east-duration.vsav "Central Powers" \
    --save "$OUT/ef-save-south-east-$V.vsav" \
    --act move:ah-inf-xx-44:5-5:3609 --act move:ah-inf-x-9le:6-5:1204 ;;
bm-play)    # GT 1-2 of the set-up: an attack declared, the Combat button (3d6), a step loss
            # (flip), the tracker advanced, moves, the 2d6 button, reinforcements
  play bm-play burning-mountains bm-1916-05.vsav Austro-Hungarian \
    --act "chat:!attack 2107 with K.J. 2, K.J. 3" --act dice:Combat --act flip:it-inf-x-mantova \
    --act turn --act turn --act turn --act move:it-inf-x-treviso:2507 --act dice:2d6 \
    --act turn --act turn --act turn --act move:ah-inf-x-57:1801 --act move:ah-inf-x-58:1901 \
    --act turn --act move:ah-inf-x-5:1707 ;;
*) echo "unknown play $p" >&2; exit 2 ;;
esac; done
