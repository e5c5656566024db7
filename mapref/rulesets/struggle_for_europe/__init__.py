"""Struggle for Europe 1939-1945: the referee for the card-driven area-map game (rulebook:
../shared/seeds/000_f2eb2e95c83942a2.txt; readings in docs/rulings.md S1-S32).  Reached only
through :data:`RULESET`, imported when first asked for (the moves table, :mod:`.moves`, is read
without the game's rules: the command line's help)."""


def __getattr__(name: str):
    if name == "RULESET":
        from mapref.rulesets.struggle_for_europe.ruleset import RULESET

        return RULESET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET"]
