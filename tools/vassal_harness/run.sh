#!/bin/sh
# Run VASSAL (built by build.sh into VASSAL_BUILD) on a module, under Xvfb.
#
# usage: VASSAL_BUILD=OUT_DIR run.sh MODULE [harness options]     (the report on stdout)
# options (vharness/VHarness.java): --setups all|none|FILE,FILE  --shots DIR  --no-tiles
#   --play SETUP --side SIDE --vlog FILE [--save FILE] --act ACTION ...
# actions: move:UNIT_ID:HEX  flip:UNIT_ID  key:UNIT_ID:MENU TEXT  dice:BUTTON  turn
#          turn-until:TEXT  chat:TEXT
# DISPLAY defaults to :99; an Xvfb is started there when none is running (and left running:
# stop it with kill $(cat $VASSAL_BUILD/xvfb.pid)).
set -eu
: "${VASSAL_BUILD:?set VASSAL_BUILD to the OUT_DIR of build.sh}"
H=$(cd "$VASSAL_BUILD" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
export DISPLAY=${DISPLAY:-:99}
if ! xdpyinfo -display "$DISPLAY" >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1600x1200x24 -nolisten tcp >/dev/null 2>&1 &
  echo $! > "$H/xvfb.pid"
  sleep 2
fi
mkdir -p "$H/conf" "$H/home"
# the tiler's child JVM inherits these through JAVA_TOOL_OPTIONS (VASSAL passes it no -D)
export JAVA_TOOL_OPTIONS="-DVASSAL.conf=$H/conf -Duser.home=$H/home"
exec nice java -Xmx1500m -XX:TieredStopAtLevel=1 -Djava.awt.headless=false \
  -DVASSAL.conf="$H/conf" -Duser.home="$H/home" -Dvharness.xdo="$HERE/xdo-enter.sh" \
  -cp "$H/hclasses:$H/classes:$H/rt:$(cat "$H/cp.txt")" vharness.VHarness "$@"
