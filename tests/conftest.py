"""Shared test fixtures: the cast of named users, and the ../shared data.

The cast, the one set of people every permission test uses:

- ``owner``: Olivia, a player who owns the rosters, battles and declarations under test;
- ``teammate``: Tom, a player Olivia shares a roster's link with: he may read what is
  shared and change nothing;
- ``stranger``: Sam, another player: he sees nothing of Olivia's ("not found", never
  "forbidden", so a stranger cannot even learn that a roster exists);
- ``points_editor``: Erin, staff in the Points editors group, who edits the catalogue;
- ``staff_reader``: Stan, staff but not a points editor: he reads the admin, edits nothing;
- ``organiser``: Orla, who runs an event: in the Organisers group, not staff; she may check
  an event's lists on the organisers' page and owns nothing of Olivia's;
- ``site_admin``: Ada, the site's superuser, who may open every admin page.

Tests use this cast, never users of their own, so "who may do what" reads the same in
every file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group, User

from armybuilder.catalogue.apps import POINTS_EDITORS
from rosters.formats.event_views import ORGANISERS_GROUP

REPO_DIR = Path(__file__).resolve().parent.parent
SHARED_DIR = REPO_DIR.parent / "shared"
BSDATA_DIR = SHARED_DIR / "data" / "bsdata-wh40k-10e"
SAMPLES_DIR = SHARED_DIR / "samples" / "lists"


def require_shared(path: Path = SHARED_DIR) -> Path:
    """Skip the calling test when ../shared (absent on a user's clone) is missing."""
    if not path.exists():
        pytest.skip(f"{path} is not here; it ships only beside the project's CI")
    return path


@pytest.fixture
def bsdata_dir() -> Path:
    return require_shared(BSDATA_DIR)


@pytest.fixture
def samples_dir() -> Path:
    return require_shared(SAMPLES_DIR)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    # PBKDF2's million rounds cost over half a second a user on this 2-core machine, and
    # the suite makes thousands of users; what the tests check of logins holds for any
    # hasher. The site itself keeps Django's default.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Passwords are long enough for the site's validators, so login tests can use them.
PASSWORDS = {
    name: f"pw-{name}-40k" for name in ("olivia", "tom", "sam", "erin", "stan", "orla", "ada")
}


def _player(name: str, **extra: bool) -> User:
    return User.objects.create_user(name, f"{name}@example.com", PASSWORDS[name], **extra)


def login_name_and_password(user: User) -> tuple[str, str]:
    """What a member of the cast types into the login form."""
    return user.username, PASSWORDS[user.username]


@pytest.fixture
def owner(db: None) -> User:
    return _player("olivia")


@pytest.fixture
def teammate(db: None) -> User:
    return _player("tom")


@pytest.fixture
def stranger(db: None) -> User:
    return _player("sam")


@pytest.fixture
def points_editor(db: None) -> User:
    user = _player("erin", is_staff=True)
    user.groups.add(Group.objects.get(name=POINTS_EDITORS))
    return user


@pytest.fixture
def staff_reader(db: None) -> User:
    return _player("stan", is_staff=True)


@pytest.fixture
def organiser(db: None) -> User:
    # The Organisers group is the migration's, as on the site.
    user = _player("orla")
    user.groups.add(Group.objects.get(name=ORGANISERS_GROUP))
    return user


@pytest.fixture
def site_admin(db: None) -> User:
    return User.objects.create_superuser("ada", "ada@example.com", PASSWORDS["ada"])
