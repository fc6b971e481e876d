from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    """Make the database cache's table, so migrate alone readies a fresh site or test run.

    Without REDIS_URL the cache (rate-limit counts among it) lives in the database;
    createcachetable does nothing when the table exists or the cache is elsewhere.
    """
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("rosters", "0003_roster_unit_unique_position")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
