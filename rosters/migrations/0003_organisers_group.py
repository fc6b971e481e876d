"""The Organisers group: its members may check a whole event's lists on the site."""

from __future__ import annotations

from typing import Any

from django.db import migrations

GROUP = "Organisers"


def create_group(apps: Any, schema_editor: Any) -> None:
    apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)


def remove_group(apps: Any, schema_editor: Any) -> None:
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("rosters", "0002_declaration"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
