"""What an imported list states, per dialect: the wargear a list leaves out, of a model
type or of the items of one it describes, takes the datasheet's defaults, and only what
it does state is judged (WARGEAR_CHOICE)."""

from __future__ import annotations

import pytest

from rosters.formats import services
from tests.formats.test_new_recruit_and_listforge import HEADER
from tests.formats.test_validate_list_batch import LEGAL

pytestmark = pytest.mark.django_db

NR = HEADER.format(
    warlord="Char1: Daemon Prince of Khorne",
    enhancement="Helm of Brazen Ire (on Char1: Daemon Prince of Khorne)",
)
CHAMPION = "Khorne Berzerker Champion"
BERZERKER = "Khorne Berzerker"
DEFAULTS = {BERZERKER: (9, {"Bolt pistol": 9, "Chainblade": 9})}


def app(squad: str) -> str:
    return LEGAL.format(name="Skulls").replace("  • 10x Khorne Berzerkers\n", squad)


def wtc(squad: str) -> str:
    return NR + (
        "\nChar1: 1x Daemon Prince of Khorne (220 pts)\n  • Warlord\n"
        "Enhancement: Helm of Brazen Ire (+20 pts)\n\n" + squad
    )


CASES = [
    pytest.param(
        app(
            "  • 1x Khorne Berzerker Champion\n     ◦ 1x Plasma pistol\n  • 9x Khorne Berzerker\n"
            "     ◦ 9x Chainblade\n"
        ),
        {CHAMPION: (1, {"Plasma pistol": 1, "Chainblade": 1}), **DEFAULTS},
        0,
        id="app: each type names some items, the rest are the defaults",
    ),
    pytest.param(
        wtc(
            "10x Khorne Berzerkers (180 pts)\n• 1x Khorne Berzerker Champion\n"
            "    1 with Plasma pistol\n"
        ),
        {CHAMPION: (1, {"Plasma pistol": 1, "Chainblade": 1}), **DEFAULTS},
        0,
        id="WTC: the Berzerkers' line left out, their defaults",
    ),
    pytest.param(
        wtc("10x Khorne Berzerkers (180 pts)\n• 1x Khorne Berzerker Champion: Plasma pistol\n"),
        {CHAMPION: (1, {"Plasma pistol": 1, "Chainblade": 1}), **DEFAULTS},
        0,
        id="WTC compact: the champion's chainblade left out, the default",
    ),
    pytest.param(
        wtc(
            "10x Khorne Berzerkers (180 pts)\n• 1x Khorne Berzerker Champion\n"
            "    1 with Plasma pistol, Bolt pistol\n"
        ),
        {CHAMPION: (1, {"Plasma pistol": 1, "Bolt pistol": 1, "Chainblade": 1}), **DEFAULTS},
        1,
        id="boundary: two pistols stated on the champion stay an error",
    ),
]


@pytest.mark.parametrize(("text", "expected", "errors"), CASES)
def test_partial_wargear_is_completed_from_the_defaults(berzerkers, text, expected, errors):
    check = services.list_import_check(text=text)
    assert check.resolved.problems == []
    squad = next(u for u in check.resolved.kept() if u.name == "Khorne Berzerkers")
    assert squad.models == 10
    assert {p.model: (p.models, dict(p.wargear)) for p in squad.loadout} == expected
    assert check.result is not None
    found = [v for v in check.result.violations if v.code == "WARGEAR_CHOICE"]
    assert len(found) == errors, found
