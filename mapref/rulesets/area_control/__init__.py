"""Area control: territories held by nations on an area map, with the house rules of
shared/seeds/004 (victory cities, capitals, neutral blocks, naval base rental...).  Reached only
through :data:`RULESET`."""

from mapref.rulesets.area_control.ruleset import RULESET

__all__ = ["RULESET"]
