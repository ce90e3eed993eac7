// What a person browsing the dashboard asks for, as load targets: over the biggest funds, each fund's page, its
// table's first page and a deep sorted page naming its version; the directory and capital outstanding.

async function json(base, path, cookie) {
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return response.json();
}

/** Asks until `ready` says so (a list is still being read at first), so a run measures serving, not reading. */
export async function settled(base, path, cookie, ready) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const body = await json(base, path, cookie);
    if (ready(body)) return body;
    if (Date.now() > deadline) throw new Error(`GET ${path} was not complete after 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The targets (name and path) over the `funds` biggest funds, each asked once of every instance to warm it up. */
export async function mixedTargets(base, cookie, { funds = 3, instances = 2 } = {}) {
  const all = await json(base, "/api/funds", cookie);
  const chosen = all.sort((a, b) => b.investor_count - a.investor_count).slice(0, funds);
  await settled(base, "/api/investors?limit=1", cookie, (body) => body.complete === true);
  await settled(base, "/api/outstanding?limit=1", cookie, (body) => body.complete === true);
  const targets = [];
  for (const fund of chosen) {
    const size = fund.investor_count;
    const count = size.toLocaleString("en-US");
    const rows = `/api/funds/${fund.id}/investor-rows`;
    const offset = Math.floor(size / 2);
    const deep = `${rows}?sort=commitment_amount.desc&offset=${offset}&limit=300`;
    // A later page names the list it was cut from, as the table asks: any instance must answer it, never 409.
    const { version } = await settled(base, deep, cookie, (body) => typeof body.version === "string");
    const last = Math.min(size, offset + 300) - 1;
    targets.push(
      { name: `fund page (HTML), ${count} investors`, path: `/funds/${fund.id}` },
      { name: `table first page, ${count}`, path: `${rows}?offset=0&limit=100` },
      { name: `table sorted, rows ${offset}–${last}, version, ${count}`, path: `${deep}&version=${version}` },
    );
  }
  targets.push(
    { name: "directory, first 100 (API)", path: "/api/investors?limit=100" },
    { name: "directory page (HTML)", path: "/investors" },
    { name: "capital outstanding, first 100 (API)", path: "/api/outstanding?limit=100" },
    { name: "capital outstanding page (HTML)", path: "/outstanding" },
  );
  // The proxy takes turns: asked `instances` times in a row, each instance renders each target once before the run.
  for (const target of targets)
    for (let i = 0; i < instances; i++) {
      const response = await fetch(`${base}${target.path}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${target.path}: HTTP ${response.status}`);
    }
  return targets;
}
