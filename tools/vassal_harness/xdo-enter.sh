#!/bin/sh
# Press Enter in the GTK file dialog of VASSAL's NativeFileChooser (Xvfb has
# no window manager, so the dialog must be given the focus first).
export DISPLAY=${DISPLAY:-:99}
for w in $(xdotool search --onlyvisible --name '.*'); do
  [ -n "$(xdotool getwindowname $w)" ] && continue
  g=$(xdotool getwindowgeometry $w | sed -n 's/.*Geometry: //p')
  case "$g" in 1x1|1600x1200) continue;; esac
  echo "xdo-enter: window $w $g"
  xdotool windowfocus $w; sleep 0.5; xdotool key Return
  exit 0
done
echo "xdo-enter: no file dialog window"; exit 1
