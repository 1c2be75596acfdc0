"""The Shores of Tripoli, solitaire, in the terminal."""

__version__ = "0.1.0"
