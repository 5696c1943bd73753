"""The Settings screen's sections of their own (:mod:`.bgstats`)."""
