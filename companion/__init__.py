"""Merchant's Companion: setup helper, rules assistant and score calculator for merchant games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("merchants-companion")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
