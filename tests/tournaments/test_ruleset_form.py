"""The organiser chooses a tournament's ruleset from the presets in the admin and changes its
common settings in fields (the rest in a JSON object); only what differs from the preset is
stored, and a bad or hostile value is refused with a message and saves nothing."""

import json

import pytest

from games.models import Tournament
from games.organiser.tournament_form import MAX_TEXT, preset_values

pytestmark = pytest.mark.django_db

ADD = "/admin/games/tournament/add/"
INLINES = {"entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0,
           "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0}


def shown(client, url: str) -> dict:
    """What the browser posts for the form as the page shows it."""
    form = client.get(url).context["adminform"].form
    data = dict(INLINES)
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    return data


def switched(data: dict, name: str) -> dict:
    """What the page's script does when another preset is chosen: its values in the fields
    left as the old preset's, the Hong Kong ones off for other tables."""
    presets = preset_values()
    old, new = presets[data["ruleset_name"]], presets[name]
    out = {**data, "ruleset_name": name, "shown_for": name}
    for key, value in new["settings"].items():
        if str(data.get(key)) == str(old["settings"][key]):
            out[key] = value
        if key in ("min_faan", "payout") and not new["hongkong"]:
            out.pop(key, None)
    return out


def change(t: Tournament) -> str:
    return f"/admin/games/tournament/{t.pk}/change/"


def add(client, **changes) -> Tournament | None:
    data = {**shown(client, ADD), "name": "Ruleset Cup", **changes}
    response = client.post(ADD, data)
    if response.status_code != 302:
        return None
    return Tournament.objects.get(name="Ruleset Cup")


@pytest.fixture
def admin_client(client, organiser):
    client.force_login(organiser)
    return client


def test_the_presets_and_their_settings_are_offered(admin_client):
    page = admin_client.get(ADD).content.decode()
    for title in ("Chinese Classical", "Cantonese (Hong Kong)", "British (BMJA)", "Shanghai"):
        assert f">{title}</option>" in page
    for field in ("limit", "mahjong_points", "starting_points", "min_faan", "payout",
                  "discard_display", "settings"):
        assert f'name="{field}"' in page
    assert 'name="limit" value="1000"' in page  # the default preset's, filled in
    assert "js/admin/ruleset_form.js" in page


def test_a_preset_with_one_setting_changed_stores_only_that_setting(admin_client):
    t = add(admin_client, ruleset_name="chinese-classical", limit=500)
    assert (t.ruleset_name, t.settings) == ("chinese-classical", {"limit": 500})
    # Shown again as saved; saved back unchanged, nothing else is added.
    data = shown(admin_client, change(t))
    assert (data["limit"], data["starting_points"], data["settings"]) == (500, 2000, "")
    assert admin_client.post(change(t), data).status_code == 302
    t.refresh_from_db()
    assert t.settings == {"limit": 500}


def test_another_preset_brings_its_own_values_and_keeps_the_changes(admin_client):
    """The fields showed the classical values; a setting left as shown follows the new preset,
    the one the organiser changed stays."""
    t = add(admin_client, ruleset_name="cantonese", min_faan=1)
    assert (t.ruleset_name, t.settings) == ("cantonese", {"min_faan": 1})
    data = shown(admin_client, change(t))
    assert (data["limit"], data["min_faan"], data["payout"]) == (128, 1, "half_spicy")
    assert admin_client.post(change(t), {**data, "ruleset_name": "dmjl"}).status_code == 302
    t.refresh_from_db()
    assert (t.ruleset_name, t.settings) == ("dmjl", {})  # min_faan is a Hong Kong setting


def test_a_value_equal_to_the_preset_is_not_stored(admin_client):
    t = add(admin_client, ruleset_name="dmjl", limit=500, settings='{"penalties": true}')
    assert t.settings == {}


def test_with_the_script_a_value_equal_to_the_old_presets_is_still_a_choice(admin_client):
    """The add page showed the classical payout (exponential); the script switched the fields
    to Cantonese's and the organiser chose exponential again."""
    data = switched(shown(admin_client, ADD), "cantonese")
    assert (data["payout"], data["limit"], data["min_faan"]) == ("half_spicy", 128, 3)
    response = admin_client.post(ADD, {**data, "name": "Ruleset Cup", "payout": "exponential"})
    assert response.status_code == 302
    t = Tournament.objects.get()
    # As the lobby does: the same 10-faan ceiling under the new table.
    assert (t.ruleset_name, t.settings) == ("cantonese", {"payout": "exponential", "limit": 1024})
    # Another switch: the Hong Kong fields are off, the changed limit stays as it is shown.
    data = switched(shown(admin_client, change(t)), "bmja")
    assert "payout" not in data and (data["limit"], data["mahjong_points"]) == (1024, 20)
    assert admin_client.post(change(t), data).status_code == 302
    t.refresh_from_db()
    assert (t.ruleset_name, t.settings) == ("bmja", {"limit": 1024})


def test_a_new_payout_table_keeps_the_ten_faan_ceiling(admin_client):
    t = add(admin_client, ruleset_name="cantonese")
    data = shown(admin_client, change(t))
    assert admin_client.post(change(t), {**data, "payout": "laak"}).status_code == 302
    t.refresh_from_db()
    assert t.settings == {"payout": "laak"}  # laak pays 128 for 10 faan too: the preset's limit
    data = shown(admin_client, change(t))
    post = {**data, "payout": "exponential", "limit": 2000}
    assert admin_client.post(change(t), post).status_code == 302
    t.refresh_from_db()
    assert t.settings == {"payout": "exponential", "limit": 2000}  # a limit typed in stays


def test_other_settings_go_in_the_json_object(admin_client):
    t = add(admin_client, settings='{"rounds": 1, "dead_wall_stacks": 7, "limit_hands": ["L1"]}')
    assert t.settings == {"rounds": 1, "limit_hands": ["L1"]}  # 7 stacks is the preset's
    data = shown(admin_client, change(t))
    assert json.loads(data["settings"]) == {"rounds": 1, "limit_hands": ["L1"]}


def test_a_bad_value_is_refused_with_a_message_and_nothing_is_saved(admin_client):
    response = admin_client.post(ADD, {**shown(admin_client, ADD), "name": "Bad", "limit": 0})
    assert response.status_code == 200
    assert "ruleset setting &#x27;limit&#x27; must be a whole number from 1 to 1000000, not 0" \
        in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_bad_change_leaves_the_saved_tournament_alone(admin_client):
    t = add(admin_client, limit=500)
    data = shown(admin_client, change(t))
    response = admin_client.post(change(t), {**data, "starting_points": "lots", "rounds": 9})
    assert "Enter a whole number." in response.content.decode()
    t.refresh_from_db()
    assert (t.settings, t.rounds) == ({"limit": 500}, 5)


def test_a_ruleset_that_is_not_offered_is_refused(admin_client):
    assert add(admin_client, ruleset_name="goulash") is None
    assert add(admin_client, ruleset_name="") is None
    assert not Tournament.objects.exists()


HOSTILE = [
    ("x" * (MAX_TEXT + 1), "at most 10000 characters"),
    ("[" * 4000 + "]" * 4000, "nested too deeply"),
    ('{"options": ' + "[" * 3000 + "]" * 3000 + "}", "nested too deeply"),
    ('{"rounds": ' + "9" * 500 + "}", "a number 500 digits long"),
    ('{"rounds": NaN}', "NaN is not a number JSON allows"),
    ('{"rounds": 1e400}', "must be a whole number from 1 to 4, not inf"),
    ("{rounds: 1}", "This is not valid JSON"),
    ("[1, 2]", "Ruleset settings are a JSON object"),
    ('"rounds"', "Ruleset settings are a JSON object"),
    ('{"dead_wall_stacks": "many"}', "&#x27;dead_wall_stacks&#x27; must be a whole number"),
    ('{"dead_wall_stacks": 10000000000000000000}', "from 0 to 16, not 10000000000000000000"),
    ('{"original_call": 1}', "&#x27;original_call&#x27; must be true or false, not 1"),
    ('{"limit_x": 1, "": 2}', "unknown ruleset settings: , limit_x"),
    ('{"limit": 500}', "Set these where they have a field: &#x27;limit&#x27; (its field above)"),
    ('{"max_deals": 1}', "&#x27;max_deals&#x27; (Deals per table)"),
    ('{"name": "bmja"}', "&#x27;name&#x27; (Ruleset)"),
    ('{"options": [["a", {"b": 1}]]}', "ruleset setting &#x27;options&#x27; must be a list"),
    ('{"title": "' + "t" * 5000 + '"}', "at most 100 characters, not &#x27;tttt"),
]


@pytest.mark.parametrize(("text", "message"), HOSTILE)
def test_hostile_json_is_refused_clearly_and_saves_nothing(admin_client, text, message):
    response = admin_client.post(ADD, {**shown(admin_client, ADD), "settings": text})
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page
    assert '<ul class="errorlist' in page
    assert len(page) < 200_000  # the refusal does not echo a huge value back in full
    assert not Tournament.objects.exists()


def test_hong_kong_settings_are_left_out_of_other_tables(admin_client):
    t = add(admin_client, ruleset_name="shanghai", min_faan=3, payout="laak")
    assert (t.ruleset_name, t.settings) == ("shanghai", {})


def test_the_bonus_tiles_have_a_field_and_an_old_true_or_false_shows_as_its_choice(admin_client):
    """Seed 002's flowers-only game (140 tiles) is chosen in its own field and stored as
    "flowers"; a tournament saved when the setting was true or false shows the choice that
    plays the same game, and saves it back as that choice."""
    t = add(admin_client, ruleset_name="sixteen-tile", bonus_tiles="flowers")
    assert (t.ruleset_name, t.settings) == ("sixteen-tile", {"bonus_tiles": "flowers"})
    Tournament.objects.filter(pk=t.pk).update(settings={"bonus_tiles": False})
    data = shown(admin_client, change(t))
    assert data["bonus_tiles"] == "none"
    assert admin_client.post(change(t), data).status_code == 302
    t.refresh_from_db()
    assert t.settings == {"bonus_tiles": "none"}
    page = admin_client.post(ADD, {**shown(admin_client, ADD), "name": "Cup",
                                   "settings": '{"bonus_tiles": "flowers"}'}).content.decode()
    assert "Set these where they have a field: &#x27;bonus_tiles&#x27;" in page
