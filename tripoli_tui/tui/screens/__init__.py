"""The screens: the game, its dialogs, and the screens around it (title, load, help, the T-bot's
flowchart, game over, record).

The app imports each inside the function that first shows it, so start-up does not pay for screens
not shown yet (the help screen's Markdown alone is a noticeable part of it).
"""
