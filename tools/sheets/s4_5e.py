"""Sheet config for map 4-5E, Minsk and White Russia (The Eastern Front, file 003; an extension sheet).

Rulebook facts (003): 4-5E hex 0401, where the 1919 border of Russia begins (11-31, L1661); Minsk and
its urban hexsides (11-35, L1669; the Guard Army begins around Minsk, 6-3 L1538): Minsk falls on
the hexside 0811/0812; rows xx25 and higher are the Limited Scope playing area (9-1, L1566);
Russian rail lines leave every edge (11-12, L1613). THE LEAST CERTAIN KIND OF SHEET: no hex is tied to
a named place; it is 4-5 moved by one lattice vector.
"""
from .eastern import BORDER_1919, PRIPET, configure

configure(
    globals(), sheet="4-5E", name="Minsk and White Russia", extent=(1, 34, 1, 27),
    cities={"0811": "Minsk", "0812": "Minsk"},
    land=["0401"],
    country={"0401": "russia"},
    urban=[("0811", "0812")],
    regions=[PRIPET],
    lines=[BORDER_1919],
    labels=["Daugavpils", "Polotsk", "Vitebsk", "Nevel", "Orsha", "Smolensk", "Roslavl", "Mogilev", "Borisov",
            "Molodechno", "Lida", "Baranovichi", "Slonim", "Bobruisk", "Zhlobin", "Gomel", "Kalinkovichi",
            "Luninets", "Pinsk", "Sarny", "Korosten", "Ovruch", "Kiev", "Chernigov", "Bakhmach", "Unecha",
            "Sventsiany", "Kobrin"],
    reason=("EXTENSION SHEET, THE LEAST CERTAIN: no rulebook prints map 4-5E and none of its hexes is tied to "
            "a named place; it is map 4-5's grid moved by one lattice vector (dcol -34, dy +7): the rows from "
            "9-1 and 11-31, the columns from continuity only (uncertain by 2 or more). Schematic map at the "
            "printed 20 km scale; rivers from the kit; the Pripet marshes as swamp from an outline of ours; the "
            "1914 rail net drawn from the main lines of the time (approximate); the 1919 border of 11-31 drawn "
            "from 0401 along the 1921 Riga-treaty frontier (our reading)."),
    sources=["The Eastern Front rulebook (file 003): 0401 and the 1919 border (11-31), Minsk (6-3, 11-35), the "
             "Limited Scope rows (9-1)"],
)
