"""Cut a harness report (run.sh stdout) down to what VASSAL displayed: a small text fixture.

usage: python3 dump_fixture.py HARNESS_OUTPUT > FIXTURE.tsv

Keeps, tab-separated, one line each:
  # vassal VERSION / # module NAME VERSION        where the dump came from
  LOADED  setup  gameStarted                      each predefined set-up VASSAL opened
  TURN    setup  the turn tracker's turn string
  BOARD   setup  map  board  x,y,WxH  grid
  PIECE   setup  map  x,y  location  UnitId  name  layers
  ERROR   any line VASSAL logged at WARN/ERROR, a dialog, a "Bad Data" chat line
Each PIECE is a game piece outside its stack (GameState.getAllPieces, stacks expanded):
``location`` is Map.locationName (the board's grid numbering, SHEET:CCRR on a map of several
boards, a region name on a RegionGrid board, "offboard"); ``layers`` the Embellishment levels
(``Step=2/ (reduced)``: level/level name) and DynamicProperty values (``SupplyPoints:=5``).
"""
from __future__ import annotations

import re
import sys


def main(path: str) -> None:
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        f = line.split("\t")
        m = re.match(r"VASSAL (\S+) harness", line)
        if m:
            out.append("# vassal " + m.group(1))
        elif f[0] == "MODULE":
            out.append("# module " + "\t".join(f[1:]))
        elif f[0] == "LOADED":
            out.append("LOADED\t%s\t%s" % (f[1], f[2]))
        elif f[0] == "TURNSTRING":
            out.append("TURN\t%s\t%s" % (f[1], f[2]))
        elif f[0] == "BOARD":
            out.append(line)
        elif f[0] == "PIECE":
            # drop the stack position and VASSAL's piece id: they change with the save's order
            out.append("\t".join(f[:8]))
        elif (line.startswith(("LOG WARN", "LOG ERROR")) and "JAVA_TOOL_OPTIONS" not in line) \
                or f[0] in ("DIALOG", "HARNESS-FAILURE", "IMAGE-MISSING", "IMAGE-LOAD-FAILED",
                            "TIMEOUT", "PRELAUNCH-FAILURE") or "Bad Data" in line:
            if f[0] == "DIALOG" and ("Choose side" in line or "Start new Logfile" in line
                                     or "Enter File Comments" in line):
                continue            # the side chooser and VASSAL's own prompts, answered by the harness
            out.append("ERROR\t" + line)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
