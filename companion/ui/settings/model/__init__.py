"""What the Settings screen decides, without flet (:mod:`.bgstats`)."""
