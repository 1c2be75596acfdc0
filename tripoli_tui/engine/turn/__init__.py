"""The turn sequence: setup and the year (`flow`), the American turn (`american`), the T-bot's
turn (`tripolitan`), and a game resumed in the middle of a turn (`midturn`).

The top of the rules: they import the cards, the mechanics and the base below them."""
