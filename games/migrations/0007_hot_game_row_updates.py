from django.db import migrations, models


def _fillfactor(value):
    def run(apps, schema_editor):
        # PostgreSQL only: room on each page for a row's next versions, so the updates every
        # move makes stay on the page (HOT) and are pruned there, without touching indexes.
        if schema_editor.connection.vendor == "postgresql":
            table = schema_editor.quote_name("games_game")
            schema_editor.execute(
                f"ALTER TABLE {table} SET (fillfactor = {value})" if value
                else f"ALTER TABLE {table} RESET (fillfactor)"
            )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_spectator_watchers"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="due_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(_fillfactor(50), _fillfactor(None)),
    ]
