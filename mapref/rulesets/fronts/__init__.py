"""A front-token card game (shared/seeds/001_d2451f0fedbbc099.txt): three fronts of four tokens,
Germans against Allies, 1939-1945, refereed by mapref.  Reached only through :data:`RULESET`."""

from mapref.rulesets.fronts.ruleset import RULESET

__all__ = ["RULESET"]
