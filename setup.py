"""The one compiled part of the game: the random generator (engine/_splitmix.c).

Everything else is in pyproject.toml. The extension is optional: on a machine without a C
compiler (or without Python's headers) the build says so and the game installs without it, drawing
with the pure-Python generator in engine/rng.py, which gives exactly the same games.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("tripoli_tui.engine._splitmix", ["tripoli_tui/engine/_splitmix.c"],
                             optional=True)])
