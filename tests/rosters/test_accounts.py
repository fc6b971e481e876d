"""Sign up, log in, log out and reset a password."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from rosters.mail import mail_wait

pytestmark = pytest.mark.django_db


def test_sign_up_logs_the_player_in(client):
    response = client.post(
        reverse("rosters:signup"),
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "password1": "a-long-Passphrase-40k",
            "password2": "a-long-Passphrase-40k",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("rosters:list")
    assert client.get(reverse("rosters:list")).status_code == 200
    assert User.objects.get(username="newbie").email == "newbie@example.com"


def test_sign_up_refuses_a_weak_password(client):
    response = client.post(
        reverse("rosters:signup"),
        {"username": "weak", "email": "w@example.com", "password1": "1234", "password2": "1234"},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="weak").exists()


def test_log_in_and_out(client, owner):
    response = client.post(reverse("login"), {"username": "olivia", "password": "pw-olivia-40k"})
    assert response.status_code == 302
    assert client.get(reverse("rosters:list")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("rosters:list")).status_code == 302


def test_password_reset_sends_a_working_link(client, owner, mailoutbox):
    client.post(reverse("password_reset"), {"email": "olivia@example.com"})
    mail_wait()
    assert len(mailoutbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", mailoutbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "another-long-Pass-40k", "new_password2": "another-long-Pass-40k"},
    )
    assert client.login(username="olivia", password="another-long-Pass-40k")
