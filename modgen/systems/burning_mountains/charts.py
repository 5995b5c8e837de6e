"""The Burning Mountains charts (CRT, TdP, Terrain Effects Chart, reinforcements, sequence of
play) and help page, each placeholder table marked so (``ModuleExtras.charts``,
``ModuleExtras.help_page``)."""
from __future__ import annotations

import html

from ...model.types import Game
from .module import PHASE_NAMES

HELP_TITLE = "Module help"
CHARTS = {"charts/crt.html": "CRT (9.1)", "charts/tdp.html": "Loss Results Table (9.4)",
          "charts/tec.html": "Terrain Effects Chart", "charts/reinforcements.html": "Reinforcements (13.0)",
          "charts/sequence.html": "Sequence of play (3.0)"}


def _page(title: str, body: list[str]) -> bytes:
    return ("<html><head><title>" + html.escape(title) + "</title></head><body>"
            + "".join(body) + "</body></html>\n").encode("utf-8")


def _notice(p) -> str:
    if p is None or p.kind == "rulebook":
        return ""
    return (f"<p><b><font color='#b00000'>{html.escape(p.kind.upper())}: {html.escape(p.reason)}</font></b></p>")


def charts(game: Game) -> dict[str, bytes]:
    crt, tdp, tec, reinf = (game.tables[k] for k in ("crt", "tdp", "tec", "reinforcements"))
    out = {}
    rows = ["<tr><th>2d6</th>" + "".join(f"<th>{html.escape(c)}</th>" for c in crt.columns) + "</tr>"]
    for roll in sorted(crt.rows):
        rows.append(f"<tr><td>{roll}</td>" + "".join(f"<td>{html.escape(a.text)}/{html.escape(d.text)}</td>"
                                                      for a, d in crt.rows[roll]) + "</tr>")
    out["charts/crt.html"] = _page("Combat Results Table (9.1)", [
        "<h2>Combat Results Table (9.1)</h2>", _notice(crt.provenance),
        "<p>The two same-coloured dice (8.3): dice 1 and 2 of the Combat button. Attacker / defender: - none, +# / -# DRM on that side's TdP "
        "roll, R# retreat # hexes. Odds rounded for the defender (8.1); flank 2 columns right (7.9.1); below 1:3 "
        "not allowed; above 4:1 use 4:1 and +1 TdP to the defender per ratio over (8.2).</p>",
        "<table border='1'>", *rows, "</table>"])
    rows = ["<tr><th>die + DRM</th><th>Small</th><th>Large</th></tr>"]
    for k in sorted(tdp.rows):
        rows.append(f"<tr><td>{k}</td>" + "".join(f"<td>{v or '-'}</td>" for v in tdp.rows[k]) + "</tr>")
    out["charts/tdp.html"] = _page("Loss Results Table (9.4)", [
        "<h2>Loss Results Table / TdP (9.4)</h2>", _notice(tdp.provenance),
        "<p>Both sides read the odd-coloured die (8.5): die 3 of the Combat button. Magnitude (8.4): Small = 6 steps or fewer, Large = 7 or "
        "more. DRMs (9.4.1): CRT result; opponent's AV 0:+0, 1:+1, 2-3:+2, 4-5:+3, 6+:+4; defender flanked +2; "
        "unable to retreat or to fulfil the retreat guidelines +2; +1 to the defender per ratio over 4:1. Result = "
        "Combat Effectiveness reductions (9.4.2).</p>", "<table border='1'>", *rows, "</table>"])
    rows = ["<tr><th>terrain</th><th>altitude</th><th>MP</th><th>stacking (steps)</th><th>provenance</th></tr>"]
    for t in tec.terrain.values():
        rows.append(f"<tr><td>{html.escape(t.name)}</td><td>{t.altitude}</td><td>{t.mp}</td><td>{t.stacking}</td>"
                    f"<td>{html.escape(t.provenance.kind)}: {html.escape(t.provenance.reason)}</td></tr>")
    out["charts/tec.html"] = _page("Terrain Effects Chart", [
        "<h2>Terrain Effects Chart</h2>", _notice(tec.provenance), "<table border='1'>", *rows, "</table>",
        f"<p>Stream +{tec.stream_mp} MP, minor river +{tec.river_mp} MP (bridge +{tec.bridge_mp}), road "
        f"{tec.road_mp} MP per hex along it (ignored in EZOC, 6.3), crag hexsides prohibited (4.5). EZOC: +"
        f"{tec.zoc_enter} to enter, +{tec.zoc_exit} to leave, +{tec.ezoc_to_ezoc} EZOC to EZOC (6.3).</p>"])
    rows = ["<tr><th>GT</th><th>nation</th><th>entry</th><th>units</th></tr>"]
    for a in reinf.arrivals:
        names = ", ".join(game.counters[u].name for u in a.units)
        rows.append(f"<tr><td>{a.gt}</td><td>{html.escape(game.nations[a.nation].name)}</td><td>"
                    f"{a.entry[0]}-{a.entry[-1]}</td><td>{html.escape(names)}</td></tr>")
    out["charts/reinforcements.html"] = _page("Reinforcements (13.0)", [
        "<h2>Reinforcement schedule (13.0)</h2>", _notice(reinf.provenance), "<table border='1'>", *rows, "</table>"])
    seq = game.tables["sequence"]
    out["charts/sequence.html"] = _page("Sequence of play (3.0)", [
        "<h2>Sequence of play (3.0)</h2>",
        "<p>A. Advance the GT marker (A-H side). B. A-H player turn: " +
        ", ".join(PHASE_NAMES[p.id] for p in seq.phases) + ". Flip the GT marker. C. Italian player turn: the "
        "same. GT 1 starts with the A-H Combat Phase (1.1, 12.4); the game ends after GT 14 (14.0).</p>"])
    return out


def help_page(game: Game, setup_notes: dict | None = None) -> bytes:
    """``ModuleExtras.help_page``: the module's help (the set-up has no notes: every counter
    prints its set-up hex or GT)."""
    m = next(iter(game.maps.values()))
    return _page(f"{game.title}: module help", [
        f"<h2>{html.escape(game.title)}</h2>",
        "<p>Generated by modgen from the game data. <b>PLACEHOLDERS:</b> the rulebook prints no counter, CRT, "
        "TdP, Terrain Effects Chart, reinforcement schedule or map; every such value in this module is a "
        "placeholder (see each chart) and the map is SCHEMATIC: " + html.escape(m.provenance.reason) + "</p>",
        "<p>Dice: <b>Combat</b> rolls 3d6 and reports them in the order rolled: dice 1 and 2 are the two "
        "same-coloured dice of the CRT roll (8.3), die 3 the odd-coloured die of the Loss Results Table (8.5). "
        "<b>2d6</b> for 15.2, <b>1d6</b> for 15.1.</p>",
        "<p>Keys: Ctrl+F flip (reduced side, artillery Mov side, markers), Ctrl+K eliminate, Ctrl+D delete.</p>",
        "<h3>Declarations (typed in the chat, for modgen check)</h3>",
        "<pre>" + html.escape(_declarations_text()) + "</pre>"])


def _declarations_text() -> str:
    """docs/declarations-burning-mountains.md, shown in the help page (as the Der Weltkrieg
    modules show docs/declarations.md)."""
    from ...paths import shipped_doc
    p = shipped_doc("declarations-burning-mountains.md")     # in the checkout or the wheel
    return p.read_text(encoding="utf-8") if p.is_file() else "!attack <hex> with <unit or hex>, ..."


def chart_files(game: Game) -> tuple[list[dict[str, str]], dict[str, bytes]]:
    """``ModuleExtras.charts``: the chart tabs (name, file) and the files."""
    files = charts(game)
    return [{"name": CHARTS[k], "file": k} for k in CHARTS], files
