"""Hitler's War: the hex game of Europe and its three scenarios (Barbarossa, The Fall of Germany,
The War for Europe), refereed by mapref.  The rest of mapref reaches it only through
:data:`.ruleset.RULESET` (mapref.rules.registry) and reads its moves table (:mod:`.moves`)
without the game's rules; this package imports neither."""
