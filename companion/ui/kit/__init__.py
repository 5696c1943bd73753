"""What the tools' screens share (flet): the lobby's frame, a tool's entry, the table menu and
notices, the small widgets, the "why?" links and ruling sheets, players and seats forms."""
