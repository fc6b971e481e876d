"""The Result→JSON shape for saved rosters (as the API will use it) and declarations in words."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from armybuilder.catalogue.models import Datasheet
from armybuilder.rules import model as core
from rosters.formats.result_json import SCHEMA_VERSION, result_to_json
from rosters.formats.services import declaration_section, roster_export_pdf
from rosters.services import (
    draft_validate,
    roster_create,
    roster_load,
    roster_to_draft,
    roster_unit_create,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def roster(catalogue, owner):
    roster = roster_create(
        owner=owner,
        name="Skulls",
        faction=catalogue["we"],
        detachment=catalogue["we"].detachments.get(),
        battle_size="incursion",
    )
    for name in ("Daemon Prince of Khorne", "Khorne Berzerkers", "Chaos Rhino"):
        roster_unit_create(roster=roster, datasheet=Datasheet.objects.get(name=name))
    return roster


def test_a_saved_roster_uses_the_same_json_shape(roster):
    kharn = Datasheet.objects.get(name="Khârn the Betrayer")
    roster_unit_create(roster=roster, datasheet=kharn)
    roster_unit_create(roster=roster, datasheet=kharn)
    draft = roster_to_draft(roster=roster_load(roster_id=roster.pk))
    _, result = draft_validate(draft=draft)
    data = result_to_json(draft=draft, result=result)
    assert data["schema"] == SCHEMA_VERSION
    assert data["format"] is None and data["error"] is None
    assert [(u["position"], u["line"], u["name"]) for u in data["units"]] == [
        (1, None, "Daemon Prince of Khorne"),
        (2, None, "Khorne Berzerkers"),
        (3, None, "Chaos Rhino"),
        (4, None, "Khârn the Betrayer"),
        (5, None, "Khârn the Betrayer"),
    ]
    assert data["points"] == 635 and data["points_limit"] == 1000
    # Unit positions, not database ids, name the units a violation is about.
    epic = next(v for v in data["violations"] if v["code"] == "EPIC_HERO_DUPLICATE")
    assert epic["unit_positions"] == [4, 5]
    assert data["legal"] is False


def test_a_declaration_is_put_into_words_by_unit_name(roster):
    keys = [str(u.pk) for u in roster.units.order_by("position")]
    prince, berzerkers, rhino = keys
    declaration = core.Declaration(
        embarkations=((berzerkers, rhino),),
        placements=((rhino, core.Placement.STRATEGIC_RESERVES),),
    )
    names = {
        k: n
        for k, n in zip(
            keys, ["Daemon Prince of Khorne", "Khorne Berzerkers", "Chaos Rhino"], strict=True
        )
    }
    section = declaration_section(declaration=declaration, names=names)
    assert section.embarked == (("Chaos Rhino", ("Khorne Berzerkers",)),)
    assert section.strategic_reserves == ("Chaos Rhino",)
    data = roster_export_pdf(roster_id=roster.pk, declaration=declaration)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "Chaos Rhino: Khorne Berzerkers" in text
    assert "Strategic Reserves" in text
    assert prince  # the Daemon Prince stays on the battlefield and is not listed
    assert "Daemon Prince of Khorne" not in text.split("Battle formations")[1]


def test_two_units_of_one_name_are_told_apart_in_words():
    names = {"7": "Intercessor Squad", "8": "Intercessor Squad", "9": "Captain"}
    section = declaration_section(
        declaration=core.Declaration(attachments=(("9", "8"),)), names=names
    )
    assert section.attachments == ("Captain → Intercessor Squad (8)",)


def test_two_units_of_one_name_are_told_apart_by_their_place_on_the_sheet():
    # The sheet numbers its units 1, 2, 3; a database id would mean nothing on paper.
    names = {"7": "Intercessor Squad", "8": "Intercessor Squad", "9": "Captain"}
    section = declaration_section(
        declaration=core.Declaration(
            attachments=(("9", "8"),), placements=(("7", core.Placement.STRATEGIC_RESERVES),)
        ),
        names=names,
        positions={"9": 1, "7": 2, "8": 3},
    )
    assert section.attachments == ("Captain → Intercessor Squad (#3)",)
    assert section.strategic_reserves == ("Intercessor Squad (#2)",)
