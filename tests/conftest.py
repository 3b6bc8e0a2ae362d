import pytest

from tutor import get_game
from tutor.games import scenario_dir


@pytest.fixture(scope="session")
def sneaky_bastard():
    return get_game("sneaky_bastard")


@pytest.fixture(scope="session")
def sb_scenarios():
    return sorted(scenario_dir("sneaky_bastard").glob("*.yaml"))
