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

_COLOURS = {VIOLATION: (200, 0, 0), WARNING: (220, 140, 0), UNDETERMINED: (40, 90, 200)}
_CSS = """body{font-family:sans-serif;margin:1.5em;max-width:70em}
.f{border:1px solid #ccc;border-radius:4px;padding:.6em;margin:.8em 0}
.violation{border-left:6px solid #c00}.warning{border-left:6px solid #dc8c00}
.undetermined{border-left:6px solid #285ac8}.rule{font-weight:bold}.meta{color:#555;font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}
img{display:block;margin-top:.4em;border:1px solid #999}"""


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


class _MapCropper:
    """Renders each map once and cuts the area around a finding's hexes."""

    def __init__(self, game: Game | None, maps: tuple[str, ...]):
        self.game = game
        self.maps = [m for m in maps if game is not None and m in game.maps]
        self._images: dict[str, object] = {}
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
            from PIL import ImageDraw
            from ..art.map import render_map
            mapdef = self.game.maps[m]
            if m not in self._images:
                self._images[m] = render_map(mapdef).convert("RGB")
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
        img = base.crop((x0, y0, x1, y1)).copy()
        d = ImageDraw.Draw(img)
        colour = _COLOURS.get(f.severity, (0, 0, 0))
        for h in set(marked):
            if mapdef.contains(h):
                d.polygon([(x - x0, y - y0) for x, y in grid.corners(h)], outline=colour, width=3)
        line = [(grid.center(h)[0] - x0, grid.center(h)[1] - y0) for h in path if mapdef.contains(h)]
        if len(line) >= 2:
            d.line(line, fill=colour, width=4)
            for x, y in line:
                d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=colour)
        buf = io.BytesIO()
        img.save(buf, format="PNG", optimize=False, compress_level=6)
        return base64.b64encode(buf.getvalue()).decode("ascii")


def render(report: Report, game: Game | None = None, maps: tuple[str, ...] = ()) -> str:
    names = report.side_names
    cropper = _MapCropper(game, maps or (tuple(sorted(game.maps)) if game else ()))
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>modgen check: {_e(report.log_file)}</title>", f"<style>{_CSS}</style></head><body>",
           f"<h1>modgen check</h1><p>Log <code>{_e(report.log_file)}</code>; game {_e(report.game)}; "
           f"scenario {_e(report.scenario or 'unknown')}"
           + (f" ({_e(report.scenario_basis)})" if report.scenario_basis else "")
           + f"; {report.steps} log steps.</p>"]
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
    out.append("<h2>Findings</h2>")
    if not report.findings:
        out.append("<p>No finding: no rule violation found.</p>")
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
    out.append("</body></html>")
    return "\n".join(out) + "\n"
