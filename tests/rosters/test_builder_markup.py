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


# A name that would break out of an attribute or open a tag wherever it went unescaped.
SCRIPT = '<script>alert("x")</script> Bob\'s'
SCRIPT_ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Bob&#x27;s"


def _hostile_row(editable_panel: bool):
    """A unit row with every part the markup writes: name, warlord, codes, wargear panel
    (several model types, counts, options, unread lines), model counts, enhancements with
    a refusal, detachment upgrades and priced options; every name the hostile one."""
    from types import SimpleNamespace

    from armybuilder.rules import model as core
    from rosters.builder_markup import PanelWords, wargear_html
    from rosters.builder_rows import EnhancementChoice, OptionChoice, UnitRow, UpgradeChoice

    group = core.WargearGroup(name=SCRIPT, options=(SCRIPT, SCRIPT + "2"), minimum=1, maximum=1)
    kinds = (
        core.ModelType(name=SCRIPT, minimum=1, maximum=4, groups=(group,)),
        core.ModelType(name=SCRIPT + " sergeant", minimum=1, maximum=1, groups=(group,)),
    )
    sheet = core.Datasheet(
        name=SCRIPT,
        keywords=frozenset({"INFANTRY"}),
        faction_keywords=frozenset(),
        brackets=(core.Bracket(5, 90),),
        model_types=kinds,
    )
    facts = core.Unit(
        id="1",
        datasheet=sheet,
        models=5,
        loadout=(core.Loadout(SCRIPT, 4, ((SCRIPT, 4),)),),
        unread=(core.UnreadGear(text=SCRIPT, line=3), core.UnreadGear(text=SCRIPT)),
    )
    enhancement = SimpleNamespace(pk=7, name=SCRIPT)
    unit = SimpleNamespace(
        pk=1,
        datasheet=SimpleNamespace(name=SCRIPT),
        models_count=5,
        warlord=True,
        enhancement_id=7,
        enhancement=enhancement,
    )
    urls = {name: f"/u/{name}?x=1&y=2" for name in ("update", "duplicate", "remove", "wargear")}
    return UnitRow(
        unit=unit,
        points=90,
        model_counts=[5, 10],
        urls=urls,
        codes=["WARGEAR_UNREAD"],
        enhancements=[
            EnhancementChoice(enhancement, 15),
            EnhancementChoice(SimpleNamespace(pk=8, name=SCRIPT), 20, problem=SCRIPT),
        ],
        upgrades=[UpgradeChoice(SimpleNamespace(pk=9, name=SCRIPT), 10, taken=True)],
        options=[OptionChoice(SimpleNamespace(pk=11, name=SCRIPT, points=5, max_count=2), count=1)],
        wargear=wargear_html(
            facts,
            1,
            urls["wargear"],
            SCRIPT,
            is_open=True,
            editable=editable_panel,
            words=PanelWords.translated(),
        ),
        wargear_summary=SCRIPT,
    )


@pytest.mark.parametrize("editable", [True, False])
def test_hostile_names_come_out_escaped_in_every_row_kind(editable):
    from django.utils import translation

    from rosters.builder_markup import unit_rows_html

    # A second character, still choosing, shows the refusal's reason.
    choosing = _hostile_row(editable)
    choosing.unit.pk, choosing.unit.enhancement_id = 2, None
    with translation.override("en-gb"):
        html = unit_rows_html([_hostile_row(editable), choosing], editable=editable)
    assert "<script" not in html and 'alert("' not in html and "Bob's" not in html
    assert "?x=1&y=2" not in html
    # The heading, the wargear panel's legend, option, summary and unread line.
    assert f'<th scope="row">{SCRIPT_ESCAPED} <span class="warlord-mark"' in html
    assert f"<legend>{SCRIPT_ESCAPED}</legend>" in html
    assert f'<label class="wg-option">{SCRIPT_ESCAPED} <input' in html
    assert f"<q>{SCRIPT_ESCAPED}</q> (line 3)" in html
    assert f"{SCRIPT_ESCAPED}</summary>" in html
    if editable:
        assert 'hx-post="/u/wargear?x=1&amp;y=2"' in html
        assert f'aria-label="Duplicate {SCRIPT_ESCAPED}"' in html
        assert f'aria-label="Remove {SCRIPT_ESCAPED}"' in html
        assert f">Models in {SCRIPT_ESCAPED}</label>" in html
        assert f">Enhancement for {SCRIPT_ESCAPED}</label>" in html
        assert f'<option value="7" selected>{SCRIPT_ESCAPED} (+15)</option>' in html
        assert f"<li>{SCRIPT_ESCAPED}</li>" in html  # the refusal's reason
        assert f'<option value="9" selected>{SCRIPT_ESCAPED} (+10)</option>' in html
        assert f'<label for="opt-1-11">{SCRIPT_ESCAPED} (+5)</label>' in html
    else:
        assert f'<td data-label="Enhancement">{SCRIPT_ESCAPED}<div' in html
        assert f'<div class="upgrades">{SCRIPT_ESCAPED}</div>' in html
        assert f'<div class="options">1 × {SCRIPT_ESCAPED}</div>' in html


def test_hostile_names_come_out_escaped_in_the_picker():
    from types import SimpleNamespace

    from django.utils import translation
    from django.utils.html import escape

    from rosters.builder_markup import picker_html
    from rosters.builder_rows import PickerEntry, PickerSheet

    facts = SimpleNamespace(has=lambda keyword: True)
    sheet = PickerSheet(
        pk=3,
        name=SCRIPT,
        legends=True,
        facts=facts,
        name_html=escape(SCRIPT),
        search_html=escape(SCRIPT.casefold()),
        keywords_html=escape(SCRIPT),
    )
    with translation.override("en-gb"):
        html = picker_html([PickerEntry(sheet, escape(SCRIPT), 1, 3)])
    assert "<script" not in html and "Bob's" not in html
    assert f'data-name="{SCRIPT_ESCAPED}"' in html
    assert f'aria-label="Add {SCRIPT_ESCAPED}"' in html
    assert f"<strong>{SCRIPT_ESCAPED}</strong>" in html
    assert f'<span class="brackets">{SCRIPT_ESCAPED}</span>' in html
