"""Piece definitions: exact trait strings, and every PieceSlot/prototype decodes back."""
from __future__ import annotations

import re

import pytest
from lxml import etree

from modgen.module import pieces as P
from modgen.module import traits as T
from modgen.vassal.sequence import Decoder
from modgen.vassal.traits import parse_piece, split_chain

from conftest import shared_path
from module_game import tiny_game


def test_reference_piece_slot_byte_for_byte():
    """vassal-format.md §3.4: the checked PieceSlot text."""
    piece = T.chain([
        T.use_prototype("Infantry"),
        T.embellishment("Step", ["unit_front.png", "unit_back.png"], ["", "+ (reduced)"],
                        increase_key="70,130", description="Flip to reduced side"),
        T.basic_piece("unit_front.png", "3rd Rifle Div", gpid=7),
    ])
    expected = ("+/null/prototype;Infantry\temb2;;128;;;128;;;128;;;;1;false;0;0;"
                "unit_front.png,unit_back.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;"
                "Flip to reduced side;1.0;;true\\\tpiece;;;unit_front.png;3rd Rifle Div/"
                "\t1\\\tnull;0;0;7;0")
    assert T.add_piece(piece) == expected


def _fixture_text(xml_path, tag, **attrs) -> list[str]:
    root = etree.parse(str(xml_path), etree.XMLParser(resolve_entities=False,
                                                      no_network=True)).getroot()
    out = []
    for el in root.iter(tag):
        if all(el.get(k) == v for k, v in attrs.items()):
            out.append("".join(el.itertext()))
    return out


def test_vlogtest_prototype_and_slot_reproduced(tmp_path):
    """Traits written by VASSAL 3.7.26 in the VlogTest module, rebuilt field by field."""
    import zipfile
    vmod = shared_path("fixtures", "vassal", "logs", "VlogTest.vmod")
    xml = tmp_path / "buildFile.xml"
    xml.write_bytes(zipfile.ZipFile(vmod).read("buildFile.xml"))
    [proto] = _fixture_text(xml, "VASSAL.build.module.PrototypeDefinition", name="Unit")
    ours = T.add_piece(T.chain([
        T.movement_markable("moved.png"),
        T.footprint(),
        T.send_to_location("Send to Dead Pile", "75,130", "Dead Pile", "Dead Pile Board", 150,
                           100, description="Eliminate"),
        T.delete(),
        T.basic_piece("", ""),
    ]))
    assert ours == proto
    slot = _fixture_text(xml, "VASSAL.build.widget.PieceSlot", gpid="1")[0]
    ours = T.add_piece(T.chain([
        T.report_state(["70,130"], "$location$: $oldPieceName$ flipped to $newPieceName$ *",
                       "Report flips"),
        T.use_prototype("Unit"),
        T.marker([("UnitId", "B1"), ("Nation", "Blue"), ("Type", "Infantry"), ("Strength", 4),
                  ("Movement", 3)]),
        T.embellishment("Step", ["blue_infantry_full.png", "blue_infantry_reduced.png"],
                        ["", "+ (reduced)"], up_command="Flip", increase_key="70,130",
                        description="Flip full/reduced"),
        T.basic_piece("blue_infantry_full.png", "1st Blue Infantry", gpid=1),
    ]))
    assert ours == slot


def test_trait_field_orders():
    assert T.delete() == T.Trait("delete;Delete;68,130;", "")
    assert T.marker([("A", "x,y"), ("B", None)]) == T.Trait("mark;A,B", "x\\,y,")
    assert T.use_prototype("a;b") == T.Trait("prototype;a\\;b", "")
    assert T.immobilized() == T.Trait("immob;;V;L;", "")
    assert T.basic_piece("i.png", "N", map_id="Main Map", x=5, y=6, gpid=3,
                         properties=[("UniqueID", "99")]) == \
        T.Trait("piece;;;i.png;N", "Main Map;5;6;3;1;UniqueID;99")
    assert T.stack("Main Map", 1, 2, ["a", "b"]) == T.Trait("stack", "Main Map;1;2;a;b;@@1")
    # ReportState keys are a keystroke array: inner commas escaped
    assert T.report_state(["70,130", "75,130"], "f").type == "report;70\\,130,75\\,130;f;;;;false"
    assert T.add_piece(T.Trait("a/b", "c"), "7") == "+/7/a\\/b/c"


def test_chain_nesting_escapes_one_level_per_depth():
    t = T.chain([T.Trait("a;", "1"), T.Trait("b;", "2"), T.Trait("c;", "3"),
                 T.Trait("piece;;;;", "null;0;0;;0")])
    assert t.type == "a;\tb;\\\tc;\\\\\tpiece;;;;"
    assert split_chain(t.type, t.state) == [("a;", "1"), ("b;", "2"), ("c;", "3"),
                                            ("piece;;;;", "null;0;0;;0")]


def _decode_add(text: str) -> tuple[str, str, str]:
    d = Decoder(text, "/")
    assert d.token() == "+"
    return d.token(), d.token(), d.token("")


def test_every_slot_and_prototype_decodes_back():
    game = tiny_game()
    protos = {p.name: _decode_add(p.text)[1:] for p in P.prototypes(game)}
    slots = P.slots(game)
    assert [s.gpid for s in slots] == list(range(1, len(slots) + 1))
    for p in P.prototypes(game):
        pid, ptype, pstate = _decode_add(p.text)
        assert pid == "null" and ptype.endswith("piece;;;;")
    for s in slots:
        pid, type_, state = _decode_add(s.text)
        assert pid == "null"
        assert (type_, state) == s.piece
        piece = parse_piece(type_, state, protos)
        assert piece.basic.gpid == str(s.gpid)
        assert piece.basic.map is None
        if s.counter:
            c = game.counters[s.counter]
            props = piece.properties()
            assert props["UnitId"] == c.id
            assert props["Nation"] == c.nation
            assert props["Side"] == game.side_of(c.nation)
            assert props["Designation"] == c.designation
            assert props["Strength"] == ("" if c.front.strength is None else str(c.front.strength))
            assert props["ReducedStrength"] == ("" if c.back is None or c.back.strength is None
                                                else str(c.back.strength))
            assert props["NationName"] == game.nations[c.nation].name   # from the prototype
            assert piece.layers() == {"Step": 1}
            assert piece.name == c.name
            assert piece.find("sendto;") and piece.find("delete;") and piece.find("footprint;")
            reports = [t.type for t in piece.find("report;")]
            # elimination always; the flip report only where there is a back to flip to (a
            # ReportState reports its key even when no inner trait reacted); HQ supply points
            assert len(reports) == 1 + (c.back is not None) + (c.type == "hq")
            assert any("flipped" in r for r in reports) == (c.back is not None)
            [emb] = [e for _, e in piece.embellishments()]
            assert len(emb.images) == (2 if c.back else 1)
        else:
            m = game.markers[s.marker]
            assert piece.properties()["MarkerId"] == m.id
            assert piece.properties()["MarkerValue"] == (s.value or "")


def test_reduced_level_shows_reduced_name():
    game = tiny_game()
    c = game.counters["it-inf-xx-1"]
    t, s = T.chain(P.unit_traits(game, c, level=2, gpid=4, map_id="Main Map", x=1, y=2,
                                 piece_id="1000001"))
    piece = parse_piece(t, s)
    assert piece.layers() == {"Step": 2}
    assert piece.name == f"{c.name} (reduced)"
    assert piece.basic.map == "Main Map"
    assert (piece.basic.x, piece.basic.y) == (1, 2)


def test_hq_supply_points_property():
    game = tiny_game()
    t, s = T.chain(P.unit_traits(game, game.counters["ah-hq-xxxx-tir"], supply_points=5))
    assert parse_piece(t, s).properties()["SupplyPoints"] == "5"
    [prop] = [x for x, _ in split_chain(t, s) if x.startswith("PROP;")]
    fields = Decoder(prop, ";")
    assert [fields.token() for _ in range(3)] == ["PROP", "SupplyPoints", "true,0,999,false"]
    commands = [Decoder(c, ":") for c in Decoder(fields.token(), ",")]
    assert [[c.token(), c.token(), c.token()] for c in commands] == [
        ["Add 1 supply point", "83,195", "I,1"], ["Spend 1 supply point", "83,650", "I,-1"],
        ["Set supply points", "83,130", "R,Supply points of this HQ"]]
