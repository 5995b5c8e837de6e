"""The chat declarations of the Der Weltkrieg checker (docs/declarations.md), beside the core
``!scenario`` of ``modgen.check.declarations``: facts a VASSAL log cannot show.

Movement: ``!rail <unit> <hex>-<hex>…``, ``!column <unit>``, ``!retreat <unit> <hex>-<hex>…``,
``!war``. Combat — which units attack which hex, which HQ pays for whom, the defender's terrain
choice, whether the defender retreats (keywords and words are case-insensitive; extra spaces and
spaces around commas do not matter; ``<units>`` is a comma-separated list of units, each a VASSAL
name ``35 Inf XX``, a counter id ``it-inf-xx-35``, a designation ``35`` when unambiguous, or a hex
``2018`` meaning every unit of the declaring side in that hex that may take part)::

    !attack <hex> [with <units>] [supply <HQ> <SP> [for <units>][, <HQ> <SP> [for <units>]]…]
            [half <units>] [vs fortress]
    !counterattack <hex> [with <units>] [supply …] [half <units>]       (without with: every unit)
    !counterattack <hex> none
    !terrain <hex> <terrain>            e.g. !terrain 2119 woods, !terrain 2119 wooded rough
    !retreat <hex>                      the defender in <hex> retreats (14-2)
    !retreat <unit> <hex>-<hex>…        a retreat path (also: IF 3-4 garrisons, 30-2 cavalry)
    !hold <hex>                         the defender in <hex> does not retreat (14-2)
    !advance <unit> <hex>-<hex>         an advance after combat (15)
    !siege <hex>                        the next 2d6 is the surrender roll of the fortress in <hex>

Every ``<hex>`` is ``CCRR``, or ``SHEET:CCRR`` in a game of several sheets (``!attack 4-5N:1917
with 4-5:2001, 1916``: a bare hex is on the sheet of the hex before it, as in a ``!rail`` path;
the engine reads them as theatre hexes, ``modgen.check.declarations.resolve_sheets``, and the
combat checks read the unit lists' hexes on the same sheets, ``checks.combat_state.read_refs``).

``supply none`` says no SP were spent (every unit at half strength, 19-11); ``half`` names units
that use the half-strength option while others are paid for. ``!attack`` in the phasing side's
Movement Phase is a Column Attack (16-1). ``!att`` and ``!ca`` are short for ``!attack`` and
``!counterattack``.

Supply and the end of the game (``<HQ>`` as VASSAL names it, its counter id or its designation)::

    !transfer <HQ> <SP> to <HQ>     18-6: SP sent from one HQ to another this Movement Phase
                                     (overland or by rail) without an SP marker on the map
    !duration                        the game is a duration game: starting DM (4-1 …), national
                                     morale (15-9, 15-10), 15-4..15-8, Corps HQ limits (18-17, 18-18)
    !dm <nation> <points> [why]      DM points the log cannot show (scenario extra DM, off-map events)
    !vp <area> <VP> [why]            the VP of an area of the scenario's VP schedule the log cannot
                                     show, e.g. !vp 1 3 (EF duration games: areas 1 and 3)
    !optional <rule>                 an optional rule is in play, e.g. !optional 22-22
    !joins <nation>                  a neutral nation joins the war now (Eastern Front 11-51, 11-55,
                                     17-6)
    !roll <rule>                     the next 1d6 is the roll of that rule (Eastern Front 11-55:
                                     Romania's entry; 17-6: Italy's entry)

River Flotillas (36-7, 36-8; the flotilla's owner types it in the enemy's Movement Phase)::

    !interdict <unit> [with <flotilla>[, <flotilla>…]]
                                     the enemy unit that just crossed the Danube is attacked by the
                                     flotilla(s) at 3 × their strength; the next 1d6 is the roll
                                     (``<unit>`` may be a hex: the one unit that crossed into it)

RPL exchanges (Eastern Front 45-4, 47-3)::

    !exchange <unit>                 the German 5-4 RPL division in Bulgaria (Russian 3-3 in
                                     Romania) named, or in the hex typed, is replaced now by three
                                     SP of Bulgarian (Romanian) RPL units
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from modgen.check import declarations as decl
from modgen.check.declarations import no_args, one_word, unit_and_path, unit_only
from modgen.hexgrid import Hex

#: terrain names a defender may type for ``!terrain`` -> TEC row id (13-3, TEC)
TERRAIN_WORDS = {
    "clear": "clear", "broken": "broken", "hilly": "hilly", "hills": "hilly", "woods": "woods",
    "wood": "woods", "forest": "woods", "swamp": "swamp", "marsh": "swamp", "rough": "rough",
    "wooded rough": "wooded_rough", "woodedrough": "wooded_rough", "mountain": "mountain",
    "mountains": "mountain", "mtn": "mountain", "alpine": "alpine", "urban": "urban",
    "suburban": "suburban", "city": "urban",
}


@dataclass(frozen=True)
class Payment:
    """One ``<HQ> <SP> [for <units>]`` of a ``supply`` clause (13-7, 19-2): the HQ as typed ("" when
    not named), the Supply Points it spends (None when no number was typed) and the units it pays
    for as typed (``()``: not stated)."""

    hq: str
    sp: int | None
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatDeclaration(decl.Declaration):
    """``!attack`` / ``!counterattack``: ``hexes[0]`` is the hex attacked. ``units`` None = not
    stated; ``supply`` None = not stated, ``()`` = ``supply none``; ``option`` is ``"fortress"``
    (29-7: an artillery attack on the fortress and artillery only) or ``"none"`` (no
    counterattack)."""

    units: tuple[str, ...] | None = None
    supply: tuple[Payment, ...] | None = None
    half: tuple[str, ...] = ()
    option: str | None = None

    @property
    def target(self) -> Hex:
        return self.hexes[0]


#: a hex as typed: ``CCRR``, or ``SHEET:CCRR`` in a game of several sheets (``6-5:1607``; sheet
#: ids are map ids, as ``!rail`` paths take them: ``decl.parse_sheet_path``)
_HEX = re.compile(r"^(?:(?P<sheet>\d-\d[A-Z]?):)?(?P<hex>\d{4})$")
_CLAUSE = re.compile(r"\b(with|supply|half|for|vs)\b", re.I)


def hex_ref(word: str) -> tuple[str | None, Hex] | None:
    """(sheet or None, hex) of a typed ``CCRR`` / ``SHEET:CCRR``, None when ``word`` is no hex."""
    m = _HEX.match(word.strip())
    return (m["sheet"], Hex.parse(m["hex"])) if m else None


def _hex(word: str, keyword: str) -> tuple[Hex, str | None]:
    ref = hex_ref(word)
    if ref is None:
        raise decl.DeclarationError(f"!{keyword} needs the hex first (CCRR, or SHEET:CCRR where "
                                    f"several sheets are in play), not {word!r}")
    return ref[1], ref[0]


MAX_ITEMS = 60      # units or payments in one clause: more is no declaration a player types


def _units(text: str, keyword: str, clause: str) -> tuple[str, ...]:
    items = tuple(" ".join(t.split()) for t in text.split(",", MAX_ITEMS))
    if len(items) > MAX_ITEMS:
        raise decl.DeclarationError(f"!{keyword}: more than {MAX_ITEMS} items in '{clause}'")
    if not items or any(not t for t in items):
        raise decl.DeclarationError(f"!{keyword}: '{clause}' needs units separated by commas")
    return items


def _payments(text: str, keyword: str) -> tuple[Payment, ...]:
    out = []
    items = text.split(",", MAX_ITEMS)
    if len(items) > MAX_ITEMS:
        raise decl.DeclarationError(f"!{keyword}: more than {MAX_ITEMS} payments in 'supply'")
    for item in items:
        words = item.split()
        if not words:
            raise decl.DeclarationError(f"!{keyword}: 'supply' needs <HQ> <SP> (or 'none')")
        if len(words) == 1 and words[0].lower() == "none":
            continue
        sp = None
        if words[-1].isdigit():
            sp = int(words[-1])
            words = words[:-1]
        if sp is not None and sp > 100:
            raise decl.DeclarationError(f"!{keyword}: {sp} SP is more than an HQ holds (17-4)")
        out.append(Payment(" ".join(words), sp))
    return tuple(out)


def _combat(keyword: str, rest: str) -> CombatDeclaration:
    words = rest.split(None, 1)
    if not words:
        raise decl.DeclarationError(f"!{keyword} needs the hex attacked, e.g. !{keyword} 2119 "
                                    f"with 35 Inf XX supply 1st 1")
    target, sheet = _hex(words[0], keyword)
    tail = words[1] if len(words) > 1 else ""
    keyword = {"att": "attack", "ca": "counterattack"}.get(keyword, keyword)
    if keyword == "counterattack" and tail.strip().lower() in ("none", "no"):
        return CombatDeclaration(keyword, hexes=(target,), sheets=(sheet,), units=(), supply=(),
                                 option="none")
    parts = _CLAUSE.split(tail)
    if parts[0].strip():
        raise decl.DeclarationError(f"!{keyword} {target}: expected 'with', 'supply', 'half' or "
                                    f"'vs' after the hex, not {parts[0].strip()!r}")
    units: tuple[str, ...] | None = None
    supply: list[Payment] | None = None
    half: tuple[str, ...] = ()
    option = None
    for i in range(1, len(parts), 2):
        word, text = parts[i].lower(), parts[i + 1]
        if word == "with":
            units = (units or ()) + _units(text, keyword, "with")
        elif word == "supply":
            supply = (supply or []) + list(_payments(text, keyword))
        elif word == "for":
            if not supply:
                raise decl.DeclarationError(f"!{keyword}: 'for' must follow 'supply <HQ> <SP>'")
            # "for 35, 12, 2nd 1 for 6": an item of two or more words ending in a number starts
            # the next payment (no unit name ends in a bare number after a space)
            items = _units(text, keyword, "for")
            cut = next((j for j, t in enumerate(items)
                        if len(t.split()) > 1 and t.split()[-1].isdigit()), len(items))
            last = supply[-1]
            supply[-1] = Payment(last.hq, last.sp, last.units + items[:cut])
            if cut < len(items):
                supply += list(_payments(", ".join(items[cut:]), keyword))
        elif word == "half":
            half += _units(text, keyword, "half")
        elif word == "vs":
            if text.strip().lower() not in ("fortress", "fortresses", "fort"):
                raise decl.DeclarationError(f"!{keyword}: 'vs' takes 'fortress' (29-7), not "
                                            f"{text.strip()!r}")
            option = "fortress"
    return CombatDeclaration(keyword, hexes=(target,), sheets=(sheet,), args=units or (), units=units,
                             supply=tuple(supply) if supply is not None else None, half=half,
                             option=option)


def _terrain(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split(None, 1)
    if len(words) < 2:
        raise decl.DeclarationError("!terrain needs the hex and the terrain, e.g. !terrain 2119 "
                                    "woods")
    target, sheet = _hex(words[0], keyword)
    name = " ".join(words[1].lower().replace("_", " ").replace("-", " ").split())
    tid = TERRAIN_WORDS.get(name) or TERRAIN_WORDS.get(name.replace(" ", ""))
    if tid is None:
        raise decl.DeclarationError(f"!terrain: unknown terrain {words[1]!r} (one of "
                                    f"{', '.join(sorted(set(TERRAIN_WORDS.values())))})")
    return decl.Declaration(keyword, hexes=(target,), args=(tid,), sheets=(sheet,))


def _retreat(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) == 1 and hex_ref(words[0]) is not None:
        h, sheet = _hex(words[0], keyword)
        return decl.Declaration(keyword, hexes=(h,), args=("hex",), sheets=(sheet,))
    return unit_and_path(keyword, rest)


def _hex_only(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) != 1:
        raise decl.DeclarationError(f"!{keyword} takes one hex, e.g. !{keyword} 2119")
    h, sheet = _hex(words[0], keyword)
    return decl.Declaration(keyword, hexes=(h,), sheets=(sheet,))


# supply and the end of the game (17-19, 26, 22-22)
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


def parse_vp(keyword: str, rest: str) -> decl.Declaration:
    """``!vp <area> <VP> [why]``: the Victory Points of an area of the scenario's VP schedule that
    the log cannot show (EF duration games: area 1, the 33-20 points; area 3, German assistance)."""
    words = rest.split()
    if len(words) < 2 or not re.fullmatch(r"\d{1,2}", words[0]) or not re.fullmatch(r"[-+]?\d{1,3}", words[1]):
        raise decl.DeclarationError("!vp needs <area> <VP> [reason], e.g. !vp 1 3 (area 1 gives 3 VP)")
    return decl.Declaration(keyword, args=(str(int(words[0])), str(int(words[1])), " ".join(words[2:])))


def parse_optional(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) != 1 or not re.fullmatch(r"\d+-\d+", words[0]):
        raise decl.DeclarationError("!optional needs one rule number, e.g. !optional 22-22")
    return decl.Declaration(keyword, args=(words[0],))


_WITH = re.compile(r"\bwith\b", re.I)


def parse_interdict(keyword: str, rest: str) -> decl.Declaration:
    """``!interdict <unit> [with <flotilla>, …]`` (36-7): ``unit`` the unit interdicted as typed
    (or ``hexes[0]`` when a hex was typed: the one unit that crossed the Danube into it);
    ``args`` the flotillas named (``()``: not stated)."""
    parts = _WITH.split(" ".join(rest.split()), maxsplit=1)
    target = parts[0].strip()
    if not target:
        raise decl.DeclarationError("!interdict needs the unit interdicted, e.g. !interdict "
                                    "?1 Inf XX with Enns Flot")
    flotillas: tuple[str, ...] = ()
    if len(parts) > 1:
        flotillas = _units(parts[1], keyword, "with")
    ref = hex_ref(target)
    if ref is not None:
        return decl.Declaration(keyword, hexes=(ref[1],), sheets=(ref[0],), args=flotillas)
    return decl.Declaration(keyword, unit=target, args=flotillas)


def _unit_or_hex(keyword: str, rest: str) -> decl.Declaration:
    """``<unit>`` as typed, or a hex (``hexes[0]``: the unit in it)."""
    target = " ".join(rest.split())
    if not target:
        raise decl.DeclarationError(f"!{keyword} needs a unit or a hex, e.g. !{keyword} 6-5:2513")
    ref = hex_ref(target)
    if ref is not None:
        return decl.Declaration(keyword, hexes=(ref[1],), sheets=(ref[0],))
    return decl.Declaration(keyword, unit=target)


def parse_flag(keyword: str, rest: str) -> decl.Declaration:
    if rest.strip():
        raise decl.DeclarationError(f"!{keyword} takes no arguments")
    return decl.Declaration(keyword)


ATTACK_USAGE = ("!attack <hex> [with <unit>, …] [supply <HQ> <SP> [for <unit>, …], …] "
                "[half <unit>, …] [vs fortress]")
COUNTER_USAGE = "!counterattack <hex> [with <unit>, …] [supply <HQ> <SP> …] [half <unit>, …] | none"

#: keyword -> (parser, usage); ``SYSTEM.declarations`` names this mapping
KEYWORDS = {
    "rail": (unit_and_path, "!rail <unit> <hex>-<hex>[-<hex>…]"),
    "column": (unit_only, "!column <unit>"),
    "war": (no_args, "!war  (Germany declares war on Italy, Italian Front 3-9, linked games)"),
    # combat (12-16, 21): see the module docstring
    "attack": (_combat, ATTACK_USAGE),
    "att": (_combat, "!att …  (short for !attack)"),
    "counterattack": (_combat, COUNTER_USAGE),
    "ca": (_combat, "!ca …  (short for !counterattack)"),
    "terrain": (_terrain, "!terrain <hex> <terrain>  (the defender's choice, 13-3)"),
    "retreat": (_retreat, "!retreat <hex>  |  !retreat <unit> <hex>-<hex>[-<hex>…]"),
    "hold": (_hex_only, "!hold <hex>  (the defender does not retreat, 14-2)"),
    "advance": (unit_and_path, "!advance <unit> <hex>-<hex>  (15)"),
    "siege": (_hex_only, "!siege <hex>  (the next 2d6 is its fortress's surrender roll, 21-11)"),
    # supply, HQs and the end of the game (18-6, 26-1, 15, 22-22)
    "transfer": (parse_transfer, "!transfer <HQ> <SP> to <HQ>  (18-6, e.g. !transfer 1st 3 to 2nd)"),
    "duration": (parse_flag, "!duration  (a duration game: national morale, 15-4..15-8, 18-17/18-18)"),
    "dm": (parse_dm, "!dm <nation> <points> [reason]  (DM the log cannot show)"),
    "vp": (parse_vp, "!vp <area> <VP> [reason]  (an area of the VP schedule the log cannot show)"),
    "optional": (parse_optional, "!optional <rule>  (an optional rule in play, e.g. !optional 22-22)"),
    "roll": (one_word, "!roll <rule>  (the next 1d6 is that rule's roll: Eastern Front 11-55 "
                       "Romania's entry, 17-6 Italy's entry)"),
    # River Flotillas (36-7, 36-8)
    "interdict": (parse_interdict, "!interdict <unit> [with <flotilla>, …]  (36-7: the flotilla "
                                   "attacks a unit crossing the Danube within 2 hexes; the next "
                                   "1d6 is its roll)"),
    "exchange": (_unit_or_hex, "!exchange <unit or hex>  (Eastern Front 45-4 / 47-3: a German 5-4 "
                               "RPL division in Bulgaria, a Russian 3-3 in Romania, for three SP "
                               "of Bulgarian / Romanian RPL units)"),
    "joins": (one_word, "!joins <nation>  (a neutral nation joins the war now: Eastern Front 11-51, "
                        "11-55, 17-6)"),
}
