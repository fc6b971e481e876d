"""Public pages of the catalogue: the published points releases and what each changed."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from armybuilder.catalogue import services
from armybuilder.catalogue.admin import comparison_response, query_id
from armybuilder.catalogue.models import PointsRelease


def release_list(request: HttpRequest) -> HttpResponse:
    """List the published releases, each linked to its comparison with the one before."""
    releases = PointsRelease.objects.published().annotate(
        previous_id=services.previous_release_subquery(published_only=True)
    )
    return render(request, "catalogue/release_list.html", {"releases": releases})


def _published(pk: int) -> PointsRelease:
    # Drafts are not found here: staff read them in the admin.
    release = PointsRelease.objects.published().filter(pk=pk).first()
    if release is None:
        raise Http404
    return release


def release_compare(request: HttpRequest, pk: int) -> HttpResponse:
    """Compare a published release with ?against=<id> (by default the one before it)."""
    release = _published(pk)
    against_id = query_id(request, "against")
    against = (
        _published(against_id)
        if against_id is not None
        else services.release_previous(release=release, published_only=True)
    )
    if against is None:
        raise Http404
    return comparison_response(
        request,
        old=against,
        new=release,
        template="catalogue/release_compare.html",
        context={"release": release},
    )
