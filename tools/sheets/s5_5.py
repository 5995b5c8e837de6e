"""Sheet config for map 5-5, southern Poland and Galicia (The Eastern Front, file 003).

Rulebook facts (003 lines): Lublin 2803, Cholm 3203, Kowel 3601, Lemberg 3609, Przemysl 3111 (its
fortress hexes, 7-9 L1998), Cracow 1911, Stanislau 4013 (7-3, L1974-1982); Radom 2203, Kielce 2106,
Tarnow 2311 and Lemberg's second hex 3509 (11-34, L1667); the A-H railheads 3415 and 4017 and the
rail lines of L1478-1481 and L1526-1527; the A-H arrival hexes 3609 and 3912 (000:L1965); 4902 at
the end of the 1919 border and the 4800 hexrow limit (11-31, L1661); hexes xx16 or higher south of
the Carpathians (L1393). Rowno (41-3, L1031) has no hex in the rulebook: the kit's 4303.
The kit covers rows 01-22; the sheet ends at row 20 because 5-5S's row 01 is 5-5's row 21.
"""
from .eastern import BORDER_1919, PRIPET, configure

configure(
    globals(), sheet="5-5", name="Southern Poland and Galicia", extent=(1, 50, 1, 20),
    cities={"2803": "Lublin", "3203": "Cholm", "3601": "Kowel", "3609": "Lemberg", "3509": "Lemberg",
            "3111": "Przemysl", "1911": "Cracow", "4013": "Stanislau", "2203": "Radom", "2106": "Kielce",
            "2311": "Tarnow", "4303": "Rowno"},
    fortresses=["3111"],
    # the rail hexes of the rulebook carry the name of the town the kit finds there (our reading)
    names={"3907": "Brody", "3808": "Krasne", "4209": "Tarnopol", "4409": "Podwoloczyska", "3605": "Sokal",
           "3504": "Wlodzimierz", "3903": "Kiwerce", "1003": "Kalisz", "1503": "Lodz", "1602": "Koluszki",
           "1610": "Dabrowa", "1909": "Miechow", "2502": "Ivangorod", "3415": "Lawoczne",
           "4017": "Tatar pass"},
    land=["1003", "1503", "1602", "1610", "1909", "2502", "2802", "3415", "3504", "3605", "3808", "3903",
          "3907", "3912", "4017", "4209", "4409", "4902"],
    country={"3415": "austria-hungary", "4017": "austria-hungary", "3907": "austria-hungary",
             "3808": "austria-hungary", "4209": "austria-hungary", "4409": "austria-hungary",
             "3609": "austria-hungary", "3509": "austria-hungary", "3912": "austria-hungary",
             "1003": "russia", "1503": "russia", "1602": "russia", "1610": "russia", "1909": "russia",
             "2502": "russia", "3504": "russia", "3601": "russia", "3903": "russia", "4902": "russia"},
    regions=[PRIPET],
    lines=[BORDER_1919],
    labels=["Breslau", "Oppeln", "Czestochowa", "Lodz", "Kalisz", "Koluszki", "Piotrkow", "Sandomierz",
            "Rzeszow", "Jaroslau", "Gorlice", "Nowy Sacz", "Sambor", "Stryj", "Halicz", "Tarnopol", "Brody",
            "Krasne", "Lutsk", "Czernowitz", "Kolomea", "Zamosc", "Rawa Ruska", "Ungvar", "Munkacs", "Kaschau",
            "Olmutz", "Kattowitz", "Ivangorod", "Sokal", "Wlodzimierz", "Kiwerce", "Podwoloczyska",
            "Kamenets-Podolsk", "Proskurov", "Shepetovka", "Novograd-Volynsk", "Zdolbunov", "Sanok", "Jaslo",
            "Chyrow", "Lawoczne", "Delatyn", "Dabrowa", "Miechow", "Skarzysko", "Berdichev", "Zhitomir",
            "Eperjes", "Zilina", "Oderberg"],
    reason=("No rulebook prints map 5-5. Schematic map at the printed 20 km scale whose hex numbers match "
            "every hex the rulebook names (ten anchors, the rail hexes of 003:L1478-1481 and L1526-1527 read "
            "from the kit). Relief from the kit's coarse tint (hills, the Carpathian mountains from row 14); the "
            "Pripet marshes as swamp from an outline of ours; the 1914 frontier from the kit; the 1914 rail net "
            "drawn from the main lines of the time (approximate); only the rulebook's cities are cities; the "
            "sheet range is a guess (named rows reach 17)."),
    sources=["The Eastern Front rulebook (file 003): cities of 7-3 and 11-34, the rail hexes of the Gorlice-Tarnow "
             "and Brusilov rules, 4902 (11-31), hexes 3609 and 3912 (000 18-2)"],
)
