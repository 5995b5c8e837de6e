"""``modgen calibrate SCAN hex=x,y …``: a scanned printed map's hex grid from hex centres.

The maintainer reads three or more hex numbers printed on the scan and the pixel at each hex's
centre (``1421=812,640``). The grid is fitted by least squares:

* **orientation**: three layouts are tried — flat-topped hexes in columns with the even
  columns half a hex low (how Der Weltkrieg maps are numbered, and the only one the map model
  and the module's VASSAL grid take: ``modgen.hexgrid.VassalHexGrid``), the same with the odd
  columns low, and pointy-topped hexes in staggered rows — and the one with the smallest
  residuals wins; a layout other than the first is reported as not supported;
* **origin, hex width and height**: x = x0 + (c − c0)·dx and y = y0 + (r − r0 + s(c)/2)·dy
  (s = the column's half-hex shift), two independent linear fits (dx and dy free: a scan may be
  stretched a little); ``hex width`` = 4/3·dx (corner to corner);
* **numbering offsets**: (x0, y0) is the centre of the hex (c0, r0) — the map's first printed
  column and row with ``--map`` (what ``image:`` means in the map YAML), else the smallest
  column and row among the points.

The residual of each point is the distance between its pixel and the centre VASSAL's grid (the
one the build writes, with its integer rounding) gives its hex. A point more than a quarter of
a hex off (a mistyped number, most often) makes the calibration fail: nothing is written.

With ``--map maps/X.yaml`` the fit is written into that file's ``image:`` entry (in place; the
rest of the file is untouched; the scan must be inside the map's folder, as the map loader
requires) after the edited file loads as a valid map. An overlay PNG (the fitted grid and hex
numbers drawn over the scan, the given points circled) is written to look at.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ModgenError
from ..hexgrid import Hex, VassalHexGrid

MAX_RESIDUAL_HEX = 0.25        # a point this far off (in hex heights) is a wrong number
LAYOUTS = ("columns, even columns low", "columns, odd columns low", "rows (pointy-topped)")
_POINT = re.compile(r"^\s*(\d{3,4})\s*=\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$")
MAX_SCAN_PIXELS = 400_000_000


@dataclass
class Point:
    hex: Hex
    x: float
    y: float
    text: str


@dataclass
class Fit:
    layout: str
    x0: float
    y0: float
    dx: float
    dy: float
    c0: int
    r0: int
    rms: float


@dataclass
class Calibration:
    scan: str
    size: tuple[int, int]
    fit: Fit
    others: list[Fit]
    residuals: list[tuple[str, float, float, float]]     # (hex, dx px, dy px, distance px)
    grid: VassalHexGrid | None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        f = self.fit
        return {
            "scan": self.scan, "size": list(self.size), "layout": f.layout,
            "origin_hex": f"{f.c0:02d}{f.r0:02d}", "x0": round(f.x0, 3), "y0": round(f.y0, 3),
            "dx": round(f.dx, 4), "dy": round(f.dy, 4), "hex_width": round(f.dx * 4 / 3, 4),
            "hex_height": round(f.dy, 4), "rms": round(f.rms, 3),
            "other_layouts": [{"layout": o.layout, "rms": round(o.rms, 3)} for o in self.others],
            "residuals": [{"hex": h, "dx": round(a, 2), "dy": round(b, 2), "px": round(d, 2)}
                          for h, a, b, d in self.residuals],
            "image": self.image_entry() if self.grid else None,
            "problems": self.problems,
        }

    def image_entry(self) -> dict:
        g = self.grid
        return {"x0": g.x0, "y0": g.y0, "dx": g.dx, "dy": g.dy}

    def text(self) -> str:
        f = self.fit
        lines = [f"modgen calibrate: {self.scan} ({self.size[0]}x{self.size[1]} px), "
                 f"{len(self.residuals)} points",
                 f"  layout: {f.layout} (rms {f.rms:.2f} px; "
                 + ", ".join(f"{o.layout}: {o.rms:.2f} px" for o in self.others) + ")",
                 f"  hex {f.c0:02d}{f.r0:02d} centre at ({f.x0:.2f}, {f.y0:.2f}); "
                 f"dx {f.dx:.4f} px (hex width {f.dx * 4 / 3:.2f}), dy (hex height) "
                 f"{f.dy:.4f} px"]
        if self.grid is not None:
            g = self.grid
            lines.append(f"  image: x0 {g.x0}, y0 {g.y0}, dx {g.dx}, dy {g.dy}")
        lines.append("  residuals (px): " + ", ".join(
            f"{h} {d:.2f}" for h, _, _, d in self.residuals))
        for p in self.problems:
            lines.append(f"  PROBLEM: {p}")
        return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- fitting

def parse_points(texts: list[str]) -> list[Point]:
    pts = []
    for t in texts:
        m = _POINT.match(t)
        if not m:
            raise ModgenError(f"not a calibration point {t!r}: write HEX=X,Y with the printed "
                              "hex number and the pixel of its centre, e.g. 1421=812,640")
        pts.append(Point(Hex.parse(m[1].zfill(4)), float(m[2]), float(m[3]), t))
    seen = {}
    for p in pts:
        if p.hex in seen:
            raise ModgenError(f"hex {p.hex.id} given twice ({seen[p.hex]} and {p.text})")
        seen[p.hex] = p.text
    return pts


def _line_fit(us: list[float], vs: list[float]) -> tuple[float, float] | None:
    """v = a + b·u by least squares; None when every u is the same."""
    n = len(us)
    mu, mv = sum(us) / n, sum(vs) / n
    suu = sum((u - mu) ** 2 for u in us)
    if suu < 1e-12:
        return None
    b = sum((u - mu) * (v - mv) for u, v in zip(us, vs)) / suu
    return mv - b * mu, b


def _even(n: int) -> int:
    return 1 if n % 2 == 0 else 0


def _fit(points: list[Point], layout: str, c0: int, r0: int) -> Fit | None:
    cs = [p.hex.col - c0 for p in points]
    rs = [p.hex.row - r0 for p in points]
    if layout == LAYOUTS[2]:
        # rows staggered: x shifts half a hex on even rows (relative to r0), y in whole rows
        ux = [c + (_even(p.hex.row) - _even(r0)) / 2 for c, p in zip(cs, points)]
        uy = [float(r) for r in rs]
    else:
        low = _even if layout == LAYOUTS[0] else (lambda n: 1 - _even(n))
        ux = [float(c) for c in cs]
        uy = [r + (low(p.hex.col) - low(c0)) / 2 for r, p in zip(rs, points)]
    fx = _line_fit(ux, [p.x for p in points])
    fy = _line_fit(uy, [p.y for p in points])
    if fx is None or fy is None:
        return None
    (x0, dx), (y0, dy) = fx, fy
    sq = [(x0 + dx * a - p.x) ** 2 + (y0 + dy * b - p.y) ** 2
          for a, b, p in zip(ux, uy, points)]
    return Fit(layout, x0, y0, dx, dy, c0, r0, math.sqrt(sum(sq) / len(sq)))


def fit_grid(points: list[Point], c0: int | None = None, r0: int | None = None
             ) -> tuple[Fit, list[Fit]]:
    """The best layout's fit and the others' (for the report)."""
    if len(points) < 3:
        raise ModgenError(f"{len(points)} calibration point{'s' if len(points) != 1 else ''}: "
                          "give at least three hex centres (HEX=X,Y), from at least two "
                          "columns and two rows, far apart")
    if len({p.hex.col for p in points}) < 2 or len({p.hex.row for p in points}) < 2:
        raise ModgenError("the calibration points must come from at least two columns and "
                          "two rows")
    c0 = min(p.hex.col for p in points) if c0 is None else c0
    r0 = min(p.hex.row for p in points) if r0 is None else r0
    fits = [f for f in (_fit(points, lay, c0, r0) for lay in LAYOUTS) if f is not None]
    if not fits:
        raise ModgenError("the calibration points do not determine a grid")
    fits.sort(key=lambda f: f.rms)
    return fits[0], fits[1:]


def vassal_grid(fit: Fit) -> VassalHexGrid:
    """The module's grid for the fit (what ``image: {x0, y0, dx, dy}`` makes the build write)."""
    return VassalHexGrid(dx=round(fit.dx, 3), dy=round(fit.dy, 3), x0=int(round(fit.x0)),
                         y0=int(round(fit.y0)), h_off=fit.c0, v_off=fit.r0,
                         stagger=fit.c0 % 2 == 0)


def calibrate(scan: str, point_texts: list[str], *, first_col: int | None = None,
              first_row: int | None = None) -> Calibration:
    try:
        pts = parse_points(point_texts)
        size = _scan_size(scan)
        fit, others = fit_grid(pts, first_col, first_row)
    except ModgenError as e:
        raise ModgenError(e.message, file=e.file or scan) from None
    problems = []
    grid = None
    if fit.layout != LAYOUTS[0]:
        problems.append(f"the points fit {fit.layout} best, which the map model does not take "
                        f"(only {LAYOUTS[0]}, as Der Weltkrieg maps print); check the numbers")
    if fit.dx <= 0 or fit.dy <= 0:
        problems.append("the fitted hexes have no positive size: numbers or pixels swapped?")
    residuals = []
    if not problems:
        grid = vassal_grid(fit)
        for p in pts:
            x, y = grid.center(p.hex)
            residuals.append((p.hex.id, p.x - x, p.y - y, math.hypot(p.x - x, p.y - y)))
        worst = max(residuals, key=lambda r: r[3])
        if worst[3] > MAX_RESIDUAL_HEX * fit.dy:
            suspect, off = worst[0], worst[3]
            if len(pts) >= 4:
                # least squares spreads one wrong point over all: the suspect is the one
                # without which the others fit best (their rms smallest); its distance is
                # from where those others place its hex
                best = None
                for i, p in enumerate(pts):
                    rest = pts[:i] + pts[i + 1:]
                    try:
                        f, _ = fit_grid(rest, fit.c0, fit.r0)
                    except ModgenError:
                        continue
                    if f.layout != fit.layout:
                        continue
                    x, y = vassal_grid(f).center(p.hex)
                    if best is None or f.rms < best[2]:
                        best = (p.hex.id, math.hypot(p.x - x, p.y - y), f.rms)
                if best is not None:
                    suspect, off = best[0], best[1]
            problems.append(f"hex {suspect} is {off:.1f} px from where the other points put it "
                            "(more than a quarter of a hex): a mistyped number or pixel?")
        for p in pts:
            if not (0 <= p.x < size[0] and 0 <= p.y < size[1]):
                problems.append(f"the pixel of {p.hex.id} ({p.x:g},{p.y:g}) is outside the scan")
    else:
        residuals = [(p.hex.id, float("nan"), float("nan"), float("nan")) for p in pts]
    return Calibration(scan, size, fit, others, residuals, grid, problems)


def _scan_size(scan: str) -> tuple[int, int]:
    from PIL import Image
    p = Path(scan)
    if not p.is_file():
        raise ModgenError("file not found", file=scan)
    try:
        with Image.open(p) as im:
            w, h = im.size
    except (OSError, Image.DecompressionBombError, ValueError) as e:
        raise ModgenError(f"not an image Pillow can read: {e}", file=scan) from None
    if w * h > MAX_SCAN_PIXELS:
        raise ModgenError(f"scan too large ({w}x{h} pixels)", file=scan)
    return w, h


# --------------------------------------------------------------------------- the overlay

def overlay(cal: Calibration, pts: list[Point], extent: tuple[int, int, int, int] | None = None):
    """The scan with the fitted grid, its hex numbers and the given points drawn over it."""
    from PIL import Image, ImageDraw
    from ..art.fonts import font
    with Image.open(cal.scan) as im:
        base = im.convert("RGB")
    g = cal.grid
    draw = ImageDraw.Draw(base, "RGBA")
    w, h = base.size
    if extent is None:
        # every hex whose centre falls on the scan
        c_lo = g.h_off + int(math.floor((0 - g.x0) / g.dx)) - 1
        c_hi = g.h_off + int(math.ceil((w - g.x0) / g.dx)) + 1
        r_lo = g.v_off + int(math.floor((0 - g.y0) / g.dy)) - 1
        r_hi = g.v_off + int(math.ceil((h - g.y0) / g.dy)) + 1
        extent = (max(0, c_lo), min(99, c_hi), max(0, r_lo), min(99, r_hi))
    fnt = font(max(8, int(g.dy / 6)), bold=True)
    for c in range(extent[0], extent[1] + 1):
        for r in range(extent[2], extent[3] + 1):
            hx = Hex(c, r)
            cx, cy = g.center(hx)
            if not (-g.dx < cx < w + g.dx and -g.dy < cy < h + g.dy):
                continue
            corners = g.corners(hx)
            draw.line(corners + corners[:1], fill=(220, 0, 0, 200), width=2)
            draw.text((cx, cy - g.dy * 0.28), hx.id, font=fnt, fill=(200, 0, 0, 230),
                      anchor="mm", stroke_width=2, stroke_fill=(255, 255, 255, 200))
    rad = max(4, g.dy / 8)
    for p in pts:
        cx, cy = g.center(p.hex)
        draw.ellipse([p.x - rad, p.y - rad, p.x + rad, p.y + rad], outline=(0, 90, 255, 255),
                     width=3)
        draw.line([(p.x, p.y), (cx, cy)], fill=(0, 90, 255, 255), width=2)
    return base


# --------------------------------------------------------------------------- the map YAML

def image_yaml(file_rel: str, grid: VassalHexGrid) -> str:
    return (f"image: {{file: {file_rel}, x0: {grid.x0}, y0: {grid.y0}, dx: {grid.dx}, "
            f"dy: {grid.dy}}}")


def edit_map_yaml(text: str, entry: str) -> str:
    """Replace the top-level ``image:`` entry (flow or block), or add one after ``grid:``."""
    lines = text.split("\n")
    start = next((i for i, t in enumerate(lines) if re.match(r"^image\s*:", t)), None)
    if start is not None:
        end = start + 1
        while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        return "\n".join(lines[:start] + [entry] + lines[end:])
    at = next((i for i, t in enumerate(lines) if re.match(r"^grid\s*:", t)), None)
    if at is None:
        return text.rstrip("\n") + "\n" + entry + "\n"
    end = at + 1
    while end < len(lines) and lines[end].startswith((" ", "\t")):
        end += 1
    return "\n".join(lines[:end] + [entry] + lines[end:])


def map_edit(map_path: str, scan: str, cal: Calibration) -> tuple[str, str]:
    """(path, new text) of the map YAML with the calibration, validated by the map loader."""
    from ..model.maps import load_map
    mp = Path(map_path)
    if not mp.is_file():
        raise ModgenError("file not found", file=map_path)
    try:
        rel = Path(scan).resolve().relative_to(mp.resolve().parent)
    except ValueError:
        raise ModgenError(f"the scan must be inside the map's folder {mp.parent}/ (the map "
                          "loader reads image.file relative to the map file): copy it there",
                          file=scan) from None
    text = mp.read_text(encoding="utf-8")
    new = edit_map_yaml(text, image_yaml(rel.as_posix(), cal.grid))
    import os
    import shutil
    import tempfile
    # the loader wants the file named after the map id and the scan beside it: check the new
    # text in a scratch folder holding the two (the scan linked, not copied)
    with tempfile.TemporaryDirectory(prefix="modgen-calibrate-") as d:
        tmp = Path(d) / mp.name
        tmp.write_text(new, encoding="utf-8")
        link = Path(d) / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.symlink(Path(scan).resolve(), link)
        except OSError:
            shutil.copyfile(scan, link)
        errs: list = []
        m = load_map(tmp, errs)
    if errs or m is None:
        first = errs[0].format() if errs else "does not load"
        raise ModgenError(f"the calibrated map would not load: {first}", file=map_path)
    return str(mp), new


def map_first_hex(map_path: str) -> tuple[int, int, tuple[int, int, int, int]]:
    from ..model.maps import load_map
    errs: list = []
    m = load_map(Path(map_path), errs)
    if m is None:
        first = errs[0].format() if errs else "does not load"
        raise ModgenError(f"the map does not load: {first}", file=map_path)
    g = m.grid
    return g.first_col, g.first_row, (g.first_col, g.last_col, g.first_row, g.last_row)
