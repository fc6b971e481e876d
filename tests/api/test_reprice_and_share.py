"""Re-pricing (dry run, then apply) and the read-only share token."""

from __future__ import annotations

import pytest

from rosters.models import Roster

pytestmark = pytest.mark.django_db


def test_reprice_dry_run_then_apply(owner_client, roster, units, release, new_release):
    url = f"/api/rosters/{roster.pk}/reprice/"
    preview = owner_client.get(url, {"release": new_release.pk}).json()
    assert preview["applied"] is False
    assert preview["old_release"]["id"] == release.pk
    assert preview["new_release"]["id"] == new_release.pk
    lines = {line["name"]: line for line in preview["lines"]}
    assert (lines["Intercessor Squad"]["old"], lines["Intercessor Squad"]["new"]) == (160, 170)
    assert lines["Intercessor Squad"]["delta"] == 10
    assert preview["new_total"] - preview["old_total"] == 10
    assert Roster.objects.get(pk=roster.pk).release_id == release.pk

    applied = owner_client.post(url, {"release": new_release.pk}, format="json").json()
    assert applied["applied"] is True
    assert applied["lines"] == preview["lines"]
    assert Roster.objects.get(pk=roster.pk).release_id == new_release.pk


def test_reprice_under_the_same_release_is_refused(owner_client, roster):
    response = owner_client.get(f"/api/rosters/{roster.pk}/reprice/")
    assert response.status_code == 400
    assert "already priced" in response.json()["error"]["fields"]["release"][0]


def test_share_token_gives_read_only_access(owner_client, teammate_client, anon_client, roster):
    url = f"/api/rosters/{roster.pk}/share/"
    shared = owner_client.put(url, {"enabled": True}, format="json").json()
    assert shared["enabled"] is True
    token = shared["token"]
    assert shared["url"].endswith(f"/api/shared/{token}/")

    for client in (anon_client, teammate_client):
        body = client.get(f"/api/shared/{token}/").json()
        assert body["name"] == "Gladius"
        assert "share_token" not in body and "owner" not in body
        assert [u["datasheet"]["name"] for u in body["units"]] == [
            "Captain",
            "Intercessor Squad",
            "Rhino",
        ]
        assert client.get(f"/api/shared/{token}/validation/").json()["legal"] is True
        # A share token opens nothing else and changes nothing.
        for method in ("post", "put", "patch", "delete"):
            assert getattr(client, method)(f"/api/shared/{token}/").status_code in (401, 405)
        assert client.get(f"/api/rosters/{roster.pk}/").status_code in (401, 404)

    off = owner_client.put(url, {"enabled": False}, format="json").json()
    assert off == {"enabled": False, "token": None, "url": None}
    assert anon_client.get(f"/api/shared/{token}/").status_code == 404


def test_each_share_is_a_fresh_token(owner_client, roster):
    url = f"/api/rosters/{roster.pk}/share/"
    first = owner_client.put(url, {"enabled": True}, format="json").json()["token"]
    second = owner_client.put(url, {"enabled": True}, format="json").json()["token"]
    assert first != second
    assert owner_client.get(f"/api/shared/{first}/").status_code == 404
