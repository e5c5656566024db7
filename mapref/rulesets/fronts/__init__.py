"""A front-token card game (shared/seeds/001_d2451f0fedbbc099.txt): three fronts of four tokens,
Germans against Allies, 1939-1945, refereed by mapref.  Reached only through :data:`RULESET`,
imported when first asked for (the moves table, :mod:`.moves`, is read without the game's
rules: the command line's help)."""


def __getattr__(name: str):
    if name == "RULESET":
        from mapref.rulesets.fronts.ruleset import RULESET

        return RULESET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET"]
