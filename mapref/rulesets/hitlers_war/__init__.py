"""Hitler's War: the hex game of Europe and its three scenarios (Barbarossa, The Fall of Germany,
The War for Europe), refereed by mapref.  The rest of mapref reaches it only through
:data:`RULESET` (mapref.rules.registry), imported when first asked for, so that the moves table
(:mod:`.moves`) is read without the game's rules (the command line's help)."""


def __getattr__(name: str):
    if name == "RULESET":
        from mapref.rulesets.hitlers_war.ruleset import RULESET

        return RULESET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET"]
