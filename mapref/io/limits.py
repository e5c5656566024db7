"""The bounds on what mapref reads, below every reader (:mod:`mapref.io.problems` says a file
past one in a clear message; :mod:`mapref.io.fasttoml` leaves a file nested too deep to it)."""

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file mapref reads (16 MiB): the Hitler's War map is 20 kB, the largest map
mapref accepts (100,000 hexes, every one named) 5.4 MB; parsing 16 MiB of the worst TOML
takes seconds, not minutes."""
MAX_DEPTH = 32
"""Arrays and tables nest at most this deep (mapref's own files need 4 levels)."""
MAX_ITEMS = 2_000_000
"""The most keys, array items and tables a file may hold, counted by its commas, equals signs
and opening brackets before it is parsed: the largest hex map (100,000 hexes) holds about
600,000, the largest area map (200,000 points) about 650,000.  Parsing two million of the
costliest items takes seconds, and a few hundred megabytes."""

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_ITEMS"]
