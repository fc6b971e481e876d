"""Pages of the players' side."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from armybuilder.catalogue.models import Faction, PointsRelease


def home(request: HttpRequest) -> HttpResponse:
    """Show what the site is and what the catalogue holds."""
    factions = Faction.objects.filter(parent__isnull=True).prefetch_related("children")
    release = PointsRelease.objects.filter(is_current=True).first()
    return render(request, "rosters/home.html", {"factions": factions, "release": release})
