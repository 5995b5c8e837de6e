"""``modgen calibrate SCAN.png HEX=X,Y HEX=X,Y HEX=X,Y… [--map maps/X.yaml] [--overlay FILE]``.

Fits the scan's hex grid and reports each point's residual; with ``--map`` writes the grid into
that map file's ``image:`` entry. The overlay PNG (default ``<scan name>-overlay.png`` in the
current folder) shows the fitted grid over the scan. Exit status: 0 = fitted (and written);
1 = the points do not fit one supported grid (the overlay is drawn, the map is not written);
2 = unusable input (fewer than three points, an unreadable scan, a bad map file).
"""
from __future__ import annotations

import sys
from pathlib import Path


def add_arguments(parser) -> None:
    parser.add_argument("scan", metavar="SCAN.png", help="the scanned map image")
    parser.add_argument("points", nargs="*", metavar="HEX=X,Y",
                        help="a printed hex number and the pixel of its centre (three or more)")
    parser.add_argument("--map", metavar="maps/X.yaml", default=None,
                        help="write the fitted grid into this map file's image: entry")
    parser.add_argument("--overlay", metavar="FILE", default=None,
                        help="the overlay PNG (default: <scan name>-overlay.png here)")
    parser.add_argument("--dry-run", action="store_true", help="write neither map nor overlay")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")
    parser.add_argument("--json", action="store_const", const="json", dest="format",
                        help="same as --format json")


def run(args) -> int:
    from ..atomicfile import atomic_write
    from ..errors import ModgenError
    from . import calibrate as C
    from .output import dumps
    c0 = r0 = None
    extent = None
    if args.map:
        c0, r0, extent = C.map_first_hex(args.map)
    cal = C.calibrate(args.scan, args.points, first_col=c0, first_row=r0)
    edit = C.map_edit(args.map, args.scan, cal) if (args.map and cal.ok) else None
    overlay_path = Path(args.overlay) if args.overlay else Path(f"{Path(args.scan).stem}-overlay.png")
    img = C.overlay(cal, C.parse_points(args.points), extent) if cal.grid is not None else None
    written = []
    if not args.dry_run:
        try:
            if img is not None:
                import io
                buf = io.BytesIO()
                img.save(buf, format="PNG", compress_level=6)
                with atomic_write(overlay_path) as f:
                    f.write(buf.getvalue())
                written.append(str(overlay_path))
            if edit is not None:
                with atomic_write(edit[0]) as f:
                    f.write(edit[1].encode("utf-8"))
                written.append(edit[0])
        except OSError as e:
            raise ModgenError(f"cannot write: {e.strerror or e}",
                              file=getattr(e, "filename", None)) from None
    if args.format == "json":
        sys.stdout.write(dumps({**cal.to_json(), "written": written}))
    else:
        sys.stdout.write(cal.text() + "".join(f"  wrote {w}\n" for w in written))
    return 0 if cal.ok else 1
