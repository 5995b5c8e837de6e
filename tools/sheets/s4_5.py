"""Sheet config for map 4-5, East Prussia and northern Poland (The Eastern Front, file 003).

Rulebook facts, with their lines in 003: Konigsberg 1506 (3-1, L1889; a German fortress: the path
of 3-1 avoids "hexes containing a German fortress"), Allenstein 1611 (11-34, L1667), Novogeorgievsk
1918 and the Warsaw fortresses (3-3, L1492), Warsaw 2119 with urban hexsides (11-35, L1669; the
German line of L1526 ends at 2019, so Warsaw's urban hexside is 2019/2119: the city west of the
Vistula is 2019 in the fit), the rail hexes of 3-3 and of the Brusilov network extensions
(L1492, L1526-1527), hexes 1512, 2204, 2205 in Germany 8 MP from Konigsberg (L1889), the German
arrival hex 0118 (L1924). The cities of 41-3 (L1031: Kovno, Grodno, Bialystok, Brest-Litovsk) carry
no hex in the rulebook: they are put on the rail junctions the kit guesses for them (2802, 2909,
2713, 3118).
"""
from .eastern import configure

configure(
    globals(), sheet="4-5", name="East Prussia and Northern Poland", extent=(1, 34, 1, 20),
    cities={"1506": "Konigsberg", "1611": "Allenstein", "2119": "Warsaw", "2019": "Warsaw",
            "2713": "Bialystok", "2909": "Grodno", "2802": "Kovno", "3118": "Brest-Litovsk"},
    fortresses=["1506", "1918", "2119"],
    names={"1918": "Novogeorgievsk", "2618": "Siedlce", "2619": "Lukow", "2410": "Grajewo",
           "2404": "Eydtkuhnen", "3203": "Vilna", "0118": "Kreuz"},
    land=["0118", "1512", "2204", "2205", "1413", "2404", "2410", "2618", "2619", "2914", "3017", "3203",
          "3303", "1918"],
    country={"0118": "germany", "1512": "germany", "2204": "germany", "2205": "germany", "1506": "germany",
             "1611": "germany", "2119": "russia", "2019": "russia", "1918": "russia"},
    urban=[("2019", "2119")],
    labels=["Danzig", "Thorn", "Bromberg", "Graudenz", "Elbing", "Marienburg", "Soldau", "Mlawa", "Lyck",
            "Lotzen", "Insterburg", "Tilsit", "Gumbinnen", "Osterode", "Deutsch Eylau", "Ostroleka", "Lapy",
            "Plock", "Kutno", "Lowicz", "Osowiec", "Grajewo", "Siedlce", "Lukow", "Vilna", "Eydtkuhnen",
            "Kreuz", "Schneidemuhl", "Konitz", "Stolp", "Malkinia", "Volkovysk", "Lida", "Czeremcha",
            "Alexandrowo", "Wloclawek", "Posen", "Gnesen", "Memel"],
    reason=("No rulebook prints map 4-5. Schematic map at the printed 20 km scale whose hex numbers match "
            "every hex the rulebook names (four anchors: Konigsberg, Allenstein, Novogeorgievsk, Warsaw; the rail "
            "junctions of 003:L1492, L1526-1527 are our reading of the kit). The kit classes all of the sheet as "
            "lowland, so every land hexside is clear; lakes, rivers and the 1914 frontier come from the kit, the "
            "1914 rail net is drawn from the main lines of the time (approximate), only the rulebook's cities are "
            "cities. Rulebook hexes are forced to land and to the country the rulebook implies."),
    sources=["The Eastern Front rulebook (file 003): Konigsberg, Allenstein, Novogeorgievsk, Warsaw, the "
             "rail hexes of 3-3 and the Brusilov network extensions, hexes 0118, 1512, 2204, 2205"],
)
