"""Merchants Cove sale value's screen parts, one component a file."""
