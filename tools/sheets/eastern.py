"""What the Eastern Front sheets share: towns, rivers, the 1914 rail net, the theatre frame.

Rail lines, rivers and the 1919 border are defined once for the whole theatre (real coordinates,
or rulebook hexes written ``SHEET:CCRR``); every sheet draws the part that falls on it, so a line
that leaves one sheet enters the next one where the sheets join.

Sources: the towns' coordinates are ours (1:1,000,000-map precision, about 2 km); the 1914 rail
net is drawn from general knowledge of the main lines of the time (which lines existed, double or
single track) and is APPROXIMATE: branch lines are left out, double/single track is a guess for
many lines. Where the rulebook names a rail hex (003:L1478-1481, L1492, L1526-1527), the line is
drawn through that hex, whatever the geography says.
"""
from __future__ import annotations

#: the sheets on one hex lattice, in 4-5's numbering: for one place, col(sheet) = col(4-5) + dcol
#: and y(sheet) = y(4-5) + dy (y = row + 0.5 in even columns). From the kits' ``grid.offset_from``
#: and the sheet offsets table of ../shared/data/geography/README.md, rounded to lattice vectors
#: (an even column shift with a whole-row shift, or an odd one with a half-row shift).
FRAME = {
    "4-5": (0, 0.0),
    "4-5N": (-1, 16.5),          # kit: 4-5 moved by (dcol -1, dy +16.5)
    "4-5E": (-34, 7.0),          # kit: 4-5 moved by (-34, +7)
    "5-5": (0, -20.0),           # fit 4-5 -> 5-5 (+0.4, -20.0): 5-5's row 01 is 4-5's row 21
    "5-5S": (0, -40.0),          # kit: 5-5 moved by (0, -20)
    "6-5": (-12, -52.0),         # kit: 5-5S (c, r) is 6-5's (c - 12, r - 12)
    "6-6": (-37, -39.5),         # kit: 5-5S (c, r) is about 6-6's (c - 37.5, r + 0.8): rounded
    "6-4": (35, -39.5),          # 6-4 -> 6-5 (-47.2, -12.5) and 6-4 -> 6-6 (-72.7, -0.1)
}


def to_sheet(ref: str, sheet: str) -> tuple[float, float]:
    """(col, y) on ``sheet`` of the centre of hex ``ref`` = "SHEET:CCRR" (lattice frame above)."""
    src, hid = ref.split(":")
    col, row = int(hid[:2]), int(hid[2:])
    y = row + (0.5 if col % 2 == 0 else 0.0)
    sc, sy = FRAME[src]
    dc, dy = FRAME[sheet]
    return col - sc + dc, y - sy + dy


COUNTRIES = {
    "G": "germany", "A": "austria-hungary", "R": "russia", "S": "serbia", "M": "montenegro",
    "B": "bulgaria", "O": "ottoman-empire", "N": "romania", "H": "greece", "L": "albania", "I": "italy",
    "W": "sweden",
}
KIT_COUNTRIES = {
    "German Empire": "germany", "Austria-Hungary": "austria-hungary", "Russian Empire": "russia",
    "Serbia": "serbia", "Montenegro": "montenegro", "Bulgaria": "bulgaria", "Ottoman Empire": "ottoman-empire",
    "Romania": "romania", "Greece": "greece", "Albania": "albania", "Italy": "italy", "Sweden": "sweden",
}
#: relief class -> hexside level (0 clear, 1 hilly, 2 rough, 3 mountain); the rougher hex wins
RELIEF_MOUNTAIN = {"lowland": 0, "hills": 1, "mountain": 3, "high_mountain": 3, "water": 0, "sea": 0}
RELIEF_ROUGH = {"lowland": 0, "hills": 1, "mountain": 2, "high_mountain": 3, "water": 0, "sea": 0}

#: terrain the kits cannot see (no land-cover data): polygons of (lat, lon), with the reason
PRIPET = ("swamp", [(52.75, 24.2), (52.75, 28.4), (52.35, 30.3), (51.45, 30.1), (51.3, 27.6),
                    (51.45, 25.6), (51.75, 24.2)],
          "the Pripet marshes (Polesie): swamp between Brest, Mozyr, Sarny and Kowel, outline ours")
DANUBE_DELTA = ("swamp", [(45.45, 28.75), (45.45, 29.75), (44.85, 29.75), (44.85, 28.75)],
                "the Danube delta below Tulcea: swamp, outline ours")

SOURCE_TOWNS = ("Towns, rail lines and their track, river waypoints and terrain regions: tools/sheets/"
                "eastern.py (coordinates ours; the 1914 rail net from general knowledge, approximate)")

TOWNS = {
    # East Prussia, Posen, West Prussia
    "Konigsberg": (54.71, 20.51), "Insterburg": (54.63, 21.81), "Gumbinnen": (54.60, 22.20),
    "Eydtkuhnen": (54.63, 22.73), "Tilsit": (55.08, 21.89), "Memel": (55.71, 21.13),
    "Allenstein": (53.78, 20.49), "Osterode": (53.70, 19.97), "Deutsch Eylau": (53.59, 19.57),
    "Soldau": (53.20, 20.25), "Thorn": (53.01, 18.60), "Bromberg": (53.12, 18.00),
    "Dirschau": (54.09, 18.78), "Danzig": (54.35, 18.65), "Marienburg": (54.04, 19.03),
    "Elbing": (54.16, 19.40), "Kreuz": (52.88, 16.01), "Schneidemuhl": (53.15, 16.74),
    "Konitz": (53.70, 17.56), "Graudenz": (53.48, 18.75), "Korschen": (54.15, 21.14),
    "Lotzen": (54.03, 21.76), "Lyck": (53.82, 22.36), "Prostken": (53.70, 22.43),
    "Posen": (52.41, 16.93), "Gnesen": (52.54, 17.60), "Inowrazlaw": (52.79, 18.26),
    "Ostrowo": (51.65, 17.81), "Lissa": (51.84, 16.57), "Stargard": (53.34, 15.05),
    "Stolp": (54.46, 17.03), "Pillau": (54.64, 19.90), "Heydekrug": (55.36, 21.24),
    # Russian Poland, Lithuania, White Russia
    "Warsaw": (52.23, 21.01), "Mlawa": (53.11, 20.38), "Nasielsk": (52.59, 20.81),
    "Grajewo": (53.65, 22.45), "Osowiec": (53.48, 22.64), "Bialystok": (53.13, 23.16),
    "Grodno": (53.68, 23.83), "Lapy": (52.99, 22.88), "Malkinia": (52.70, 21.96),
    "Tluszcz": (52.43, 21.43), "Siedlce": (52.17, 22.29), "Lukow": (51.93, 22.38),
    "Biala": (52.03, 23.13), "Brest": (52.10, 23.69), "Czeremcha": (52.52, 23.35),
    "Volkovysk": (53.15, 24.45), "Baranovichi": (53.13, 26.01), "Lida": (53.89, 25.30),
    "Molodechno": (54.31, 26.85), "Minsk": (53.90, 27.57), "Kutno": (52.23, 19.36),
    "Lowicz": (52.11, 19.94), "Skierniewice": (51.96, 20.15), "Alexandrowo": (52.88, 18.69),
    "Wloclawek": (52.65, 19.07), "Plock": (52.55, 19.70), "Ostroleka": (53.09, 21.57), "Kovno": (54.90, 23.90),
    "Koshedary": (54.86, 24.45), "Vilna": (54.69, 25.28), "Landwarow": (54.64, 25.10),
    "Radviliskis": (55.81, 23.54), "Shavli": (55.93, 23.31), "Mazeikiai": (56.31, 22.33),
    "Libau": (56.51, 21.01), "Mitau": (56.65, 23.72), "Riga": (56.95, 24.11),
    "Tukums": (56.97, 23.15), "Windau": (57.39, 21.56), "Kreuzburg": (56.51, 25.86),
    "Daugavpils": (55.87, 26.53), "Sventsiany": (55.14, 26.16), "Wolmar": (57.54, 25.43),
    "Walk": (57.78, 26.05), "Rezekne": (56.51, 27.33), "Polotsk": (55.49, 28.78),
    "Vitebsk": (55.19, 30.20), "Orsha": (54.51, 30.42), "Smolensk": (54.78, 32.04),
    "Borisov": (54.23, 28.50), "Mogilev": (53.90, 30.33), "Zhlobin": (52.89, 30.02),
    "Bobruisk": (53.14, 29.22), "Gomel": (52.43, 30.99), "Kalinkovichi": (52.13, 29.33),
    "Luninets": (52.25, 26.80), "Pinsk": (52.11, 26.10), "Sarny": (51.34, 26.60),
    "Korosten": (50.95, 28.64), "Ovruch": (51.32, 28.80), "Kiev": (50.45, 30.52),
    "Fastov": (50.08, 29.92), "Berdichev": (49.90, 28.58), "Zhitomir": (50.25, 28.66),
    "Shepetovka": (50.18, 27.06), "Zdolbunov": (50.52, 26.25), "Kobrin": (52.21, 24.36),
    "Slonim": (53.09, 25.32), "Nevel": (56.02, 29.92), "Roslavl": (53.95, 32.86),
    "Unecha": (52.85, 32.68), "Bakhmach": (51.18, 32.82), "Chernigov": (51.49, 31.29),
    "Novograd-Volynsk": (50.59, 27.62), "Vyazma": (55.21, 34.30), "Bryansk": (53.25, 34.37),
    "Konotop": (51.24, 33.20), "Grebenka": (50.11, 32.44), "Poltava": (49.59, 34.55), "Proskurov": (49.42, 26.98), "Zhmerinka": (49.04, 28.11),
    "Vinnitsa": (49.23, 28.47), "Birzula": (47.74, 29.50), "Kazatin": (49.72, 28.83),
    # Galicia, Silesia, southern Poland
    "Lodz": (51.76, 19.46), "Kalisz": (51.76, 18.09), "Koluszki": (51.74, 19.81),
    "Piotrkow": (51.40, 19.70), "Czestochowa": (50.81, 19.12), "Granica": (50.27, 19.13),
    "Dabrowa": (50.33, 19.19), "Miechow": (50.36, 20.03), "Kielce": (50.87, 20.63),
    "Radom": (51.40, 21.15), "Ivangorod": (51.56, 21.85), "Lublin": (51.25, 22.57),
    "Cholm": (51.14, 23.47), "Kowel": (51.21, 24.71), "Wlodzimierz": (50.85, 24.32),
    "Sokal": (50.48, 24.27), "Kiwerce": (50.83, 25.45), "Lutsk": (50.75, 25.33),
    "Rowno": (50.62, 26.25), "Cracow": (50.06, 19.94), "Tarnow": (50.01, 20.99),
    "Rzeszow": (50.04, 22.00), "Jaroslau": (50.02, 22.68), "Przemysl": (49.78, 22.77),
    "Lemberg": (49.84, 24.03), "Krasne": (49.92, 24.62), "Brody": (50.08, 25.15),
    "Tarnopol": (49.55, 25.59), "Podwoloczyska": (49.53, 26.14), "Stanislau": (48.92, 24.71),
    "Stryj": (49.26, 23.85), "Sambor": (49.52, 23.20), "Chyrow": (49.53, 22.85),
    "Sanok": (49.56, 22.21), "Jaslo": (49.75, 21.47), "Gorlice": (49.66, 21.16),
    "Nowy Sacz": (49.62, 20.69), "Kolomea": (48.53, 25.04), "Czernowitz": (48.29, 25.94),
    "Halicz": (49.12, 24.72), "Rawa Ruska": (50.23, 23.62), "Zamosc": (50.72, 23.25),
    "Lawoczne": (48.86, 23.14), "Delatyn": (48.52, 24.03), "Tatar pass": (48.30, 24.48),
    "Lupkow": (49.25, 22.06), "Breslau": (51.11, 17.03), "Oppeln": (50.67, 17.93),
    "Kattowitz": (50.26, 19.02), "Oderberg": (49.92, 18.35), "Oswiecim": (50.04, 19.22),
    "Zilina": (49.22, 18.74), "Kaschau": (48.72, 21.26), "Ungvar": (48.62, 22.29),
    "Munkacs": (48.44, 22.72), "Korosmezo": (48.26, 24.37), "Sandomierz": (50.68, 21.75),
    "Skarzysko": (51.12, 20.87), "Rozwadow": (50.58, 22.05), "Olmutz": (49.59, 17.25),
    "Prerau": (49.45, 17.45), "Mezolaborc": (49.20, 21.92), "Eperjes": (49.00, 21.24),
    "Kamenets-Podolsk": (48.68, 26.58), "Husiatyn": (49.07, 26.19),
    # Hungary, Transylvania, Austria
    "Vienna": (48.21, 16.37), "Pressburg": (48.15, 17.11), "Gyor": (47.69, 17.63),
    "Budapest": (47.50, 19.04), "Szolnok": (47.17, 20.19), "Debrecen": (47.53, 21.63),
    "Nyiregyhaza": (47.96, 21.72), "Miskolc": (48.10, 20.78), "Kecskemet": (46.91, 19.69),
    "Szeged": (46.25, 20.15), "Subotica": (46.10, 19.67), "Grosswardein": (47.06, 21.93),
    "Arad": (46.18, 21.31), "Temesvar": (45.76, 21.23), "Klausenburg": (46.77, 23.60),
    "Dej": (47.14, 23.88), "Karlsburg": (46.07, 23.58), "Deva": (45.88, 22.90),
    "Piski": (45.86, 23.12), "Orastie": (45.84, 23.20), "Hermannstadt": (45.79, 24.15),
    "Kronstadt": (45.66, 25.61), "Marosvasarhely": (46.54, 24.56), "Szatmar": (47.79, 22.88),
    "Graz": (47.07, 15.44), "Marburg": (46.56, 15.65), "Szekesfehervar": (47.19, 18.41),
    "Nagykanizsa": (46.45, 16.99), "Pecs": (46.07, 18.23), "Bekescsaba": (46.68, 21.09),
    "Lugos": (45.69, 21.90), "Karansebes": (45.41, 22.22), "Orsova": (44.72, 22.40),
    "Predeal": (45.50, 25.58), "Fogaras": (45.84, 24.97), "Petroseny": (45.41, 23.37),
    "Bistritz": (47.13, 24.49), "Sighet": (47.93, 23.89), "Kocsard": (46.43, 23.82),
    "Brod": (45.16, 18.02), "Vinkovci": (45.29, 18.80), "Semlin": (44.84, 20.41),
    "Mitrovica": (44.97, 19.61), "Novi Sad": (45.25, 19.84), "Versecz": (45.12, 21.30),
    "Bazias": (44.81, 21.38), "Pancevo": (44.87, 20.64), "Nagybecskerek": (45.38, 20.39),
    "Osijek": (45.55, 18.69), "Agram": (45.81, 15.98), "Sarajevo": (43.86, 18.41),
    "Mostar": (43.34, 17.81), "Doboj": (44.73, 18.09), "Visegrad": (43.78, 19.29),
    "Uvac": (43.41, 19.60), "Metkovic": (43.05, 17.65), "Gabela": (43.06, 17.67),
    "Cattaro": (42.42, 18.77),
    # Serbia, Macedonia, Bulgaria, Greece
    "Belgrade": (44.82, 20.46), "Mladenovac": (44.44, 20.69), "Lapovo": (44.18, 21.10),
    "Kragujevac": (44.01, 20.91), "Jagodina": (43.98, 21.26), "Paracin": (43.86, 21.41),
    "Stalac": (43.67, 21.41), "Krusevac": (43.58, 21.33), "Kraljevo": (43.72, 20.69),
    "Nish": (43.32, 21.90), "Pirot": (43.15, 22.59), "Sofia": (42.70, 23.32),
    "Vranje": (42.55, 21.90), "Skopje": (41.99, 21.43), "Veles": (41.72, 21.78),
    "Gevgelija": (41.14, 22.50), "Salonika": (40.64, 22.94), "Monastir": (41.03, 21.33),
    "Prilep": (41.35, 21.55), "Kosovska Mitrovica": (42.89, 20.87), "Pristina": (42.66, 21.17),
    "Plovdiv": (42.15, 24.75), "Mezdra": (43.14, 23.71), "Pleven": (43.42, 24.62),
    "Gorna Oryahovitsa": (43.13, 25.69), "Shumen": (43.27, 26.92), "Varna": (43.21, 27.91),
    "Ruse": (43.85, 25.96), "Stara Zagora": (42.43, 25.63), "Tarnovo": (43.08, 25.63),
    "Kyustendil": (42.28, 22.69), "Radomir": (42.55, 22.96), "Serres": (41.09, 23.55),
    "Drama": (41.15, 24.15), "Chirpan": (42.20, 25.33), "Yambol": (42.48, 26.50),
    "Burgas": (42.50, 27.47), "Adrianople": (41.67, 26.56),
    "Constantinople": (41.01, 28.98), "Dedeagach": (40.85, 25.87), "Kuleli Burgas": (41.23, 26.36),
    "Haskovo": (41.93, 25.56), "Ostrovo": (40.80, 21.92), "Zajecar": (43.90, 22.28),
    "Valjevo": (44.27, 19.89), "Obrenovac": (44.65, 20.20), "Uzice": (43.86, 19.84),
    "Cacak": (43.89, 20.35), "Zaribrod": (42.99, 22.83),
    # Romania, Bessarabia
    "Bucharest": (44.43, 26.10), "Ploiesti": (44.94, 26.03), "Buzau": (45.15, 26.82),
    "Braila": (45.27, 27.96), "Galatz": (45.44, 28.05), "Pitesti": (44.86, 24.87),
    "Slatina": (44.43, 24.37), "Craiova": (44.32, 23.80), "Filiasi": (44.55, 23.51),
    "Targu Jiu": (45.04, 23.27), "Turnu Severin": (44.63, 22.66), "Varciorova": (44.70, 22.52),
    "Calafat": (43.99, 22.93), "Giurgiu": (43.90, 25.97), "Cernavoda": (44.34, 28.03),
    "Constanta": (44.17, 28.64), "Focsani": (45.70, 27.18), "Marasesti": (45.88, 27.23),
    "Tecuci": (45.85, 27.43), "Barlad": (46.23, 27.67), "Vaslui": (46.64, 27.73),
    "Bacau": (46.57, 26.91), "Pascani": (47.25, 26.72), "Iasi": (47.16, 27.59),
    "Ungheni": (47.21, 27.80), "Suceava": (47.65, 26.26), "Kishinev": (47.01, 28.86),
    "Bender": (46.83, 29.48), "Odessa": (46.48, 30.73), "Reni": (45.46, 28.29),
    "Balti": (47.76, 27.93), "Ocnita": (48.39, 27.44), "Ramnicu Valcea": (45.10, 24.37),
    "Turnu Rosu": (45.61, 24.30), "Caracal": (44.11, 24.35), "Corabia": (43.77, 24.50),
    "Rosiori": (44.11, 24.99), "Titu": (44.66, 25.57), "Targoviste": (44.92, 25.46),
    "Urziceni": (44.72, 26.64), "Slobozia": (44.56, 27.37), "Feteshti": (44.38, 27.83),
    "Medgidia": (44.25, 28.27), "Silistra": (44.12, 27.26), "Bazargic": (43.57, 27.83), "Razdelnaya": (46.85, 30.08),
    "Tiraspol": (46.84, 29.63), "Ismail": (45.35, 28.84), "Tulcea": (45.18, 28.80),
    "Adjud": (46.10, 27.17), "Roman": (46.92, 26.93), "Botosani": (47.75, 26.67),
}

#: (name, major, how, waypoints): ``kit`` = the kit's river pieces lying within RIVER_TOLERANCE of
#: the waypoint path; ``traced`` = the waypoints themselves (rivers missing from the kit)
RIVERS = [
    ("Danube", True, "course", [(48.25, 16.0), (48.14, 17.1), (47.76, 17.8), (47.79, 18.9), (47.5, 19.05),
                             (46.9, 18.95), (46.2, 18.9), (45.77, 18.86), (45.35, 19.0), (45.25, 19.5),
                             (45.25, 19.85), (45.1, 20.25), (44.84, 20.43), (44.77, 20.9), (44.72, 21.3),
                             (44.78, 21.55), (44.67, 21.9), (44.6, 22.3), (44.7, 22.45), (44.62, 22.66),
                             (44.3, 22.67), (44.0, 22.9), (43.82, 23.4), (43.72, 24.0), (43.7, 24.6),
                             (43.65, 25.2), (43.85, 25.9), (43.95, 26.3), (44.1, 26.8), (44.13, 27.3),
                             (44.1, 27.6), (44.35, 28.0), (44.7, 27.9), (45.2, 27.95), (45.44, 28.1),
                             (45.33, 28.8), (45.17, 29.1), (45.2, 29.7)]),
    ("Daugava", True, "course", [(55.9, 30.2), (55.5, 28.8), (55.8, 27.45), (55.87, 26.55), (56.27, 25.75),
                              (56.6, 25.2), (56.95, 24.12), (57.05, 24.03)]),
    ("Dniester", True, "course", [(49.5, 23.0), (49.25, 23.9), (49.05, 24.6), (48.8, 25.4), (48.6, 26.5),
                               (48.4, 27.5), (47.6, 28.6), (47.1, 29.15), (46.83, 29.5), (46.5, 30.0),
                               (46.3, 30.35)]),
    ("Vistula", True, "course", [(50.0, 19.5), (50.06, 19.94), (50.25, 20.9), (50.6, 21.8), (51.2, 21.85),
                              (51.56, 21.85), (51.95, 21.2), (52.23, 21.03), (52.4, 20.75), (52.65, 19.1),
                              (53.0, 18.6), (53.48, 18.75), (54.1, 18.8), (54.35, 18.95)]),
    ("Neman", True, "course", [(53.5, 26.4), (53.7, 25.3), (53.68, 23.83), (54.3, 24.0), (54.9, 23.9),
                            (55.05, 22.5), (55.08, 21.89), (55.3, 21.3)]),
    ("Narew", False, "course", [(52.85, 23.9), (53.05, 22.9), (53.09, 21.57), (52.7, 21.08), (52.43, 20.72)]),
    ("Bug", False, "course", [(49.8, 24.4), (50.48, 24.27), (51.1, 23.8), (51.6, 23.6), (52.1, 23.65),
                           (52.4, 22.7), (52.6, 22.0), (52.5, 21.2), (52.43, 20.72)]),
    ("San", False, "course", [(49.3, 22.3), (49.56, 22.21), (49.78, 22.77), (50.05, 22.65), (50.6, 22.05),
                           (50.75, 21.9)]),
    ("Wieprz", False, "course", [(50.6, 23.2), (51.0, 22.9), (51.2, 22.5), (51.55, 21.95)]),
    ("Pilica", False, "course", [(50.6, 19.7), (51.2, 19.9), (51.4, 20.4), (51.85, 21.2)]),
    ("Dunajec", False, "course", [(49.4, 20.0), (49.62, 20.69), (50.0, 20.9), (50.25, 20.95)]),
    ("Prut", False, "course", [(48.3, 24.4), (48.53, 25.04), (48.29, 25.94), (47.8, 27.0), (47.2, 27.8),
                            (46.5, 28.1), (45.8, 28.15), (45.45, 28.2)]),
    ("Styr", False, "course", [(50.1, 25.0), (50.75, 25.33), (51.3, 25.8), (51.9, 26.0)]),
    ("Pripyat", False, "course", [(51.6, 24.2), (52.0, 25.5), (52.1, 26.1), (52.05, 27.5), (52.05, 29.2),
                               (51.6, 30.0), (51.3, 30.2)]),
    ("Berezina", False, "course", [(54.6, 28.2), (54.23, 28.5), (53.14, 29.22), (52.4, 29.8)]),
    ("Dnieper", True, "course", [(54.8, 32.0), (54.51, 30.42), (53.9, 30.33), (52.89, 30.02), (52.4, 30.4),
                              (51.6, 30.55), (50.45, 30.55), (50.0, 31.0)]),
    ("Tisza", False, "course", [(48.0, 23.9), (48.1, 22.5), (48.2, 21.5), (47.6, 20.6), (47.17, 20.19),
                             (46.6, 20.1), (46.25, 20.15), (45.5, 20.1), (45.15, 20.25)]),
    ("Maros", False, "course", [(46.8, 25.1), (46.54, 24.56), (46.07, 23.58), (45.88, 22.9), (46.0, 22.0),
                             (46.18, 21.31), (46.25, 20.2)]),
    ("Sava", False, "traced", [(45.8, 16.0), (45.16, 18.02), (45.0, 19.0), (44.97, 19.61), (44.75, 19.7),
                            (44.84, 20.43)]),
    ("Drina", False, "traced", [(43.3, 18.8), (43.5, 19.0), (43.78, 19.29), (44.0, 19.4), (44.2, 19.25), (44.6, 19.17), (44.85, 19.35)]),
    ("Morava", False, "traced", [(43.72, 21.4), (44.0, 21.25), (44.4, 21.15), (44.62, 21.08)]),
    ("W. Morava", False, "traced", [(43.85, 20.04), (43.89, 20.35), (43.72, 20.69), (43.62, 20.99), (43.63, 21.30), (43.67, 21.41)]),
    ("Ibar", False, "traced", [(42.75, 20.95), (42.89, 20.87), (43.29, 20.61), (43.47, 20.62), (43.72, 20.69)]),
    ("Nisava", False, "traced", [(42.99, 22.83), (43.15, 22.59), (43.22, 22.31), (43.32, 21.90), (43.39, 21.79)]),
    ("S. Morava", False, "course", [(42.4, 21.9), (42.55, 21.9), (43.0, 21.95), (43.32, 21.9), (43.7, 21.4)]),
    ("Timok", False, "traced", [(43.62, 22.27), (43.90, 22.28), (44.22, 22.53), (44.21, 22.67)]),
    ("Vardar", False, "course", [(41.99, 21.43), (41.72, 21.78), (41.14, 22.5), (40.7, 22.7)]),
    ("Struma", False, "course", [(42.5, 23.0), (42.28, 22.8), (41.8, 23.1), (41.1, 23.6), (40.8, 23.8)]),
    ("Iskar", False, "course", [(42.7, 23.4), (43.14, 23.71), (43.7, 24.1)]),
    ("Olt", False, "course", [(45.9, 25.6), (45.84, 24.97), (45.61, 24.30), (45.10, 24.37), (44.43, 24.37),
                           (43.8, 24.5)]),
    ("Jiu", False, "course", [(45.41, 23.37), (45.04, 23.27), (44.55, 23.51), (44.32, 23.8), (43.8, 23.8)]),
    ("Arges", False, "course", [(45.3, 24.7), (44.86, 24.87), (44.4, 25.9), (44.05, 26.6)]),
    ("Dambovita", False, "traced", [(45.35, 25.25), (45.1, 25.35), (44.92, 25.46), (44.7, 25.75), (44.43, 26.10),
                                    (44.3, 26.35), (44.23, 26.46), (44.09, 26.62)]),
    ("Ialomita", False, "course", [(45.2, 25.5), (44.72, 26.64), (44.56, 27.37), (44.65, 27.85)]),
    ("Siret", False, "course", [(48.0, 26.0), (47.3, 26.6), (46.6, 26.95), (45.88, 27.23), (45.5, 27.9)]),
    ("Buzau", False, "course", [(45.4, 26.3), (45.15, 26.82), (45.25, 27.5)]),
]
RIVER_TOLERANCE = 0.16
REF_LAT = 50.0

#: the 1914 main lines: (name, track, waypoints); a waypoint is a town of TOWNS or a rulebook hex
#: "SHEET:CCRR" the line must pass through (003 line numbers in the name's comment)
RAILS = [
    # German Ostbahn and East Prussia
    ("Ostbahn Kreuz-Konigsberg", "double", ["Kreuz", "4-5:0118", "Schneidemuhl", "Bromberg", "Dirschau",
                                             "Marienburg", "Elbing", "Konigsberg"]),
    ("Konigsberg-Insterburg-Eydtkuhnen", "double", ["Konigsberg", "Insterburg", "Gumbinnen", "4-5:2404"]),
    ("Eydtkuhnen-Kovno-Vilna", "double", ["4-5:2404", "4-5:2802", "Koshedary", "Landwarow", "4-5:3203"]),
    ("Thorn-Allenstein-Insterburg", "single", ["Thorn", "Deutsch Eylau", "Osterode", "Allenstein", "Korschen",
                                                "Insterburg"]),
    ("Dirschau-Danzig-Stolp", "double", ["Dirschau", "Danzig", "Stolp"]),
    ("Konigsberg-Allenstein", "single", ["Konigsberg", "Allenstein"]),
    ("Marienburg-Deutsch Eylau-Soldau-Mlawa-Warsaw", "single", ["Marienburg", "Deutsch Eylau", "4-5:1413",
                                                                 "Soldau", "Mlawa", "Nasielsk", "4-5:2119"]),
    ("Allenstein-Lyck-Grajewo-Bialystok", "single", ["Allenstein", "Lotzen", "Lyck", "Prostken", "4-5:2410",
                                                      "Osowiec", "4-5:2713"]),
    ("Korschen-Lotzen", "single", ["Korschen", "Lotzen"]),
    ("Insterburg-Tilsit-Memel", "single", ["Insterburg", "Tilsit", "Heydekrug", "Memel"]),
    ("Konigsberg-Tilsit", "single", ["Konigsberg", "Tilsit"]),
    ("Konigsberg-Pillau", "single", ["Konigsberg", "Pillau"]),
    ("Posen-Thorn-Insterburg", "double", ["Posen", "Gnesen", "Inowrazlaw", "Thorn"]),
    ("Bromberg-Thorn", "single", ["Bromberg", "Thorn"]),
    ("Thorn-Graudenz-Marienburg", "single", ["Thorn", "Graudenz", "Marienburg"]),
    ("Posen-Kreuz-Stargard", "double", ["Posen", "Kreuz", "Stargard"]),
    ("Posen-Lissa-Breslau", "double", ["Posen", "Lissa", "Breslau"]),
    ("Posen-Ostrowo-Kalisz", "single", ["Posen", "Ostrowo", "5-5:1003"]),
    # Russian Poland and the western provinces
    ("Warsaw-Bialystok-Grodno-Vilna (St Petersburg line)", "double",
     ["4-5:2119", "Tluszcz", "Malkinia", "Lapy", "4-5:2713", "4-5:2909", "4-5:3203", "Sventsiany",
      "Daugavpils", "Rezekne"]),
    ("Warsaw-Siedlce-Brest (Moscow line)", "double", ["4-5:2119", "4-5:2618", "Biala", "4-5:3118",
                                                       "Kobrin", "Pinsk", "Luninets", "Kalinkovichi", "Gomel"]),
    ("Brest-Baranovichi-Minsk-Smolensk", "double", ["4-5:3118", "Slonim", "Baranovichi", "Minsk", "Borisov",
                                                    "Orsha", "Smolensk"]),
    ("Siedlce-Czeremcha-Bialystok", "single", ["4-5:2618", "4-5:2914", "4-5:2713"]),
    ("Czeremcha-Brest", "single", ["4-5:2914", "4-5:3017", "4-5:3118"]),
    ("Bialystok-Volkovysk-Baranovichi", "single", ["4-5:2713", "Volkovysk", "Baranovichi"]),
    ("Kovno-Vilna-Molodechno (3303)", "single", ["4-5:3203", "4-5:3303", "Molodechno", "Minsk", "Bobruisk",
                                                 "Kalinkovichi"]),
    ("Molodechno-Polotsk", "single", ["Molodechno", "Polotsk", "Nevel"]),
    ("Lida-Molodechno", "single", ["Volkovysk", "Lida", "Molodechno"]),
    ("Warsaw-Kutno-Alexandrowo", "double", ["4-5:2019", "Lowicz", "Kutno", "Wloclawek", "Alexandrowo", "Thorn"]),
    ("Warsaw-Ivangorod-Lublin-Kowel", "single", ["4-5:2119", "5-5:2502", "5-5:2802", "5-5:2803", "5-5:3203",
                                                 "5-5:3601", "Kiwerce", "Rowno"]),
    ("Ivangorod-Lukow-Brest", "single", ["5-5:2502", "4-5:2619", "4-5:3118"]),
    ("Siedlce-Lukow", "single", ["4-5:2618", "4-5:2619"]),
    ("Ostroleka branch", "single", ["Tluszcz", "Ostroleka", "Lapy"]),
    ("Kovno-Shavli-Libau", "single", ["4-5:2802", "Koshedary", "Radviliskis", "Shavli", "Mazeikiai",
                                      "4-5N:1412"]),
    ("Riga-Mitau-Shavli", "single", ["Riga", "Mitau", "Shavli"]),
    ("Windau-Tukums-Riga", "single", ["Windau", "Tukums", "Riga"]),
    ("Riga-Kreuzburg-Daugavpils", "double", ["Riga", "Kreuzburg", "Daugavpils", "Polotsk", "Vitebsk", "Smolensk"]),
    ("Riga-Walk", "single", ["Riga", "Wolmar", "Walk"]),
    ("Tukums-Mitau-Kreuzburg", "single", ["Tukums", "Mitau", "Kreuzburg"]),
    ("Vitebsk-Orsha-Mogilev-Zhlobin", "single", ["Vitebsk", "Orsha", "Mogilev", "Zhlobin", "Gomel",
                                                 "Bakhmach"]),
    ("Smolensk-Roslavl", "single", ["Smolensk", "Roslavl", "Unecha"]),
    ("Smolensk-Vyazma (Moscow line)", "double", ["Smolensk", "Vyazma"]),
    ("Roslavl-Bryansk", "single", ["Roslavl", "Bryansk"]),
    ("Unecha-Bryansk", "single", ["Unecha", "Bryansk"]),
    ("Bakhmach-Konotop", "single", ["Bakhmach", "Konotop"]),
    ("Kiev-Grebenka-Poltava", "single", ["Kiev", "Grebenka", "Poltava"]),
    ("Gomel-Unecha", "single", ["Gomel", "Unecha"]),
    ("Baranovichi-Luninets-Sarny-Rowno", "single", ["Baranovichi", "Luninets", "Sarny", "Rowno"]),
    ("Brest-Kowel", "single", ["4-5:3118", "5-5:3601"]),
    ("Cholm-Brest", "single", ["5-5:3203", "4-5:3118"]),
    ("Kowel-Sarny-Korosten-Kiev", "single", ["5-5:3601", "Sarny", "Korosten", "Kiev"]),
    ("Kiev-Fastov-Berdichev-Shepetovka-Rowno", "double", ["Kiev", "Fastov", "Kazatin", "Berdichev",
                                                          "Shepetovka", "Zdolbunov", "Rowno"]),
    ("Kiev-Bakhmach", "single", ["Kiev", "Chernigov", "Bakhmach"]),
    ("Korosten-Ovruch-Kalinkovichi", "single", ["Korosten", "Ovruch", "Kalinkovichi"]),
    ("Korosten-Zhitomir-Berdichev", "single", ["Korosten", "Zhitomir", "Berdichev"]),
    ("Zdolbunov-Brody", "single", ["Zdolbunov", "5-5:3907"]),
    ("Kazatin-Zhmerinka-Birzula-Odessa", "double", ["Kazatin", "Vinnitsa", "Zhmerinka", "Birzula",
                                                     "Razdelnaya", "Odessa"]),
    ("Proskurov-Zhmerinka", "single", ["5-5:4409", "Proskurov", "Zhmerinka"]),
    ("Shepetovka-Proskurov", "single", ["Shepetovka", "Proskurov"]),
    ("Kowel-Wlodzimierz-Sokal", "single", ["5-5:3601", "5-5:3504", "5-5:3605"]),
    # Warsaw-Vienna and the Silesian lines
    ("Warsaw-Vienna (Koluszki-Czestochowa-Granica)", "double", ["4-5:2019", "Skierniewice", "5-5:1602",
                                                               "Piotrkow", "Czestochowa", "Granica"]),
    ("Kalisz-Lodz-Koluszki", "single", ["5-5:1003", "5-5:1503", "5-5:1602"]),
    ("Dabrowa-Miechow-Kielce-Radom-Ivangorod", "single", ["5-5:1610", "5-5:1909", "5-5:2106", "Skarzysko",
                                                           "5-5:2203", "5-5:2502"]),
    ("Granica-Dabrowa", "single", ["Granica", "5-5:1610"]),
    ("Skarzysko-Ostrowiec-Sandomierz", "single", ["Skarzysko", "Sandomierz"]),
    ("Breslau-Oppeln-Kattowitz-Cracow", "double", ["Breslau", "Oppeln", "Kattowitz", "Oswiecim", "5-5:1911"]),
    ("Kattowitz-Granica", "single", ["Kattowitz", "Granica"]),
    ("Oderberg-Oswiecim", "double", ["Prerau", "Oderberg", "Oswiecim"]),
    ("Oderberg-Zilina-Kaschau", "single", ["Oderberg", "Zilina", "Eperjes", "Kaschau"]),
    ("Olmutz-Prerau", "double", ["Olmutz", "Prerau", "Vienna"]),
    ("Breslau-Olmutz", "single", ["Breslau", "Olmutz"]),
    # Galicia
    ("Cracow-Tarnow-Przemysl-Lemberg (Carl Ludwig)", "double", ["5-5:1911", "5-5:2311", "Rzeszow",
                                                                "Jaroslau", "5-5:3111", "5-5:3609"]),
    ("Lemberg-Krasne-Brody", "single", ["5-5:3609", "5-5:3808", "5-5:3907"]),
    ("Krasne-Tarnopol-Podwoloczyska", "single", ["5-5:3808", "5-5:4209", "5-5:4409"]),
    ("Lemberg-Stryj-Lawoczne-Munkacs", "single", ["5-5:3609", "Stryj", "5-5:3415", "Munkacs"]),
    ("Przemysl-Chyrow-Sambor-Stryj-Stanislau", "single", ["5-5:3111", "Chyrow", "Sambor", "Stryj",
                                                          "5-5:4013"]),
    ("Chyrow-Lupkow-Mezolaborc", "single", ["Chyrow", "Sanok", "Lupkow", "Mezolaborc"]),
    ("Lemberg-Halicz-Stanislau-Czernowitz", "double", ["5-5:3609", "Halicz", "5-5:4013", "Kolomea",
                                                        "Czernowitz", "Suceava", "Pascani"]),
    ("Stanislau-Delatyn-Tatar pass", "single", ["5-5:4013", "Delatyn", "5-5:4017", "Korosmezo", "Sighet"]),
    ("Lemberg-Rawa Ruska-Zamosc", "single", ["5-5:3609", "Rawa Ruska", "Zamosc", "5-5:3203"]),
    ("Jaroslau-Rawa Ruska-Sokal", "single", ["Jaroslau", "Rawa Ruska", "5-5:3605"]),
    ("Tarnow-Nowy Sacz-Eperjes", "single", ["5-5:2311", "Nowy Sacz", "Eperjes"]),
    ("Rzeszow-Jaslo-Nowy Sacz", "single", ["Rzeszow", "Jaslo", "Gorlice", "Nowy Sacz"]),
    ("Rozwadow-Lublin", "single", ["Rzeszow", "Rozwadow", "5-5:2803"]),
    ("Tarnopol-Husiatyn", "single", ["5-5:4209", "Husiatyn"]),
    ("Czernowitz-Kolomea-Stanislau north", "single", ["Kolomea", "Husiatyn"]),
    ("Ungvar-Kaschau", "single", ["Munkacs", "Ungvar", "Kaschau", "Miskolc", "Budapest"]),
    ("Lupkow-Kaschau", "single", ["Mezolaborc", "Kaschau"]),
    # Hungary and Transylvania
    ("Vienna-Pressburg-Budapest", "double", ["Vienna", "Pressburg", "Gyor", "Budapest"]),
    ("Vienna-Graz-Marburg", "double", ["Vienna", "Graz", "Marburg"]),
    ("Budapest-Szolnok-Grosswardein-Klausenburg-Kronstadt", "double", ["Budapest", "Szolnok", "Grosswardein",
                                                                        "Klausenburg", "Kocsard", "Marosvasarhely",
                                                                        "Kronstadt", "Predeal", "Ploiesti",
                                                                        "Bucharest"]),
    ("Szolnok-Debrecen-Nyiregyhaza", "single", ["Szolnok", "Debrecen", "Nyiregyhaza", "Miskolc"]),
    ("Debrecen-Szatmar-Sighet", "single", ["Debrecen", "Szatmar", "Sighet"]),
    ("Klausenburg-Dej-Bistritz", "single", ["Klausenburg", "Dej", "Bistritz"]),
    ("Budapest-Kecskemet-Szeged-Subotica", "double", ["Budapest", "Kecskemet", "Szeged"]),
    ("Budapest-Subotica-Novi Sad-Belgrade", "double", ["Budapest", "Subotica", "Novi Sad", "Semlin",
                                                        "6-5:1607", "Mladenovac", "Lapovo", "Jagodina",
                                                        "Paracin", "Stalac", "6-5:2413", "Pirot", "Zaribrod",
                                                        "Sofia", "Plovdiv"]),
    ("Szeged-Temesvar-Orsova", "single", ["Szeged", "Temesvar", "Lugos", "Karansebes", "Orsova",
                                          "Varciorova", "Turnu Severin", "Filiasi", "Craiova", "Slatina",
                                          "Pitesti", "Titu", "Bucharest"]),
    ("Arad-Deva-Piski-Karlsburg", "double", ["Grosswardein", "Arad", "Deva", "Piski", "Orastie",
                                              "Karlsburg", "Kocsard"]),
    ("Arad-Temesvar", "single", ["Arad", "Temesvar"]),
    ("Temesvar-Versecz-Bazias", "single", ["Temesvar", "Versecz", "Bazias"]),
    ("Temesvar-Nagybecskerek-Pancevo", "single", ["Temesvar", "Nagybecskerek", "Pancevo"]),
    ("Piski-Petroseny", "single", ["Piski", "Petroseny"]),
    ("Karlsburg-Hermannstadt-Fogaras-Kronstadt", "single", ["Kocsard", "Hermannstadt", "Fogaras", "Kronstadt"]),
    ("Hermannstadt-Red Tower-Ramnicu Valcea", "single", ["Hermannstadt", "Turnu Rosu", "Ramnicu Valcea",
                                                         "Pitesti"]),
    ("Budapest-Pecs", "single", ["Budapest", "Szekesfehervar", "Pecs"]),
    ("Szekesfehervar-Nagykanizsa", "single", ["Szekesfehervar", "Nagykanizsa", "Marburg"]),
    ("Subotica-Szeged", "single", ["Subotica", "Szeged"]),
    ("Budapest-Osijek-Brod", "single", ["Budapest", "Pecs", "Osijek", "Vinkovci"]),
    ("Agram-Brod-Vinkovci-Semlin", "double", ["Agram", "Brod", "Vinkovci", "Mitrovica", "Semlin"]),
    ("Bosnian railway Brod-Sarajevo-Mostar", "single", ["Brod", "Doboj", "Sarajevo", "Mostar", "Gabela",
                                                        "Metkovic"]),
    ("Sarajevo-Visegrad-Uvac", "single", ["Sarajevo", "Visegrad", "Uvac"]),
    ("Gabela-Cattaro", "single", ["Gabela", "Cattaro"]),
    # Serbia, Macedonia, Bulgaria, Greece
    ("Lapovo-Kragujevac", "single", ["Lapovo", "Kragujevac"]),
    ("Stalac-Krusevac-Kraljevo", "single", ["Stalac", "Krusevac", "Kraljevo", "Cacak"]),
    ("Nish-Vranje-Skopje-Salonika", "single", ["6-5:2413", "Vranje", "Skopje", "Veles", "Gevgelija",
                                               "Salonika"]),
    ("Skopje-Mitrovica", "single", ["Skopje", "Pristina", "Kosovska Mitrovica"]),
    ("Salonika-Monastir", "single", ["Salonika", "Ostrovo", "Monastir"]),
    ("Salonika-Serres-Drama", "single", ["Salonika", "Serres", "Drama"]),
    ("Sofia-Mezdra-Pleven-Varna", "single", ["Sofia", "Mezdra", "Pleven", "Gorna Oryahovitsa", "Shumen", "Varna"]),
    ("Sofia-Radomir-Kyustendil", "single", ["Sofia", "Radomir", "Kyustendil"]),
    ("Ruse-Gorna Oryahovitsa-Stara Zagora", "single", ["Ruse", "Gorna Oryahovitsa", "Tarnovo", "Stara Zagora"]),
    ("Ruse-Shumen-Varna", "single", ["Ruse", "Shumen"]),
    ("Stara Zagora-Chirpan-Plovdiv", "single", ["Stara Zagora", "Chirpan", "Plovdiv"]),
    ("Plovdiv-Adrianople-Constantinople (Oriental Railway)", "single", ["Plovdiv", "Haskovo", "Adrianople",
                                                                         "Constantinople"]),
    ("Adrianople-Dedeagach", "single", ["Adrianople", "Kuleli Burgas", "Dedeagach"]),
    ("Stara Zagora-Yambol-Burgas", "single", ["Stara Zagora", "Yambol", "Burgas"]),
    ("Yambol-Adrianople", "single", ["Yambol", "Adrianople"]),
    # Romania and Bessarabia
    ("Bucharest-Ploiesti-Buzau-Braila-Galatz", "double", ["Bucharest", "Ploiesti", "Buzau", "Braila", "Galatz"]),
    ("Bucharest-Giurgiu", "single", ["Bucharest", "Giurgiu"]),
    ("Bucharest-Cernavoda-Constanta", "single", ["Bucharest", "Urziceni", "Slobozia", "Feteshti", "Cernavoda",
                                                 "Medgidia", "Constanta"]),
    ("Craiova-Calafat", "single", ["Craiova", "Calafat"]),
    ("Filiasi-Targu Jiu", "single", ["Filiasi", "Targu Jiu"]),
    ("Caracal-Corabia", "single", ["Slatina", "Caracal", "Corabia"]),
    ("Rosiori-Bucharest", "single", ["Caracal", "Rosiori", "Bucharest"]),
    ("Titu-Targoviste", "single", ["Titu", "Targoviste"]),
    ("Buzau-Focsani-Marasesti-Bacau-Pascani", "single", ["Buzau", "Focsani", "Marasesti", "Adjud", "Bacau",
                                                          "Roman", "Pascani"]),
    ("Galatz-Tecuci-Marasesti", "single", ["Galatz", "Tecuci", "Marasesti"]),
    ("Tecuci-Barlad-Vaslui-Iasi", "single", ["Tecuci", "Barlad", "Vaslui", "Iasi"]),
    ("Pascani-Iasi-Ungheni-Kishinev-Bender-Odessa", "single", ["Pascani", "Iasi", "Ungheni", "Kishinev",
                                                               "Bender", "Tiraspol", "Razdelnaya"]),
    ("Bender-Reni-Galatz", "single", ["Bender", "Reni", "Galatz"]),
    ("Ungheni-Balti-Ocnita", "single", ["Kishinev", "Balti", "Ocnita"]),
    ("Suceava-Botosani", "single", ["Suceava", "Botosani"]),
    ("Medgidia-Bazargic", "single", ["Medgidia", "Bazargic", "Varna"]),
]

#: the 1919 border of Russia of 11-31 (003:L1661): "from hex 0401 on map 4-5E to hex 4902 on map
#: 5-5". Between its ends it follows the Polish-Soviet frontier of the 1921 Riga treaty, which ran
#: just west of Minsk and east of Sarny (our reading; the rulebook names only the two ends).
BORDER_1919 = ("1919 border of Russia", "11-31",
               ["4-5E:0401", (55.55, 27.45), (55.0, 27.25), (54.35, 27.05), (53.9, 27.2), (53.62, 27.05),
                (53.3, 27.0), (52.9, 27.35), (52.35, 27.55), (51.85, 27.4), (51.3, 27.3), (50.95, 27.3),
                "5-5:4902"])


def configure(g: dict, *, sheet: str, name: str, extent: tuple[int, int, int, int],
              cities: dict[str, str], reason: str, sources: list[str], capitals=(), fortresses=(),
              ports=(), land=(), country=None, urban=(), relief=None, regions=(), river_forced=None,
              river_removed=None, labels=(), lines=(), forced_water=(), neutral=(), names=None) -> None:
    """Fill a sheet config module's namespace ``g`` (its ``globals()``) with the Eastern Front
    defaults and this sheet's facts, in the names tools/mapkit.py reads."""
    first_col, last_col, first_row, last_row = extent
    codes = {c: n for c, n in COUNTRIES.items()}
    rulebook_land = set(cities) | set(fortresses) | set(ports) | set(land) | {h for ab in urban for h in ab}
    g.update(
        ID=sheet, NAME=name, KIT=f"eastern-front-{sheet.lower()}.yaml",
        FIRST_COL=first_col, LAST_COL=last_col, FIRST_ROW=first_row, LAST_ROW=last_row, HEX_HEIGHT=64,
        COUNTRIES=codes, NEUTRAL=list(neutral), COUNTRY_METHOD="kit", KIT_COUNTRIES=KIT_COUNTRIES,
        RULEBOOK_CITIES=dict(cities), CAPITALS=list(capitals), RULEBOOK_FORTRESSES=list(fortresses),
        PORTS=list(ports), RULEBOOK_LAND=sorted(rulebook_land), RULEBOOK_COUNTRY=dict(country or {}),
        URBAN=list(urban), RELIEF_LEVEL=relief or RELIEF_MOUNTAIN, ALPINE_CREST=False,
        TERRAIN_REGIONS=list(regions), RIVERS=RIVERS, RIVER_TOLERANCE=RIVER_TOLERANCE, REF_LAT=REF_LAT,
        RIVER_FORCED=dict(river_forced or {}), RIVER_REMOVED=dict(river_removed or {}),
        TOWNS=TOWNS, RAILS=RAILS, RAIL_EXITS=True, LABELS=list(labels), LINES=list(lines),
        FORCED_WATER=list(forced_water), FRAME=FRAME, NAMES=dict(names or {}),
        # seven sheets of ~1,000 hexes: the 2× drawing is reduced by a 2×2 mean, not LANCZOS
        # (3 s less a build; the Italian Front's 6-4 keeps LANCZOS)
        ART_DOWNSAMPLE="box",
        HEADER=(f"# Map {sheet}, {name} (The Eastern Front): SCHEMATIC, generated by tools/make_map.py\n"
                f"# from ../shared/data/geography/eastern-front-{sheet.lower()}.yaml and "
                f"tools/sheets/s{sheet.lower().replace('-', '_')}.py.\n"
                f"# Do not edit by hand: change the sheet config and rerun  python3 tools/make_map.py {sheet}\n"
                "# No rulebook prints this map. Hex numbers match every hex the rulebook names; terrain, rivers,\n"
                "# rails and borders follow real geography at the printed 20 km scale and are approximate.\n"),
        REASON=reason, SOURCES=list(sources) + [SOURCE_TOWNS, "tools/mapkit.py (the conversion rules)"],
    )
