"""A front-token card game (shared/seeds/001_d2451f0fedbbc099.txt): three fronts of four tokens,
Germans against Allies, 1939-1945, refereed by mapref.  Reached only through
:data:`.ruleset.RULESET`; its moves table (:mod:`.moves`) is read without the game's rules, so
this package imports neither."""
