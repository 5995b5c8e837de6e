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

from ..vassal.sequence import Decoder
from .pieces import StateFacts, TypeInfo, basic_position, merge_state, state_facts, type_info

__all__ = ["PieceState", "StackState", "PlayerInfo", "GameState"]


@dataclass
class StackState:
    id: str
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)   # bottom → top
    layer: int = -1
    removed: bool = False       # taken out of the game by RemovePiece (members may still point here)


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
    def basic_name(self) -> str:
        return self.info.basic_name if self.expanded is None else type_info(self.expanded[0]).basic_name

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
        s = self._stack()
        if s is None:
            return None
        try:
            return s.members.index(self.id)
        except ValueError:
            return None

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
        self._prototypes = None
        self._loc_cache: dict[tuple[str | None, int, int], str | None] = {}
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
        if key in self._loc_cache:
            return self._loc_cache[key]
        try:
            name = self.module.location_name(map_id, x, y)
        except Exception:  # an unknown map or board: no name rather than a crash
            name = None
        if len(self._loc_cache) > 50000:
            self._loc_cache.clear()
        self._loc_cache[key] = name
        return name

    def hex_at(self, map_id: str | None, x: int, y: int):
        if self.module is None or map_id is None:
            return None
        try:
            return self.module.hex_at(map_id, x, y)
        except Exception:
            return None

    def pieces_at(self, map_id: str, location: str) -> list[PieceState]:
        """Pieces on ``map_id`` whose location name (hex) is ``location``, in drawing order."""
        out: list[PieceState] = []
        for item in self.top.get(map_id, {}):
            st = self.stacks.get(item)
            if st is not None:
                if st.members and self.location_name(map_id, st.x, st.y) == location:
                    out.extend(self.pieces[m] for m in st.members if m in self.pieces)
            else:
                p = self.pieces.get(item)
                if p is not None and self.location_name(map_id, p.own_x, p.own_y) == location:
                    out.append(p)
        return out

    def pieces_on(self, map_id: str) -> list[PieceState]:
        out: list[PieceState] = []
        for item in self.top.get(map_id, {}):
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
    def _top_add(self, map_id: str | None, item: str) -> None:
        if map_id is None:
            return
        t = self.top.get(map_id)
        if t is None:
            t = self.top[map_id] = {}
        t.pop(item, None)
        t[item] = None

    def _top_remove(self, map_id: str | None, item: str) -> None:
        if map_id is None:
            return
        t = self.top.get(map_id)
        if t is not None:
            t.pop(item, None)

    def _detach(self, p: PieceState) -> None:
        """Take a piece out of its stack, or off its map's top level."""
        if p.stack is not None:
            st = self.stacks.get(p.stack) or self._removed_stacks.get(p.stack)
            if st is not None:
                try:
                    st.members.remove(p.id)
                except ValueError:
                    pass
            p.stack = None
        else:
            self._top_remove(p.own_map, p.id)

    def _insert(self, st: StackState, p: PieceState, index: int) -> None:
        """``Stack.insert``: reorder when already in it, else ``insertChild``."""
        index = max(0, min(index, len(st.members)))
        if p.stack == st.id and p.id in st.members:
            cur = st.members.index(p.id)
            st.members.pop(cur)
            st.members.insert(min(index, len(st.members)), p.id)
            return
        self._detach(p)
        p.stack = st.id
        st.members.insert(index, p.id)

    def _new_stack(self, map_id: str | None, x: int, y: int) -> StackState:
        self._auto_stack += 1
        sid = f"~stack-{self._auto_stack}"
        st = StackState(sid, map_id, x, y, [], -1)
        self.stacks[sid] = st
        self._top_add(map_id, sid)
        return st

    def _make_piece(self, pid: str, type_: str, state: str) -> PieceState:
        p = PieceState(pid, type_, state, type_info(type_), _gs=self)
        if p.info.prototypes and self.module is not None:
            p.expanded = self._expand(type_, state)
        return p

    def _expand(self, type_: str, state: str) -> tuple[str, str] | None:
        try:
            from ..vassal import traits
            protos = getattr(self.module, "prototypes", None)
            if not protos:
                return None
            r = traits.expand_prototypes(type_, state, protos)
            return (r[0], r[1]) if isinstance(r, tuple) else None
        except Exception:
            return None

    def _set_piece_state(self, p: PieceState, state: str) -> None:
        p.state = state
        if p.expanded is not None:
            p.expanded = self._expand(p.type, state)
        basic = state
        n = p.info.n
        if n > 1:
            # the BasicPiece state is the innermost element of the chain
            from .pieces import split_chain
            basic = split_chain(state, n)[-1]
        new_map, x, y, _ = basic_position(basic)
        p.own_x, p.own_y = x, y
        cur_map = p.map
        if new_map != cur_map:
            if new_map is not None:
                # Map.addPiece: out of its stack, onto the new map's top level
                self._detach(p)
                p.own_map = new_map
                self._top_add(new_map, p.id)
            else:
                self._detach(p)
                p.own_map = None
        elif p.stack is None:
            p.own_map = new_map

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
        old = self.pieces.get(pid)
        if old is not None:
            # re-adding a known id replaces the piece object, as GameState.addPiece does
            self._detach(old)
        p = self._make_piece(pid, type_, state)
        self.pieces[pid] = p
        self._set_piece_state(p, state)

    def _add_stack(self, sid: str, state: str) -> None:
        d = Decoder(state, ";")
        map_tok = d.token("null")
        map_id = None if map_tok in ("null", "") else map_tok
        x = d.int(0) if map_id is not None else 0
        y = d.int(0) if map_id is not None else 0
        old = self.stacks.get(sid) or self._removed_stacks.pop(sid, None)
        if old is not None:
            self._top_remove(old.map, sid)
        st = StackState(sid, map_id, x, y, [], -1)
        if old is not None:
            # members of the replaced stack object keep pointing at a stack VASSAL forgot
            for m in old.members:
                p = self.pieces.get(m)
                if p is not None and p.stack == sid:
                    p.stack = None
                    p.own_map = old.map
                    p.own_x, p.own_y = old.x, old.y
        self.stacks[sid] = st
        self._top_add(map_id, sid)
        while d.has_more():
            tok = d.token("")
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
            self._top_remove(st.map, pid)
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
            old_map = cmd.old_map if cmd.old_map not in (None, "null", "") else None
            if old_map is not None and p.map == old_map:
                self._detach(p)
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
        t = self.top.get(map_id)
        if not t:
            return False
        for item in list(t):
            st = self.stacks.get(item)
            if st is not None:
                if st.x == x and st.y == y and st.members and st.id != p.stack:
                    top = self.pieces.get(st.members[-1])
                    if top is not None:
                        self._merge(top, p)
                        return True
                elif st.x == x and st.y == y and st.members and st.id == p.stack:
                    # already in that stack: StackMetrics.merge re-inserts on top of it
                    top = self.pieces.get(st.members[-1])
                    if top is not None and top is not p:
                        self._merge(top, p)
                    return True
            else:
                q = self.pieces.get(item)
                if q is not None and q is not p and q.stack is None and q.own_x == x and q.own_y == y:
                    self._merge(q, p)
                    return True
        return False

    def _stack_or_place(self, p: PieceState, map_id: str, x: int, y: int) -> None:
        if p.stack is None:
            # MovePiece.stackOrPlacePiece: a lone piece gets a new stack
            self._top_remove(p.own_map, p.id)
            st = self._new_stack(map_id, x, y)
            p.stack = st.id
            st.members.append(p.id)
            p.own_map, p.own_x, p.own_y = map_id, x, y
            return
        # Map.placeAt → Map.addPiece: out of its stack, onto the map's top level
        self._detach(p)
        p.own_map, p.own_x, p.own_y = map_id, x, y
        self._top_add(map_id, p.id)

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

    def _setup_stack(self, cmd: Any) -> None:
        self.setup_stack_seen = True
