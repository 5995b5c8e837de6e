"""The combat declarations of docs/declarations.md: what players type, parsed tolerantly (case,
spaces, commas), and clear errors for what is not a declaration."""
from __future__ import annotations

import pytest

from modgen.check.declarations import DeclarationError, Grammar
from modgen.hexgrid import Hex
from modgen.systems.der_weltkrieg.declarations import KEYWORDS, Payment

G = Grammar(KEYWORDS)


def parse(text):
    return G.parse(text, player="P", step=7)


def test_attack_with_units_and_supply():
    d = parse("!attack 2119 with 35 Inf XX, 12 Inf XX supply 1st 3")
    assert d.keyword == "attack" and d.target == Hex.parse("2119")
    assert d.units == ("35 Inf XX", "12 Inf XX")
    assert d.supply == (Payment("1st", 3),)
    assert (d.player, d.step, d.text) == ("P", 7, "!attack 2119 with 35 Inf XX, 12 Inf XX supply 1st 3")


def test_spacing_case_and_shortcuts():
    d = parse("  !ATTACK   2119   With 35 inf xx ,12 Inf XX   SUPPLY 1st 3 FOR 35, 2nd 1 for 12 "
              "half 6")
    assert d.units == ("35 inf xx", "12 Inf XX")
    assert d.supply == (Payment("1st", 3, ("35",)), Payment("2nd", 1, ("12",)))
    assert d.half == ("6",)
    assert parse("!att 2119").keyword == "attack" and parse("!att 2119").units is None
    assert parse("!ca 2119 none").option == "none" and parse("!ca 2119 none").keyword == \
        "counterattack"
    assert parse("!attack 2119 with 2118 supply none").supply == ()
    assert parse("!attack 2107 with 2106 vs fortress").option == "fortress"


def test_terrain_retreat_hold_advance_siege():
    assert parse("!terrain 2119 Wooded-Rough").args == ("wooded_rough",)
    assert parse("!terrain 2119 wooded rough").args == ("wooded_rough",)
    assert parse("!terrain 2119 marsh").args == ("swamp",)
    r = parse("!retreat 2119")
    assert r.hexes == (Hex.parse("2119"),) and r.args == ("hex",) and r.unit is None
    r = parse("!retreat Tst Inf X 3419-3519")
    assert r.unit == "Tst Inf X" and r.hexes == (Hex.parse("3419"), Hex.parse("3519"))
    assert parse("!hold 2817").hexes == (Hex.parse("2817"),)
    assert parse("!advance 35 Inf XX 2118-2119").unit == "35 Inf XX"
    assert parse("!siege 2107").hexes == (Hex.parse("2107"),)


def test_hexes_with_their_sheet():
    """A game of several sheets names a hex SHEET:CCRR in every hex-taking declaration, as !rail
    does; the parser keeps the sheet typed (None for a bare hex) and the engine reads the hex on
    it (test_eastern_front_combat)."""
    d = parse("!attack 4-5N:1917 with 4-5:2001, 1916 supply 9th 4 for 4-5:2001")
    assert d.target == Hex.parse("1917") and d.sheets == ("4-5N",)
    assert d.units == ("4-5:2001", "1916") and d.supply == (Payment("9th", 4, ("4-5:2001",)),)
    d = parse("!ca 6-4:2018 none")
    assert (d.keyword, d.option, d.sheets) == ("counterattack", "none", ("6-4",))
    for text, kw in (("!terrain 5-5S:2803 woods", "terrain"), ("!retreat 5-5S:2803", "retreat"),
                     ("!hold 5-5S:2803", "hold"), ("!siege 5-5S:2803", "siege")):
        d = parse(text)
        assert (d.keyword, d.hexes, d.sheets) == (kw, (Hex.parse("2803"),), ("5-5S",)), text
    d = parse("!advance 22 Inf XX 4-5:2001-4-5N:1917")
    assert d.hexes == (Hex.parse("2001"), Hex.parse("1917")) and d.sheets == ("4-5", "4-5N")
    d = parse("!retreat 13 Inf XX 4-5N:1917-1816")
    assert d.unit == "13 Inf XX" and d.sheets == ("4-5N", None)
    assert parse("!hold 2817").sheets == (None,)       # one sheet in play: plain CCRR


@pytest.mark.parametrize("text,why", [
    ("!attack", "needs the hex attacked"),
    ("!attack 21x9 with 35", r"needs the hex first \(CCRR, or SHEET:CCRR"),
    ("!hold 6-5:21x9", r"needs the hex first"),
    ("!attack 2119 35 Inf XX", "expected 'with'"),
    ("!attack 2119 for 35", "'for' must follow"),
    ("!attack 2119 with 35 vs hq", "'vs' takes 'fortress'"),
    ("!attack 2119 with 35 supply 1st 300", "more than an HQ holds"),
    ("!terrain 2119", "needs the hex and the terrain"),
    ("!terrain 2119 lava", "unknown terrain"),
    ("!hold", "takes one hex"),
    ("!attack 2119 with 35,, 12", "separated by commas"),
])
def test_errors_name_what_is_wrong(text, why):
    with pytest.raises(DeclarationError, match=why):
        parse(text)
