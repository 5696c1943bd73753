"""What every engine shares: actions and saves (:mod:`.saves`), a tool's contract with the
shared tables (:mod:`.protocol`), house rules (:mod:`.house_rules`), words for players
(:mod:`.words`), standings and tie-breaks (:mod:`.standings`), seats (:mod:`.players`) and the
one whole-number check (:mod:`.numbers`)."""
