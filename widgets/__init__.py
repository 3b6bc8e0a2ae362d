"""ipywidgets views over tutor objects. Views render and forward clicks; every rule
decision is the engine's (tutor never imports this package). The tutor app is
:class:`widgets.app.TutorApp` (its model, controller and widgets in ``widgets/app/``);
the table is in ``widgets/table/``, the panels beside it in ``widgets/panels/``, the
gallery, lesson, link and stored progress in ``widgets/pages/``, each game's drawing and
composer in ``widgets/games/``."""

from widgets.panels.rules_browser import RulesBrowser

__all__ = ["RulesBrowser"]
