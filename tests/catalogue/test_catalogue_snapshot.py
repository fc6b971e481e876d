"""The warm catalogue snapshot: the same facts as the row conversion, and fresh when it must."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from armybuilder.catalogue import snapshot
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    Detachment,
    Enhancement,
    Faction,
    FormerName,
    UnitPrice,
)
from rosters import services
from tests.factories import make_datasheet, make_release, make_transport
from tests.formats.catalogue import space_wolves, world_eaters

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    snapshot.catalogue_snapshot_clear()
    yield
    snapshot.catalogue_snapshot_clear()


@pytest.fixture
def release():
    return make_release("MFM 2025-09")


@pytest.fixture
def catalogue(release) -> dict[str, Faction]:
    we = world_eaters(release)
    sw = space_wolves(release)
    thunder = Datasheet.objects.get(name="Wolf Lord on Thunderwolf")
    thunder.leads.add(Datasheet.objects.get(name="Thunderwolf Cavalry"))
    storm = make_datasheet(sw, "Stormwolf", "VEHICLE", "TRANSPORT", prices=[(1, 200)])
    make_transport(storm, 16, allowed=[["INFANTRY"]], space={"JUMP PACK": 2})
    detachment = Detachment.objects.get(name="Saga of the Beastslayer")
    detachment.battleline.add(Datasheet.objects.get(name="Thunderwolf Cavalry"))
    AllyRule.objects.create(faction=we, keyword="LEGIONES DAEMONICA", points_cap=500)
    return {"we": we, "sw": sw}


def test_every_datasheet_has_the_facts_the_row_conversion_gives(catalogue, release):
    snap = snapshot.catalogue_snapshot()
    rows = services.datasheets_load(ids=set(Datasheet.objects.values_list("id", flat=True)))
    prices = services.release_prices_load(
        release=release, datasheet_ids=set(rows), enhancement_ids=set()
    )
    for pk, row in rows.items():
        expected = services.datasheet_to_core(datasheet=row, brackets=prices.brackets.get(pk, ()))
        assert snap.datasheets[pk] == expected, row.name
    assert snap.datasheets[Datasheet.objects.get(name="Stormwolf").pk].transport[0].space == (
        ("JUMP PACK", 2),
    )


@pytest.mark.parametrize("faction", ["we", "sw"])
def test_faction_rules_and_detachments_match_the_row_conversion(catalogue, faction):
    snap = snapshot.catalogue_snapshot()
    army = catalogue[faction]
    rules = services.army_faction_rules_load(faction=army)
    assert snap.factions[army.pk].rules == rules
    keyword, _, _, chain_ids, _ = rules
    for detachment in Detachment.objects.prefetch_related("required", "forbidden", "battleline"):
        expected = services.detachment_to_core(
            detachment=detachment, army_keyword=keyword, chain_ids=chain_ids
        )
        assert snap.detachments[detachment.pk].for_army(snap.factions[army.pk]) == expected


def test_a_warm_snapshot_costs_no_query(catalogue, django_assert_num_queries):
    first = snapshot.catalogue_snapshot()
    with django_assert_num_queries(0):
        assert snapshot.catalogue_snapshot() is first
        assert snapshot.catalogue_snapshot(release_name="mfm 2025-09") is first


def test_a_catalogue_save_in_this_process_is_seen_at_once(catalogue):
    first = snapshot.catalogue_snapshot()
    price = UnitPrice.objects.get(datasheet__name="Chaos Spawn")
    price.points = 95
    price.save()
    fresh = snapshot.catalogue_snapshot()
    assert fresh is not first and fresh.key != first.key
    spawn = Datasheet.objects.get(name="Chaos Spawn").pk
    assert fresh.datasheets[spawn].brackets[0].points == 95


def test_each_release_has_its_own_snapshot(catalogue, release):
    older = make_release("MFM 2025-06", current=False)
    UnitPrice.objects.create(
        release=older,
        datasheet=Datasheet.objects.get(name="Chaos Spawn"),
        models_count=2,
        points=70,
    )
    current = snapshot.catalogue_snapshot()
    old = snapshot.catalogue_snapshot(release_name="MFM 2025-06")
    spawn = Datasheet.objects.get(name="Chaos Spawn").pk
    assert current.release.name == "MFM 2025-09" and old.release.name == "MFM 2025-06"
    assert (
        current.datasheets[spawn].brackets[0].points,
        old.datasheets[spawn].brackets[0].points,
    ) == (
        80,
        70,
    )


def test_an_unknown_release_is_refused_by_name(catalogue):
    with pytest.raises(snapshot.SnapshotError, match="MFM 1999"):
        snapshot.catalogue_snapshot(release_name="MFM 1999")


# (last release under the former name, bearer keywords judged in 2024-05): an enhancement
# then called otherwise was another enhancement under the same id; one renamed before is not.
RENAMED = [
    pytest.param(datetime.date(2024, 6, 1), (), id="another-name-that-month"),
    pytest.param(datetime.date(2024, 5, 1), (), id="renamed-that-very-release"),
    pytest.param(datetime.date(2024, 4, 1), (frozenset({"TERMINATOR"}),), id="renamed-before"),
]


@pytest.mark.parametrize(("last_seen", "judged"), RENAMED)
def test_an_older_months_enhancement_under_another_name_keeps_no_bearer_keywords(
    catalogue, last_seen, judged
):
    make_release("BSData 2024-05-01", current=False, published=datetime.date(2024, 5, 1))
    enhancement = Enhancement.objects.order_by("name").first()
    enhancement.required_keywords = [["TERMINATOR"]]
    enhancement.save()
    FormerName.objects.create(enhancement=enhancement, name="Old Sigil", last_seen=last_seen)
    older = snapshot.catalogue_snapshot(release_name="BSData 2024-05-01")
    assert older.enhancements[enhancement.pk].required_keywords == judged
    current = snapshot.catalogue_snapshot()
    assert current.enhancements[enhancement.pk].required_keywords == (frozenset({"TERMINATOR"}),)


# (faction keywords the data states, the faction keywords judged): a datasheet the data
# gives none takes its own catalogue's faction's keyword, in the snapshot and the rows alike.
OWN_KEYWORD = [
    pytest.param([], {"WORLD EATERS"}, id="none-stated"),
    pytest.param(["LEGIONES DAEMONICA"], {"LEGIONES DAEMONICA"}, id="stated-kept"),
]


@pytest.mark.parametrize(("stated", "judged"), OWN_KEYWORD)
def test_a_datasheet_without_faction_keywords_takes_its_factions(catalogue, stated, judged):
    sheet = make_datasheet(catalogue["we"], "Fabius Bile", "CHARACTER")
    Datasheet.objects.filter(pk=sheet.pk).update(faction_keywords=stated)
    snap = snapshot.catalogue_snapshot()
    assert snap.datasheets[sheet.pk].faction_keywords == judged
    row = services.datasheets_load(ids={sheet.pk})[sheet.pk]
    assert services.datasheet_to_core(datasheet=row, brackets=()).faction_keywords == judged
