"""Every tag and attribute the module writes is one VASSAL writes itself.

The reference is the union of what VASSAL 3.7.26 (and 3.6.13) wrote in the fixtures. Three
attributes do not occur there but are read by VASSAL 3.7 (checked in its source):
``PredefinedSetup.description`` (PredefinedSetup.getAttributeNames) and ``name`` of the turn
levels (TurnLevel.getAttributeNames).
"""
from __future__ import annotations

import collections
import zipfile

from lxml import etree

from modgen.module import build

from conftest import shared_path
from module_game import build_kw, tiny_game

READ_BY_VASSAL_37 = {
    "VASSAL.build.module.PredefinedSetup": {"description"},
    "VASSAL.build.module.turn.CounterTurnLevel": {"name"},
    "VASSAL.build.module.turn.ListTurnLevel": {"name"},
}


def _known() -> dict[str, set[str]]:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    base = shared_path("fixtures", "vassal")
    roots = [etree.parse(str(base / f), parser).getroot() for f in (
        "vassal-3.7.26-default-components.xml", "vassal-3.7.26-roundtrip-buildFile.xml",
        "almoravid-3.6.13-buildFile.xml")]
    for vmod in ("hextest-loaded-by-3.7.26.vmod", "logs/VlogTest.vmod"):
        roots.append(etree.fromstring(zipfile.ZipFile(base / vmod).read("buildFile.xml"), parser))
    known: dict[str, set[str]] = collections.defaultdict(set)
    for root in roots:
        for el in root.iter():
            if isinstance(el.tag, str):
                known[el.tag].update(el.attrib)
    for tag, extra in READ_BY_VASSAL_37.items():
        known[tag] |= extra
    return known


def test_tags_and_attributes_are_vassals():
    known = _known()
    xml = dict(build.build_entries(tiny_game(extra_counter=True), **build_kw()))["buildFile.xml"]
    root = etree.fromstring(xml)
    seen_tags = set()
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        seen_tags.add(el.tag)
        assert el.tag in known or el.tag in ("entry", "option"), el.tag
        unknown = set(el.attrib) - known.get(el.tag, set()) - ({"name"} if el.tag == "option" else set())
        assert not unknown, (el.tag, sorted(unknown))
    assert "VASSAL.build.module.map.boardPicker.board.RegionGrid" in seen_tags
