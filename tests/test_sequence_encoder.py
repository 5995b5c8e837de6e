"""SequenceEncoder: VASSAL's own examples and decode(encode(x)) == x."""
from __future__ import annotations

from hypothesis import given, strategies as st

from modgen.vassal.sequence import Decoder, SequenceEncoder, decode, encode


def test_javadoc_example():
    inner = SequenceEncoder(",", "B").append("C").value
    assert SequenceEncoder(",", "A").append(inner).value == "A,B\\,C"
    d = Decoder("A,B\\,C", ",")
    assert next(d) == "A"
    assert decode(next(d), ",") == ["B", "C"]


def test_null_and_empty():
    assert SequenceEncoder(";").value is None
    assert SequenceEncoder(";").append(None).value == ""
    assert decode("", ";") == [""]
    assert decode("a;", ";") == ["a", ""]


def test_quoting_of_leading_backslash_and_quoted_values():
    assert encode(["\\x", "y"], ";") == "'\\x';y"
    assert encode(["'q'"], ";") == "''q''"
    assert decode("''q'';z", ";") == ["'q'", "z"]


def test_typed_defaults_follow_java():
    d = Decoder("7; 8;x", ";")
    assert d.int(0) == 7
    assert d.int(-1) == -1      # Integer.parseInt(" 8") fails in Java
    assert d.bool(True) is False
    assert d.int(42) == 42      # no more tokens


def test_pieceslot_type_nesting_reference():
    """vassal-format.md §3.4: the inner-most trait's TABs carry one more backslash per level."""
    basic = "piece;;;unit_front.png;3rd Rifle Div"
    emb = "emb2;;128;;;128;;;128;;;;1;false;0;0;unit_front.png,unit_back.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Flip to reduced side;1.0;;true"
    chain = encode(["prototype;Infantry", encode([emb, basic], "\t")], "\t")
    state = encode(["", encode(["1", "null;0;0;7;0"], "\t")], "\t")
    text = "+/" + encode(["null", chain, state], "/")
    assert text == ("+/null/prototype;Infantry\temb2;;128;;;128;;;128;;;;1;false;0;0;unit_front.png,unit_back.png;"
                    ",+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Flip to reduced side;1.0;;true\\\tpiece;;;"
                    "unit_front.png;3rd Rifle Div/\t1\\\tnull;0;0;7;0")


texts = st.text(alphabet=st.sampled_from(list("ab;,\\'\t/ x")), max_size=12)


@given(st.lists(texts, min_size=1, max_size=6), st.sampled_from([";", ",", "\t", "/"]))
def test_round_trip(items, delim):
    # VASSAL's known quirk (§3.1): a value ending in a backslash followed by a delimiter is misread;
    # its encoder has the same bug, so such values are outside the contract.
    items = [i for i in items if not i.endswith("\\")] or ["a"]
    assert decode(encode(items, delim), delim) == items
