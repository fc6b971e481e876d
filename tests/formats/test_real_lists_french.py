"""The public French lists (../shared/samples/lists-public/french/) each get the one French
answer: their names are French and the catalogue's English, with what could be read;
never "not a format we can read" nor "does not say its faction" (issue 24)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from rosters.formats.text_import import ERR_UNKNOWN_FORMAT
from rosters.formats.text_import.resolver import ERR_NO_FACTION
from tests.conftest import require_shared
from tests.formats.real_lists import FULL_CATALOGUE, PUBLIC_LISTS, check_all, real_lists

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.shared,
    pytest.mark.skipif(not FULL_CATALOGUE.exists(), reason="fixtures/catalogue-10e.json.xz absent"),
]


def test_every_french_list_gets_the_french_answer_with_its_faction():
    require_shared(PUBLIC_LISTS / "french")
    call_command("loaddata", str(FULL_CATALOGUE), verbosity=0)
    checked = check_all(real_lists(french=True))
    assert len(checked) >= 90
    unknown_format = str(ERR_UNKNOWN_FORMAT).split("{", 1)[0]
    for one in checked:
        result = one.result
        assert result["language"] == "fr", one.real.file
        assert one.exit == 2, one.real.file
        assert "in French" in result["error"], one.real.file
        assert unknown_format not in result["error"], one.real.file
        assert str(ERR_NO_FACTION) not in result["error"], one.real.file
    # Most say which faction they are for; the few that name it only in French do not.
    with_faction = sum(1 for one in checked if one.result["faction"])
    assert with_faction >= 0.9 * len(checked)
