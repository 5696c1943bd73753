"""The game night's panels below the seats: what is played, where and when, the tools, the
running tally (:mod:`.night`), and the final sheet, the standings, Save and Rematch
(:mod:`.finish`)."""
