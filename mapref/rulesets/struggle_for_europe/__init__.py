"""Struggle for Europe 1939-1945: the referee for the card-driven area-map game (rulebook:
../shared/seeds/000_f2eb2e95c83942a2.txt; readings in docs/rulings.md S1-S32).  Reached only
through :data:`.ruleset.RULESET`; its moves table (:mod:`.moves`) is read without the game's
rules, so this package imports neither."""
