from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

POINTS_EDITORS = "Points editors"


def ensure_points_editors_group(sender: AppConfig, **kwargs: Any) -> None:
    """Create the group whose members may change points, with the permissions it needs."""
    from django.contrib.auth.models import Group, Permission

    group, _ = Group.objects.get_or_create(name=POINTS_EDITORS)
    perms = Permission.objects.filter(content_type__app_label="catalogue").filter(
        codename__in=["edit_points"]
        + [
            f"{action}_{model}"
            for action in ("view", "add", "change", "delete")
            for model in ("pointsrelease", "unitprice", "enhancementprice", "optionprice")
        ]
    )
    group.permissions.add(*perms)


class CatalogueConfig(AppConfig):
    name = "armybuilder.catalogue"
    label = "catalogue"
    verbose_name = _("Catalogue")

    def ready(self) -> None:
        from armybuilder.catalogue import freshness  # noqa: F401  (connects its signals)

        post_migrate.connect(ensure_points_editors_group, sender=self)
