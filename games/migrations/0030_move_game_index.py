"""The moves' index on `game` alone is dropped: the unique (game, seq) index serves every lookup
by game. Only the index goes (Django's own AlterField would copy the whole moves table on
SQLite to do it)."""

import django.db.models.deletion
from django.db import migrations, models


def _game_only_indexes(schema_editor, table):
    with schema_editor.connection.cursor() as cursor:
        found = schema_editor.connection.introspection.get_constraints(cursor, table)
    return [name for name, c in found.items()
            if c["index"] and not c["unique"] and not c["primary_key"] and c["columns"] == ["game_id"]]


def drop(apps, schema_editor):
    table = apps.get_model("games", "Move")._meta.db_table
    for name in _game_only_indexes(schema_editor, table):
        schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")


def create(apps, schema_editor):
    model = apps.get_model("games", "Move")
    if not _game_only_indexes(schema_editor, model._meta.db_table):
        field = model._meta.get_field("game")
        schema_editor.execute(schema_editor._create_index_sql(model, fields=[field]))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0029_verbose_names'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop, create)],
            state_operations=[
                migrations.AlterField(
                    model_name='move',
                    name='game',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='moves', to='games.game', verbose_name='game'),
                ),
            ],
        ),
    ]
