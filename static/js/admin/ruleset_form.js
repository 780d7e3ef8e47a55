// The tournament admin's ruleset: another preset shows its own settings, except those the
// organiser changed; the Hong Kong settings are off for other tables (the server ignores them).
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("id_ruleset_name");
  if (!select || !select.dataset.presets) return;
  const presets = JSON.parse(select.dataset.presets);
  let before = select.value;

  function show() {
    const now = presets[select.value];
    const old = presets[before] || now;
    if (!now) return;
    for (const [key, value] of Object.entries(now.settings)) {
      const input = document.getElementById(`id_${key}`);
      if (input && input.value === String(old.settings[key])) input.value = String(value);
    }
    for (const key of ["min_faan", "payout"]) {
      const input = document.getElementById(`id_${key}`);
      if (input) input.disabled = !now.hongkong;
    }
    const shownFor = document.getElementById("id_shown_for");
    if (shownFor) shownFor.value = select.value;
    before = select.value;
  }

  select.addEventListener("change", show);
  show();
});
