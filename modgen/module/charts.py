"""The charts window and the help page: HTML rendered from the same tables the checker uses.

VASSAL shows these in Swing's HTML 3.2 renderer, so the markup is deliberately plain (tables,
no CSS beyond a few attributes). Every value comes from ``game.tables``; placeholders are shown
with their provenance notice, never hidden.
"""
from __future__ import annotations

from html import escape as _escape
from pathlib import Path
from typing import Any, Iterable

from ..model.types import Game
from .version import module_version
from ..systems.der_weltkrieg import calendar

CHART_FILES = {"tec": "charts/terrain-effects.html", "crt": "charts/combat-results.html",
               "sequence": "charts/sequence-of-play.html"}
HELP_FILE = "help/index.html"


def escape(text: str) -> str:
    """HTML text escaping Swing's HTML 3.2 renderer understands (no ``&#x27;``)."""
    return _escape(text, quote=False)


def _page(title: str, body: Iterable[str]) -> bytes:
    """The page as ASCII: other characters become decimal references (``&#8594;``), which
    Swing renders whatever charset it assumes for the file."""
    html = ["<html>", "<head>", f"<title>{escape(title)}</title>", "</head>", "<body>",
            f"<h2>{escape(title)}</h2>", *body, "</body>", "</html>", ""]
    return "\n".join(html).encode("ascii", "xmlcharrefreplace")


def _provenance(p: Any) -> list[str]:
    if p is None:
        return []
    kind = getattr(p, "kind", "")
    reason = getattr(p, "reason", "")
    if kind in ("placeholder", "schematic"):
        return [f'<p><font color="#b00000"><b>{escape(kind.upper())}:</b> {escape(reason)}</font></p>']
    srcs = ", ".join(getattr(p, "sources", ()) or ())
    return [f"<p><i>Source: {escape(kind)}{' — ' + escape(srcs) if srcs else ''}</i></p>"]


def _effect(e: Any) -> str:
    if e is None:
        return ""
    if getattr(e, "prohibited", False):
        text = "Prohibited"
    elif getattr(e, "halve_strength", False):
        text = "Halve attacker strength"
    elif getattr(e, "drm", 0):
        text = f"{e.drm:+d} die"
    else:
        text = "None"
    cond = getattr(e, "condition", None)
    return f"{text} ({cond.replace('-', ' ')})" if cond else text


def tec_html(tec: Any) -> bytes:
    body = _provenance(getattr(tec, "provenance", None))
    body.append('<table border="1" cellpadding="3"><tr><th>Terrain</th><th>MP</th>'
                "<th>Attack</th><th>Counterattack</th><th>Notes</th></tr>")
    for row in getattr(tec, "rows", {}).values():
        mp = ("Prohibited" if row.mp is None else str(row.mp))
        if row.same_as:
            mp = f"as {row.same_as}"
        if row.see:
            mp = f"see {row.see}"
        note = " ".join(x for x in (row.note, row.printed_at) if x)
        body.append(f"<tr><td>{escape(row.name)}</td><td>{escape(mp)}</td>"
                    f"<td>{escape(_effect(row.attack))}</td>"
                    f"<td>{escape(_effect(row.counterattack))}</td><td>{escape(note)}</td></tr>")
    for mod in getattr(tec, "modifiers", {}).values():
        mp = f"{mod.mp:+d}" if mod.mp else "no additional cost"
        if mod.applies_if_cost_at_least:
            mp += f" if cost ≥ {mod.applies_if_cost_at_least}"
        if mod.on_entering_hex:
            mp += " entering hex"
        if mod.no_ezoc_to_ezoc:
            mp += "; no EZOC→EZOC crossing"
        note = " ".join(x for x in (mod.note, mod.printed_at) if x)
        body.append(f"<tr><td>{escape(mod.name)}</td><td>{escape(mp)}</td>"
                    f"<td>{escape(_effect(mod.attack))}</td>"
                    f"<td>{escape(_effect(mod.counterattack))}</td><td>{escape(note)}</td></tr>")
    body.append("</table>")
    return _page("Terrain Effects Chart", body)


def crt_html(crt: Any) -> bytes:
    body = _provenance(getattr(crt, "provenance", None))
    lo, hi = getattr(crt, "die_min", -1), getattr(crt, "die_max", 8)
    body.append(f"<p>Column = adjusted strength points (above {getattr(crt, 'max_column', 50)}: "
                "rule 13-19); row = adjusted die, below "
                f"{lo} counts as {lo}, above {hi} as {hi} (13-12, 13-16). Result = strength points "
                "the other side must lose (13-13).</p>")
    for t in getattr(crt, "tables", ()):
        since = f" (from {t.from_date})" if t.from_date else ""
        body.append(f"<h3>{escape(t.name)}{escape(since)}</h3>")
        body.append('<table border="1" cellpadding="2"><tr><th>SP \\ die</th>'
                    + "".join(f"<th>{d}</th>" for d in range(lo, hi + 1)) + "</tr>")
        for col in sorted(t.cells):
            body.append(f"<tr><th>{col}</th>" + "".join(f"<td>{v}</td>" for v in t.cells[col])
                        + "</tr>")
        body.append("</table>")
    return _page("Combat Results Table", body)


def sequence_html(game: Game) -> bytes:
    cal = calendar.calendar(game)
    body = ["<p>Each month: a Monthly Special Turn, then turns 1-7 (rule 5). "
            "The turn tracker steps through every phase below.</p>",
            "<h3>Monthly Special Turn</h3>", "<ol>"]
    body += [f"<li>{escape(p.name)}</li>" for p in cal.special]
    body += ["</ol>", "<h3>Normal turn (1-7)</h3>", "<ol>"]
    body += [f"<li>{escape(p.name)}</li>" for p in cal.normal]
    body.append("</ol>")
    return _page("Sequence of Play", body)


def chart_files(game: Game) -> tuple[list[dict[str, str]], dict[str, bytes]]:
    """(HtmlChart entries for the buildFile, {zip entry: bytes})."""
    entries, files = [], {}
    tables = game.tables
    if tables.get("tec") is not None:
        entries.append({"name": "Terrain Effects Chart", "file": CHART_FILES["tec"]})
        files[CHART_FILES["tec"]] = tec_html(tables["tec"])
    if tables.get("crt") is not None:
        entries.append({"name": "Combat Results Table", "file": CHART_FILES["crt"]})
        files[CHART_FILES["crt"]] = crt_html(tables["crt"])
    entries.append({"name": "Sequence of Play", "file": CHART_FILES["sequence"]})
    files[CHART_FILES["sequence"]] = sequence_html(game)
    return entries, files


# --------------------------------------------------------------------------- help page


def _markdown_as_pre(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return ["<pre>", escape(text), "</pre>"]


def help_html(game: Game, setup_notes: dict[str, list[str]], declarations: Path | None) -> bytes:
    from . import pieces as P
    body = [f"<p>This VASSAL module for <b>{escape(game.title)}</b> (version "
            f"{escape(module_version(game))}) was generated by modgen from the game's data files. "
            "The same data drive the rules checker (<code>modgen check</code>).</p>",
            "<h3>Using the module</h3>", "<ul>",
            # VASSAL removes File → New Game once a module has predefined set-ups
            # (PredefinedSetup.addTo); they sit in the File menu and the start-up wizard
            "<li>Start a scenario from <i>File → Scenarios</i> (or the start-up wizard): one "
            "predefined set-up per scenario.</li>",
            "<li>Units: Ctrl+F flips between full and reduced strength; "
            f"Ctrl+K sends a unit to the <i>{P.ELIMINATED_MAP}</i> map; Ctrl+D deletes; "
            "Ctrl+T shows the movement trail. Flips and eliminations are reported in the chat "
            "with the player's name and side.</li>",
            "<li>HQs carry their supply points (property <code>SupplyPoints</code>): "
            "Ctrl+Shift+S adds one, Ctrl+Alt+S spends one, Ctrl+S sets the value.</li>",
            "<li>Dice: <b>1d6</b> for combat (rule 13), <b>2d6</b> for fortress surrender "
            "(rule 21-11). Reports name who rolled and for which side.</li>",
            "<li>Combat in the chat (for <code>modgen check</code>, optional): before the roll "
            "type <code>!attack 2119 with 35 Inf XX, 12 Inf XX supply 1st 3</code>; the "
            "defender <code>!terrain 2119 woods</code>, <code>!hold 2119</code> or "
            "<code>!retreat 2119</code>, and <code>!counterattack 2119 supply 3rd 2</code> before "
            "its roll. Then flip, mark (-1, 1/2) or eliminate the losses, attacker first, and "
            "move retreats and advances. The full grammar is below.</li>",
            "<li>The turn tracker follows rule 5: Year, Month, Monthly Special Turn (2 phases) "
            "and turns 1-7 (8 phases). It exposes the properties Year, Month, Turn (0 = special "
            "turn) and Phase. Right after loading a game saved during a Monthly Special Turn, "
            "Turn reads 1 and Phase the first normal-turn phase until the tracker is stepped (VASSAL restores the "
            "shared property from the normal-turn level last); the tracker's display is "
            "right.</li>",
            "<li>Scheduled reinforcements of a scenario wait on the side's "
            "<i>Reinforcements</i> map; the dead pool is on <i>Eliminated</i>.</li>",
            "</ul>", "<h3>Where the data come from</h3>", "<ul>"]
    for mid in sorted(game.maps):
        m = game.maps[mid]
        body.append(f"<li>Map {escape(mid)} ({escape(m.name)}): {escape(m.provenance.kind)}"
                    f"{' — ' + escape(m.provenance.reason) if m.provenance.reason else ''}</li>")
    for key, label in (("crt", "Combat Results Table"), ("tec", "Terrain Effects Chart")):
        p = getattr(game.tables.get(key), "provenance", None)
        if p is not None:
            body.append(f"<li>{label}: {escape(p.kind)}"
                        f"{' — ' + escape(p.reason) if p.reason else ''}</li>")
    n_placeholder = sum(1 for c in game.counters.values()
                        if c.provenance is not None and c.provenance.kind == "placeholder")
    if n_placeholder:
        body.append(f"<li>{n_placeholder} counters carry placeholder values "
                    "(marked on the counter art).</li>")
    body.append("</ul>")
    body.append("<h3>Scenarios</h3>")
    for sid in sorted(game.scenarios, key=lambda i: (game.scenarios[i].first_turn, i)):
        sc = game.scenarios[sid]
        body.append(f"<h4>{escape(sc.name)}</h4><p>{escape(sc.description)}</p>")
        notes = list(sc.setup_incomplete) + setup_notes.get(sid, [])
        if notes:
            body.append("<p><b>Set-up incomplete:</b></p><ul>"
                        + "".join(f"<li>{escape(n)}</li>" for n in notes) + "</ul>")
        for mm in getattr(sc, "missing_maps", ()):
            body.append(f"<p><b>Missing map {escape(mm.map)}</b> ({escape(mm.title)}): {escape(mm.reason)}</p>")
        if any(r.kind for r in sc.special_rules):
            # how the checker treats each special rule (scenarios that say so)
            body.append("<p><b>Special rules</b> (checked: modgen check reads it from the log; declaration: "
                        "type the fact in the chat; advisory: shown, not checked):</p><ul>")
            for r in sc.special_rules:
                tail = f" [{r.kind}{': ' + r.note if r.note else ''}]" if r.kind else ""
                body.append(f"<li>{escape(r.number or '-')}: {escape(r.text)}{escape(tail)}</li>")
            body.append("</ul>")
    if declarations is not None and declarations.is_file():
        body.append("<h3>Player declarations</h3>")
        body += _markdown_as_pre(declarations)
        # a game's own declarations beside the system's (docs/declarations-<game>.md)
        own = game_declarations(declarations, game.id)
        if own is not None:
            body.append(f"<h3>Player declarations: {escape(game.title)}</h3>")
            body += _markdown_as_pre(own)
    return _page(f"{game.title}: module help", body)


def game_declarations(declarations: Path, game_id: str) -> Path | None:
    """``declarations-<game id>.md`` beside the system's declarations file, if there is one."""
    p = declarations.with_name(f"declarations-{game_id}.md")
    return p if p.is_file() else None
