"""The catalogue name index: warm between lists, rebuilt when the catalogue changes."""

from __future__ import annotations

import pytest
from django.utils.text import slugify

from armybuilder.catalogue.models import Datasheet
from rosters.formats.text_import.index import catalogue_index
from tests.factories import make_datasheet
from tests.formats.helpers import read
from tests.formats.test_validate_list_command import LEGAL

pytestmark = pytest.mark.django_db


def test_a_warm_index_is_reused(catalogue):
    assert catalogue_index() is catalogue_index()


def test_a_warm_index_resolves_a_list_with_one_query(catalogue, release, django_assert_num_queries):
    read(LEGAL, release)
    # Only the version check touches the database once the index and prices are warm.
    with django_assert_num_queries(1):
        resolved = read(LEGAL, release)
    assert resolved.complete


def test_saving_a_catalogue_row_drops_the_index(catalogue, release):
    before = catalogue_index()
    make_datasheet(
        catalogue["we"], "Lord Invocatus", "CHARACTER", prices=[(1, 140)], release=release
    )
    after = catalogue_index()
    assert after is not before
    assert after.datasheets(catalogue["we"].pk).find("Invocatus").entry is not None


def test_rows_added_without_signals_are_seen_through_the_version_check(catalogue):
    before = catalogue_index()
    [sheet] = Datasheet.objects.bulk_create(
        [Datasheet(faction=catalogue["we"], name="Angron", slug=slugify("Angron"))]
    )
    catalogue["we"].datasheets.through.objects.bulk_create(
        [catalogue["we"].datasheets.through(faction=catalogue["we"], datasheet=sheet)]
    )
    after = catalogue_index()
    assert after is not before
    assert after.datasheets(catalogue["we"].pk).find("angron").entry is not None
