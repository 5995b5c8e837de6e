"""Property tests (hypothesis) for the command-tree codec, typed commands and trait chains."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from modgen.vassal.commands import (AddPiece, ChangePiece, Chat, MovePiece, MutableProperty, Node,
                                    Opaque, Secret, Turn, decode_tree, encode_tree, iter_preorder,
                                    parse_command)
from modgen.vassal.traits import join_chain, parse_piece, split_chain

# tokens a VASSAL encoder can write: no ESC inside, not ending in a backslash, not starting with
# a backslash or quote (those are quoted by the encoder and re-rooted by the decoder)
_alphabet = st.sampled_from(list("ab/;\t\\'|,@ xyz09é"))
token = st.text(_alphabet, max_size=12).filter(
    lambda t: not t.endswith("\\") and not t.startswith(("\\", "'")))


def trees(depth=3):
    if depth == 0:
        return st.builds(Node, token, st.just([]))
    return st.builds(Node, token, st.lists(trees(depth - 1), max_size=3))


@settings(max_examples=200, deadline=None)
@given(trees())
def test_tree_roundtrip(tree):
    text = encode_tree(tree)
    back = decode_tree(text)
    assert encode_tree(back) == text
    assert back == tree


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_any_text_decodes_to_a_fixed_point(text):
    tree = decode_tree(text)
    once = encode_tree(tree)
    # VASSAL's own quirk: an element ending in a backslash swallows the next ESC
    if not any(n.token.endswith("\\") for n in iter_preorder(tree)):
        assert encode_tree(decode_tree(once)) == once


@settings(max_examples=600, deadline=None)
@given(st.text(st.sampled_from(list("ab\\'\x1b")), min_size=1, max_size=12))
def test_esc_split_equals_vassal_decoder(s):
    """The command tree's one-level split is SequenceEncoder.Decoder on ESC, token for token —
    including a last token that ends in a backslash escaping no delimiter (kept)."""
    from modgen.vassal.commands import _split
    from modgen.vassal.sequence import decode
    if "\x1b" in s:
        assert _split(s) == decode(s, "\x1b")


def test_a_trailing_backslash_survives_the_round_trip():
    text = "a\x1bb\\"
    tree = decode_tree(text)
    assert (tree.token, [n.token for n in tree.children]) == ("a", ["b\\"])
    assert encode_tree(decode_tree(text)) == text


field = st.text(st.sampled_from(list("ab/;\t\\',x1 ")), max_size=10)


@settings(max_examples=300, deadline=None)
@given(field, field, field)
def test_typed_commands_reencode_exactly(a, b, c):
    for cmd in (AddPiece(a or "1", b, c), ChangePiece(a or "1", b, c), ChangePiece(a or "1", b, None),
                MutableProperty(a, b, c, "Module"), Chat(a), Turn("TurnTracker0", b),
                MovePiece(a or "1", "Main Map", 1, -2, None, b or None, 3, 4, "u", Secret("pw"))):
        tok = cmd.encode()
        back = parse_command(tok)
        assert back.encode() == tok
        if not isinstance(back, Opaque):
            assert back == cmd or "\\" in tok or "'" in tok


trait = st.text(st.sampled_from(list("ab;\t\\,xy1")), max_size=8).map(lambda t: "mark;" + t)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(trait, st.text(st.sampled_from(list("ab;\t\\,1")), max_size=8)), max_size=5),
       st.text(st.sampled_from(list("ab;0 ")), max_size=8))
def test_trait_chains_roundtrip(traits, basic_state):
    parts = [(t, s) for t, s in traits if not t.endswith("\\") and not s.endswith("\\")
             and not s.startswith("\\") and not t.startswith("\\")]
    parts.append(("piece;;;a.png;Name", basic_state))
    type_, state = join_chain(parts)
    p = parse_piece(type_, state)
    assert p.encode() == (type_, state)
    assert p.basic.name == "Name"
    assert split_chain(type_, state)[-1][0] == "piece;;;a.png;Name"


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("a\t\\'x")), max_size=16))
def test_fast_chain_split_equals_vassal_decoder(s):
    from modgen.vassal.sequence import Decoder
    from modgen.vassal.traits import _split2
    d = Decoder(s, "\t")
    first = d.token("")
    rest = d.token(None) if d.has_more() else None
    assert _split2(s) == (first, rest)


chain_alpha = st.sampled_from(list("ab\t\\';"))


@settings(max_examples=800, deadline=None)
@given(st.text(chain_alpha, max_size=20), st.text(chain_alpha, max_size=14), st.booleans())
def test_fast_chain_equals_level_by_level(t, s, with_piece):
    from modgen.vassal.traits import _split_chain_fast, _split_chain_slow
    if with_piece:
        t = t + "\t" + "piece;;;x;" + t[:3]
    fast = _split_chain_fast(t, s)
    if fast is not None:
        assert fast == _split_chain_slow(t, s)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text(chain_alpha, max_size=8).map(lambda x: "mark;" + x),
                          st.text(chain_alpha, max_size=8)), max_size=6),
       st.text(chain_alpha, max_size=6))
def test_fast_chain_on_encoded_chains(traits, basic_state):
    from modgen.vassal.traits import _split_chain_fast, _split_chain_slow
    parts = traits + [("piece;;;a.png;N", basic_state)]
    t, s = join_chain(parts)
    fast = _split_chain_fast(t, s)
    if fast is not None:
        assert fast == _split_chain_slow(t, s)


# trait and state text as modules write it (no TAB, backslash or quote inside one level): the
# one-scan path must take every such chain, and split it into the levels it was built from
plain = st.text(st.sampled_from(list("ab;,x1 ")), max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(plain.map(lambda x: "mark;" + x), plain), max_size=8), plain)
def test_fast_chain_takes_every_plain_chain(traits, basic_state):
    from modgen.vassal.traits import _split_chain_fast, _split_chain_slow
    parts = traits + [("piece;;;a.png;N", basic_state)]
    t, s = join_chain(parts)
    fast = _split_chain_fast(t, s)
    assert fast is not None
    assert fast == _split_chain_slow(t, s) == parts


def test_layer_names_follow_embellishment_get_name():
    from modgen.vassal.traits import layer_name
    assert layer_name("+ (reduced)", "3rd Rifle") == "3rd Rifle (reduced)"
    assert layer_name("Old +", "Guard") == "Old Guard"
    assert layer_name("Eliminated", "Guard") == "Eliminated"
    assert layer_name("", "Guard") == "Guard"
    assert layer_name("+x+y", "G") == "Gx"          # only the first '+' part counts
    assert layer_name("a+b", "G") == "aG"
    assert layer_name("+", "G") == "G"
