import gc

import pytest

from tutor import get_game
from tutor.games import scenario_dir


@pytest.fixture(scope="session")
def sneaky_bastard():
    return get_game("sneaky_bastard")


@pytest.fixture(scope="session")
def sb_scenarios():
    return sorted(scenario_dir("sneaky_bastard").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _objects_unfrozen():
    """A test that plays a Voila kernel (VOILA_PREHEAT set) freezes the objects it built
    (widgets.pages.kernel); release them so that the test process collects them again."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()
