"""The names of what the app shows, shared by its model and controller (widgets.app)
and the pages that drive it (widgets.pages.lesson)."""

FREE_PLAY = "free play"          # the example picker's entry for a game of one's own
WATCH, PRACTICE = "Watch", "Practice"
TEACHER = -1                     # "View as" all-seeing, in the seat picker's values
