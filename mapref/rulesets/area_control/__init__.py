"""Area control: territories held by nations on an area map, with the house rules of
shared/seeds/004 (victory cities, capitals, neutral blocks, naval base rental...).  Reached only
through :data:`.ruleset.RULESET`; its moves table (:mod:`.moves`) is read without the game's
rules, so this package imports neither."""
