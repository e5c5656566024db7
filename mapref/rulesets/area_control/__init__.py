"""Area control: territories held by nations on an area map, with the house rules of
shared/seeds/004 (victory cities, capitals, neutral blocks, naval base rental...).  Reached only
through :data:`RULESET`, imported when first asked for (the moves table, :mod:`.moves`, is read
without the game's rules: the command line's help)."""


def __getattr__(name: str):
    if name == "RULESET":
        from mapref.rulesets.area_control.ruleset import RULESET

        return RULESET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET"]
