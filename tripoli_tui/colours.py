"""The game's own colour variables (the sides, the allies, the sea and the land), used in CSS as
`$side-us`, `$map-sea` ...; a theme may set any of them, these are the defaults."""

from __future__ import annotations

COLOUR_VARIABLES: dict[str, str] = {
    "side-us": "#6cb6ff",
    "side-sweden": "#ffd75f",
    "side-arab": "#a6e36b",
    "side-tripolitania": "#ff6b6b",
    "ally-morocco": "#ffaf5f",
    "ally-algiers": "#e8e070",
    "ally-tunis": "#e49be4",
    "map-sea": "#0d2b4c",
    "map-zone": "#1c4f7c",
    "map-land": "#3a3322",
    "map-coast": "#8a7a55",
    "map-changed": "#d7af00",
    "map-key": "#ffd700",
}
"""Every colour variable the map, the pieces and the sides use, with its default."""
