"""ipywidgets views over tutor objects. Views render and forward clicks; every rule
decision is the engine's (tutor never imports this package). The tutor app is
:class:`widgets.app.TutorApp`."""

from widgets.rules_browser import RulesBrowser

__all__ = ["RulesBrowser"]
