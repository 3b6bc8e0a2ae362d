"""The names of what the app shows, shared by its controller (widgets.app) and the
parts of it in other modules (widgets.app_links, widgets.app_progress, widgets.lesson)."""

FREE_PLAY = "free play"          # the example picker's entry for a game of one's own
WATCH, PRACTICE = "Watch", "Practice"
TEACHER = -1                     # "View as" all-seeing, in the seat picker's values
