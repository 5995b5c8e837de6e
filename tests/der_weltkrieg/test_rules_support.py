"""Shared builders for the Der Weltkrieg rules tests (no tests here).

The movement numbers come from the project's own Terrain Effects Chart data
(tables/der-weltkrieg/tec.yaml, loaded by modgen.systems.der_weltkrieg.tables), so the worked examples test the
data and the logic together.
"""
from __future__ import annotations

from functools import lru_cache

from modgen.hexgrid import Hex
from modgen.systems.der_weltkrieg.tables import load_tec
from modgen.model.types import Counter, Face
from modgen.model.validate import FileCtx
from modgen.model.yamlio import load_yaml
from modgen.systems.der_weltkrieg.rules import TerrainCosts, UnitView
from conftest import ROOT

CP, EN = "central-powers", "entente"


@lru_cache(maxsize=1)
def tec_costs() -> TerrainCosts:
    path = ROOT / "tables" / "der-weltkrieg" / "tec.yaml"
    errors: list = []
    tec = load_tec(load_yaml(path), FileCtx(str(path), errors))
    assert not errors, errors
    return TerrainCosts.from_tec(tec)


def counter(cid: str = "u", *, type: str = "inf", size: str = "XX", nation: str = "germany",
            strength: int | None = 8, movement: int | None = 5, back: tuple[int, int] | None = None,
            designation: str | None = None, rail_only: bool = False, rpl: bool = False,
            full_strength: int | None = None, qualifiers: tuple[str, ...] = ()) -> Counter:
    b = Face(*back) if back else None
    return Counter(cid, nation, type, size, designation or cid,
                   Face(strength, movement, rail_only=rail_only), b, full_strength=full_strength,
                   rpl=rpl, qualifiers=qualifiers)


def unit(at: str | None = None, side: str = CP, **kw) -> UnitView:
    c = counter(**kw)
    return UnitView(c, side, hex=Hex.parse(at) if at else None)


def H(s: str) -> Hex:
    return Hex.parse(s)
