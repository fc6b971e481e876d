import pytest
from django.contrib.auth.models import Group, User

from armybuilder.catalogue.apps import POINTS_EDITORS


@pytest.fixture
def points_editor(db) -> User:
    """Alice: staff, in the Points editors group."""
    user = User.objects.create_user("alice", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name=POINTS_EDITORS))
    return user


@pytest.fixture
def staff_reader(db) -> User:
    """Bob: staff, but not a points editor."""
    return User.objects.create_user("bob", password="x", is_staff=True)


@pytest.fixture
def player(db) -> User:
    """Charlie: a player with no staff rights."""
    return User.objects.create_user("charlie", password="x")
