"""Export, import, export again: the text must not change, for any roster we can build."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armybuilder.catalogue.models import Datasheet, Detachment
from rosters import services as roster_services
from rosters.formats.services import draft_sheet, list_import_draft
from rosters.formats.text_export import sheet_to_text
from tests.formats.helpers import read

pytestmark = pytest.mark.django_db

NAME_ALPHABET = st.sampled_from(
    list("abcxyzABCXYZ0123456789 !?'.&-") + list("âéïøßÆ") + list("КровьдляБога")
)


def export(draft: roster_services.Draft) -> str:
    _, result = roster_services.draft_validate(draft=draft)
    return sheet_to_text(draft_sheet(draft=draft, result=result))


@st.composite
def drafts(draw: st.DrawFn, catalogue, release) -> roster_services.Draft:
    faction = catalogue[draw(st.sampled_from(["we", "sw"]))]
    chain = roster_services.faction_chain_load(faction=faction)
    detachments = list(Detachment.objects.filter(faction__in=chain).order_by("pk"))
    detachment = draw(st.sampled_from([None, *detachments]))
    sheets = list(Datasheet.objects.filter(available_to=faction).order_by("pk"))
    enhancements = list(detachment.enhancements.all()) if detachment is not None else []
    units = []
    for n in range(draw(st.integers(min_value=1, max_value=8))):
        sheet = draw(st.sampled_from(sheets))
        is_character = "CHARACTER" in sheet.keywords
        units.append(
            roster_services.DraftUnit(
                key=str(n + 1),
                datasheet=sheet,
                models=draw(st.integers(sheet.min_models, sheet.max_models)),
                enhancement=draw(st.sampled_from([None, *enhancements])) if is_character else None,
                warlord=draw(st.booleans()),
            )
        )
    name = draw(st.text(NAME_ALPHABET, min_size=1, max_size=40).map(str.strip).filter(bool))
    return roster_services.Draft(
        name=" ".join(name.split()),
        faction=faction,
        detachment=detachment,
        battle_size=draw(st.sampled_from(["incursion", "strike_force", "onslaught"])),
        profile="core-10",
        release=release,
        units=units,
    )


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_export_import_export_gives_the_same_text(catalogue, release, data):
    draft = data.draw(drafts(catalogue, release))
    first = export(draft)
    resolved = read(first, release)
    assert resolved.problems == []
    again = list_import_draft(resolved=resolved, release=release, name=resolved.parsed.name)
    assert again is not None
    assert export(again) == first
