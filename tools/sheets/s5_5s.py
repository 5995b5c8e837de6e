"""Sheet config for map 5-5S, Hungary and Transylvania (The Eastern Front, file 003; an extension sheet).

No rulebook statement names a 5-5S hex: it links 5-5 with 6-5 (17-1 L1352, 18 L1368, 19 L1409) and is
in both duration games. Budapest has two hexes (000 15-9, L1563: "either hex comprising Budapest"):
1906 and 1805, joined by an urban hexside (our reading of a two-hex city). Vienna and Budapest are
capitals (26-3 doubles their DM); their hexes are the kit's. THE LEAST CERTAIN KIND OF SHEET.
"""
from .eastern import configure

configure(
    globals(), sheet="5-5S", name="Hungary and Transylvania", extent=(1, 50, 1, 12),
    cities={"0703": "Vienna", "1906": "Budapest", "1805": "Budapest"},
    capitals=["0703", "1906", "1805"],
    country={"0703": "austria-hungary", "1906": "austria-hungary", "1805": "austria-hungary"},
    urban=[("1805", "1906")],
    labels=["Pressburg", "Gyor", "Graz", "Marburg", "Szekesfehervar", "Nagykanizsa", "Pecs", "Miskolc", "Debrecen",
            "Nyiregyhaza", "Szolnok", "Kecskemet", "Szeged", "Subotica", "Bekescsaba", "Grosswardein", "Arad",
            "Temesvar", "Lugos", "Szatmar", "Sighet", "Dej", "Klausenburg", "Karlsburg", "Deva", "Bistritz",
            "Marosvasarhely", "Hermannstadt", "Kronstadt", "Kaschau", "Ungvar", "Munkacs", "Osijek"],
    reason=("EXTENSION SHEET, THE LEAST CERTAIN: no rulebook prints map 5-5S and no statement names one of its "
            "hexes; it is map 5-5's grid moved 20 rows south, with 12 rows to fill the gap down to 6-5 (rows and "
            "width are guesses). Schematic map at the printed 20 km scale; relief, rivers and the 1914 frontier "
            "from the kit; the 1914 rail net drawn from the main lines of the time (approximate); Budapest's two "
            "hexes and urban hexside are our reading of 000 15-9."),
    sources=["The Italian Front rulebook (file 000) 15-9: Budapest has two hexes; The Eastern Front rulebook "
             "(file 003): the sheet's place in the linked games (17-1, 18, 19)"],
)
