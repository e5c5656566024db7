"""The games mapref referees, one package per ruleset, each reached through mapref.rules.registry."""
