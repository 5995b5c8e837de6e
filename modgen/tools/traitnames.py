"""Names of VASSAL traits and of their type fields, for describing a trait change in words.

From the checked table of vassal-format.md §3.3 (VASSAL 3.7.26's ``myGetType`` field order):
fields are numbered after the prefix, SequenceEncoder(';')-split. A trait not listed is named
by its prefix and its fields by number.
"""
from __future__ import annotations

TRAIT_NAMES = {
    "piece;": "Basic piece", "prototype;": "Prototype", "emb2;": "Layer", "emb;": "Layer",
    "mark;": "Marker", "immob;": "Does not stack", "delete;": "Delete", "clone;": "Clone",
    "report;": "Report action", "sendto;": "Send to location", "label;": "Text label",
    "footprint;": "Movement trail", "markmoved;": "Mark when moved", "obs;": "Mask",
    "hide;": "Invisible", "PROP;": "Dynamic property", "macro;": "Trigger action",
    "globalkey;": "Global key command", "propertysheet;": "Property sheet",
    "calcProp;": "Calculated property", "setprop;": "Set global property",
    "setpieceprop;": "Set piece property", "rotate;": "Can rotate", "restrict;": "Restricted access",
    "hideCmd;": "Restrict commands", "return;": "Return to deck", "placemark;": "Place marker",
    "replace;": "Replace with other", "submenu;": "Sub-menu", "menuSeparator;": "Menu separator",
    "translate;": "Move fixed distance", "AreaOfEffect;": "Area of effect",
    "basicName;": "Basic name", "border;": "Border outline", "attach;": "Attachment",
    "mat;": "Mat", "matPiece;": "Mat cargo", "deselect;": "Deselect", "button;": "Action button",
    "globalhotkey;": "Global hotkey", "playSound;": "Play sound", "locmsg;": "Translatable message",
    "cmt;": "Comment", "pivot;": "Pivot", "nonRect2;": "Non-rectangular",
}

TYPE_FIELDS = {
    "piece;": ["clone key", "delete key", "image", "name"],
    "prototype;": ["name"],
    "emb2;": ["activate command", "activate modifiers", "activate key", "increase command",
              "increase modifiers", "increase key", "decrease command", "decrease modifiers",
              "decrease key", "reset command", "reset key", "reset level",
              "draw underneath when selected", "x offset", "y offset", "images", "level names",
              "loop levels", "name", "random key", "random text", "follow property",
              "property name", "first level value", "version", "always active",
              "activate keystroke", "increase keystroke", "decrease keystroke", "description",
              "scale", "only property name", "only property state"],
    "mark;": ["property names"],
    "immob;": ["select", "move", "stack", "description"],
    "delete;": ["command", "key", "description"],
    "clone;": ["command", "key", "description"],
    "report;": ["keys", "report format", "cycle down keys", "cycle report formats",
                "description", "no suppress"],
    "sendto;": ["command", "key", "map", "board", "x", "y", "back command", "back key",
                "x index", "y index", "x offset", "y offset", "description", "destination",
                "zone", "region", "property filter", "grid location"],
    "label;": ["label key", "menu command", "font size", "background colour", "text colour",
               "vertical position", "vertical offset", "horizontal position",
               "horizontal offset", "vertical justification", "horizontal justification",
               "name format", "font family", "font style", "rotation", "property name",
               "description", "always use format"],
    "footprint;": ["trail key", "menu command", "initially visible", "globally visible",
                   "circle radius", "fill colour", "line colour", "selected transparency",
                   "unselected transparency", "edge point buffer", "edge display buffer",
                   "line width", "trail key on", "trail key off", "trail key clear",
                   "description"],
    "markmoved;": ["moved icon", "x offset", "y offset", "command", "key", "description",
                   "ignore same location", "command true", "key true", "command false",
                   "key false"],
    "obs;": ["key command", "image", "hide command", "display style", "mask name", "access",
             "peek command", "description", "auto peek", "deal key", "deal expression"],
    "hide;": ["hide key", "command", "background colour", "access", "transparency",
              "description", "disable auto report move"],
    "PROP;": ["name", "numeric,min,max,wrap", "key commands", "description"],
    "macro;": ["name", "command", "key", "property match", "watch keys", "action keys", "loop",
               "pre-loop key", "post-loop key", "loop type", "while", "until", "loop count",
               "index", "index property", "index start", "index step"],
    "globalkey;": ["command", "key", "global key", "properties filter", "restrict range",
                   "range", "report single", "fixed range", "range property", "description",
                   "select from deck", "target", "suppress sounds", "parameters"],
}


def trait_name(prefix: str) -> str:
    return TRAIT_NAMES.get(prefix, prefix.rstrip(";") or "trait")


def field_name(prefix: str, index: int) -> str:
    """``index`` counts the fields after the prefix from 0."""
    names = TYPE_FIELDS.get(prefix, [])
    return names[index] if 0 <= index < len(names) else f"field {index + 1}"
