// On/off settings kept in this browser (localStorage, "1" or "0"); where storage is refused
// (private mode) the fallback is read and a choice lasts for the page only.
export function readPref(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v == null ? fallback : v === "1";
  } catch {
    return fallback;
  }
}

export function writePref(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}
