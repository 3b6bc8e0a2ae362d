"""The tutor app, in three parts: its state (:mod:`widgets.app.model`), the controller
that alone changes it (:mod:`widgets.app.controller`), and the widgets that draw it and
forward clicks (:mod:`widgets.app.tutor_app`). ``from widgets.app import TutorApp``
builds a game's app."""

from widgets.app.controller import AppController, load_examples
from widgets.app.model import AppModel, Report
from widgets.app.modes import FREE_PLAY, PRACTICE, TEACHER, WATCH
from widgets.app.tutor_app import OPPONENTS, PACES, TutorApp

__all__ = ["AppController", "AppModel", "FREE_PLAY", "OPPONENTS", "PACES",
           "PRACTICE", "Report", "TEACHER", "TutorApp", "WATCH", "load_examples"]
