"""Merchant's Journey's screen parts, one component a file."""
