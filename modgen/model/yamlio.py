"""YAML reading that remembers line numbers, so every error can say ``file:line: field: message``.

``load_yaml(path)`` returns plain dicts/lists (subclasses ``YDict``/``YList``) that also carry the
1-based line of every key and item: ``d.line_of("key")``, ``lst.line_of(i)``, and ``.line`` for the
node itself. Only safe YAML is accepted (no Python tags).

``parse_cache`` (None unless a build sets it): a store of parsed files keyed by the SHA-256 of
their text (``get(key) -> bytes | None``, ``put(key, bytes)``), so an incremental
``modgen build`` does not parse unchanged files again. Entries are plain JSON (values, keys and
line numbers), decoded back into the same ``YDict``/``YList`` trees; a file that does not parse
is never stored, so every error still comes from the parser.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..errors import ModgenError


class YDict(dict):
    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class YList(list):
    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        try:
            return self.item_lines[index]
        except IndexError:
            return self.line


# libyaml's parser when PyYAML has it (same safe constructors, same marks, about 6x faster on the
# map and counter files); the pure-Python SafeLoader otherwise.
_BaseLoader = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None


class _LineLoader(_BaseLoader or yaml.SafeLoader):  # type: ignore[misc]
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> YDict:
    loader.flatten_mapping(node)
    d = YDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise ModgenError("unhashable mapping key", line=key_node.start_mark.line + 1)
        if key in d:
            raise ModgenError(f"duplicate key {key!r}", file=loader.name, line=key_node.start_mark.line + 1)
        d[key] = loader.construct_object(value_node, deep=True)
        d.key_lines[key] = key_node.start_mark.line + 1
    return d


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> YList:
    lst = YList(loader.construct_object(child, deep=True) for child in node.value)
    lst.line = node.start_mark.line + 1
    lst.item_lines = [child.start_mark.line + 1 for child in node.value]
    return lst


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


parse_cache: Any = None


class _NotCacheable(Exception):
    pass


def _encode(v: Any) -> Any:
    if isinstance(v, YDict):
        return {"d": v.line, "k": [[_encode(k), v.key_lines.get(k, v.line), _encode(x)]
                                   for k, x in v.items()]}
    if isinstance(v, YList):
        return {"l": v.line, "i": [[ln, _encode(x)] for ln, x in zip(v.item_lines, v)]}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return {"f": repr(v)}
    import datetime
    if isinstance(v, datetime.datetime):
        return {"dt": v.isoformat()}
    if isinstance(v, datetime.date):
        return {"date": v.isoformat()}
    raise _NotCacheable(type(v).__name__)


def _decode(v: Any) -> Any:
    if not isinstance(v, dict):
        return v
    if "d" in v:
        d = YDict()
        d.line = v["d"]
        d.key_lines = {}
        for k, ln, x in v["k"]:
            key = _decode(k)
            d[key] = _decode(x)
            d.key_lines[key] = ln
        return d
    if "l" in v:
        lst = YList(_decode(x) for _, x in v["i"])
        lst.line = v["l"]
        lst.item_lines = [ln for ln, _ in v["i"]]
        return lst
    if "f" in v:
        return float(v["f"])
    import datetime
    if "dt" in v:
        return datetime.datetime.fromisoformat(v["dt"])
    if "date" in v:
        return datetime.date.fromisoformat(v["date"])
    raise ValueError("unknown cached YAML node")


def load_yaml(path: str | Path, *, display_name: str | None = None, allow_empty: bool = False) -> Any:
    """Parse one YAML file; syntax errors become a ModgenError naming file and line, and so does
    an empty file (unless ``allow_empty``: then it is None)."""
    path = Path(path)
    name = display_name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ModgenError(f"cannot read file: {e.strerror}", file=name) from None
    except UnicodeDecodeError:
        raise ModgenError("not UTF-8 text", file=name) from None
    cache, key = parse_cache, None
    if cache is not None:
        import hashlib
        import json
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        blob = cache.get(key)
        if blob is not None:
            try:
                return _not_empty(_decode(json.loads(blob)), name, allow_empty)
            except (ValueError, KeyError, TypeError, IndexError):
                pass                      # a damaged entry: parse the file
    data = _not_empty(_parse(text, name), name, allow_empty)
    if cache is not None:
        import json
        try:
            cache.put(key, json.dumps(_encode(data), separators=(",", ":"),
                                      ensure_ascii=False).encode("utf-8"))
        except (_NotCacheable, ValueError, TypeError):
            pass
    return data


def _not_empty(data: Any, name: str, allow_empty: bool) -> Any:
    # an empty file (or only comments) is never read as "nothing to check"
    if data is None and not allow_empty:
        raise ModgenError("the file is empty (nothing but blank lines or comments)", file=name)
    return data


def _parse(text: str, name: str) -> Any:
    loader = _LineLoader(text)
    loader.name = name
    try:
        return loader.get_single_data()
    except ModgenError as e:
        raise ModgenError(e.message, file=name, line=e.line) from None
    except RecursionError:
        raise ModgenError("YAML nested too deeply", file=name) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        raise ModgenError(f"YAML syntax: {e.problem or e}", file=name, line=line) from None
    except yaml.YAMLError as e:
        raise ModgenError(f"YAML: {e}", file=name) from None
    finally:
        loader.dispose()
