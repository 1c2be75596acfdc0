"""Widgets of the game screen: each renders part of the state and posts messages, none submits."""
