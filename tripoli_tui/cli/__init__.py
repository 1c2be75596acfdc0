"""The `tripoli` command line: its entry point and the commands that run without the Textual app
(check, explain, advise, simulate). Textual is imported only to start the app."""
