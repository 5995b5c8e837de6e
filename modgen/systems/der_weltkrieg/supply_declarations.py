"""Chat declarations of the supply, HQ and end-of-game rules (docs/declarations.md, "Supply"):

    !transfer <HQ> <SP> to <HQ>     18-6: SP sent from one HQ to another this Movement Phase
                                     (overland or by rail) without an SP marker on the map
    !duration                        the game is a duration game: starting DM (4-1 …), national
                                     morale (15-9, 15-10), 15-4..15-8, Corps HQ limits (18-17, 18-18)
    !dm <nation> <points> [why]      DM points the log cannot show (scenario extra DM, off-map events)
    !optional <rule>                 an optional rule is in play, e.g. !optional 22-22

Keywords and nation names are case-insensitive; ``<HQ>`` is the HQ as VASSAL names it ("1st HQ
XXXX"), its counter id or its designation ("1st") when that is unambiguous. :data:`KEYWORDS` is
the keyword → (parser, usage) mapping the rules system adds to the core grammar.
"""
from __future__ import annotations

import re

from ...check import declarations as decl

_TRANSFER = re.compile(r"^(?P<src>.+?)\s+(?P<sp>\d+)\s+to\s+(?P<dst>.+)$", re.I)


def parse_transfer(keyword: str, rest: str) -> decl.Declaration:
    m = _TRANSFER.match(" ".join(rest.split()))
    if not m:
        raise decl.DeclarationError("!transfer needs <HQ> <SP> to <HQ>, e.g. !transfer 1st 3 to 2nd")
    sp = int(m["sp"])
    if not 1 <= sp <= 100:
        raise decl.DeclarationError(f"!transfer: {sp} is not a number of Supply Points (1-100)")
    return decl.Declaration(keyword, unit=m["src"].strip(), args=(str(sp), m["dst"].strip()))


def parse_dm(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) < 2 or not re.fullmatch(r"-?\d+", words[1]):
        raise decl.DeclarationError("!dm needs <nation> <points> [reason], e.g. !dm russia 2 forced "
                                    "reinforcements")
    return decl.Declaration(keyword, args=(words[0].lower(), words[1], " ".join(words[2:])))


def parse_optional(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) != 1 or not re.fullmatch(r"\d+-\d+", words[0]):
        raise decl.DeclarationError("!optional needs one rule number, e.g. !optional 22-22")
    return decl.Declaration(keyword, args=(words[0],))


def parse_flag(keyword: str, rest: str) -> decl.Declaration:
    if rest.strip():
        raise decl.DeclarationError(f"!{keyword} takes no arguments")
    return decl.Declaration(keyword)


KEYWORDS = {
    "transfer": (parse_transfer, "!transfer <HQ> <SP> to <HQ>  (18-6, e.g. !transfer 1st 3 to 2nd)"),
    "duration": (parse_flag, "!duration  (a duration game: national morale, 15-4..15-8, 18-17/18-18)"),
    "dm": (parse_dm, "!dm <nation> <points> [reason]  (DM the log cannot show)"),
    "optional": (parse_optional, "!optional <rule>  (an optional rule in play, e.g. !optional 22-22)"),
}


def register_all() -> None:
    """Add the keywords to the grammar (the engine's ``declarations.register``)."""
    reg = getattr(decl, "register", None)
    if reg is None:                # a grammar built from the systems' KEYWORDS instead
        return
    for k, (parser, usage) in KEYWORDS.items():
        reg(k, parser, usage)
