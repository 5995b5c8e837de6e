"""Sheet config for map 6-5, Serbia (The Eastern Front, file 003).

Rulebook facts (003 lines): Belgrade 1607 (3-1, L1175), the Danube hexes 1606 and 1707 (north and
east of Belgrade, L1175), the Serbian/A-H/Romanian border at 2405 and the November 1914 front line
(8-1, L1243), the Serbian placement hexes 1311, 1109, 1208, 1209, 1309, 1310, 1408, 1508 (9-2,
L1257-1261), 1115 (8-4, L1251), Nish 2413 (11-51, L1724), the A-H arrival hex 1204 of the flotilla
Enns (000:L1966-1967: so 1204 borders the Danube, 36-1: the Danube is moved one hex north there),
Salonika, the Greek port (10-3, L1284);
Albania and Greece adjoin (L1278-1288). The kit's tint classes most of the Serbian upland as
'mountain': at 20 km a hex of it is rough country, so 'mountain' is rough here and only the
'high_mountain' peaks are mountain hexsides.
"""
from .eastern import RELIEF_ROUGH, configure

configure(
    globals(), sheet="6-5", name="Serbia", extent=(1, 34, 1, 30),
    cities={"1607": "Belgrade", "2413": "Nish", "3327": "Salonika", "3116": "Sofia", "1221": "Cetinje"},
    capitals=["1607", "3116", "1221"],
    ports=["3327"],
    land=["1606", "1707", "2405", "1507", "1407", "1308", "1207", "1108", "1008", "1009", "1110", "1210",
          "1211", "1112", "1113", "1013", "1014", "0915", "0815", "0816", "0817", "0818", "0919", "1019",
          "1120", "1311", "1109", "1208", "1209", "1309", "1310", "1408", "1508", "1115", "1204"],
    country={"1607": "serbia", "1606": "austria-hungary", "1707": "austria-hungary", "2405": "austria-hungary",
             "1204": "austria-hungary", "1311": "serbia", "1109": "serbia", "1208": "serbia", "1209": "serbia",
             "1309": "serbia", "1310": "serbia", "1408": "serbia", "1508": "serbia", "2413": "serbia",
             "3327": "greece", "1221": "montenegro",
             # the Danube is the frontier from Belgrade to the tripoint: 8-1 calls every hex north of
             # it from 2405 to 1606 the A-H front line; the kit's hand-drawn Serbian polygon puts this
             # north-bank hex (Kovin, opposite Smederevo) in Serbia
             "1907": "austria-hungary"},
    relief=RELIEF_ROUGH,
    # the Danube passes 1204 (the flotilla Enns arrives there, so 1204 borders it: 36-1); the kit's
    # course runs one hex further south between 1105 and 1306 (6-5's place is uncertain by ~0.5 hex)
    river_forced={"Danube": ["1606|1607", "1607|1707", "1105|1205", "1204|1205", "1205|1305"]},
    river_removed={"Danube": ["1106|1205", "1205|1206", "1205|1306"]},
    labels=["Sarajevo", "Mostar", "Novi Sad", "Temesvar", "Valjevo", "Uzice", "Kragujevac", "Kraljevo",
            "Krusevac", "Zajecar", "Pirot", "Skopje", "Pristina", "Monastir", "Cattaro", "Visegrad",
            "Orsova", "Plovdiv", "Kyustendil", "Gevgelija", "Semlin", "Pancevo", "Obrenovac", "Mladenovac",
            "Lapovo", "Paracin", "Vranje", "Veles", "Prilep", "Kosovska Mitrovica", "Mitrovica", "Vinkovci",
            "Brod", "Doboj", "Osijek", "Versecz", "Serres", "Radomir", "Mezdra", "Cacak", "Stalac"],
    reason=("No rulebook prints map 6-5. Schematic map at the printed 20 km scale whose hex numbers match every "
            "hex the rulebook names (two anchors, Belgrade and Nish, so the sheet's place is uncertain by about "
            "half a hex). Relief from the kit's coarse tint, the Serbian upland as rough; rivers and the 1914 "
            "frontiers from the kit (the 1913 Macedonian and Albanian frontiers rough); the 1914 rail net drawn "
            "from the main lines of the time (approximate); Sofia and Cetinje are placed at the kit's position "
            "as capitals, other Serbian towns are labels: the rulebook names only Belgrade and Nish as Serbian "
            "cities. Rulebook hexes are forced to land and to the country the rulebook implies."),
    sources=["The Eastern Front rulebook (file 003): Belgrade, the Danube hexes of 3-1, the front line of 8-1, "
             "the placement hexes of 9-2, Nish (11-51), Salonika (10-3); The Italian Front rulebook (file 000) "
             "18-2: hex 1204"],
)
