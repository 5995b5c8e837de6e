#!/usr/bin/env python3
"""Make the seams of a game's sheets (maps/seams-<game>.yaml): the hexsides between hexes of two
sheets that no single sheet contains, where the sheets join on the theatre lattice.

    python3 tools/make_seams.py [GAME]        (default eastern-front)

The game file's ``theatre`` places the sheets (modgen.model.theatre). For each hexside whose two
hexes lie on different sheets and on no common sheet, the terrain, river and rail come from the
geography the sheets themselves were made from (tools/mapkit.py, tools/sheets/s<id>.py), by the
same method: the rougher relief of the two hexes (each from its own kit and its sheet's relief
classes), a named river when its course crosses the centre-to-centre segment, the named lines
likewise, and a rail line where a map-edge rail exit of one sheet faces a rail hex of the other.
Do not edit the output by hand: rerun this after changing a sheet or the theatre.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mapkit  # noqa: E402
from make_map import config  # noqa: E402

from modgen.hexgrid import DIRECTIONS, Hexside  # noqa: E402
from modgen.model.load import load_game  # noqa: E402

NAMES = {0: "clear", 1: "hilly", 2: "rough", 3: "mountain"}


class Sheet:
    """One sheet with its kit, config and the courses of its rivers and lines (in its own frame)."""

    def __init__(self, sid: str, mapdef):
        self.id = sid
        self.cfg = config(sid)
        self.kit = mapkit.Kit(mapkit.KITS / self.cfg.KIT)
        self.map = mapdef
        self._courses = None
        self._lines = None

    def level(self, h) -> tuple[int, str]:
        info = self.kit.hexes.get(h.id)
        relief = mapkit.get(self.cfg, "RELIEF_OVERRIDES", {}).get(h.id, (info["relief"],))[0] if info else "lowland"
        cls = mapkit.get(self.cfg, "RELIEF_LEVEL", {"lowland": 0, "hills": 1, "mountain": 3, "high_mountain": 3,
                                                    "water": 0, "sea": 0})
        return cls.get(relief, 0), relief

    def region(self, h) -> str | None:
        x, y = mapkit.centre(h)
        for t, poly, _why in mapkit.get(self.cfg, "TERRAIN_REGIONS", []):
            if mapkit.inside((x, y), [self.kit.to_xy(lat, lon) for lat, lon in poly]):
                return t
        return None

    def courses(self) -> list[tuple[str, bool, list]]:
        if self._courses is None:
            out = []
            tol = mapkit.get(self.cfg, "RIVER_TOLERANCE", 0.12)
            ref = mapkit.get(self.cfg, "REF_LAT", 45.5)
            for name, major, how, path in self.cfg.RIVERS:
                if how == "traced":
                    pieces = [[self.kit.to_xy(lat, lon) for lat, lon in path]]
                elif how == "course":
                    pieces = [[self.kit.to_xy(lat, lon)
                               for lat, lon in mapkit.river_course(self.kit.data["rivers"], path, tol, ref)]]
                else:
                    pieces = [[(c * mapkit.SQ, y) for c, y in r["hex"]] for r in self.kit.data["rivers"]
                              if all(mapkit.dist_to_path(p, path, ref) <= tol for p in r["latlon"])]
                out.append((name, major, pieces))
            self._courses = out
        return self._courses

    def lines(self) -> list[tuple[str, list]]:
        if self._lines is None:
            self._lines = [(name, [mapkit._ref_xy(self.cfg, p) if isinstance(p, str) else self.kit.to_xy(*p)
                                   for p in path]) for name, _rule, path in mapkit.get(self.cfg, "LINES", [])]
        return self._lines

    def rail_track(self, h) -> str | None:
        tracks = [s.rail for n in h.neighbours() if (s := self.map.hexside(h, n)) is not None and s.rail]
        if not tracks and h not in self.map.rail_exits:
            return None
        return "double" if "double" in tracks else "single"


def seams(game) -> list[dict]:
    th = game.theatre
    sheets = {s: Sheet(s, game.maps[s]) for s in th.order}
    out: dict[Hexside, dict] = {}
    for sa in th.order:
        A = sheets[sa]
        for h in A.map.hexes:
            g = th.to_global(sa, h)
            for d in range(6):
                ng = g.neighbour(d)
                cover = th.locals(ng)
                if not cover or any(s == sa for s, _ in cover):
                    continue
                gside = Hexside.of(g, ng)
                if gside in out:
                    continue
                # a hexside some sheet shows whole is that sheet's, not a seam
                if any(th.to_local(g, [s]) is not None for s, _ in cover):
                    continue
                sb, hb = cover[0]
                B = sheets[sb]
                ia, ib = A.map.hexes[h], B.map.hexes[hb]
                item = {"a": f"{sa}:{h.id}", "b": f"{sb}:{hb.id}"}
                if not ia.land or not ib.land:
                    item["terrain"] = "ocean"
                else:
                    la, _ = A.level(h)
                    lb, _ = B.level(hb)
                    ra, rb = A.region(h), B.region(hb)
                    if ra and ra == rb and max(la, lb) <= 1:
                        item["terrain"] = ra
                    else:
                        item["terrain"] = NAMES[max(la, lb)]
                    # the neighbour's centre in A's frame (its number in A's numbering)
                    n_here = th.to_sheet(sa, ng)
                    p, q = mapkit.centre(h), mapkit.centre(n_here)
                    for name, major, pieces in A.courses():
                        if sum(mapkit.crossings(p, q, pc) for pc in pieces) % 2 == 1:
                            item["river"] = name
                            if major:
                                item["major"] = True
                            break
                    names = [nm for nm, pts in A.lines() if mapkit.crossings(p, q, pts) % 2 == 1]
                    names += [nm for nm, pts in B.lines() if nm not in names and mapkit.crossings(
                        mapkit.centre(hb), mapkit.centre(th.to_sheet(sb, g)), pts) % 2 == 1]
                    if names:
                        item["lines"] = names
                    # a rail line crosses where an edge exit of either sheet meets a rail hex of the other
                    da = DIRECTIONS[h.direction_to(th.to_sheet(sa, ng))] if h.direction_to(th.to_sheet(sa, ng)) is not None else None
                    exit_a = da in A.map.rail_exits.get(h, ())
                    back = hb.direction_to(th.to_sheet(sb, g))
                    exit_b = back is not None and DIRECTIONS[back] in B.map.rail_exits.get(hb, ())
                    ta, tb = A.rail_track(h), B.rail_track(hb)
                    if (exit_a and tb) or (exit_b and ta):
                        item["rail"] = "double" if ta == tb == "double" else "single"
                out[gside] = item
    return [out[k] for k in sorted(out)]


def to_yaml(game, items: list[dict]) -> str:
    lines = [f"# Seams of {game.title}: hexsides between two sheets that no sheet contains. Generated by",
             "# tools/make_seams.py from the theatre of games/" + game.id + ".yaml and the sheets' geography;",
             "# do not edit by hand. a, b: the two hexes (SHEET:CCRR); terrain as the map notation's names;",
             "# river / major / rail / lines as on the sheets (modgen.model.theatre reads this file).",
             "provenance: {kind: schematic, reason: \"the sheets' kits and sheet configs, by the method of "
             "tools/mapkit.py\"}",
             "seams:"]
    for it in items:
        parts = [f'a: "{it["a"]}"', f'b: "{it["b"]}"', f'terrain: {it["terrain"]}']
        if "river" in it:
            parts.append(f'river: "{it["river"]}"')
        if it.get("major"):
            parts.append("major: true")
        if "rail" in it:
            parts.append(f"rail: {it['rail']}")
        if "lines" in it:
            parts.append("lines: [" + ", ".join(f'"{n}"' for n in it["lines"]) + "]")
        lines.append("  - {" + ", ".join(parts) + "}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", nargs="?", default="eastern-front")
    args = ap.parse_args(argv)
    root = mapkit.ROOT
    out = root / "maps" / f"seams-{args.game}.yaml"
    if not out.exists():
        # the game loads its seams: start from none so the theatre can be built
        out.write_text("seams: []\n", encoding="utf-8")
    game = load_game(args.game, root)
    text = to_yaml(game, seams(game))
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
