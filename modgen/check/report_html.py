"""Self-contained HTML report: each finding with the map around it (cropped from the rendered
board, path and hexes drawn) as an embedded base64 PNG. Every text is HTML-escaped: unit names,
chat and messages come from an untrusted log."""
from __future__ import annotations

import base64
import html
import io

from ..hexgrid import Hex
from ..model.geometry import board_geometry
from ..model.types import Game
from .findings import SEVERITIES, UNDETERMINED, VIOLATION, WARNING, Finding, Report

_COLOURS = {VIOLATION: (200, 0, 0), WARNING: (220, 140, 0), UNDETERMINED: (40, 90, 200),
            "info": (90, 90, 90)}
_CSS = """body{font-family:sans-serif;margin:1.5em;max-width:70em}
.f{border:1px solid #ccc;border-radius:4px;padding:.6em;margin:.8em 0}
.violation{border-left:6px solid #c00}.warning{border-left:6px solid #dc8c00}
.undetermined{border-left:6px solid #285ac8}.info{border-left:6px solid #999}.rule{font-weight:bold}.meta{color:#555;font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
img{display:block;margin-top:.4em;border:1px solid #999}
.verdict{font-size:120%;font-weight:bold;padding:.4em .6em;border-radius:4px}
.verdict.ok{background:#e4f4e4}.verdict.bad{background:#fbe3e3}.verdict.incomplete{background:#fff0c8}
.combat{border-left:6px solid #555}td.bad{color:#c00;font-weight:bold}"""


def _verdict_class(report: Report) -> str:
    if report.violations:
        return "bad"
    return "ok" if report.complete else "incomplete"


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def _art(game: Game):
    """The art of the game's rules system (``System.art``): the pictures show the board and the
    pieces as its module draws them."""
    from ..system import system_of
    return system_of(game).art_of()


def _render_map(game: Game, mapdef):
    return _art(game).render_map(mapdef)


class _MapCropper:
    """Renders each map once and cuts the area around a finding's hexes."""

    def __init__(self, game: Game | None, maps: tuple[str, ...]):
        self.game = game
        self.maps = [m for m in maps if game is not None and m in game.maps]
        self._images: dict[str, object] = {}
        self._art: dict[tuple, object] = {}
        self.failed = False

    def _board(self, h: Hex):
        for m in self.maps:
            if self.game.maps[m].contains(h):
                return m
        return None

    @staticmethod
    def _refs(names) -> list[tuple[str | None, Hex]]:
        """The hexes a finding names: ``CCRR`` or, in a game of several sheets, ``SHEET:CCRR``."""
        out = []
        for n in names:
            sheet, _, hid = str(n).rpartition(":")
            if len(hid) == 4 and hid.isdigit():
                out.append((sheet or None, Hex.parse(hid)))
        return out

    def image(self, f: Finding) -> str | None:
        refs = self._refs(list(f.path) + list(f.hexes))
        if not refs or self.failed:
            return None
        m = refs[0][0] if refs[0][0] in self.maps else self._board(refs[0][1])
        if m is None:
            return None
        # the crop shows one sheet: the hexes of the finding on that sheet
        hexes = [h for s, h in refs if s in (None, m)]
        marked = [h for s, h in self._refs(f.hexes) if s in (None, m)]
        path = [h for s, h in self._refs(f.path) if s in (None, m)]
        try:
            from PIL import Image, ImageDraw
            mapdef = self.game.maps[m]
            if m not in self._images:
                self._images[m] = _render_map(self.game, mapdef).convert("RGB")
            grid, _w, _h = board_geometry(mapdef)
        except Exception:  # noqa: BLE001 — the picture is optional; the text says everything
            self.failed = True
            return None
        base = self._images[m]
        pts = [grid.center(h) for h in hexes if mapdef.contains(h)]
        if not pts:
            return None
        pad = int(grid.dy * 2.5)
        x0 = max(min(p[0] for p in pts) - pad, 0)
        y0 = max(min(p[1] for p in pts) - pad, 0)
        x1 = min(max(p[0] for p in pts) + pad, base.width)
        y1 = min(max(p[1] for p in pts) + pad, base.height)
        img = base.crop((x0, y0, x1, y1)).convert("RGBA")
        self._pieces(img, f, mapdef, grid, x0, y0)
        # the finding's hexes and route over the pieces, the route translucent so the counters
        # under it stay legible
        over = Image.new("RGBA", img.size, (0, 0, 0, 0))
        d = ImageDraw.Draw(over)
        colour = _COLOURS.get(f.severity, (0, 0, 0))
        for h in set(marked):
            if mapdef.contains(h):
                d.polygon([(x - x0, y - y0) for x, y in grid.corners(h)], outline=colour + (255,), width=3)
        line = [(grid.center(h)[0] - x0, grid.center(h)[1] - y0) for h in path if mapdef.contains(h)]
        if len(line) >= 2:
            d.line(line, fill=(255, 255, 255, 170), width=8)
            d.line(line, fill=colour + (210,), width=4)
            for x, y in line[:-1]:
                d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=colour + (220,))
            _arrow_head(d, line[-2], line[-1], colour + (235,))
        img = Image.alpha_composite(img, over).convert("RGB")
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False, compress_level=6)
        return base64.b64encode(buf.getvalue()).decode("ascii")

    def combat_image(self, marks: dict) -> str | None:
        """The map around one combat (``Combat.map_marks()``): the hex attacked outlined in red
        with its defenders named, each attacking hex in blue with its units named and a line to
        the target, retreats in orange and advances in green."""
        target = marks.get("target")
        if not target or self.failed:
            return None
        names = [target] + list(marks.get("attackers", {})) + [h for p in marks.get("retreats", [])
                                                              + marks.get("advances", []) for h in p]
        refs = self._refs(names)
        if not refs:
            return None
        m = refs[0][0] if refs[0][0] in self.maps else self._board(refs[0][1])
        if m is None:
            return None
        # one sheet: the combat's hexes on it (SHEET:CCRR in a game of several sheets)
        hexes = [h for s, h in refs if s in (None, m)]
        try:
            from PIL import ImageDraw
            from ..art.fonts import font
            mapdef = self.game.maps[m]
            if m not in self._images:
                self._images[m] = _render_map(self.game, mapdef).convert("RGB")
            grid, _w, _h = board_geometry(mapdef)
        except Exception:  # noqa: BLE001 — the picture is optional; the text says everything
            self.failed = True
            return None
        base = self._images[m]
        pts = [grid.center(h) for h in hexes if mapdef.contains(h)]
        pad = int(grid.dy * 1.6)
        x0 = max(min(p[0] for p in pts) - pad, 0)
        y0 = max(min(p[1] for p in pts) - pad, 0)
        x1 = min(max(p[0] for p in pts) + pad, base.width)
        y1 = min(max(p[1] for p in pts) + pad, base.height)
        img = base.crop((x0, y0, x1, y1)).copy()
        d = ImageDraw.Draw(img)
        f = font(max(9, int(grid.dy / 6)), bold=True, family="condensed")

        def local(h):
            return self._refs([h])[0][1]

        def c(h):
            x, y = grid.center(local(h))
            return x - x0, y - y0

        def outline(h, colour):
            d.polygon([(x - x0, y - y0) for x, y in grid.corners(local(h))], outline=colour,
                      width=3)

        def label(h, lines, colour):
            x, y = c(h)
            lines = lines[:4] + ([f"+{len(lines) - 4}"] if len(lines) > 4 else [])
            top = y - len(lines) * f.size * 0.55
            for i, t in enumerate(lines):
                w = d.textlength(t, font=f)
                ty = top + i * f.size * 1.1
                d.rectangle((x - w / 2 - 2, ty - 1, x + w / 2 + 2, ty + f.size + 1),
                            fill=(255, 255, 255))
                d.text((x - w / 2, ty), t, fill=colour, font=f)
        blue, red = (30, 70, 200), (200, 0, 0)
        for h in marks.get("attackers", {}):
            d.line([c(h), c(target)], fill=blue, width=3)
        for key, colour in (("retreats", (230, 120, 0)), ("advances", (0, 140, 60))):
            for a, b in marks.get(key, []):
                d.line([c(a), c(b)], fill=colour, width=5)
                bx, by = c(b)
                d.ellipse((bx - 6, by - 6, bx + 6, by + 6), fill=colour)
        outline(target, red)
        for h, units in marks.get("attackers", {}).items():
            outline(h, blue)
            label(h, units, blue)
        label(target, marks.get("target_units", []), red)
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False, compress_level=6)
        return base64.b64encode(buf.getvalue()).decode("ascii")


    def _piece_image(self, key: tuple):
        """One piece's art (counter face or marker) as the module draws it, made once."""
        if key in self._art:
            return self._art[key]
        unit_id, marker_id, value, reduced = key
        img = None
        try:
            img = _art(self.game).piece_image(self.game, unit_id, marker_id, value, reduced)
        except Exception:  # noqa: BLE001 - a piece the art cannot draw is left out of the picture
            img = None
        self._art[key] = img.convert("RGBA") if img is not None else None
        return self._art[key]

    def _pieces(self, img, f: Finding, mapdef, grid, x0: int, y0: int) -> None:
        """The pieces around the finding (``Finding.scene``) on their hexes, stacked as VASSAL
        shows them (each one a few pixels up and right of the one under it); the finding's own
        units on top of their stack; more than four show as four and a "+n"."""
        from PIL import ImageDraw
        from ..art.fonts import font
        stacks: dict[str, list] = {}
        own = {u.id for u in f.units}
        for hex_id, unit_id, marker_id, value, reduced in f.scene:
            stacks.setdefault(hex_id, []).append((unit_id, marker_id, value, reduced))
        d = ImageDraw.Draw(img)
        for hex_id, pieces in stacks.items():
            refs = self._refs([hex_id])
            if not refs or refs[0][0] not in (None, mapdef.id):
                continue
            h = refs[0][1]
            if not mapdef.contains(h):
                continue
            pieces.sort(key=lambda p: (p[0] in own, p[1] == "" and p[0] != ""))  # markers under units
            shown = pieces[-4:]
            cx, cy = grid.center(h)
            for i, key in enumerate(shown):
                art = self._piece_image(key)
                if art is None:
                    continue
                off = (i - (len(shown) - 1) / 2) * 4
                px, py = int(cx - x0 - art.width / 2 + off), int(cy - y0 - art.height / 2 - off)
                img.paste(art, (px, py), art)          # clipped at the picture's edges
            if len(pieces) > len(shown):
                t = f"+{len(pieces) - len(shown)}"
                fnt = font(11, bold=True)
                tx, ty = cx - x0 + 18, cy - y0 - 30
                d.rectangle((tx - 2, ty - 1, tx + d.textlength(t, font=fnt) + 2, ty + 12), fill=(255, 255, 255))
                d.text((tx, ty), t, font=fnt, fill=(0, 0, 0))


def _arrow_head(d, p, q, colour) -> None:
    """A filled arrowhead at ``q`` pointing from ``p``: where the unit ended."""
    import math
    (x1, y1), (x2, y2) = p, q
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    size = 12
    d.polygon([(x2, y2), (x2 - ux * size + nx * size * 0.6, y2 - uy * size + ny * size * 0.6),
               (x2 - ux * size - nx * size * 0.6, y2 - uy * size - ny * size * 0.6)], fill=colour)


def render(report: Report, game: Game | None = None, maps: tuple[str, ...] = ()) -> str:
    with report.hex_naming():
        return _render(report, game, maps)


def _render(report: Report, game: Game | None, maps: tuple[str, ...]) -> str:
    names = report.side_names
    cropper = _MapCropper(game, maps or (tuple(sorted(game.maps)) if game else ()))
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>modgen check: {_e(report.log_file)}</title>", f"<style>{_CSS}</style></head><body>",
           f"<h1>modgen check</h1><p>Log <code>{_e(report.log_file)}</code>; game {_e(report.game)}; "
           f"scenario {_e(report.scenario or 'unknown')}"
           + (f" ({_e(report.scenario_basis)})" if report.scenario_basis else "")
           + f"; {report.steps} log steps.</p>",
           f'<p class="verdict {_verdict_class(report)}">{_e(report.headline())}</p>']
    for n in report.notes:
        out.append(f"<p class=meta>Note: {_e(n)}</p>")
    s = report.summary
    out.append("<h2>Summary</h2>")
    out.append(f"<p>{s.total[VIOLATION]} violations, {s.total[WARNING]} warnings, "
               f"{s.total[UNDETERMINED]} undetermined.</p>")
    if s.by_rule:
        out.append("<table><tr><th>rule</th>" + "".join(f"<th>{k}</th>" for k in SEVERITIES) + "</tr>")
        for rule, c in s.by_rule.items():
            out.append(f"<tr><td>{_e(rule)}</td>" + "".join(f"<td>{c[k]}</td>" for k in SEVERITIES) + "</tr>")
        out.append("</table>")
    if s.by_side:
        out.append("<table><tr><th>side</th>" + "".join(f"<th>{k}</th>" for k in SEVERITIES) + "</tr>")
        for side, c in s.by_side.items():
            out.append(f"<tr><td>{_e(names.get(side, side))}</td>"
                       + "".join(f"<td>{c[k]}</td>" for k in SEVERITIES) + "</tr>")
        out.append("</table>")
    if report.combats:
        out.append(f"<h2>Combats ({len(report.combats)})</h2>")
        for c in report.combats:
            out.append(f'<div class="f combat"><span class=rule>{_e(getattr(c, "title", c))}</span>')
            lines = c.summary_lines(names) if hasattr(c, "summary_lines") else []
            out.append("<table>" + "".join(
                f"<tr><td{' class=bad' if line.startswith('[') and '] violation' in line else ''}>"
                f"{_e(line)}</td></tr>" for line in lines) + "</table>")
            png = cropper.combat_image(c.map_marks()) if hasattr(c, "map_marks") else None
            if png:
                out.append(f'<img alt="map around the combat in {_e(getattr(c, "target", ""))}" '
                           f'src="data:image/png;base64,{png}">')
            out.append("</div>")
    out.append("<h2>Findings</h2>")
    if not report.findings:
        out.append("<p>No finding.</p>" if report.complete else
                   "<p>No finding, but the check was incomplete (see the verdict above).</p>")
    for f in report.findings:
        where = [f"step {f.step}" if f.step is not None else "set-up"]
        where += [x for x in (f.turn, f.phase) if x]
        if f.side:
            where.append(names.get(f.side, f.side))
        out.append(f'<div class="f {f.severity}"><span class=rule>[{_e(f.rule)}] {_e(f.severity)}</span> '
                   f'<span class=meta>{_e(", ".join(where))}</span><p>{_e(f.message)}</p>')
        meta = []
        if f.units:
            meta.append("units: " + "; ".join(_e(u) for u in f.units))
        if f.hexes:
            meta.append("hexes: " + _e(", ".join(f.hexes)))
        if f.missing:
            meta.append("missing: " + _e(f.missing))
        if meta:
            out.append("<p class=meta>" + "<br>".join(meta) + "</p>")
        png = cropper.image(f)
        if png:
            out.append(f'<img alt="map around {_e(", ".join(f.hexes or f.path))}" '
                       f'src="data:image/png;base64,{png}">')
        out.append("</div>")
    out += _end_of_game(report)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _end_of_game(report: Report) -> list[str]:
    """The end-of-game section (DM per nation, victory levels, the result), when the rules system
    gave one (``Report.end_of_game``, with ``to_dict``)."""
    eog = report.end_of_game
    if eog is None or not hasattr(eog, "to_dict"):
        return []
    d = eog.to_dict()
    out = ["<h2>End of the game</h2>" if d.get("final") else "<h2>Standing so far</h2>"]
    v = d.get("victory")
    if v:
        out.append(f"<p><b>{_e(v['summary'])}</b></p>")
    if d.get("dm"):
        out.append("<table><tr><th>nation</th><th>DM points</th><th>SP lost</th></tr>")
        for n, dm in d["dm"].items():
            lost = d.get("sp_lost", {}).get(n)
            out.append(f"<tr><td>{_e(n)}</td><td>{_e(_span(dm))}</td><td>{_e(_span(lost))}</td></tr>")
        out.append("</table>")
    if v and v.get("vp_areas"):
        # a scenario's Victory Point schedule, area by area (the system's ``vp_areas``)
        out.append("<table><tr><th>VP area</th><th>VP</th><th>because</th></tr>")
        for a in v["vp_areas"]:
            vp = "undetermined" if a["vp"] is None else _span(a["vp"])
            why = a["because"] + (f" (missing: {a['missing']})" if a.get("missing") else "")
            out.append(f"<tr><td>{_e(a['area'])}</td><td>{_e(vp)}</td><td>{_e(why)}</td></tr>")
        out.append("</table>")
    if v:
        out.append("<table><tr><th>level</th><th>verdict</th><th>because</th></tr>")
        for lv in v["levels"]:
            met = {True: "met", False: "not met", None: "undetermined"}[lv["met"]]
            why = lv["because"] + (f" (missing: {lv['missing']})" if lv.get("missing") else "")
            out.append(f"<tr><td>{_e(lv['label'])}</td><td>{met}</td><td>{_e(why)}</td></tr>")
        out.append("</table>")
    items = d.get("dm_items") or []
    if items:
        out.append("<details><summary>DM items</summary><table><tr><th>step</th><th>nation</th>"
                   "<th>DM</th><th>rule</th><th>why</th></tr>")
        for it in items:
            out.append(f"<tr><td>{_e(it['step'] if it['step'] is not None else '')}</td>"
                       f"<td>{_e(it['nation'])}</td><td>{_e(_span(it['dm']))}</td>"
                       f"<td>{_e(it['rule'])}</td><td>{_e(it['reason'])}</td></tr>")
        out.append("</table></details>")
    for n in d.get("notes") or []:
        out.append(f"<p class=meta>Note: {_e(n)}</p>")
    return out


def _span(v) -> str:
    if v is None:
        return ""
    if isinstance(v, dict):
        return f"{v['min']}-{v['max']}"
    return str(v)
