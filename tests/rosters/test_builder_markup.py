"""The builder's rows are written in Python (rosters/builder_markup.py) from catalogue rows
kept warm per catalogue version: data is escaped, words follow the reader's language, and
an edit to the catalogue shows on the next page view."""

from __future__ import annotations

import pytest
from django.urls import reverse

from armybuilder.catalogue.models import UnitPrice
from tests.factories import make_datasheet
from tests.rosters.conftest import add

pytestmark = pytest.mark.django_db

HOSTILE = 'Squad <b onclick="x">& Co\'s</b>'
ESCAPED = "Squad &lt;b onclick=&quot;x&quot;&gt;&amp; Co&#x27;s&lt;/b&gt;"


def page(client, roster, language: str = "en-gb") -> str:
    url = reverse("rosters:roster", args=[roster.pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_names_from_the_data_are_escaped_in_rows_and_picker(client, owner, roster, release):
    sheet = make_datasheet(
        roster.faction, HOSTILE, "INFANTRY", prices=[(5, 90), (10, 180)], release=release
    )
    add(roster, sheet.name, 5)
    client.force_login(owner)
    html = page(client, roster)
    assert "<b onclick" not in html
    # The row's heading, its labels and its buttons' names, and the picker's item.
    assert f'<th scope="row">{ESCAPED}' in html
    assert f'aria-label="Duplicate {ESCAPED}"' in html
    assert f'data-name="{ESCAPED}"' in html
    assert f'aria-label="Add {ESCAPED}"' in html


@pytest.mark.parametrize(
    ("language", "duplicate", "models"),
    [("en-gb", ">Duplicate</button>", 'data-label="Models"'), ("ru", ">Копировать</button>", None)],
)
def test_row_words_follow_the_readers_language(client, owner, roster, language, duplicate, models):
    client.force_login(owner)
    # English first, so a Russian page must not reuse the words an English one looked up.
    page(client, roster, "en-gb")
    html = page(client, roster, language)
    assert duplicate in html
    if models is None:
        assert 'data-label="Models"' not in html
    else:
        assert models in html


def test_a_price_edit_shows_on_the_next_view(client, owner, roster, release):
    client.force_login(owner)
    before = page(client, roster)
    assert "1: 80 pts" in before  # the Captain in the picker
    price = UnitPrice.objects.get(release=release, datasheet__name="Captain")
    price.points = 95
    price.save()
    after = page(client, roster)
    assert "1: 95 pts" in after and "1: 80 pts" not in after
    captain = after[after.index('<th scope="row">Captain') :]
    assert '<td class="num" data-label="Points">95</td>' in captain[: captain.index("</tr>")]
