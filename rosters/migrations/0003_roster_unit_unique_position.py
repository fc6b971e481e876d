from django.db import migrations, models
from django.db.models import Count


def renumber_duplicates(apps, schema_editor):
    """Give the units of every roster with a shared position the places 1..n, in list order.

    Concurrent adds before the row lock could give two units one position; the list order
    (position, then id) is what the players saw, so it is kept.
    """
    RosterUnit = apps.get_model("rosters", "RosterUnit")
    # order_by(): the model's ordering includes id, which would split every group.
    clashing = (
        RosterUnit.objects.order_by()
        .values("roster_id", "position")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .values_list("roster_id", flat=True)
        .distinct()
    )
    for roster_id in set(clashing):
        units = list(RosterUnit.objects.filter(roster_id=roster_id).order_by("position", "id"))
        for place, unit in enumerate(units, 1):
            unit.position = place
        RosterUnit.objects.bulk_update(units, ["position"])


class Migration(migrations.Migration):
    dependencies = [
        ("catalogue", "0001_initial"),
        ("rosters", "0002_declaration"),
    ]

    operations = [
        migrations.RunPython(renumber_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="rosterunit",
            constraint=models.UniqueConstraint(
                fields=("roster", "position"), name="roster_unit_position"
            ),
        ),
    ]
