// The English the server puts in the table page's config (games/services: hints_off, ready_off,
// talk.free_text_off, the canned lines), listed here so the djangojs catalogue holds them: the
// page shows each through i18n.js's serverWords. tests/structure/test_catalogues.py checks that
// every reason the services can give is here. It is read only by the catalogue's extraction
// (mahjong_site/catalogues.py), so it lives beside the catalogues, not among the served modules.
const gettext_noop = (text) => text;

export const SERVER_WORDS = [
  gettext_noop("Hints are off in tournament games."),
  gettext_noop("Hints are off in rated games."),
  gettext_noop("The ready indicator is off in tournament games, as hints are."),
  gettext_noop("The ready indicator is off in rated games, as hints are."),
  gettext_noop("Free text is off at tournament tables: use the canned lines."),
  gettext_noop("Free text is off at rated tables: use the canned lines."),
  gettext_noop("Free text is only for private tables, whose people came by invitation: use the canned lines."),
];
