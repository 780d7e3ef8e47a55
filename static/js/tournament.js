// Live table status on a tournament page: a light poll of a small JSON. A table's badge
// follows its game; when a round starts or ends the page reloads to show tables or standings.
const root = document.getElementById("tournament");
const POLL_MS = 5000;

async function poll(key) {
  let data;
  try {
    const response = await fetch(root.dataset.statusUrl, { headers: { Accept: "application/json" } });
    if (!response.ok) return key;
    data = await response.json();
  } catch (e) {
    return key; // offline for a moment: try again at the next poll
  }
  if (key !== null && data.key !== key) {
    window.location.reload();
    return data.key;
  }
  for (const [id, table] of Object.entries(data.tables)) {
    const badge = document.querySelector(`[data-table="${id}"] [data-status]`);
    if (badge && badge.textContent !== table.status) {
      badge.textContent = table.status;
      badge.className = `badge table-status status-${table.status}`;
    }
  }
  return data.key;
}

if (root) {
  let key = null;
  const loop = async () => {
    if (!document.hidden) key = await poll(key);
    setTimeout(loop, POLL_MS);
  };
  loop();
}
