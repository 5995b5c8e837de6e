"""How many of the catalogue's checkable Standard Rules `docs/rules-coverage.md` gives a status.

    python3 tools/coverage_vs_catalog.py [--catalog ../shared/docs/rules-catalog.md] [--list]

Reads the catalogue's Der Weltkrieg rows (``| DW-nnn | rule | … | Check | … |``; a rule is
checkable when one of its rows is not ``V``) and the coverage file's tables: the per-rule tables
(``| rule | subject | status | … |``) and the per-chapter count tables (``| chapter | enforced |
…``, whose cells list rule numbers and ranges such as ``13-8..13-12``). A rule counts as covered
when some row gives it ``enforced``, ``declaration`` or ``undetermined``. The parsing is textual:
a number the file mentions in an unusual way is missed, so the count is a lower bound. A
maintainer's tool for the closing notes; nothing imports it.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKING = ("enforced", "declaration", "undetermined")


def checkable_rules(catalog: str) -> set[str]:
    sec = catalog[catalog.index("# Der Weltkrieg Standard Rules"):]
    end = sec.find("\n# ", 5)
    sec = sec[:end] if end > 0 else sec
    checks: dict[str, set[str]] = {}
    for line in sec.splitlines():
        if line.startswith("| DW-"):
            cells = [c.strip() for c in line.split("|")]
            checks.setdefault(cells[2], set()).add(cells[-3].replace("*", ""))
    return {n for n, kinds in checks.items() if any(k != "V" for k in kinds)}


def numbers(text: str) -> list[str]:
    """Rule numbers in a cell: ``12-3``, ``13-8..13-12`` (a range), ``14-1..14-6``."""
    out = []
    text = re.sub(r"except [^,;)]*", "", text)
    for m in re.finditer(r"\b(\d+)-(\d+)(?:\s*(?:\.\.|…|–)\s*(\d+)-(\d+))?", text):
        a, b, c, d = m.groups()
        if c and c == a and int(d) >= int(b):
            out += [f"{a}-{i}" for i in range(int(b), int(d) + 1)]
        else:
            out.append(f"{a}-{b}")
    return out


def statuses(coverage: str) -> dict[str, set[str]]:
    doc = coverage.split("## Italian Front scenario rules")[0]
    got: dict[str, set[str]] = {}
    header: list[str] = []
    for line in doc.splitlines():
        if not line.startswith("|"):
            header = []
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and set(cells[0]) <= set("-: "):
            continue
        if cells[0] in ("rule", "chapter"):
            header = [c.lower() for c in cells]
            continue
        if not header:
            continue
        if header[0] == "rule" and len(cells) >= 3:
            status = cells[2].lower()
            kind = next((k for k in ("not yet", "advisory", "declaration", "undetermined")
                         if status.startswith(k)), "enforced" if "enforced" in status else "other")
            for n in numbers(re.sub(r"\(.*?\)", "", cells[0])) or ([cells[0]] if cells[0].isdigit() else []):
                got.setdefault(n, set()).add(kind)
        elif header[0] == "chapter":
            for name, cell in zip(header[1:], cells[1:]):
                kind = next((k for k in ("not yet", "advisory", "declaration", "undetermined",
                                         "enforced") if k in name), None)
                if kind:
                    for n in numbers(cell):
                        got.setdefault(n, set()).add(kind)
    return got


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catalog", default=str(ROOT.parent / "shared" / "docs" / "rules-catalog.md"))
    ap.add_argument("--coverage", default=str(ROOT / "docs" / "rules-coverage.md"))
    ap.add_argument("--list", action="store_true", help="list the rules not covered")
    a = ap.parse_args()
    try:
        cat = Path(a.catalog).read_text(encoding="utf-8")
    except OSError as e:
        ap.error(f"{a.catalog}: {e.strerror}")
    rules = checkable_rules(cat)
    st = statuses(Path(a.coverage).read_text(encoding="utf-8"))
    covered = {n for n in rules if st.get(n, set()) & set(CHECKING)}
    other = {n for n in rules if n in st and n not in covered}
    missing = rules - covered - other

    def key(n):
        return [int(x) if x.isdigit() else 0 for x in re.split(r"\D+", n) if x] or [0]
    print(f"checkable rule numbers in the catalogue: {len(rules)}")
    print(f"  with a checking status (enforced, declaration, undetermined): {len(covered)}")
    print(f"  listed as not yet / advisory only: {len(other)}")
    print(f"  not found in {Path(a.coverage).name}: {len(missing)}")
    if a.list:
        print("not yet / advisory:", " ".join(sorted(other, key=key)))
        print("not found:", " ".join(sorted(missing, key=key)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
