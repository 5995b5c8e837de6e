"""Sheet config for map 4-5N, Courland and Riga (The Eastern Front, file 003; an extension sheet).

Rulebook facts (003): 4-5N hex 1412, the end of the German network extension from 4-5 hexes
2404-2802 (L1526: read as Libau, the terminus of the Libau-Romny railway); Riga and its urban
hexsides (11-35, L1669); the Daugava, which flows through Riga and south of the city of Daugavpils
(11-31, L1661). Riga's urban hexside is 2407/2408 (the city lies between the two hex centres).
THE LEAST CERTAIN KIND OF SHEET: no hex of it is tied to a named place; it is 4-5 moved by one lattice
vector decided by the reading of 1412 (see the kit's README).
"""
from .eastern import configure

configure(
    globals(), sheet="4-5N", name="Courland and Riga", extent=(1, 34, 1, 17),
    cities={"2408": "Riga", "2407": "Riga", "3411": "Daugavpils"},
    land=["1412"],
    names={"1412": "Libau"},
    country={"1412": "russia"},
    urban=[("2407", "2408")],
    neutral=["sweden"],
    labels=["Libau", "Windau", "Tukums", "Mitau", "Kreuzburg", "Wolmar", "Shavli", "Radviliskis",
            "Mazeikiai", "Memel", "Heydekrug", "Tilsit", "Sventsiany", "Rezekne", "Walk"],
    reason=("EXTENSION SHEET, THE LEAST CERTAIN: no rulebook prints map 4-5N and none of its hexes is tied to "
            "a named place; it is map 4-5's grid moved by one lattice vector (dcol -1, dy +16.5) chosen by "
            "reading 4-5N hex 1412 as Libau, so the whole sheet may sit 9-10 columns off if that reading is "
            "wrong. Schematic map at the printed 20 km scale; coast, rivers and the 1914 frontier from the kit; "
            "the 1914 rail net drawn from the main lines of the time (approximate); the rows north of Riga are "
            "a guess."),
    sources=["The Eastern Front rulebook (file 003): 4-5N hex 1412 (L1526), Riga (11-35), the Daugava and "
             "Daugavpils (11-31)"],
)
