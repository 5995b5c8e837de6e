"""Dice statistics over one or many VASSAL logs (``modgen dice``): per player and die button.

Where the rolls come from: the replay (``modgen.replay``) reads each roll from the DiceButton's
``MutableProperty`` commands (``<button>_result`` = the dice, ``<button>_total``) and names the
player who rolled (vassal-format.md; fixtures/vassal/logs README §8). A step with no such
commands but a DiceButton chat report (``*** 2d6 = 5,2 *** <player>``, VASSAL's default report
format, and ours with the side) counts from the report: older modules and logs have only that.
Rolls in an Undo step are not rolls (the step restores the old property values); a roll that a
later Undo took back is kept, marked, with the same player's next roll of that button after the
Undo (the re-roll players worry about).

Statistics are over every roll made, taken back or not: each was a draw of VASSAL's random
generator. Per group: the faces rolled (each die of a many-dice button counts alone) against
the fair distribution — Pearson's chi-square and its p-value, only when every face expects at
least 5 (else "too few rolls"); the totals against the distribution of the sum of the dice
(tested the same way); the mean total against the expected mean (and how many standard errors
apart); the longest runs of one total and of totals above or below the expected mean.

The number of faces and dice comes from the module (``--module X.vmod``: the DiceButton's
``nSides``, ``nDice``, ``plus``, ``addToTotal``) or from a button named like ``2d6``; a button
named otherwise, without ``--module``, is counted but not tested.
"""
from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ModgenError
from .stats import chi_square

MIN_EXPECTED = 5          # Pearson's rule of thumb: every cell expects at least 5
_NAME = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")
# VASSAL's default DiceButton report "** $name$ = $result$ *** <$PlayerName$>" (the chat line
# gains a leading "*"), and ours with the side in brackets
_REPORT = re.compile(r"^\*{2,3} (?P<button>.+?) = (?P<result>\d+(?:\s*,\s*\d+)*) \*\*\*\s*"
                     r"&lt;(?P<who>.*?)(?: \((?P<side>[^()]*)\))?&gt;\s*$")


@dataclass(frozen=True)
class Die:
    """What a button rolls: ``n`` dice of ``sides`` faces, ``plus`` added to each die and
    ``add`` to the total (VASSAL's DiceButton attributes)."""

    n: int
    sides: int
    plus: int = 0
    add: int = 0
    source: str = "name"

    @property
    def faces(self) -> list[int]:
        return list(range(1 + self.plus, self.sides + 1 + self.plus))

    @property
    def mean_total(self) -> float:
        return self.n * ((self.sides + 1) / 2 + self.plus) + self.add

    @property
    def sd_total(self) -> float:
        return math.sqrt(self.n * (self.sides ** 2 - 1) / 12)

    def total_distribution(self) -> dict[int, float]:
        """P(total = t) for the sum of the dice (exact convolution)."""
        dist = {0: 1.0}
        for _ in range(self.n):
            nxt: dict[int, float] = {}
            for t, p in dist.items():
                for f in self.faces:
                    nxt[t + f] = nxt.get(t + f, 0.0) + p / self.sides
            dist = nxt
        return {t + self.add: p for t, p in sorted(dist.items())}


@dataclass
class Roll:
    log: str
    step: int
    button: str
    values: tuple
    total: int | None
    who: str
    side: str | None
    source: str                       # "property" or "chat"
    undone_by: int | None = None      # the Undo step that took it back
    reroll: "Roll | None" = field(default=None, repr=False)

    def ref(self) -> str:
        return f"{self.log} step {self.step}"

    def text(self) -> str:
        return ",".join(str(v) for v in self.values)


UNKNOWN_PLAYER = "(player not known)"


# --------------------------------------------------------------------------- reading

def read_rolls(path: str | Path, module: Any = None) -> list[Roll]:
    """Every dice roll in one log, in step order. A file with none is an error."""
    from ..replay import replay
    from ..vassal.archive import read_saved_game
    from ..vassal.commands import Chat, parse_saved_game

    sf = read_saved_game(str(path))
    name = Path(str(path)).name
    try:
        saved = parse_saved_game(sf.text)
    except ModgenError as e:
        raise ModgenError(e.message, file=str(path), line=e.line, field=e.field) from None
    timeline = replay(saved, module)
    rolls: list[Roll] = []
    for rec, raw in zip(timeline.steps, saved.steps):
        if rec.is_undo:
            continue                      # restores old values: not a roll
        found = False
        for ev in rec.events:
            if getattr(ev, "kind", None) == "dice":
                values = tuple(ev.values)
                total = ev.total
                rolls.append(Roll(name, rec.index, ev.button, values, total,
                                  ev.who or rec.who or UNKNOWN_PLAYER, ev.side or rec.side,
                                  "property", rec.undone_by if rec.undone else None))
                found = True
        if found:
            continue
        for cmd in raw.commands:
            if isinstance(cmd, Chat):
                m = _REPORT.match(cmd.text)
                if m:
                    values = tuple(int(v) for v in re.split(r"\s*,\s*", m["result"]))
                    who = html.unescape(m["who"]).strip() or rec.who or UNKNOWN_PLAYER
                    rolls.append(Roll(name, rec.index, html.unescape(m["button"]), values,
                                      sum(values), who, m["side"] or rec.side, "chat",
                                      rec.undone_by if rec.undone else None))
    if not rolls:
        raise ModgenError(f"no dice rolls in this log ({len(saved.steps)} steps; a roll is a "
                          "DiceButton's <button>_result property change or its chat report)",
                          file=str(path))
    # the re-roll: the same player's next roll of the same button after the Undo
    for i, r in enumerate(rolls):
        if r.undone_by is not None:
            r.reroll = next((q for q in rolls[i + 1:] if q.step > r.undone_by
                             and q.button == r.button and q.who == r.who), None)
    return rolls


def die_for(button: str, module: Any = None) -> Die | None:
    if module is not None:
        info = getattr(module, "dice_buttons", {}).get(button)
        if info is not None and info.n_sides >= 2 and info.n_dice >= 1:
            return Die(info.n_dice, info.n_sides, info.plus, info.add_to_total, "module")
    m = _NAME.match(button)
    if m:
        n, s = int(m[1] or 1), int(m[2])
        if 1 <= n <= 100 and 2 <= s <= 1000:
            return Die(n, s)
    return None


# --------------------------------------------------------------------------- statistics

@dataclass
class Test:
    chi2: float | None
    dof: int | None
    p: float | None
    note: str | None      # why there is no p-value


def _test(counts: dict[int, int], probs: dict[int, float], n: int, what: str) -> Test:
    cells = sorted(set(probs) | set(counts))
    expected = [n * probs.get(c, 0.0) for c in cells]
    observed = [counts.get(c, 0) for c in cells]
    need = math.ceil(MIN_EXPECTED / min(p for p in probs.values() if p > 0))
    if n < need:
        return Test(None, None, None, f"too few rolls to say anything: {n} {what}; the "
                                      f"chi-square test needs at least {need} "
                                      f"({MIN_EXPECTED} expected in every cell)")
    x2, dof, p = chi_square(observed, expected)
    return Test(x2, dof, p, None)


def _runs(rolls: list[Roll], die: Die | None) -> dict:
    def longest(pred) -> dict | None:
        best, cur = (0, None, None), (0, None)
        for i, r in enumerate(rolls):
            if pred(r):
                cur = (cur[0] + 1, cur[1] if cur[0] else i)
                if cur[0] > best[0]:
                    best = (cur[0], cur[1], i)
            else:
                cur = (0, None)
        if best[0] == 0:
            return None
        a, b = rolls[best[1]], rolls[best[2]]
        return {"length": best[0], "from": a.ref(), "to": b.ref()}

    out: dict[str, Any] = {}
    best = None
    i = 0
    while i < len(rolls):
        j = i
        while j + 1 < len(rolls) and rolls[j + 1].total == rolls[i].total:
            j += 1
        if rolls[i].total is not None and (best is None or j - i + 1 > best[0]):
            best = (j - i + 1, i, j)
        i = j + 1
    if best:
        out["same"] = {"length": best[0], "total": rolls[best[1]].total,
                       "from": rolls[best[1]].ref(), "to": rolls[best[2]].ref()}
    if die is not None:
        mu = die.mean_total
        out["above"] = longest(lambda r: r.total is not None and r.total > mu)
        out["below"] = longest(lambda r: r.total is not None and r.total < mu)
    return out


@dataclass
class Group:
    who: str
    button: str
    die: Die | None
    rolls: list[Roll]

    def summary(self) -> dict:
        rolls, die = self.rolls, self.die
        dice_values = [v for r in rolls for v in r.values if isinstance(v, int)]
        totals = [r.total for r in rolls if r.total is not None]
        out: dict[str, Any] = {
            "player": self.who, "button": self.button, "rolls": len(rolls),
            "dice": len(dice_values), "undone": sum(1 for r in rolls if r.undone_by is not None),
            "logs": sorted({r.log for r in rolls}),
            "die": None if die is None else {"n": die.n, "sides": die.sides, "plus": die.plus,
                                             "add_to_total": die.add, "from": die.source},
        }
        if die is None:
            out["note"] = (f"the button {self.button!r} does not say its dice (name it like "
                           "2d6, or give --module): counted, not tested")
            out["faces"] = {str(v): dice_values.count(v) for v in sorted(set(dice_values))}
        else:
            faces = {f: 0 for f in die.faces}
            odd = 0
            for v in dice_values:
                if v in faces:
                    faces[v] += 1
                else:
                    odd += 1
            e = len(dice_values) / die.sides
            t = _test(faces, {f: 1 / die.sides for f in die.faces}, len(dice_values), "dice")
            out["faces"] = {str(f): c for f, c in faces.items()}
            out["faces_expected"] = e
            out["faces_test"] = t.__dict__
            if odd:
                out["impossible_values"] = odd
            if die.n > 1:
                dist = die.total_distribution()
                tc = {t_: totals.count(t_) for t_ in dist}
                out["totals"] = {str(k): v for k, v in tc.items()}
                out["totals_expected"] = {str(k): len(totals) * p for k, p in dist.items()}
                out["totals_test"] = _test(tc, dist, len(totals), "rolls").__dict__
            if totals:
                mean = sum(totals) / len(totals)
                se = die.sd_total / math.sqrt(len(totals))
                out["mean"] = mean
                out["mean_expected"] = die.mean_total
                out["mean_z"] = (mean - die.mean_total) / se if se > 0 else None
        out["runs"] = _runs(rolls, die)
        return out


@dataclass
class DiceReport:
    logs: list[str]
    rolls: list[Roll]
    groups: list[Group]

    def undone(self) -> list[Roll]:
        return [r for r in self.rolls if r.undone_by is not None]

    def to_json(self) -> dict:
        return {
            "logs": self.logs, "rolls": len(self.rolls),
            "players": sorted({r.who for r in self.rolls}),
            "groups": [g.summary() for g in self.groups],
            "undone": [{"log": r.log, "step": r.step, "player": r.who, "button": r.button,
                        "values": list(r.values), "total": r.total, "undone_by": r.undone_by,
                        "reroll": None if r.reroll is None else {
                            "step": r.reroll.step, "values": list(r.reroll.values),
                            "total": r.reroll.total}} for r in self.undone()],
        }


def analyse(paths: list[str], module: Any = None) -> DiceReport:
    """Read every log (each must hold a roll), then group per player and button; with more
    than one player on a button, an "all players" group as well."""
    if not paths:
        raise ModgenError("no log given")
    rolls: list[Roll] = []
    for p in paths:
        rolls.extend(read_rolls(p, module))
    groups: list[Group] = []
    buttons = sorted({r.button for r in rolls})
    for b in buttons:
        die = die_for(b, module)
        of_b = [r for r in rolls if r.button == b]
        players = sorted({r.who for r in of_b})
        for who in players:
            groups.append(Group(who, b, die, [r for r in of_b if r.who == who]))
        if len(players) > 1:
            groups.append(Group("all players", b, die, of_b))
    return DiceReport([Path(p).name for p in paths], rolls, groups)


# --------------------------------------------------------------------------- text

def _fmt_p(t: dict) -> str:
    if t.get("p") is None:
        return t["note"]
    verdict = ("consistent with fair dice" if t["p"] >= 0.05 else
               "unlikely with fair dice (p < 0.05)" if t["p"] >= 0.001 else
               "very unlikely with fair dice (p < 0.001)")
    return f"chi-square {t['chi2']:.2f}, {t['dof']} degrees of freedom, p = {t['p']:.3f}: {verdict}"


def _fmt_run(r: dict | None, what: str) -> str | None:
    if not r or r["length"] < 2:          # a "run" of one roll says nothing
        return None
    a, b = r["from"].rsplit(" step ", 1), r["to"].rsplit(" step ", 1)
    span = (f"{a[0]} steps {a[1]}-{b[1]}" if a[0] == b[0] else f"{r['from']} to {r['to']}")
    return f"{r['length']} {what} in a row ({span})"


def text_report(rep: DiceReport) -> str:
    data = rep.to_json()
    lines = [f"modgen dice: {len(rep.logs)} log{'s' if len(rep.logs) != 1 else ''}, "
             f"{len(rep.rolls)} rolls by {len(data['players'])} "
             f"player{'s' if len(data['players']) != 1 else ''}"]
    for g in data["groups"]:
        lines.append("")
        und = f", {g['undone']} taken back by Undo" if g["undone"] else ""
        lines.append(f"{g['player']} — {g['button']}: {g['rolls']} rolls ({g['dice']} dice){und}")
        faces = list(g["faces"])
        w = max([len(f) for f in faces] + [len(str(v)) for v in g["faces"].values()] + [4])
        lines.append("  face      " + " ".join(f.rjust(w) for f in faces))
        lines.append("  rolled    " + " ".join(str(g["faces"][f]).rjust(w) for f in faces))
        if "faces_expected" in g:
            lines.append("  expected  " + " ".join(f"{g['faces_expected']:.1f}".rjust(w)
                                                   for f in faces))
            lines.append("  faces: " + _fmt_p(g["faces_test"]))
        if "totals" in g:
            lines.append("  totals: " + ", ".join(f"{k}×{v}" for k, v in g["totals"].items() if v))
            lines.append("  totals: " + _fmt_p(g["totals_test"]))
        if "mean" in g:
            z = g.get("mean_z")
            lines.append(f"  mean total {g['mean']:.2f}, expected {g['mean_expected']:.2f}"
                         + (f" ({z:+.2f} standard errors)" if z is not None else ""))
        if g.get("note"):
            lines.append("  " + g["note"])
        runs = g["runs"]
        parts = []
        if runs.get("same"):
            s = runs["same"]
            parts.append(_fmt_run(s, f"× {s['total']}"))
        parts.append(_fmt_run(runs.get("above"), "above the mean"))
        parts.append(_fmt_run(runs.get("below"), "below the mean"))
        parts = [p for p in parts if p]
        lines.append("  longest runs: " + ("; ".join(parts) if parts else
                                           "none of two or more rolls"))
    und = rep.undone()
    lines.append("")
    if und:
        lines.append(f"Rolls taken back by Undo ({len(und)}):")
        for r in und:
            again = (f"; re-rolled at step {r.reroll.step}: {r.reroll.text()}" if r.reroll else
                     "; not rolled again in this log")
            lines.append(f"  {r.ref()}: {r.who} {r.button} = {r.text()}, undone by step "
                         f"{r.undone_by}{again}")
    else:
        lines.append("No roll was taken back by Undo.")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- HTML

def _chart(title: str, labels: list[str], observed: list[int], expected: list[float]):
    """Bars of the observed counts, the fair expectation as a black tick on each."""
    from PIL import Image, ImageDraw
    from ..art.fonts import font
    n = len(labels)
    bar = max(8, min(40, 560 // max(1, n)))
    left, top, bottom = 44, 30, 40
    width = left + n * (bar + 6) + 20
    height = 240
    plot_h = height - top - bottom
    vmax = max([1] + observed + [math.ceil(e) for e in expected])
    img = Image.new("RGB", (width, height), "white")
    d = ImageDraw.Draw(img)
    f, fb = font(11), font(12, bold=True)
    d.text((left, 8), title, font=fb, fill=(0, 0, 0))
    y0 = top + plot_h
    d.line([(left - 4, y0), (width - 10, y0)], fill=(0, 0, 0))
    step = max(1, math.ceil(vmax / 5))
    for v in range(0, vmax + 1, step):
        y = y0 - v * plot_h / vmax
        d.line([(left - 4, y), (left - 1, y)], fill=(0, 0, 0))
        d.text((left - 6, y), str(v), font=f, fill=(60, 60, 60), anchor="rm")
    for i, (lab, o, e) in enumerate(zip(labels, observed, expected)):
        x = left + 3 + i * (bar + 6)
        if o:
            d.rectangle([x, y0 - o * plot_h / vmax, x + bar, y0 - 1], fill=(70, 110, 180))
        ye = y0 - e * plot_h / vmax
        d.line([(x - 2, ye), (x + bar + 2, ye)], fill=(0, 0, 0), width=2)
        d.text((x + bar / 2, y0 + 4), lab, font=f, fill=(0, 0, 0), anchor="mt")
    d.text((left, height - 16), "bars: rolled    black ticks: expected with fair dice",
           font=f, fill=(80, 80, 80))
    return img


def _png_b64(img) -> str:
    import base64
    import io
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=6)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def html_report(rep: DiceReport) -> str:
    e = lambda s: html.escape(str(s), quote=True)   # noqa: E731 — names come from the log
    data = rep.to_json()
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>Dice statistics</title><style>body{font-family:sans-serif;margin:1.5em;"
           "max-width:70em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
           "padding:.2em .5em}section{border-top:1px solid #ccc;margin-top:1em}"
           "img{display:inline-block;margin:.3em 1em .3em 0;border:1px solid #999}</style>"
           "</head><body>",
           f"<h1>Dice statistics</h1><p>{e(len(rep.rolls))} rolls in {e(len(rep.logs))} "
           f"log(s): {e(', '.join(rep.logs))}</p>"]
    for g in data["groups"]:
        out.append(f"<section><h2>{e(g['player'])} — {e(g['button'])}</h2>")
        out.append(f"<p>{g['rolls']} rolls, {g['dice']} dice"
                   + (f", {g['undone']} taken back by Undo" if g["undone"] else "") + "</p>")
        faces = list(g["faces"])
        exp = [g.get("faces_expected", 0.0)] * len(faces)
        img = _chart(f"{g['button']}: each die", faces, [g["faces"][f] for f in faces], exp)
        out.append(f'<img alt="faces of {e(g["button"])}" src="data:image/png;base64,'
                   f'{_png_b64(img)}">')
        if "totals" in g:
            labels = list(g["totals"])
            img = _chart(f"{g['button']}: totals", labels, [g["totals"][k] for k in labels],
                         [g["totals_expected"][k] for k in labels])
            out.append(f'<img alt="totals of {e(g["button"])}" src="data:image/png;base64,'
                       f'{_png_b64(img)}">')
        out.append("<ul>")
        if "faces_test" in g:
            out.append(f"<li>each die: {e(_fmt_p(g['faces_test']))}</li>")
        if "totals_test" in g:
            out.append(f"<li>totals: {e(_fmt_p(g['totals_test']))}</li>")
        if "mean" in g:
            out.append(f"<li>mean total {g['mean']:.2f}, expected {g['mean_expected']:.2f}</li>")
        if g.get("note"):
            out.append(f"<li>{e(g['note'])}</li>")
        for key, what in (("same", None), ("above", "above the mean"),
                          ("below", "below the mean")):
            r = g["runs"].get(key)
            label = (f"× {r['total']}" if key == "same" else what) if r else ""
            if _fmt_run(r, label):
                out.append(f"<li>longest run: {e(_fmt_run(r, label))}</li>")
        out.append("</ul></section>")
    und = rep.undone()
    out.append("<section><h2>Rolls taken back by Undo</h2>")
    if und:
        out.append("<table><tr><th>log, step</th><th>player</th><th>button</th><th>rolled</th>"
                   "<th>undone by step</th><th>re-roll</th></tr>")
        for r in und:
            again = f"step {r.reroll.step}: {r.reroll.text()}" if r.reroll else "none"
            out.append(f"<tr><td>{e(r.ref())}</td><td>{e(r.who)}</td><td>{e(r.button)}</td>"
                       f"<td>{e(r.text())}</td><td>{e(r.undone_by)}</td><td>{e(again)}</td></tr>")
        out.append("</table>")
    else:
        out.append("<p>None.</p>")
    out.append("</section></body></html>")
    return "\n".join(out) + "\n"
