"""Walk every catalogue admin URL as Erin (points editor), Stan (staff) and Sam (a player).

Only Erin may change anything: every write path (change and add forms, deletes, inline
list edits, actions, django-simple-history revert forms, copy, publish, xlsx import) is
tried by all three, and after each refused attempt the catalogue tables, their history
included, are exactly as they were.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from armybuilder.catalogue import services
from armybuilder.catalogue.models import (
    AllyRule,
    Datasheet,
    Detachment,
    DetachmentUpgrade,
    DetachmentUpgradePrice,
    DetachmentUpgradeUnit,
    Enhancement,
    EnhancementPrice,
    Faction,
    OptionPrice,
    PointsRelease,
    UnitPrice,
)
from tests.catalogue.admin_forms import form_data
from tests.catalogue.test_points_xlsx_import import UNITS_HEADER, workbook
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db

USERS = ["points_editor", "staff_reader", "stranger"]


@dataclass
class World:
    current: PointsRelease
    draft: PointsRelease
    price: UnitPrice
    enhancement_price: EnhancementPrice
    option_price: OptionPrice
    upgrade_price: DetachmentUpgradePrice


@pytest.fixture
def world() -> World:
    current = make_release()
    marines = space_marines(current)
    captain = Datasheet.objects.get(name="Captain")
    OptionPrice.objects.create(release=current, datasheet=captain, name="Relic shield", points=5)
    AllyRule.objects.create(faction=marines, keyword="IMPERIAL KNIGHTS", points_cap=250)
    upgrade = DetachmentUpgrade.objects.create(
        detachment=Detachment.objects.get(), name="Relic of the Chapter"
    )
    DetachmentUpgradeUnit.objects.create(upgrade=upgrade, datasheet=captain, maximum=1)
    DetachmentUpgradePrice.objects.create(release=current, upgrade=upgrade, points=40)
    draft = services.release_copy(
        source=current, name="MFM next", published=datetime.date(2025, 12, 1)
    )
    # Give the draft's Captain price a second version, so a revert has something to undo.
    price = draft.unit_prices.get(datasheet=captain)
    price.points = 90
    price.save()
    draft.name = "MFM next (renamed)"
    draft.save()
    return World(
        current=current,
        draft=draft,
        price=price,
        enhancement_price=draft.enhancement_prices.first(),  # type: ignore[arg-type]
        option_price=draft.option_prices.get(),
        upgrade_price=draft.upgrade_prices.get(),
    )


def snapshot() -> dict[str, list[tuple[object, ...]]]:
    """Every row of every catalogue table, history tables included."""
    return {
        model._meta.label: sorted(model.objects.values_list(), key=repr)  # type: ignore[attr-defined]
        for model in apps.get_app_config("catalogue").get_models()
    }


def admin_url(model: type, view: str, *args: object) -> str:
    return reverse(f"admin:catalogue_{model._meta.model_name}_{view}", args=args)


def edited_form(editor: Client, url: str, changes: dict[str, str]) -> dict[str, list[str]]:
    """Read the form an editor sees at url and change some fields."""
    response = editor.get(url)
    assert response.status_code == 200, url
    data = form_data(response.content.decode())
    data.update({k: [v] for k, v in changes.items()})
    data["_save"] = ["Save"]
    return data


def history_form(editor: Client, obj: object, version: int) -> tuple[str, dict[str, list[str]]]:
    records = list(type(obj).history.filter(id=obj.pk).order_by("history_id"))  # type: ignore[attr-defined]
    record = records[version]
    url = admin_url(type(obj), "simple_history", obj.pk, record.history_id)  # type: ignore[attr-defined]
    return url, edited_form(editor, url, {})


Post = tuple[str, dict[str, object]]
Attempt = Callable[[World, Client], list[Post]]


def change(model: type, pick: Callable[[World], object], changes: dict[str, str]) -> Attempt:
    def attempt(world: World, editor: Client) -> list[Post]:
        url = admin_url(model, "change", pick(world).pk)  # type: ignore[attr-defined]
        return [(url, edited_form(editor, url, changes))]  # type: ignore[list-item]

    return attempt


def add(model: type, values: Callable[[World], dict[str, object]]) -> Attempt:
    def attempt(world: World, editor: Client) -> list[Post]:
        url = admin_url(model, "add")
        data = edited_form(editor, url, {})
        data.update({k: [str(v)] for k, v in values(world).items()})
        return [(url, data)]  # type: ignore[list-item]

    return attempt


def delete(model: type, pick: Callable[[World], object]) -> Attempt:
    def attempt(world: World, editor: Client) -> list[Post]:
        return [(admin_url(model, "delete", pick(world).pk), {"post": "yes"})]  # type: ignore[attr-defined]

    return attempt


def action_delete(model: type, pick: Callable[[World], object]) -> Attempt:
    def attempt(world: World, editor: Client) -> list[Post]:
        data = {
            "action": "delete_selected",
            "_selected_action": [pick(world).pk],  # type: ignore[attr-defined]
            "post": "yes",
        }
        return [(admin_url(model, "changelist"), data)]

    return attempt


def list_edit(world: World, editor: Client) -> list[Post]:
    url = admin_url(UnitPrice, "changelist") + f"?release__id__exact={world.draft.pk}"
    data: dict[str, object] = dict(edited_form(editor, url, {}))
    forms = int(data["form-TOTAL_FORMS"][0])  # type: ignore[index]
    assert forms > 0
    data.update({f"form-{n}-points": ["1"] for n in range(forms)})
    return [(url, data)]


def revert(pick: Callable[[World], object], version: int = 0) -> Attempt:
    def attempt(world: World, editor: Client) -> list[Post]:
        url, data = history_form(editor, pick(world), version)
        return [(url, data)]  # type: ignore[list-item]

    return attempt


def copy(world: World, editor: Client) -> list[Post]:
    url = reverse("admin:catalogue_pointsrelease_copy", args=[world.current.pk])
    return [(url, {"name": "Another copy", "published": "2026-01-01"})]


def publish(world: World, editor: Client) -> list[Post]:
    return [(reverse("admin:catalogue_pointsrelease_publish", args=[world.draft.pk]), {})]


def xlsx_import(world: World, editor: Client) -> list[Post]:
    upload = io.BytesIO(workbook({"Units": [UNITS_HEADER, ["Space Marines", "Captain", 1, 55]]}))
    upload.name = "points.xlsx"
    url = reverse("admin:catalogue_pointsrelease_import", args=[world.draft.pk])
    return [(url, {"workbook": upload}), (url, {"confirm": "1"})]


ATTEMPTS: dict[str, Attempt] = {
    "unit price change form": change(UnitPrice, lambda w: w.price, {"points": "1"}),
    "unit price add form": add(
        UnitPrice,
        lambda w: {
            "release": w.draft.pk,
            "datasheet": Datasheet.objects.get(name="Rhino").pk,
            "models_count": 2,
            "points": 150,
        },
    ),
    "unit price delete": delete(UnitPrice, lambda w: w.price),
    "unit price list edit": list_edit,
    "unit price delete action": action_delete(UnitPrice, lambda w: w.price),
    "unit price history revert": revert(lambda w: w.price),
    "enhancement price change form": change(
        EnhancementPrice, lambda w: w.enhancement_price, {"points": "1"}
    ),
    "enhancement price delete action": action_delete(
        EnhancementPrice, lambda w: w.enhancement_price
    ),
    "option price change form": change(OptionPrice, lambda w: w.option_price, {"points": "1"}),
    "option price history revert": revert(lambda w: w.option_price),
    "detachment upgrade price change form": change(
        DetachmentUpgradePrice, lambda w: w.upgrade_price, {"points": "1"}
    ),
    "detachment upgrade price add form": add(
        DetachmentUpgradePrice,
        lambda w: {
            "release": w.current.pk,
            "upgrade": DetachmentUpgrade.objects.create(
                detachment=Detachment.objects.get(), name="Second relic"
            ).pk,
            "points": 20,
        },
    ),
    "detachment upgrade price delete action": action_delete(
        DetachmentUpgradePrice, lambda w: w.upgrade_price
    ),
    "detachment upgrade price history revert": revert(lambda w: w.upgrade_price),
    "detachment upgrade change form": change(
        DetachmentUpgrade, lambda w: DetachmentUpgrade.objects.get(), {"name": "Relic"}
    ),
    "detachment upgrade inline unit edit": change(
        DetachmentUpgrade, lambda w: DetachmentUpgrade.objects.get(), {"units-0-maximum": "2"}
    ),
    "release change form": change(PointsRelease, lambda w: w.draft, {"name": "Renamed"}),
    "release add form": add(
        PointsRelease, lambda w: {"name": "Hand made", "published": "2026-02-01"}
    ),
    "release delete": delete(PointsRelease, lambda w: w.draft),
    "release delete action": action_delete(PointsRelease, lambda w: w.draft),
    "release history revert": revert(lambda w: w.draft, version=-2),
    "release copy": copy,
    "release publish": publish,
    "release xlsx import": xlsx_import,
    "faction change form": change(Faction, lambda w: Faction.objects.get(), {"name": "Marines"}),
    "datasheet change form": change(
        Datasheet, lambda w: Datasheet.objects.get(name="Rhino"), {"name": "Razorback"}
    ),
    "datasheet inline transport edit": change(
        Datasheet,
        lambda w: Datasheet.objects.get(name="Rhino"),
        {"transport_pools-0-capacity": "6"},
    ),
    "detachment change form": change(
        Detachment, lambda w: Detachment.objects.get(), {"name": "Anvil Siege Force"}
    ),
    "enhancement change form": change(
        Enhancement, lambda w: Enhancement.objects.first(), {"name": "Bolter Discipline"}
    ),
    "ally rule change form": change(
        AllyRule, lambda w: AllyRule.objects.get(), {"points_cap": "1"}
    ),
}


@pytest.mark.parametrize("who", USERS)
@pytest.mark.parametrize("name", list(ATTEMPTS))
def test_only_the_points_editor_changes_anything(
    request: pytest.FixtureRequest, world: World, who: str, name: str
) -> None:
    editor = Client()
    editor.force_login(request.getfixturevalue("points_editor"))
    posts = ATTEMPTS[name](world, editor)
    client = Client()
    client.force_login(request.getfixturevalue(who))
    before = snapshot()
    statuses = [client.post(url, data).status_code for url, data in posts]
    after = snapshot()
    assert all(status < 500 for status in statuses), statuses
    if who == "points_editor":
        assert after != before, f"{name}: the editor's attempt changed nothing ({statuses})"
    else:
        assert after == before, f"{name}: {who} changed the catalogue ({statuses})"
        assert all(status in (200, 302, 403) for status in statuses)


def readable_urls(world: World) -> list[str]:
    urls = []
    objects = [
        world.price,
        world.enhancement_price,
        world.option_price,
        world.upgrade_price,
        DetachmentUpgrade.objects.get(),
        world.draft,
        Faction.objects.get(),
        Datasheet.objects.get(name="Rhino"),
        Detachment.objects.get(),
        Enhancement.objects.first(),
        AllyRule.objects.get(),
    ]
    for obj in objects:
        model = type(obj)
        urls += [admin_url(model, "changelist"), admin_url(model, "change", obj.pk)]  # type: ignore[attr-defined]
        if hasattr(model, "history"):
            record = model.history.filter(id=obj.pk).first()  # type: ignore[attr-defined]
            urls += [
                admin_url(model, "history", obj.pk),  # type: ignore[attr-defined]
                admin_url(model, "simple_history", obj.pk, record.history_id),  # type: ignore[attr-defined]
            ]
    urls += [
        reverse("admin:catalogue_pointsrelease_export", args=[world.draft.pk]),
        reverse("admin:catalogue_pointsrelease_compare", args=[world.draft.pk]),
        admin_url(UnitPrice, "changelist")
        + f"?release__id__exact={world.draft.pk}&datasheet__faction__id__exact="
        + str(Faction.objects.get().pk),
    ]
    return urls


@pytest.mark.parametrize("who", USERS)
def test_staff_read_every_catalogue_page_and_players_are_sent_to_log_in(
    client: Client, request: pytest.FixtureRequest, world: World, who: str
) -> None:
    client.force_login(request.getfixturevalue(who))
    for url in readable_urls(world):
        response = client.get(url)
        if who == "stranger":
            assert response.status_code == 302 and "/login/" in response["Location"], url
        else:
            assert response.status_code == 200, url


def test_staff_reader_sees_no_revert_button_on_a_history_version(
    client: Client, staff_reader: object, world: World
) -> None:
    client.force_login(staff_reader)
    record = UnitPrice.history.filter(id=world.price.pk).first()
    response = client.get(admin_url(UnitPrice, "simple_history", world.price.pk, record.history_id))
    assert response.status_code == 200
    assert b'name="_save"' not in response.content


@pytest.mark.parametrize("model", [UnitPrice, PointsRelease])
@pytest.mark.parametrize("ids", [("abc", "1"), ("1", "x"), ("9" * 30, "1")])
def test_history_urls_with_junk_ids_are_not_found(
    client: Client, points_editor, world: World, model: type, ids: tuple[str, str]
) -> None:
    client.force_login(points_editor)
    url = admin_url(model, "simple_history", *ids)
    assert client.get(url).status_code == 404
    assert client.post(url, {}).status_code == 404
