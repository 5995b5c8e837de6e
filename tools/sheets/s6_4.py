"""Sheet config for map 6-4, The Italian Front (file 000): the data tools/mapkit.py turns into
maps/6-4.yaml. Every rulebook fact is listed with the line it comes from; the method is mapkit's.

    python3 tools/make_map.py 6-4      (or python3 tools/make_map_6_4.py, the same)
"""
ID = "6-4"
NAME = "The Italian Front"
KIT = "italian-front.yaml"
FIRST_COL, LAST_COL, FIRST_ROW, LAST_ROW = 10, 42, 11, 29
HEX_HEIGHT = 64

COUNTRIES = {"I": "italy", "A": "austria-hungary", "G": "germany", "S": "switzerland"}
NEUTRAL = ["switzerland"]

# -- rulebook facts (file 000 = The Italian Front rulebook; see docs/missing-data.md M3) --
RULEBOOK_CITIES = {  # hex: name  (000:L1108, L1150-1155, L1604; fortress lists)
    "1421": "Milano", "2326": "Bologna", "2721": "Venice", "2118": "Trient", "2019": "Riva",
    "3318": "Gorizia", "3419": "Trieste", "3423": "Pola", "3620": "Fiume", "3616": "Ljubljana",
}
RULEBOOK_FORTRESSES = ["1917", "2019", "2118", "2218", "3115", "3215", "3423",   # A-H, 000:L1172
                       "2320", "2419", "2716", "2721", "3016", "3018"]           # Italy, 000:L1194
PORTS = ["2721", "3419", "3423", "3620"]
# every hex the if_* scenarios use (set-up, fortress, devastation marker): must be land
RULEBOOK_LAND = sorted(set(RULEBOOK_CITIES) | set(RULEBOOK_FORTRESSES) | {
    "1321", "1322", "1722", "1817", "1818", "1819", "1820", "1918", "1919", "1920", "2020",
    "2119", "2120", "2121", "2122", "2215", "2314", "2318", "2321", "2420", "3214",
    "3118", "3119", "3217", "3218"})
RULEBOOK_COUNTRY = {
    # A-H: fortress and set-up hexes of A-H units (000:L1172 and 5-1 lists); German units in
    # 1915 (2314) may not be in Italy before August 1916 (3-9); 3119 is A-H (000:L1150)
    **{h: "austria-hungary" for h in ("1917", "1918", "1919", "2019", "2118", "2119", "2215",
                                      "2218", "2314", "3115", "3215", "3119", "3318", "3419",
                                      "3423", "3620", "3616")},
    # Italy: Italian fortresses and 1915 Italian set-up hexes (000:L1194 and 5-2 lists)
    **{h: "italy" for h in ("1421", "2326", "2721", "1817", "1818", "1819", "1820", "1920",
                            "2020", "2120", "2121", "2122", "2320", "2419", "2716", "3016",
                            "3018")},
}
SEEDS = {"italy": (45.46, 9.19), "austria-hungary": (46.06, 14.51),
         "switzerland": (46.95, 8.9), "germany": (47.55, 11.3)}
#: relief the kit's tint classification gets wrong at this scale (hex: relief, reason)
RELIEF_OVERRIDES = {
    "3318": ("hills", "Gorizia lies at the edge of the Friulian plain, hills to the north and east"),
}
#: the Carso (Karst) plateau between Gorizia and Trieste: rough, not hilly (lat/lon box)
RUGGED = [((45.55, 13.55), (45.88, 14.1))]

RIVERS = [  # name, major, waypoints (lat, lon) along the course, source: "kit" or "traced"
    ("Po", True, "kit", [(45.18, 8.0), (45.08, 9.0), (45.12, 10.0), (45.0, 10.29), (45.0, 10.69),
                         (45.07, 11.0), (45.0, 11.32), (44.98, 12.0), (45.0, 12.24), (44.97, 12.54)]),
    ("Adige", False, "kit", [(46.78, 10.53), (46.65, 11.0), (46.5, 11.33), (46.07, 11.12), (45.89, 11.04),
                             (45.77, 11.0), (45.44, 11.0), (45.19, 11.31), (45.14, 12.0), (45.16, 12.33)]),
    ("Piave", False, "kit", [(46.62, 12.72), (46.14, 12.22), (46.06, 12.0), (46.0, 11.97), (45.87, 12.0),
                             (45.72, 12.46), (45.53, 12.72)]),
    ("Tagliamento", False, "traced", [(46.42, 12.58), (46.42, 12.80), (46.40, 13.02), (46.33, 13.12),
                                      (46.24, 13.06), (46.17, 12.94), (46.05, 12.92), (45.92, 12.93),
                                      (45.78, 13.0), (45.64, 13.10)]),
    ("Isonzo", False, "traced", [(46.38, 13.75), (46.33, 13.56), (46.25, 13.58), (46.18, 13.73),
                                 (46.09, 13.64), (45.95, 13.63), (45.89, 13.50), (45.85, 13.47),
                                 (45.72, 13.55)]),
    ("Drava", False, "kit", [(46.74, 12.24), (46.80, 12.8), (46.74, 13.0), (46.62, 13.85),
                             (46.59, 14.0), (46.62, 14.53), (46.60, 15.0), (46.38, 16.0)]),
    ("Sava", False, "kit", [(46.28, 14.0), (46.12, 15.0), (46.0, 15.34), (45.79, 16.0)]),
    ("Inn", False, "kit", [(46.62, 10.0), (47.0, 10.58), (47.29, 11.0), (47.49, 12.0), (47.53, 12.1)]),
    ("Brenta", False, "traced", [(46.05, 11.60), (45.90, 11.68), (45.77, 11.73), (45.54, 11.78),
                                 (45.41, 12.01), (45.19, 12.28)]),
    ("Mincio", False, "kit", [(45.45, 10.69), (45.35, 10.74), (45.16, 10.79), (45.07, 10.98)]),
    ("Adda", False, "kit", [(45.81, 9.41), (45.50, 9.50), (45.31, 9.50), (45.19, 9.79), (45.13, 9.88)]),
    ("Ticino", False, "kit", [(45.73, 8.62), (45.25, 9.0), (45.14, 9.22)]),
]
RIVER_TOLERANCE = 0.12  # degrees: a kit river piece belongs to a river if all its points are this close

# main 1915 rail lines: (name, track, towns); a town is a rulebook city name or a (lat, lon) pair
TOWNS = {
    "Torino-dir": (45.07, 7.68), "Novara": (45.45, 8.62), "Como": (45.81, 9.08),
    "Bergamo": (45.70, 9.67), "Brescia": (45.54, 10.22), "Verona": (45.44, 10.99),
    "Vicenza": (45.55, 11.55), "Padova": (45.41, 11.88), "Mestre": (45.49, 12.24),
    "Treviso": (45.67, 12.24), "Conegliano": (45.89, 12.30), "Udine": (46.06, 13.24),
    "Cormons": (45.96, 13.47), "Monfalcone": (45.81, 13.53), "Piacenza": (45.05, 9.69),
    "Parma": (44.80, 10.33), "Modena": (44.65, 10.93), "Ferrara": (44.84, 11.62),
    "Rovigo": (45.07, 11.79), "Mantova": (45.16, 10.79), "Rovereto": (45.89, 11.04),
    "Bozen": (46.50, 11.35), "Brixen": (46.72, 11.66), "Brenner": (47.00, 11.51),
    "Innsbruck": (47.27, 11.39), "Gemona": (46.27, 13.14), "Pontebba": (46.50, 13.30),
    "Tarvis": (46.50, 13.58), "Villach": (46.61, 13.85), "Klagenfurt": (46.62, 14.31),
    "Assling": (46.44, 14.06), "Krainburg": (46.24, 14.36),
    "Opcina": (45.69, 13.79), "St Peter": (45.76, 14.21), "Divaca": (45.68, 13.97),
    "Pisino": (45.24, 13.94), "Belluno": (46.14, 12.22), "Feltre": (46.02, 11.91),
    "Bassano": (45.77, 11.73),
    "Ravenna": (44.42, 12.20), "Faenza": (44.29, 11.88), "Lienz": (46.83, 12.77),
    "Franzensfeste": (46.79, 11.61), "Karlstadt-dir": (45.49, 15.55), "Agram-dir": (45.81, 15.9),
    "Sondrio": (46.17, 9.87), "Lecco": (45.85, 9.39), "Schio": (45.71, 11.36),
    # beyond the map: lines are clipped where they leave it (map-edge rail hexes, rule 15/25-7)
    "Zidani Most": (46.08, 15.17), "Cilli": (46.23, 15.26), "Marburg": (46.56, 15.65),
    "Graz-dir": (47.07, 15.44), "Unterdrauburg": (46.65, 14.98), "Spittal": (46.80, 13.50),
    "Schwarzach-dir": (47.32, 13.15), "Landeck": (47.14, 10.57), "Bludenz": (47.15, 9.82),
    "Porretta": (44.15, 10.98), "Pistoia-dir": (43.93, 10.91), "Rimini": (44.06, 12.57),
    "Ancona-dir": (43.62, 13.51), "Genova": (44.41, 8.93),
}
RAILS = [
    ("Milano-Verona-Venice", "double", ["Milano", "Bergamo", "Brescia", "Verona", "Vicenza", "Padova", "Mestre", "Venice"]),
    ("Mestre-Udine-Cormons", "double", ["Mestre", "Treviso", "Conegliano", "Udine", "Cormons", "Gorizia"]),
    ("Gorizia-Trieste", "double", ["Gorizia", "Opcina", "Trieste"]),
    ("Cormons-Monfalcone-Trieste", "single", ["Udine", "Monfalcone", "Trieste"]),
    ("Verona-Trient-Brenner", "double", ["Verona", "Rovereto", "Trient", "Bozen", "Franzensfeste", "Brenner", "Innsbruck"]),
    ("Bologna-Padova", "double", ["Bologna", "Ferrara", "Rovigo", "Padova"]),
    ("Milano-Bologna", "double", ["Milano", "Piacenza", "Parma", "Modena", "Bologna"]),
    ("Milano-Torino", "double", ["Milano", "Novara", "Torino-dir"]),
    ("Udine-Tarvis-Villach", "single", ["Udine", "Gemona", "Pontebba", "Tarvis", "Villach"]),
    ("Trieste-Ljubljana", "double", ["Trieste", "Divaca", "St Peter", "Ljubljana"]),
    ("Ljubljana-Cilli-Marburg (Suedbahn)", "double", ["Ljubljana", "Zidani Most", "Cilli", "Marburg", "Graz-dir"]),
    ("Zidani Most-Agram", "single", ["Zidani Most", "Agram-dir"]),
    ("Klagenfurt-Marburg", "single", ["Klagenfurt", "Unterdrauburg", "Marburg"]),
    ("Villach-Tauern", "single", ["Villach", "Spittal", "Schwarzach-dir"]),
    ("Innsbruck-Arlberg", "single", ["Innsbruck", "Landeck", "Bludenz"]),
    ("Bologna-Pistoia (Porrettana)", "single", ["Bologna", "Porretta", "Pistoia-dir"]),
    ("St Peter-Fiume", "single", ["St Peter", "Fiume"]),
    ("Fiume-Karlstadt", "single", ["Fiume", "Karlstadt-dir", "Agram-dir"]),
    ("Trieste-Pola", "single", ["Divaca", "Pisino", "Pola"]),
    ("Villach-Klagenfurt", "double", ["Villach", "Klagenfurt"]),
    ("Tarvis-Assling-Ljubljana", "single", ["Tarvis", "Assling", "Krainburg", "Ljubljana"]),
    ("Franzensfeste-Lienz-Villach", "single", ["Franzensfeste", "Lienz", "Villach"]),
    ("Verona-Mantova-Modena", "single", ["Verona", "Mantova", "Modena"]),
    ("Bologna-Rimini-Ancona", "double", ["Bologna", "Faenza", "Rimini", "Ancona-dir"]),
    ("Padova-Bassano-Feltre-Belluno", "single", ["Padova", "Bassano", "Feltre", "Belluno"]),
    ("Conegliano-Belluno", "single", ["Conegliano", "Belluno"]),
    ("Vicenza-Schio", "single", ["Vicenza", "Schio"]),
    ("Milano-Lecco-Sondrio", "single", ["Milano", "Lecco", "Sondrio"]),
    ("Milano-Como", "single", ["Milano", "Como"]),
    ("Milano-Genova", "double", ["Milano", "Genova"]),
]
#: name labels (no game effect) for orientation
LABELS = ["Verona", "Padova", "Vicenza", "Treviso", "Udine", "Brescia", "Bergamo", "Mantova",
          "Ferrara", "Parma", "Modena", "Piacenza", "Innsbruck", "Bozen", "Villach", "Klagenfurt",
          "Belluno", "Tarvis", "Ravenna", "Feltre", "Bassano", "Como"]

# the kit has no per-hex country: flood fill from the seeds, never across these frontier lines
COUNTRY_METHOD = "flood"
FRONTIER_KEYS = ["border_1915"]
MODERN_FRONTIERS = [
    # Swiss frontiers (unchanged since 1915)
    lambda latlon: max(p[1] for p in latlon) <= 10.6 and min(p[0] for p in latlon) >= 45.8,
    # Germany-Austria (Bavaria), unchanged since 1915
    lambda latlon: (min(p[0] for p in latlon) >= 47.2 and 9.4 <= min(p[1] for p in latlon)
                    and max(p[1] for p in latlon) <= 13.1),
]

HEADER = """\
# Map 6-4, The Italian Front: SCHEMATIC, generated by tools/make_map_6_4.py from
# ../shared/data/geography/italian-front.yaml. Do not edit by hand: change the script and rerun
#     python3 tools/make_map_6_4.py
# No rulebook prints this map. Hex numbers match every hex the rulebook names; terrain, rivers,
# rails and borders follow real geography at the printed 20 km scale and are approximate.
"""
REASON = ("No rulebook prints map 6-4. Schematic map at the printed 20 km scale whose hex numbers "
          "match every hex the rulebook names; land, relief, coast, lakes, rivers and the 1915 "
          "frontier come from the geography kit (relief and frontier approximate); the Tagliamento, "
          "Isonzo and Brenta are traced from the towns on their banks; rail lines and double/single track "
          "are approximate; only the rulebook's cities are cities (other names are labels). "
          "Rulebook hexes (set-up, fortress, city, devastation) are forced to land and to the "
          "country the rulebook implies.")
SOURCES = ["The Italian Front rulebook (file 000): hex numbers of cities, fortresses, set-ups",
           "tools/make_map_6_4.py (the conversion rules)"]
