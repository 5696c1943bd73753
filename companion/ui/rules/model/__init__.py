"""What the Rules screen shows, without flet (:mod:`.search`)."""
