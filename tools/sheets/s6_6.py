"""Sheet config for map 6-6, Romania (The Eastern Front, file 003).

Rulebook facts (003 lines): hex 0421 is in Romania and the Danube flows only along its hexside
0421/0322 (map erratum, L1309); the off-map rail link 0112 (A-H) - 0126 (Bulgaria: the move counts
against A-H and Bulgarian capacity, 13-1, L1317); rail lines exit the northern edge east of hexrow
18xx and the southern edge (L1317-1321); 1515 is a clear hex north of the Danube and the Dambovita
(13-2, L1323); the Russian arrival hex 2603 (13-2); 2713 on the south bank of the Danube (L1329);
Romanian reinforcements at 1901 (11-57, L1738); Bucharest's 3 fortress hexes (13-2: not numbered in
the rulebook: the kit's 1517 and its two neighbours nearest the city); Odessa and its urban hexside
(11-35, L1669) with the Dniester in front of it (11-31, L1661). No hex is tied to a named place: the
sheet is placed from these statements only (uncertain by about a column and a row).
"""
from .eastern import DANUBE_DELTA, configure

configure(
    globals(), sheet="6-6", name="Romania", extent=(1, 34, 1, 30),
    cities={"1517": "Bucharest", "3101": "Odessa", "3001": "Odessa"},
    capitals=["1517"],
    fortresses=["1517", "1516", "1616"],
    land=["0421", "0322", "0112", "0126", "1515", "2603", "2713", "1901"],
    country={"0421": "romania", "0112": "austria-hungary", "0126": "bulgaria", "1515": "romania",
             "1901": "romania", "2603": "russia", "2713": "romania", "1517": "romania", "1516": "romania",
             "1616": "romania", "3101": "russia", "3001": "russia"},
    urban=[("3001", "3101")],
    regions=[DANUBE_DELTA],
    river_forced={"Danube": ["0322|0421"]},
    river_removed={"Danube": [f"0421|{n}" for n in ("0420", "0521", "0522", "0422", "0321")]},
    labels=["Orsova", "Turnu Severin", "Calafat", "Craiova", "Targu Jiu", "Petroseny", "Deva", "Hermannstadt",
            "Kronstadt", "Pitesti", "Targoviste", "Ploiesti", "Giurgiu", "Silistra", "Cernavoda",
            "Constanta", "Bazargic", "Varna", "Shumen", "Pleven", "Sofia", "Braila", "Galatz", "Focsani",
            "Buzau", "Iasi", "Kishinev", "Bender", "Czernowitz", "Suceava", "Tulcea", "Ismail", "Ruse",
            "Tarnovo", "Slatina", "Caracal", "Marasesti", "Bacau", "Barlad", "Ungheni", "Reni", "Tiraspol",
            "Predeal", "Fogaras", "Ramnicu Valcea", "Medgidia", "Urziceni", "Stara Zagora", "Mezdra",
            "Gorna Oryahovitsa", "Balti", "Roman", "Pascani", "Botosani"],
    reason=("No rulebook prints map 6-6 and none of its hexes is tied to a named place: the sheet is placed from "
            "the rulebook's statements about ten hexes (uncertain by about a column and a row, more at the far "
            "edges). Schematic map at the printed 20 km scale; relief, coast, rivers and the 1914 frontiers from "
            "the kit; the Danube at 0421 as the erratum of 003:L1309 says; the Danube delta as swamp from an "
            "outline of ours; the 1914 rail net drawn from the main lines of the time (approximate); Bucharest's "
            "three fortress hexes are ours (the rulebook does not number them)."),
    sources=["The Eastern Front rulebook (file 003): the map note of the Romania scenario (0421), 13-1, 13-2, "
             "the victory conditions (2713), 11-57 (1901), 11-31 and 11-35 (Odessa, the Dniester)"],
)
