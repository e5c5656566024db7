"""Hitler's War: the hex game of Europe and its three scenarios (Barbarossa, The Fall of Germany,
The War for Europe), refereed by mapref.  The rest of mapref reaches it only through
:data:`RULESET` (mapref.rules.registry)."""

from mapref.rulesets.hitlers_war.ruleset import RULESET

__all__ = ["RULESET"]
