"""The import page: no green "Legal" while lines are unresolved, and words for formats."""

import pytest
from django.urls import reverse

from tests.formats.test_validate_list_command import LEGAL

pytestmark = pytest.mark.django_db


def check(client, text: str) -> str:
    response = client.post(
        reverse("formats:import"), {"profile": "matched-10", "text": text, "action": "check"}
    )
    assert response.status_code == 200
    return response.content.decode()


def test_an_unresolved_line_holds_back_the_legal_badge(client, catalogue, owner):
    client.force_login(owner)
    html = check(client, LEGAL.replace("Khorne Berzerkers", "Khorne Marauders", 1))
    assert "Lines to settle (1)" in html
    assert 'class="badge legal"' not in html
    assert '<span class="badge pending">Not checked yet</span>' in html


def test_a_settled_legal_list_shows_legal_and_human_names(client, catalogue, owner):
    client.force_login(owner)
    html = check(client, LEGAL)
    assert 'class="badge legal"' in html
    assert "<td>Official app</td>" in html
    assert "Validation under Matched play (mission pack limits)" in html
    assert "gw_app" not in html and "under matched-10" not in html
