"""The Burning Mountains chat keywords (``System.declarations``), with the Der Weltkrieg words
where the meaning is the same (docs/declarations-burning-mountains.md)::

    !attack <hex> with <unit or hex>, …     the combat (``!att`` for short)
    !withhold <hex> <unit>, …               defender units withheld (7.4, 7.5)
    !retreat <unit> <hex>-<hex>…            a retreat path (9.2)
    !advance <unit> <hex>-<hex>             an advance after combat (9.3)
    !recover <unit>                         Combat Effectiveness recovery (10.3, 4.4)
    !optional 15.1 | 15.2                   an optional rule is in play (15.0)
"""
from __future__ import annotations

import re

from modgen.check import declarations as decl
from modgen.hexgrid import Hex


def _attack(keyword: str, rest: str) -> decl.Declaration:
    m = re.match(r"^(\d{4})(?:\s+with\s+(.+))?$", rest.strip(), re.I)
    if not m:
        raise decl.DeclarationError("!attack needs the hex attacked, e.g. !attack 2804 with 2703, 56 Inf X")
    refs = tuple(x.strip() for x in (m.group(2) or "").split(",") if x.strip())
    return decl.Declaration("attack", hexes=(Hex.parse(m.group(1)),), args=refs)


def _withhold(keyword: str, rest: str) -> decl.Declaration:
    m = re.match(r"^(\d{4})\s+(.+)$", rest.strip())
    if not m:
        raise decl.DeclarationError("!withhold needs the hex and the units, e.g. !withhold 2804 Lambro")
    return decl.Declaration(keyword, hexes=(Hex.parse(m.group(1)),),
                            args=tuple(x.strip() for x in m.group(2).split(",") if x.strip()))


def _optional(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if not words or any(w not in ("15.1", "15.2") for w in words):
        raise decl.DeclarationError("!optional takes 15.1 and/or 15.2")
    return decl.Declaration(keyword, args=tuple(words))


def _unit_path(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) < 2:
        raise decl.DeclarationError(f"!{keyword} needs a unit and a hex path")
    return decl.Declaration(keyword, unit=" ".join(words[:-1]), hexes=decl.parse_hex_path(words[-1]))


KEYWORDS = {"attack": (_attack, "!attack <hex> with <unit or hex>, …"),
            "att": (_attack, "!att <hex> with <unit or hex>, … (short for !attack)"),
            "withhold": (_withhold, "!withhold <hex> <unit>, …"),
            "retreat": (_unit_path, "!retreat <unit> <hex>-<hex>[-<hex>…]"),
            "advance": (_unit_path, "!advance <unit> <hex>-<hex>"),
            "recover": (decl.unit_only, "!recover <unit>"),
            "optional": (_optional, "!optional 15.1 | 15.2")}
