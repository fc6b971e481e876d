import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_share_link_is_read_only_and_revocable(client, owner, roster):
    client.force_login(owner)
    client.post(reverse("rosters:share", args=[roster.pk]), {"enabled": "1"})
    roster.refresh_from_db()
    token = roster.share_token
    assert token and len(token) >= 32

    client.logout()
    page = client.get(reverse("rosters:shared", args=[token]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Gladius" in html and "Intercessor Squad" in html and "315 / 2000" in html
    assert "Read-only" in html
    assert 'action="/rosters/' not in html  # no form that changes anything

    client.force_login(owner)
    client.post(reverse("rosters:share", args=[roster.pk]), {"enabled": "0"})
    client.logout()
    assert client.get(reverse("rosters:shared", args=[token])).status_code == 404


def test_turning_sharing_on_again_gives_a_new_token(client, owner, roster):
    client.force_login(owner)
    client.post(reverse("rosters:share", args=[roster.pk]), {"enabled": "1"})
    roster.refresh_from_db()
    first = roster.share_token
    client.post(reverse("rosters:share", args=[roster.pk]), {"enabled": "0"})
    client.post(reverse("rosters:share", args=[roster.pk]), {"enabled": "1"})
    roster.refresh_from_db()
    assert roster.share_token != first
    assert client.get(reverse("rosters:shared", args=[first])).status_code == 404
