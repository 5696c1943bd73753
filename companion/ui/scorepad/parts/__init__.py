"""The score pad's screen parts, one component a file."""
