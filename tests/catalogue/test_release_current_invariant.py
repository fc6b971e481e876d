"""Publishing and reverting, in every order, leave exactly one current, published release.

Erin (points editor) works through the admin as she would: publish buttons and
django-simple-history revert forms. A revert that would change which release is current
(or unpublish one) is refused with a message, never a 500.
"""

from __future__ import annotations

import datetime
import itertools

import pytest
from django.test import Client
from django.urls import reverse

from armybuilder.catalogue import services
from armybuilder.catalogue.models import PointsRelease
from tests.catalogue.admin_forms import form_data
from tests.factories import make_release, space_marines

pytestmark = pytest.mark.django_db

STEPS = ["publish B", "publish C", "revert A", "revert B"]


@pytest.fixture
def releases() -> dict[str, PointsRelease]:
    a = make_release("A")
    space_marines(a)
    b = services.release_copy(source=a, name="B", published=datetime.date(2025, 10, 1))
    c = services.release_copy(source=a, name="C", published=datetime.date(2025, 11, 1))
    return {"A": a, "B": b, "C": c}


def assert_one_current() -> None:
    current = list(PointsRelease.objects.filter(is_current=True))
    assert len(current) == 1 and current[0].is_published


def revert_to_first_version(client: Client, release: PointsRelease) -> tuple[int, str]:
    """POST the form of the release's first version, as the Revert button does."""
    first = PointsRelease.history.filter(id=release.pk).order_by("history_id").first()
    url = reverse(
        "admin:catalogue_pointsrelease_simple_history", args=[release.pk, first.history_id]
    )
    data = form_data(client.get(url).content.decode())
    data["_save"] = ["Revert"]
    response = client.post(url, data, follow=True)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("order", list(itertools.permutations(STEPS)), ids="-".join)
def test_every_order_keeps_exactly_one_current_release(
    client: Client, points_editor, releases: dict[str, PointsRelease], order: tuple[str, ...]
) -> None:
    client.force_login(points_editor)
    for step in order:
        verb, name = step.split()
        release = PointsRelease.objects.get(pk=releases[name].pk)
        if verb == "publish":
            url = reverse("admin:catalogue_pointsrelease_publish", args=[release.pk])
            status = client.post(url).status_code
            assert status == 302
            assert PointsRelease.objects.get(pk=release.pk).is_current
        else:
            before = (release.is_current, release.is_published)
            status, html = revert_to_first_version(client, release)
            assert status == 200
            after = PointsRelease.objects.get(pk=release.pk)
            first = PointsRelease.history.filter(id=release.pk).order_by("history_id").first()
            if (first.is_current, first.is_published) != before:
                assert "would leave the site without exactly one current" in html
                assert (after.is_current, after.is_published) == before
        assert_one_current()


def test_a_revert_that_keeps_the_state_goes_through(
    client: Client, points_editor, releases: dict[str, PointsRelease]
) -> None:
    client.force_login(points_editor)
    draft = releases["B"]
    draft.name = "B renamed"
    draft.save()
    status, _ = revert_to_first_version(client, draft)
    assert status == 200
    assert PointsRelease.objects.get(pk=draft.pk).name == "B"
    assert_one_current()


def test_the_current_release_cannot_be_deleted(
    client: Client, points_editor, releases: dict[str, PointsRelease]
) -> None:
    client.force_login(points_editor)
    current = releases["A"]
    response = client.post(
        reverse("admin:catalogue_pointsrelease_delete", args=[current.pk]), {"post": "yes"}
    )
    assert response.status_code == 403
    action = client.post(
        reverse("admin:catalogue_pointsrelease_changelist"),
        {"action": "delete_selected", "_selected_action": [current.pk], "post": "yes"},
    )
    assert action.status_code < 500
    assert_one_current()
    assert PointsRelease.objects.filter(pk=current.pk).exists()


def test_a_release_made_by_hand_starts_as_a_draft(client: Client, points_editor) -> None:
    make_release("A")
    client.force_login(points_editor)
    client.post(
        reverse("admin:catalogue_pointsrelease_add"),
        {"name": "By hand", "published": "2026-02-01", "notes": ""},
    )
    made = PointsRelease.objects.get(name="By hand")
    assert not made.is_published and not made.is_current
    assert_one_current()
