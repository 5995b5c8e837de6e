"""The game as VASSAL holds it while a save or log is replayed: pieces, stacks, properties, turn.

:class:`GameState` applies the typed commands of :mod:`modgen.vassal.commands` with VASSAL
3.7.26's semantics (read from its Java source; vassal-format.md §4.4-4.8 and
fixtures/vassal/logs/README.md):

* ``AddPiece`` of a piece registers it (its BasicPiece state says where it is); of a stack, the
  stack's state ``map;x;y;id…;@@layer`` sets its membership, bottom → top: each member leaves the
  stack (or the map's top level) it was in (``Stack.insertChild``).
* ``RemovePiece`` of a piece takes it off its map and out of its stack (the stack stays, possibly
  empty); of a stack, the stack leaves the map but its members still point to it (VASSAL's
  ``RemovePiece`` does not touch them): until they are moved their map is none.
* ``ChangePiece`` replaces the state (trait by trait when an old state is given and differs from
  the current one: ``Decorator.mergeState``). A BasicPiece state naming another map moves the
  piece to that map's top level (``Map.addPiece``); a position change of a piece inside a stack is
  invisible (the stack's position wins).
* ``MovePiece``: with an under-id that is on the new map at the new position, the piece is put
  right above that piece in its stack (``StackMetrics.merge``; a lone piece first gets a stack);
  otherwise the first non-empty stack or lone piece at that exact point is merged onto, else the
  piece is placed there (a lone piece gets a new stack), and with no under-id it goes to the
  bottom of whatever stack it ends in (``MovePiece.executeCommand``).
* ``MutableProperty``/``GlobalProperty`` set properties, ``TURN`` the tracker state,
  ``BoardPicker`` the boards, ``PLAYER``/``PYREMOVE`` the roster.

Stacks that VASSAL creates by itself during replay (a merge onto a lone piece, a lone piece
placed with no stack) get ids ``~stack-1``, ``~stack-2``, … that cannot collide with VASSAL's
decimal ids. Player passwords (``PLAYER`` user ids, ``M/`` player ids) are kept only in a private
map from the user id to the player's index and never leave this module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..errors import ModgenError
from ..vassal.limits import MAX_FIELDS, MAX_PIECES
from ..vassal.sequence import Decoder, SequenceEncoder
from .events import Where
from .pieces import StateFacts, TypeInfo, merge_state, state_facts, type_info

__all__ = ["PieceState", "StackState", "PlayerInfo", "GameState"]

_MISS = object()


def _int(s: str) -> int:
    """Java ``Integer.parseInt`` or 0 (``SequenceEncoder.Decoder.nextInt(0)``)."""
    if s.isascii() and s.isdigit():
        return int(s)
    try:
        return int(s) if s.strip() == s and "_" not in s else 0
    except ValueError:
        return 0


@dataclass
class StackState:
    id: str
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)   # bottom → top
    layer: int = -1
    removed: bool = False       # taken out of the game by RemovePiece (members may still point here)
    kind: str = "stack"         # "stack", or "deck" for a VASSAL Deck (a stack of cards)


@dataclass
class PieceState:
    """One game piece. ``map``/``x``/``y`` are where VASSAL draws it (its stack's position when
    stacked). Derived facts (name, properties, layers, moved) come from the state string."""

    id: str
    type: str
    state: str
    info: TypeInfo
    stack: str | None = None
    own_map: str | None = None
    own_x: int = 0
    own_y: int = 0
    _gs: "GameState | None" = field(default=None, repr=False, compare=False)
    expanded: tuple[str, str] | None = field(default=None, repr=False, compare=False)

    # -- derived -------------------------------------------------------------------------
    @property
    def facts(self) -> StateFacts:
        if self.expanded is not None:
            return state_facts(*self.expanded)
        return state_facts(self.type, self.state)

    @property
    def name(self) -> str:
        return self.facts.name

    @property
    def xinfo(self) -> TypeInfo:
        """The type as VASSAL sees it: prototypes expanded through the module when known."""
        return self.info if self.expanded is None else type_info(self.expanded[0])

    @property
    def basic_name(self) -> str:
        return self.xinfo.basic_name

    @property
    def unit_id(self) -> str | None:
        """Marker property ``UnitId`` (our module's counter id), when the piece has one."""
        return self.facts.properties.get("UnitId")

    @property
    def hex(self):
        """The :class:`modgen.hexgrid.Hex` it stands in (via the module), or None."""
        if self._gs is None:
            return None
        m, x, y = self.position
        return self._gs.hex_at(m, x, y)

    @property
    def properties(self) -> dict[str, str]:
        return self.facts.properties

    @property
    def layers(self) -> dict[str, int]:
        return self.facts.layers

    @property
    def moved(self) -> bool | None:
        return self.facts.moved

    def _stack(self) -> StackState | None:
        if self.stack is None or self._gs is None:
            return None
        return self._gs.stacks.get(self.stack) or self._gs._removed_stacks.get(self.stack)

    @property
    def map(self) -> str | None:
        s = self._stack()
        return s.map if s is not None else self.own_map

    @property
    def x(self) -> int:
        s = self._stack()
        return s.x if s is not None else self.own_x

    @property
    def y(self) -> int:
        s = self._stack()
        return s.y if s is not None else self.own_y

    @property
    def position(self) -> tuple[str | None, int, int]:
        s = self._stack()
        if s is not None:
            return s.map, s.x, s.y
        return self.own_map, self.own_x, self.own_y

    @property
    def stack_index(self) -> int | None:
        return self.position_and_index()[1]

    def position_and_index(self) -> tuple[tuple[str | None, int, int], int | None]:
        """(:attr:`position`, :attr:`stack_index`) with the stack looked up once."""
        s = self._stack()
        if s is None:
            return (self.own_map, self.own_x, self.own_y), None
        try:
            return (s.map, s.x, s.y), s.members.index(self.id)
        except ValueError:
            return (s.map, s.x, s.y), None

    @property
    def location(self) -> str | None:
        """Location name (hex) on its map via the module, or None without one."""
        if self._gs is None:
            return None
        m, x, y = self.position
        return self._gs.location_name(m, x, y)


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    side: str


class GameState:
    """Pieces, stacks, properties, turn state and roster at one moment of a replay."""

    def __init__(self, module: Any = None):
        self.module = module
        self.pieces: dict[str, PieceState] = {}
        self.stacks: dict[str, StackState] = {}
        self._removed_stacks: dict[str, StackState] = {}
        # per map: top-level items (stack ids and lone piece ids) in drawing order
        self.top: dict[str, dict[str, None]] = {}
        self.properties: dict[tuple[str, str], str] = {}    # (container, name) → value
        self.turn_states: dict[str, str] = {}                # tracker id → TURN state
        self.boards: dict[str, list[str]] = {}
        self.players: list[PlayerInfo] = []
        self._user_index: dict[str, int] = {}                # user id (a password!) → player index
        self.setup_stack_seen = False
        self._auto_stack = 0
        self._expand_cache: dict[tuple[str, str], tuple[str, str] | None] = {}
        self._loc_cache: dict[tuple[str | None, int, int], str | None] = {}
        # (map, x, y) -> its Where (frozen: one shared by every event there while the boards
        # stay as they are; emptied with _loc_cache)
        self._where_cache: dict[tuple[str | None, int, int], Where] = {}
        # position index of the top level: (map, x, y) → {item: drawing order}
        self._at: dict[tuple[str, int, int], dict[str, int]] = {}
        self._pos_of: dict[str, tuple[str, int, int]] = {}
        self._order = 0
        self._loc_index: dict[tuple[str, str | None], list[str]] | None = None
        self._handlers: dict[str, Callable[[Any], None]] = {
            "AddPiece": self._add, "RemovePiece": self._remove, "ChangePiece": self._change,
            "MovePiece": self._move, "Player": self._player, "PlayerRemove": self._player_remove,
            "GlobalPropertyCmd": self._global_prop, "MutableProperty": self._mutable_prop,
            "Turn": self._turn, "BoardPicker": self._boardpicker, "SetupStack": self._setup_stack,
            "BeginSave": self._begin_save,
        }

    # ------------------------------------------------------------------ queries
    def location_name(self, map_id: str | None, x: int, y: int) -> str | None:
        if self.module is None or map_id is None:
            return None
        key = (map_id, x, y)
        hit = self._loc_cache.get(key, _MISS)
        if hit is not _MISS:
            return hit
        try:
            # several boards in one map window: the board's name makes the hex unambiguous
            q = getattr(self.module, "qualified_location", None)
            name = q(map_id, x, y) if q is not None else self.module.location_name(map_id, x, y)
        except Exception:  # an unknown map or board: no name rather than a crash
            name = None
        if len(self._loc_cache) > 50000:
            self._loc_cache.clear()
            self._where_cache.clear()
        self._loc_cache[key] = name
        return name

    def where(self, map_id: str | None, x: int, y: int) -> Where:
        """``Where(map, x, y, location_name(map, x, y))``, made once per place."""
        key = (map_id, x, y)
        w = self._where_cache.get(key)
        if w is None:
            name = self.location_name(map_id, x, y)
            if len(self._where_cache) > 50000:
                self._where_cache.clear()
            w = self._where_cache[key] = Where(map_id, x, y, name)
        return w

    def hex_at(self, map_id: str | None, x: int, y: int):
        if self.module is None or map_id is None:
            return None
        try:
            return self.module.hex_at(map_id, x, y)
        except Exception:
            return None

    def board_at(self, map_id: str | None, x: int, y: int) -> str | None:
        """The board under a map pixel (None: no module, or off every board)."""
        f = getattr(self.module, "board_at", None)
        if f is None or map_id is None:
            return None
        try:
            return f(map_id, x, y)
        except Exception:
            return None

    def pieces_at(self, map_id: str, location: str) -> list[PieceState]:
        """Pieces on ``map_id`` whose location name (hex id, ``offboard``…) is ``location``, in
        drawing order, stacks bottom → top. Needs a module for location names."""
        if self._loc_index is None:
            idx: dict[tuple[str, str | None], list[str]] = {}
            for m, t in self.top.items():
                for item in t:
                    key = self._pos_of.get(item)
                    if key is None:
                        continue
                    idx.setdefault((m, self.location_name(m, key[1], key[2])), []).append(item)
            self._loc_index = idx
        return self._pieces_of(self._loc_index.get((map_id, location), ()))

    def pieces_on(self, map_id: str) -> list[PieceState]:
        return self._pieces_of(self.top.get(map_id, {}))

    def _pieces_of(self, items) -> list[PieceState]:
        """Top-level items (pieces, stacks) → their pieces, a stack's bottom → top."""
        out: list[PieceState] = []
        for item in items:
            st = self.stacks.get(item)
            if st is not None:
                out.extend(self.pieces[m] for m in st.members if m in self.pieces)
            elif item in self.pieces:
                out.append(self.pieces[item])
        return out

    def stack_of(self, piece_id: str) -> StackState | None:
        p = self.pieces.get(piece_id)
        return p._stack() if p is not None else None

    def stack_members(self, stack_id: str) -> list[PieceState]:
        st = self.stacks.get(stack_id) or self._removed_stacks.get(stack_id)
        if st is None:
            return []
        return [self.pieces[m] for m in st.members if m in self.pieces]

    def property(self, name: str, container: str = "Module") -> str | None:
        return self.properties.get((container, name))

    def player_side(self, user_id: str | None) -> PlayerInfo | None:
        """The player (name, side) behind a user id; the id itself is never stored elsewhere."""
        if user_id is None:
            return None
        i = self._user_index.get(user_id)
        return self.players[i] if i is not None else None

    def player_by_name(self, name: str) -> PlayerInfo | None:
        for p in reversed(self.players):
            if p.name == name:
                return p
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, cmd: Any) -> None:
        h = self._handlers.get(type(cmd).__name__)
        if h is not None:
            h(cmd)

    def apply_all(self, cmds: Iterable[Any]) -> None:
        for c in cmds:
            self.apply(c)

    # -- helpers ---------------------------------------------------------------
    def _top_add(self, map_id: str | None, item: str, x: int, y: int) -> None:
        """``Map.addPiece``: append to the map's top level (kept in place if already there)."""
        if map_id is None:
            return
        self._loc_index = None
        t = self.top.get(map_id)
        if t is None:
            t = self.top[map_id] = {}
        if item in t:
            self._reposition(item, map_id, x, y)
            return
        if item in self._pos_of:        # on another map's top level
            self._top_remove_any(item)
        t[item] = None
        self._order += 1
        key = (map_id, x, y)
        at = self._at.get(key)
        if at is None:
            at = self._at[key] = {}
        at[item] = self._order
        self._pos_of[item] = key

    def _reposition(self, item: str, map_id: str, x: int, y: int) -> None:
        key = (map_id, x, y)
        old = self._pos_of.get(item)
        if old == key:
            return
        self._loc_index = None
        order = self._order + 1
        if old is not None:
            at = self._at.get(old)
            if at is not None:
                order = at.pop(item, order)
                if not at:
                    del self._at[old]
        else:
            self._order += 1
        at = self._at.get(key)
        if at is None:
            at = self._at[key] = {}
        at[item] = order
        self._pos_of[item] = key

    def _top_remove_any(self, item: str) -> None:
        key = self._pos_of.pop(item, None)
        if key is None:
            return
        self._loc_index = None
        t = self.top.get(key[0])
        if t is not None:
            t.pop(item, None)
        at = self._at.get(key)
        if at is not None:
            at.pop(item, None)
            if not at:
                del self._at[key]

    def _top_remove(self, map_id: str | None, item: str) -> None:
        if map_id is None:
            return
        key = self._pos_of.get(item)
        if key is not None and key[0] == map_id:
            self._top_remove_any(item)

    def items_at(self, map_id: str, x: int, y: int) -> list[str]:
        """Top-level items (stack ids, lone piece ids) at exactly (x, y), in drawing order."""
        at = self._at.get((map_id, x, y))
        if not at:
            return []
        return sorted(at, key=at.__getitem__)

    def _detach(self, p: PieceState) -> None:
        """Take a piece out of its stack, or off its map's top level."""
        if p.stack is not None:
            st = self.stacks.get(p.stack) or self._removed_stacks.get(p.stack)
            if st is not None:
                try:
                    st.members.remove(p.id)
                except ValueError:
                    pass
                if not st.members and st.kind == "stack":
                    # VASSAL keeps empty stacks in memory; they can never be merged onto, so
                    # they leave the position index (and come back if refilled)
                    self._top_remove_any(st.id)
            p.stack = None
        else:
            self._top_remove_any(p.id)

    def _insert(self, st: StackState, p: PieceState, index: int) -> None:
        """``Stack.insert``: reorder when already in it, else ``insertChild``."""
        index = max(0, min(index, len(st.members)))
        if p.stack == st.id and p.id in st.members:
            cur = st.members.index(p.id)
            st.members.pop(cur)
            st.members.insert(min(index, len(st.members)), p.id)
            return
        self._detach(p)
        if not st.members and not st.removed and st.map is not None:
            self._top_add(st.map, st.id, st.x, st.y)
        p.stack = st.id
        st.members.insert(index, p.id)

    def _new_stack(self, map_id: str | None, x: int, y: int) -> StackState:
        self._auto_stack += 1
        sid = f"~stack-{self._auto_stack}"
        st = StackState(sid, map_id, x, y, [], -1)
        self.stacks[sid] = st
        self._top_add(map_id, sid, x, y)
        return st

    def _make_piece(self, pid: str, type_: str, state: str) -> PieceState:
        p = PieceState(pid, type_, state, type_info(type_), _gs=self)
        if p.info.prototypes and self.module is not None:
            p.expanded = self._expand(type_, state)
        return p

    def _expand(self, type_: str, state: str) -> tuple[str, str] | None:
        key = (type_, state)
        hit = self._expand_cache.get(key, False)
        if hit is not False:
            return hit
        result = None
        protos = getattr(self.module, "prototypes", None)
        if protos:
            try:
                from ..vassal import traits
                r = traits.expand_prototypes(type_, state, protos)
                result = (r[0], r[1])
            except Exception:  # a broken prototype: read the piece as it is written
                result = None
        if len(self._expand_cache) > 20000:
            self._expand_cache.clear()
        self._expand_cache[key] = result
        return result

    def _set_piece_state(self, p: PieceState, state: str) -> None:
        p.state = state
        if p.expanded is not None:
            p.expanded = self._expand(p.type, state)
        # the BasicPiece state (innermost) says map;x;y (read once per distinct state)
        f = state_facts(p.type, state)
        new_map, x, y = f.map, f.x, f.y
        p.own_x, p.own_y = x, y
        cur_map = p.map
        if new_map != cur_map:
            # Map.addPiece: out of its stack, onto the new map's top level (or off the map)
            self._detach(p)
            p.own_map = new_map
            if new_map is not None:
                self._top_add(new_map, p.id, x, y)
        elif p.stack is None:
            p.own_map = new_map
            if new_map is not None:
                self._reposition(p.id, new_map, x, y)

    # -- command handlers --------------------------------------------------------
    def _begin_save(self, cmd: Any) -> None:
        # GameState.setup(false): a fresh game
        module = self.module
        self.__init__(module)

    def _add(self, cmd: Any) -> None:
        pid, type_, state = cmd.id, cmd.type, cmd.state
        if pid is None or pid == "null":
            return
        if type_ == "stack":
            self._add_stack(pid, state)
            return
        if type_.startswith("deck;"):
            self._add_deck(pid, state)
            return
        old = self.pieces.get(pid)
        if old is not None:
            # re-adding a known id replaces the piece object, as GameState.addPiece does
            self._detach(old)
        elif len(self.pieces) >= MAX_PIECES:
            raise ModgenError(f"more than {MAX_PIECES} pieces (limit MAX_PIECES)")
        p = self._make_piece(pid, type_, state)
        self.pieces[pid] = p
        self._set_piece_state(p, state)

    def _add_deck(self, sid: str, state: str) -> None:
        """A Deck (``Deck.getState``: ``map;x;y;faceDown;id,id,…``): a stack of cards."""
        toks = list(Decoder(state, ";"))
        ids = [i for i in Decoder(toks[4], ",")] if len(toks) > 4 and toks[4] else []
        head = SequenceEncoder(";").extend(toks[:3]).value or "null"
        self._add_stack(sid, SequenceEncoder(";", head).extend(ids).value or head)
        self.stacks[sid].kind = "deck"

    def _add_stack(self, sid: str, state: str) -> None:
        # (stacks are not capped apart: at most one per command, and the replay keeps the
        # stacks pieces left, so a 20,000-step log ends with 8,800 of them, nearly all empty)
        if "\\" in state or "'" in state:
            toks = list(Decoder(state, ";"))
        else:
            toks = state.split(";", MAX_FIELDS)
            if len(toks) > MAX_FIELDS:
                raise ModgenError(f"a stack lists more than {MAX_FIELDS} fields (limit MAX_FIELDS)")
        map_tok = toks[0] if toks else "null"
        map_id = None if map_tok in ("null", "") else map_tok
        x = y = 0
        n = len(toks)
        if map_tok != "null":
            x = _int(toks[1]) if n > 1 else 0
            y = _int(toks[2]) if n > 2 else 0
            rest = toks[3:]
        else:
            rest = toks[1:]
        old = self.stacks.get(sid) or self._removed_stacks.pop(sid, None)
        if old is not None:
            self._top_remove_any(sid)
        st = StackState(sid, map_id, x, y, [], -1)
        if old is not None:
            # members of a replaced stack object stay where it was, as lone pieces
            for m in old.members:
                p = self.pieces.get(m)
                if p is not None and p.stack == sid:
                    p.stack = None
                    p.own_map = old.map
                    p.own_x, p.own_y = old.x, old.y
                    self._top_add(old.map, m, old.x, old.y)
        self.stacks[sid] = st
        self._top_add(map_id, sid, x, y)
        for tok in rest:
            if tok.startswith("@@"):
                try:
                    st.layer = int(tok[2:])
                except ValueError:
                    pass
                continue
            p = self.pieces.get(tok)
            if p is not None:
                self._detach(p)
                p.stack = sid
                st.members.append(tok)

    def _remove(self, cmd: Any) -> None:
        pid = cmd.id
        st = self.stacks.pop(pid, None)
        if st is not None:
            self._top_remove_any(pid)
            st.map = None
            st.removed = True
            self._removed_stacks[pid] = st
            return
        p = self.pieces.pop(pid, None)
        if p is None:
            return
        self._detach(p)
        p.own_map = None

    def _change(self, cmd: Any) -> None:
        p = self.pieces.get(cmd.id)
        if p is None:
            st = self.stacks.get(cmd.id)
            if st is not None and cmd.new_state is not None:
                if st.kind == "deck":
                    self._add_deck(cmd.id, cmd.new_state)
                else:
                    self._add_stack(cmd.id, cmd.new_state)
            return
        new = cmd.new_state
        old = getattr(cmd, "old_state", None)
        if old is not None and old != p.state:
            new = merge_state(p.state, new, old, p.info.n)
        self._set_piece_state(p, new)

    def _move(self, cmd: Any) -> None:
        p = self.pieces.get(cmd.id)
        if p is None:
            return
        new_map = cmd.new_map if cmd.new_map not in (None, "null", "") else None
        x, y = int(cmd.new_x), int(cmd.new_y)
        if new_map is None:
            # Map.removePiece on the old map: only a top-level (lone) piece leaves it; a piece
            # inside a stack is not in the map's collection and stays where it is
            old_map = cmd.old_map if cmd.old_map not in (None, "null", "") else None
            if old_map is not None and p.stack is None and p.own_map == old_map:
                self._top_remove_any(p.id)
                p.own_map = None
            return
        under_id = cmd.new_under if cmd.new_under not in (None, "null", "") else None
        if under_id is not None:
            under = self.pieces.get(under_id)
            if under is not None and under.position == (new_map, x, y):
                self._merge(under, p)
                return
            if not self._merge_finder(p, new_map, x, y):
                self._stack_or_place(p, new_map, x, y)
            return
        if not self._merge_finder(p, new_map, x, y):
            self._stack_or_place(p, new_map, x, y)
        if p.stack is not None:
            st = self.stacks.get(p.stack) or self._removed_stacks.get(p.stack)
            if st is not None:
                self._insert(st, p, 0)

    def _merge(self, fixed: PieceState, moving: PieceState) -> None:
        """``StackMetrics.merge(fixed, moving)`` for a piece ``fixed``: right above it."""
        if moving is fixed:
            return
        st = fixed._stack()
        if st is None:
            st = self._new_stack(fixed.own_map, fixed.own_x, fixed.own_y)
            self._detach(fixed)
            fixed.stack = st.id
            st.members.append(fixed.id)
        index = st.members.index(fixed.id) + 1 if fixed.id in st.members else len(st.members)
        if moving.stack == st.id and moving.id in st.members and st.members.index(moving.id) < index:
            index -= 1
        self._insert(st, moving, index)

    def _merge_finder(self, p: PieceState, map_id: str, x: int, y: int) -> bool:
        """``MovePiece.createMergeFinder`` through ``Map.apply``: the first (bottom-most drawn)
        non-empty stack or lone piece at exactly (x, y)."""
        for item in self.items_at(map_id, x, y):
            st = self.stacks.get(item)
            if st is not None:
                if st.kind == "deck":
                    # visitDeck: a deck at the point takes the piece on top
                    self._insert(st, p, len(st.members))
                    return True
                if not st.members:
                    continue
                top = self.pieces.get(st.members[-1])
                if top is None:
                    continue
                if top is not p:
                    self._merge(top, p)
                return True
            q = self.pieces.get(item)
            if q is not None and q is not p and q.stack is None:
                self._merge(q, p)
                return True
        return False

    def _stack_or_place(self, p: PieceState, map_id: str, x: int, y: int) -> None:
        if p.stack is None:
            # MovePiece.stackOrPlacePiece: a lone piece gets a new stack
            self._top_remove_any(p.id)
            st = self._new_stack(map_id, x, y)
            p.stack = st.id
            st.members.append(p.id)
            p.own_map, p.own_x, p.own_y = map_id, x, y
            return
        # Map.placeAt → Map.addPiece: out of its stack, onto the map's top level
        self._detach(p)
        p.own_map, p.own_x, p.own_y = map_id, x, y
        self._top_add(map_id, p.id, x, y)

    def _player(self, cmd: Any) -> None:
        info = PlayerInfo(cmd.name or "", cmd.side or "")
        uid = cmd.user_id
        i = self._user_index.get(uid)
        if i is None:
            self.players.append(info)
            self._user_index[uid] = len(self.players) - 1
        else:
            self.players[i] = info

    def _player_remove(self, cmd: Any) -> None:
        i = self._user_index.pop(cmd.user_id, None)
        if i is not None:
            self.players[i] = PlayerInfo(self.players[i].name, "")

    def _global_prop(self, cmd: Any) -> None:
        self.properties[(cmd.container or "Module", cmd.name)] = cmd.value

    def _mutable_prop(self, cmd: Any) -> None:
        self.properties[(cmd.container or "Module", cmd.name)] = cmd.new

    def _turn(self, cmd: Any) -> None:
        self.turn_states[cmd.tracker_id] = cmd.state

    def _boardpicker(self, cmd: Any) -> None:
        self.boards[cmd.map_id] = list(cmd.boards) if cmd.boards is not None else []
        apply = getattr(self.module, "apply_board_picker", None)
        if apply is not None:
            try:
                apply(cmd.map_id, cmd.boards)
            except Exception:  # a board the module does not know: keep its default layout
                pass
            self._loc_cache.clear()
            self._where_cache.clear()
            self._loc_index = None

    def _setup_stack(self, cmd: Any) -> None:
        self.setup_stack_seen = True
