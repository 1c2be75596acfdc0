"""Headless play: one game being played (the session), the players that are not the T-bot (the
heuristic American), the advisor, the drill and simulation. No Textual, no disk."""
