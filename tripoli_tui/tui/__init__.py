"""The Textual side: the app, its screens and widgets, the theme, and the terminal driver."""
