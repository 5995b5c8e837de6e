"""The chat declarations of the Der Weltkrieg checker (docs/declarations.md), beside the core
``!scenario`` of ``modgen.check.declarations``: facts a VASSAL log cannot show."""
from __future__ import annotations

from modgen.check.declarations import no_args, one_word, unit_and_path, unit_only

#: keyword -> (parser, usage); ``SYSTEM.declarations`` names this mapping
KEYWORDS = {
    "rail": (unit_and_path, "!rail <unit> <hex>-<hex>[-<hex>…]"),
    "column": (unit_only, "!column <unit>"),
    "retreat": (unit_and_path, "!retreat <unit> <hex>-<hex>[-<hex>…]"),
    "war": (no_args, "!war  (Germany declares war on Italy, Italian Front 3-9, linked games)"),
    "joins": (one_word, "!joins <nation>  (a neutral nation joins the war now: Eastern Front 11-51, "
                        "11-55, 17-6)"),
    "optional": (one_word, "!optional <rule>  (an optional scenario rule is in play: Eastern Front "
                           "10-5, Tannenberg 3-1)"),
}
