"""Player declarations: facts a VASSAL log cannot show, typed into the chat (docs/declarations.md).

A declaration is a chat line that starts with ``!`` followed by a keyword::

    !scenario if-1915-05
    !rail 35 Inf XX 2122-1922-1722
    !column 35 Inf XX
    !retreat 53M Mtn X 3419-3519

Typed chat reaches the log as ``CHAT&lt;player&gt; - text`` (HTML-escaped); :func:`chat_text`
recovers the text. The core keywords (``!scenario``) are in :data:`GRAMMAR`; a rules system adds
its own (``System.declarations``: a mapping keyword → (parser, usage), e.g.
``modgen.systems.der_weltkrieg.declarations.KEYWORDS``) and the checker parses with a
:class:`Grammar` of both. The parsers below (:func:`unit_and_path`, :func:`unit_only`,
:func:`one_word`, :func:`no_args`) serve most keywords. A line that starts with ``!`` but is not
understood yields a :class:`DeclarationError` (reported as a warning, never as a violation).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from ..hexgrid import Hex

_TYPED = re.compile(r"^<(?P<player>.*?)> - (?P<text>.*)$", re.S)


def chat_text(raw: str) -> tuple[str | None, str] | None:
    """(player, text) of a *typed* chat line (``CHAT`` payload), None for reports (``* …``)."""
    s = html.unescape(raw)
    m = _TYPED.match(s)
    if not m:
        return None
    return m.group("player"), m.group("text").strip()


@dataclass(frozen=True)
class Declaration:
    keyword: str                      # "rail", "column", "scenario", …
    unit: str | None = None           # the unit reference as typed ("35 Inf XX")
    hexes: tuple[Hex, ...] = ()       # a hex path when the keyword takes one
    args: tuple[str, ...] = ()        # other words
    text: str = ""                    # the whole line as typed
    player: str | None = None
    step: int | None = None
    #: the sheet each hex of ``hexes`` was typed with (``5-5:2803``), None when typed bare; in a
    #: game of several sheets the engine turns the hexes into theatre hexes and fills in the
    #: sheet each was read on (:func:`resolve_sheets`), so a rule can read a bare hex the player
    #: typed elsewhere in the line (a unit list's ``2018``) on the same sheet
    sheets: tuple[str | None, ...] = ()


class DeclarationError(ValueError):
    pass


Parser = Callable[[str, str], Declaration]
GRAMMAR: dict[str, tuple[Parser, str]] = {}


def register(keyword: str, parser: Parser, usage: str) -> None:
    """Add (or replace) a keyword. ``parser(keyword, rest) -> Declaration`` raises DeclarationError."""
    GRAMMAR[keyword.lower()] = (parser, usage)


_HEXPATH = re.compile(r"^\d{4}(?:-\d{4})*$")
#: a hex path of a game of several sheets: a hex may carry its sheet, "5-5:2803-2804-4-5:2024";
#: sheet ids are map ids (4-5, 4-5N, 6-4)
_SHEET_HEX = re.compile(r"(?:(?P<sheet>\d-\d[A-Z]?):)?(?P<hex>\d{4})")
_SHEET_PATH = re.compile(r"^(?:\d-\d[A-Z]?:)?\d{4}(?:-(?:\d-\d[A-Z]?:)?\d{4})*$")


def parse_hex_path(text: str) -> tuple[Hex, ...]:
    return parse_sheet_path(text)[0]


def parse_sheet_path(text: str) -> tuple[tuple[Hex, ...], tuple[str | None, ...]]:
    """The hexes of ``CCRR-CCRR-…`` and the sheet each was typed with (``SHEET:CCRR``)."""
    if not (_HEXPATH.match(text) or _SHEET_PATH.match(text)):
        raise DeclarationError(f"not a hex path (CCRR-CCRR-…, or SHEET:CCRR-…): {text!r}")
    if _HEXPATH.match(text):
        hexes = tuple(Hex.parse(t) for t in text.split("-"))
        return hexes, (None,) * len(hexes)
    found = [(m["sheet"], Hex.parse(m["hex"])) for m in _SHEET_HEX.finditer(text)]
    return tuple(h for _s, h in found), tuple(s for s, _h in found)


def resolve_sheets(d: Declaration, to_theatre: Callable[[str, Hex], Hex],
                   default_sheet: str | None) -> Declaration:
    """``d`` with its hexes as theatre hexes and ``sheets`` the sheet each was read on: a bare
    hex is on the sheet of the hex before it in the path, the first on ``default_sheet`` (a
    scenario of one sheet); raises DeclarationError when a hex's sheet cannot be known. A
    keyword's own Declaration subclass (combat) keeps its fields."""
    if not d.hexes:
        return d
    sheets = d.sheets or (None,) * len(d.hexes)
    out, read_on, current = [], [], default_sheet
    for h, s in zip(d.hexes, sheets):
        current = s or current
        if current is None:
            raise DeclarationError(f"!{d.keyword}: hex {h.id} needs its sheet (SHEET:CCRR, e.g. 5-5:{h.id})")
        try:
            out.append(to_theatre(current, h))
        except Exception as e:
            raise DeclarationError(f"!{d.keyword}: {current}:{h.id}: {e}") from None
        read_on.append(current)
    return replace(d, hexes=tuple(out), sheets=tuple(read_on))


def unit_and_path(keyword: str, rest: str) -> Declaration:
    words = rest.split()
    if len(words) < 2:
        raise DeclarationError(f"!{keyword} needs a unit and a hex path")
    path, sheets = parse_sheet_path(words[-1])
    if len(path) < 2:
        raise DeclarationError(f"!{keyword} needs at least two hexes in the path")
    return Declaration(keyword, unit=" ".join(words[:-1]), hexes=path, sheets=sheets)


def unit_only(keyword: str, rest: str) -> Declaration:
    if not rest.strip():
        raise DeclarationError(f"!{keyword} needs a unit")
    return Declaration(keyword, unit=" ".join(rest.split()))


def one_word(keyword: str, rest: str) -> Declaration:
    words = rest.split()
    if len(words) != 1:
        raise DeclarationError(f"!{keyword} takes exactly one word")
    return Declaration(keyword, args=(words[0],))


def no_args(keyword: str, rest: str) -> Declaration:
    if rest.strip():
        raise DeclarationError(f"!{keyword} takes no arguments")
    return Declaration(keyword)


register("scenario", one_word, "!scenario <scenario-id>")


class Grammar:
    """The core keywords plus a rules system's (``System.keywords()``)."""

    def __init__(self, extra: Mapping[str, tuple[Parser, str]] = ()):
        self.keywords: dict[str, tuple[Parser, str]] = dict(GRAMMAR)
        self.keywords.update({k.lower(): v for k, v in dict(extra).items()})

    def parse(self, text: str, *, player: str | None = None,
              step: int | None = None) -> Declaration | None:
        """The declaration in one chat text, None if the text is not a declaration (no ``!``)."""
        s = text.strip()
        if not s.startswith("!") or len(s) < 2 or not s[1].isalpha():
            return None
        parts = s[1:].split(None, 1)
        keyword, rest = parts[0].lower(), (parts[1] if len(parts) > 1 else "")
        entry = self.keywords.get(keyword)
        if entry is None:
            known = ", ".join("!" + k for k in sorted(self.keywords))
            raise DeclarationError(f"unknown declaration !{keyword} (known: {known})")
        d = entry[0](keyword, rest.strip())
        # a keyword's parser may return a Declaration subclass with its own fields (combat)
        return replace(d, text=s, player=player, step=step)

    def usage_lines(self) -> list[str]:
        return [self.keywords[k][1] for k in sorted(self.keywords)]


def parse(text: str, *, player: str | None = None, step: int | None = None,
          grammar: Grammar | None = None) -> Declaration | None:
    """:meth:`Grammar.parse` with ``grammar`` (default: the core keywords only)."""
    return (grammar or Grammar()).parse(text, player=player, step=step)


@dataclass
class Declarations:
    """Every declaration seen so far, by keyword, for rules to consult."""

    items: list[Declaration] = field(default_factory=list)
    # keyword -> its declarations in log order (rules ask on every move: no scan of them all)
    by_keyword: dict = field(default_factory=dict, repr=False)

    def add(self, d: Declaration) -> None:
        self.items.append(d)
        self.by_keyword.setdefault(d.keyword, []).append(d)

    def of(self, keyword: str) -> list[Declaration]:
        return list(self.by_keyword.get(keyword, ()))
