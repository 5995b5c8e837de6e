#!/usr/bin/env python3
"""Write tables/der-weltkrieg/crt.yaml: a PLACEHOLDER Combat Results Table.

No rulebook prints the Der Weltkrieg CRT (missing-data M1). This stand-in keeps the structure the rules
give (columns 1-50 = adjusted SP, rows = adjusted die -1..8, 13-12/13-16/13-19) and the two printed cells
(Figure 9: column 20 / die 1 -> 2, column 24 / die 7 -> 6), and is monotone in column and die:

    standard:      result = floor((column * (die + 3) + 20) / 40)       i.e. round(column * (die + 3) / 40)
    1917 and later (13-26, bloodier): floor((column * (die + 3) * 5 + 80) / 160)   i.e. 1.25 x standard

Replace the file with the printed card's numbers when available; no code change is needed.
Run: python3 tools/make_placeholder_crt.py > tables/der-weltkrieg/crt.yaml
"""
import sys

DIES = range(-1, 9)


def standard(col: int, die: int) -> int:
    return (col * (die + 3) + 20) // 40


def later(col: int, die: int) -> int:
    return (col * (die + 3) * 5 + 80) // 160


def main() -> None:
    out = sys.stdout
    out.write("# Der Weltkrieg Combat Results Table -- PLACEHOLDER (written by tools/make_placeholder_crt.py).\n")
    out.write("# Columns = adjusted strength points (1-50, 13-8); each row lists the result for adjusted die\n")
    out.write("# -1, 0, 1, ..., 8 (13-12, 13-16); result = SP the other side must eliminate (13-13, 13-17).\n")
    out.write("# Over 50 SP: n x column 50 + remainder column (13-19) is done in code.\n")
    out.write("provenance:\n  kind: placeholder\n")
    out.write("  reason: >-\n    No rulebook prints the CRT (missing-data M1). Values are a monotone formula fitted to the\n"
              "    two printed cells of Figure 9 (standard: round(column x (die+3) / 40); '1917 and Later':\n"
              "    1.25 x that). Replace with the printed card; the format and the code stay the same.\n")
    out.write("  sources: [\"000:L323-361 (13-8..13-26)\", \"000:L363 (Figure 9)\"]\n")
    out.write("die_min: -1\ndie_max: 8\nmax_column: 50\n")
    out.write("known_cells:   # printed in the rulebook; loading fails if the table disagrees\n")
    out.write("  - {table: standard, column: 20, die: 1, result: 2, source: \"Figure 9, 000:L363\"}\n")
    out.write("  - {table: standard, column: 24, die: 7, result: 6, source: \"Figure 9, 000:L363\"}\n")
    out.write("tables:\n")
    for tid, name, frm, fn in (("standard", "Combat Results Table", None, standard),
                               ("1917", "1917 and Later", "1 January 1917", later)):
        out.write(f"  - id: \"{tid}\"\n    name: {name}\n")
        if frm:
            out.write(f"    from: {frm}   # 13-26: from the first turn of January 1917\n")
        out.write("    columns:   # die: -1  0  1  2  3  4  5  6  7  8\n")
        for col in range(1, 51):
            out.write(f"      {col}: [{', '.join(str(fn(col, d)) for d in DIES)}]\n")


if __name__ == "__main__":
    main()
