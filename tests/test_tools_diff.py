"""``modgen diff``: modules (ours and published) and saves, compared by what changed, decoded."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lxml import etree

from modgen.cli import main
from modgen.module import traits as T
from modgen.paths import PROJECT_ROOT
from modgen.tools import diff
from modgen.vassal.sequence import SequenceEncoder, decode
from modgen.vassal.traits import join_chain, parse_piece, split_chain

from conftest import shared_path

FOLDERS = ("games", "counters", "maps", "scenarios", "tables")


def _enc(items, delim):
    se = SequenceEncoder(delim)
    for i in items:
        se.append(i)
    return se.value


# --------------------------------------------------------------------------- our modules

@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """Our module, and the same after an erratum: 35 Inf XX printed 5-4 instead of 4-4 and
    set up in 1723 instead of 1722 in May 1915."""
    d = tmp_path_factory.mktemp("diff")
    data = d / "data"
    for f in FOLDERS:
        shutil.copytree(PROJECT_ROOT / f, data / f)
    a = d / "a.vmod"
    assert main(["build", "--data", str(data), "-o", str(a), "-q", "--no-cache"]) == 0
    c = data / "counters/italian-front/italy.yaml"
    text = c.read_text(encoding="utf-8")
    old = '{id: it-inf-xx-35, type: inf, size: XX, designation: "35", front: "4-4"'
    assert old in text
    c.write_text(text.replace(old, old.replace('"4-4"', '"5-4"')), encoding="utf-8")
    s = data / "scenarios/italian-front/if-1915-05.yaml"
    text = s.read_text(encoding="utf-8")
    assert '{counter: it-inf-xx-35, hex: "1722"' in text
    s.write_text(text.replace('{counter: it-inf-xx-35, hex: "1722"',
                              '{counter: it-inf-xx-35, hex: "1723"'), encoding="utf-8")
    b = d / "b.vmod"
    assert main(["build", "--data", str(data), "-o", str(b), "-q", "--no-cache"]) == 0
    return a, b


def test_our_module_erratum_is_named_piece_image_and_setup(two_builds, capsys):
    a, b = two_builds
    assert main(["diff", str(a), str(b), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    assert rep["kind"] == "module" and rep["same"] is False
    by = {(c["section"], c["kind"], c["what"]): c["details"] for c in rep["changes"]}
    assert by[("pieces", "changed", "35 Inf XX")] == ["Marker Strength 4 → 5"]
    img = by[("images", "changed", "images/it-inf-xx-35-front.png")][0]
    n = int(img.split()[0])
    assert 0 < n < 56 * 56 and "of 3136 pixels differ" in img
    assert ("images", "changed", "images/it-inf-xx-35-back.png") not in by   # back: 3-4 still
    assert by[("setups", "moved", "set-up 'Italian Front May 1915': 35 Inf XX 1722 → 1723")] == [
        "Strength 4 → 5"]
    # the other set-ups hold the same pieces where they were: only the data version differs
    other = [k for k in by if k[0] == "setups" and "May 1915'" not in k[2]]
    assert other and all("same pieces, positions and states" in by[k][0] for k in other)
    assert not [k for k in by if k[0] == "prototypes"]

    assert main(["diff", str(a), str(b)]) == 1
    text = capsys.readouterr().out
    assert "35 Inf XX: Marker Strength 4 → 5" in text
    assert "35 Inf XX 1722 → 1723" in text


def test_same_module_is_exit_0(two_builds, capsys):
    a, _ = two_builds
    assert main(["diff", str(a), str(a)]) == 0
    assert "the same" in capsys.readouterr().out


def test_layer_image_change_is_decoded():
    def piece(back_image: str, strength: str) -> tuple[str, str]:
        chain = [T.marker([("UnitId", "it-inf-xx-35"), ("Strength", strength)]),
                 T.embellishment("Step", ["it-inf-xx-35-front.png", back_image],
                                 ["", "+ (reduced)"]),
                 T.basic_piece("it-inf-xx-35-front.png", "35 Inf XX")]
        return join_chain([(t.type, t.state) for t in chain])
    a = piece("it-inf-xx-35-back.png", "5")
    b = piece("it-inf-xx-35-back-v2.png", "4")
    assert diff.trait_changes(*a, *b) == [
        "Marker Strength 5 → 4",
        "Layer 'Step': level 2 image it-inf-xx-35-back.png → it-inf-xx-35-back-v2.png"]
    # a trait added and one removed, by kind and name
    chain = split_chain(*a)
    t = T.report_state(["70,130"], "$location$: $newPieceName$")
    c = join_chain([(t.type, t.state)] + chain[:1] + chain[2:])
    assert diff.trait_changes(*a, *c) == ["trait added: Report action",
                                          "trait removed: Layer 'Step'"]


# --------------------------------------------------------------------------- a published module

def test_published_module_edited(tmp_path, capsys):
    src = shared_path("fixtures", "vassal", "almoravid-3.6.13-buildFile.xml")
    root = etree.fromstring(src.read_bytes(), etree.XMLParser(resolve_entities=False))
    slot = next(el for el in root.iter("VASSAL.build.widget.PieceSlot")
                if el.get("entryName") == "Christian Lord Mat")
    f = decode(slot.text[2:], "/")
    parts = split_chain(f[1], f[2])
    i = next(j for j, (t, _) in enumerate(parts) if t.startswith("mark;"))
    keys = decode(decode(parts[i][0], ";")[1], ",")
    values = decode(parts[i][1], ",") if parts[i][1] else [""] * len(keys)
    old = values[0]
    values[0] = "edited"
    parts[i] = (parts[i][0], _enc(values, ","))
    slot.text = "+/" + _enc(["null", *join_chain(parts)], "/")
    prop = next(root.iter("VASSAL.build.module.properties.GlobalProperty"))
    gp_name = prop.get("name")
    prop.getparent().remove(prop)
    mp = next(el for el in root.iter("VASSAL.build.module.Map") if el.get("mapName") == "Main Map")
    thickness = mp.get("thickness")
    mp.set("thickness", "9")
    out = tmp_path / "buildFile.xml"
    out.write_bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))

    assert main(["diff", str(src), str(out), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    by = {(c["section"], c["kind"]): [] for c in rep["changes"]}
    for c in rep["changes"]:
        by[(c["section"], c["kind"])].append((c["what"], c["details"]))
    assert by[("pieces", "changed")] == [("Christian Lord Mat", [f"Marker {keys[0]} {old} → edited"])]
    assert [w for w, _ in by[("components", "removed")]] == [
        w for w, _ in by[("components", "removed")] if w.endswith(f"GlobalProperty[{gp_name}]")]
    assert len(by[("components", "removed")]) == 1
    changed = dict(by[("components", "changed")])
    assert changed == {"GameModule/Map[Main Map]": [f"thickness '{thickness}' → '9'"]}
    assert len(rep["changes"]) == 3


# --------------------------------------------------------------------------- saves

def test_two_saves_positions_match_what_vassal_printed(capsys):
    logs = shared_path("fixtures", "vassal", "logs")
    exp = json.loads((logs / "all_actions.expected.json").read_text(encoding="utf-8"))
    begin, final = exp["begin_state"], exp["final_state"]
    assert main(["diff", str(logs / "setup.vsav"), str(logs / "all_actions.vlog"),
                 "--module", str(logs / "VlogTest.vmod"), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    moved = {c["what"] for c in rep["changes"] if c["kind"] == "moved"}
    removed = {c["what"].split(" (was")[0] for c in rep["changes"] if c["kind"] == "removed"}
    def units(state):   # top-level stacks' members, and bare pieces (after an Undo)
        return {u["id"]: u for m in state["maps"] for s in m["top_level"]
                for u in (s.get("members_bottom_to_top") or [s["piece"]] if "piece" in s
                          else s.get("members_bottom_to_top", []))}
    b, f = units(begin), units(final)
    want_moved, want_removed = set(), set()
    for pid, u in b.items():
        if pid not in f:
            want_removed.add(u["name"])
            continue
        v = f[pid]
        if (u["map"], u["hex"]) != (v["map"], v["hex"]):
            if u["map"] == v["map"]:
                want_moved.add(f"{v['name']} {u['hex']} → {v['hex']}")
            else:
                want_moved.add(f"{v['name']} {u['map']} {u['hex']} → {v['map']} "
                               + (v["hex"] if v["hex"] != "offboard" else f"{v['x']},{v['y']}"))
    assert moved == want_moved and removed == want_removed
    assert len(want_moved) >= 3
    turn = [c for c in rep["changes"] if c["what"].startswith("turn tracker")]
    assert turn and turn[0]["details"] == [
        f"{begin['turn']['turnString'].strip()} → {final['turn']['turnString'].strip()}"]
    assert "blue-secret" not in json.dumps(rep)


def test_same_save_is_exit_0(capsys):
    logs = shared_path("fixtures", "vassal", "logs")
    assert main(["diff", str(logs / "setup.vsav"), str(logs / "setup.vsav")]) == 0


def test_project_saves_by_id(tmp_path, capsys):
    from modgen.testing import TestGame
    from modgen.model import load_game
    game = load_game("italian-front")
    g = TestGame(game, game.scenarios["if-1915-05"])
    a = g.write(tmp_path / "a.vsav")
    g.move("it-inf-xx-35", "1722", "1723")
    g.flip("it-inf-xx-6")
    b = g.write(tmp_path / "b.vlog")
    assert main(["diff", str(a), str(b), "--json"]) == 1
    rep = json.loads(capsys.readouterr().out)
    kinds = sorted((c["kind"], c["what"].split(" ")[0]) for c in rep["changes"]
                   if c["section"] == "pieces")
    assert kinds == [("changed", "6"), ("moved", "35")], rep


# --------------------------------------------------------------------------- errors

def test_bad_input_is_one_line_exit_2(tmp_path, capsys, two_builds):
    a, _ = two_builds
    logs = shared_path("fixtures", "vassal", "logs")
    alm = shared_path("fixtures", "vassal", "almoravid-3.6.13-buildFile.xml")
    txt = tmp_path / "notes.txt"
    txt.write_text("hello")
    out = tmp_path / "o.txt"
    cases = [(str(a), str(logs / "setup.vsav"), "only two modules or two saves"),
             (str(alm), str(a), "unrelated modules"),
             (str(a), str(txt), "neither"),
             (str(a), str(tmp_path / "missing.vmod"), "not found")]
    for x, y, what in cases:
        assert main(["diff", x, y, "-o", str(out)]) == 2
        cap = capsys.readouterr()
        assert cap.out == "" and len(cap.err.strip().splitlines()) == 1, cap.err
        assert what in cap.err and y in cap.err and "Traceback" not in cap.err
        assert not out.exists()
