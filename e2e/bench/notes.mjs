// The "method" bullets of results.md: how each number was taken, so a reader can judge it without reading the code.
import { manyPeopleNote } from "./many-people.mjs";
import { scaleNote } from "./scale-rows.mjs";

export function methodNotes({ local, only, runs, warmup, args, skipped, incidents, gridFunds, build }) {
  const notes = [];
  notes.push(
    local
      ? "Upstream: the standalone demo Customer API (`npx tsx lib/demo-api/cli.ts --fund-sizes 100,10000,50000 --funds 2003 " +
          "--investors-per-fund 3 --latency 0 --prewarm`) on loopback, a random token; the app is the production build " +
          `${build ? `\`${build.buildId}\` (built ${build.builtAt}) ` : ""}served by \`scripts/server.mjs\` (what \`npm start\` runs: Next's handler in-process) from <dir> on 127.0.0.1 with ` +
          "`DASHBOARD_AUTH=none`, the bench acting as its authenticating proxy (last bullet). <dir> is a private copy of `.next` taken at the start, so a " +
          "rebuild in the checkout during the run cannot change what is measured; the bench builds only when `.next/BUILD_ID` " +
          "is missing, so rebuild first (`npx next build`) to measure current sources."
      : `Against an existing deployment (${args["base-url"]}); the bench starts no servers and does not sign in.`,
  );
  notes.push(
    `Runs: ${runs} measured after ${warmup} warm-up, except where the table's runs column says otherwise ` +
      `(browser visits of the 50,000-investor fund: --big-runs ${args["big-runs"]}; Lighthouse: ${args["lighthouse-runs"]} per page; ` +
      "autocannon and byte counts: one" +
      (only.includes("directory")
        ? `; directory builds: --directory-builds ${args["directory-builds"]} rounds, after ${warmup} warm-up of the upstream alone`
        : "") +
      "). Median of the measured runs; min and max of the same runs.",
  );
  if (only.includes("proxy")) {
    notes.push(
      "Proxy cost: a Node `http` client with one keep-alive agent times request start → last byte. Every request " +
        'sends `Accept-Encoding: identity`, so compression is not part of the comparison (the row "with Accept-Encoding: gzip" ' +
        "shows what it adds). The bare pass-through (`e2e/bench/bare-pass-through.mjs`) is a tiny server doing `fetch(upstream)` → " +
        "`JSON.parse` → `JSON.stringify` → respond, run twice: inside the app server's own process (preloaded with `node --import`, " +
        "on its own port, so it shares the app's heap, Node flags, held investor lists and garbage collector: the target compares " +
        "against this one) and in the bench's own, nearly empty process. All targets are interleaved per round, and each ratio row " +
        "is the per-round proxy ÷ bare ratio. " +
        "Throughput: one autocannon run, 20 connections, 10 s, request timeout 60 s, identity encoding, loopback; responses " +
        "still in flight at the end are not counted (latency percentiles in results.json). Before timing, each target's " +
        "answer is checked once to be the fund's whole list.",
    );
  }
  if (only.includes("browser")) {
    notes.push(
      "Browser: headless Debian Chromium driven by @playwright/test, viewport 1280×900, a fresh context (empty HTTP " +
        'cache) per navigation. Times are `performance.now()` inside the page: "first rows painted" is the animation frame ' +
        "after the first `tbody` row with a link appears in the DOM (an init-script MutationObserver; navigation start = 0); " +
        '"hydrated" is when React owns the header sort buttons (a 5 ms timer, so it fires only once the main thread is free). ' +
        "Sort and search run on the last visit's page: start = the click/keydown event's `timeStamp`, end = the animation " +
        'frame after the text of the table\'s first 20 rows (by aria-rowindex; sort) or the "N of M investors" count (search) ' +
        "changed. Row links are not compared: they carry the view's query, which changes at the click, before the new rows arrive. Each sort run toggles the column " +
        `(ascending, descending, …); each search run clears the box, waits for all rows, then presses "${args["search-key"]}".` +
        ` The Funds grid has ${gridFunds.toLocaleString("en-US")} funds. The investor table is paged by the server from ` +
        "a list it holds for 60 s (INVESTOR_LIST_CACHE_SECONDS). The bench restarts the app server before this scenario, so " +
        "the first (warm-up) visit of each fund pays for fetching, parsing and indexing the list on a fresh server and is " +
        'reported on its own row ("first visit after a server start"); the measured visits reuse the held list. ' +
        "Sort and search toggle between views the browser has already loaded after the first two runs, so most of those " +
        "runs measure the table's re-render from React Query's cache; the warm-up runs (in results.json) include the round trip.",
    );
  }
  if (only.includes("aggrid")) {
    notes.push(
      "Side by side with AG Grid Community (scenario `aggrid`): the 10,000- and 50,000-investor funds, the same " +
        "Chromium, viewport and in-page probes as the browser scenario, and in every round a fresh context: navigation → " +
        'first rows painted, one click on "Commitment" (ascending, empty values last on both) → the frame showing re-sorted top ' +
        `rows, then one keystroke "${args["search-key"]}" → the frame showing the new "N of M investors" count. The peer page is ` +
        "AG Grid's own UMD bundle (`ag-grid-community.min.js` from node_modules, which registers AllCommunityModule) with the " +
        "client-side row model, our table's ten default columns, a numeric comparator on the amounts, a quick-filter box, " +
        "no row animation, and a count updated in the same task as the filter (its quick filter matches every column's " +
        "value; ours matches names, emails, legal and joint names and team members). A small static server started by the bench " +
        "serves it with the fund's raw JSON, read once from the upstream with the bench's token (so the browser needs none), " +
        "from memory, uncompressed and uncached; the page requests the JSON before the bundle loads. Our side: " +
        "a restart, then until its directory is complete and the server quiet (every fund read and kept, as on an instance " +
        `that has run a while); ${args["cold-runs"]} first visits, each on a freshly started app server (\"cold\": as soon ` +
        `as it answers), ${args["cold-runs"]} more each once its /readyz says ready (as a readiness probe lets traffic in; ` +
        "every stop is SIGTERM with up to 30 s to finish, as an orchestrator's), then the rounds on the list the " +
        'last of them left held ("warm"), once that server is quiet (under 5 % of a core for two half-seconds in a row, ' +
        "waited for at most 40 s, within the list's 60 s age: the restarts leave it reading again the funds they had not " +
        "kept); then AG Grid's rounds. Ratios are ours ÷ AG Grid of the medians (warm-up rounds " +
        "excluded); cold is held against AG Grid's usual first rows, which fetch and parse the whole list every time. Our " +
        "first rows come in the server's HTML and take clicks once hydrated (the \"hydrated\" row); AG Grid's are live when " +
        "painted. Its JSON crosses loopback uncompressed: over a real network the whole list would weigh more.",
    );
  }
  if (only.includes("csv")) {
    notes.push(
      "CSV: `GET /api/funds/{id}/investors.csv` (the default view: every investor), identity encoding, request " +
        "start → last byte; the first download's rows are counted with csv-parse. Server memory is VmRSS of the app server " +
        "process from /proc/<pid>/status, sampled every 10 ms; baseline just before the request, growth = peak − baseline.",
    );
    notes.push(
      "Which download is which: before each size the bench restarts the app server and downloads the 100-investor " +
        "fund's file once, which loads the export's code (the \"loading the export's code\" rows: under 10 MB). The next " +
        "download, the first of that size, meets a heap no big export has grown yet, so it shows the export's real memory " +
        "cost. V8 keeps the heap it grew, so later downloads reuse memory the process already holds and understate the " +
        "cost; the targets are held against both. Until a table page asks for the fund, the server holds no " +
        'list and every download reads the list from the upstream straight into CSV; the "held list" rows come after one ' +
        "table page, and are served from the list the table uses.",
    );
  }
  if (only.includes("weight")) {
    notes.push(
      "Weight: every script response a fresh browser context loads for the route until the network is idle, " +
        "each body gzipped here with zlib's default level (the server's own encoded sizes are in results.json as wireKb). " +
        "The fund and investor pages use the 100-investor fund. JSON per 1,000 investors is the 10,000-investor list from " +
        "`/api/funds/{id}/investors`, gzipped with zlib, divided by 10. The route-bundle-stats rows gzip the chunks Next lists " +
        "in `.next/diagnostics/route-bundle-stats.json` for the same routes, as a cross-check.",
    );
  }
  if (only.includes("lighthouse")) {
    notes.push(
      `Lighthouse ${
        args["lighthouse-preset"] === "desktop"
          ? "desktop preset (formFactor desktop, desktopDense4G " +
            "simulated throttling; the dashboard is a desktop tool)"
          : "default mobile preset"
      }, node API with chrome-launcher, ` +
        "`CHROME_PATH=/usr/bin/chromium`, flags `--headless=new --no-sandbox --disable-gpu`, a fresh Chromium per run; " +
        "categories performance, accessibility, best practices. Failing audits are listed in results.json.",
    );
  }
  if (only.includes("directory")) {
    notes.push(
      "Directory (scenario `directory`, issue 15): its own demo API (`npx tsx lib/demo-api/cli.ts --funds 2000 " +
        "--investors-per-fund 50 --latency 50 --prewarm --admin`: 2,000 funds, 100,000 positions, 50 ms before every " +
        "answer, lists serialized at start) and its own app servers on the same build, with `DIRECTORY_CONCURRENCY=6` " +
        "and a `DIRECTORY_MATCH_SECRET`. Upstream alone (`e2e/bench/upstream-baseline.mjs`, in the bench's process): " +
        "`GET /customerapi/funds`, then every fund's investor list, 6 at a time (p-limit, as the server does), Node's " +
        "fetch, the same token, each body read to its last byte. Each round (--directory-builds, after --warmup rounds " +
        "of the upstream alone) starts a fresh app server, times the upstream alone, then the directory on that server, " +
        '"watched": from the first `GET /api/investors?offset=0&limit=100` until an answer says `complete: true`, that ' +
        "request repeated every second start to start as the page does while the directory is incomplete, so " +
        'completion is seen up to a second late; then, on another fresh server, "unwatched": one request starts ' +
        "the build, the bench reads only the demo API's count of finished answers (`/__demo/stats`) and, once the fund " +
        "list and every investor list have been sent, asks the app every 50 ms until complete. Ratios are per round. " +
        "RSS: VmRSS of the app server, sampled every 100 ms during the build and read again at the complete answer. " +
        "CPU: user + system time from /proc (the demo API's whole process tree); other processes' share: all cores' busy " +
        "time (/proc/stat) less the bench's own process tree, over the same time. Views, on the last unwatched build's " +
        "server once complete: `GET /api/investors?sort=<money column>.<asc|desc>&limit=100` for each of the five " +
        "money columns and both directions, and `?q=` for five terms taken from the data (one letter, a name's first " +
        "three letters, a name, an email, a string matching nothing), Node `http` keep-alive client on loopback, " +
        "identity encoding, request start → last byte: the first request of each view (the server works it out and " +
        "caches it) and --runs repeats of it, reported apart. Header search: a fresh browser context per word opens " +
        "`/investors`, waits for the header's search button to be hydrated, presses `/`, then types the word a letter " +
        "at a time (4 letters; words taken from investor names, distinct first letters, each prefix changing the " +
        "answer); each keystroke is timed from its keydown event's `timeStamp` to the animation frame after the " +
        "listbox's options changed and one of them holds the typed text (`--warmup` words are not counted). " +
        "`GET /api/search` rows time the same prefixes from Node (the server caches no answer of it).",
    );
  }
  if (only.includes("store")) {
    notes.push(
      "Store (scenario `store`, issue 21): the directory's demo API (2,000 funds × 50 investors, 50 ms latency, " +
        "`--admin`) and fresh app servers on the same build, `DIRECTORY_CONCURRENCY=6`, one `DIRECTORY_MATCH_SECRET`. " +
        '"No store": the app has no switch to turn its store off, so it runs with `DATABASE_URL` on a loopback port ' +
        "nobody listens on: every write and every per-fund lock fails at once (ECONNREFUSED, then `StoreUnavailable` " +
        "without a new attempt for 5 s, `lib/store/server/connection.ts`) and the read goes on unlocked, so each write " +
        "is a fast no-op. PGlite: a fresh `DATABASE_DIR` in a temp folder (its own child process). PostgreSQL: a " +
        "throwaway cluster per build (`startPostgres()` of `scripts/postgres-server.mjs`: Debian's PostgreSQL, " +
        "fsync off). Builds: per round (--directory-builds) one build on each kind, each on a fresh server and an empty " +
        'store, timed as the directory scenario\'s "unwatched" build; the ratio is per round. Writes settled: the ' +
        "store's own processes (PGlite's child, or the cluster's postmaster and backends) under 3% of a core for two " +
        "seconds in a row. Table p99: one keep-alive client asking a 50-investor fund's " +
        "`/api/funds/{id}/investor-rows?offset=0&limit=100` back to back, 10 s idle (its list held), then from the " +
        "first build's start until its writes settled. Store size: `storeBytes()` (`pg_database_size`) read by " +
        "`e2e/bench/store-probe.ts` with the server stopped, before and after `npm run snapshot` read every fund " +
        "again (unchanged content). Fresh process: spawn → `GET /api/investors?offset=0&limit=100` (every 50 ms) " +
        "answering `complete: true`, with the server's `store_warmed` line. First rows from a store: on the shared " +
        "demo API, a server's directory read every fund into a PGlite store; each visit then starts a fresh server " +
        "on that store (or on a fresh empty one) and opens the fund page in a fresh browser context (--cold-runs), " +
        "beside AG Grid's first rows measured in the same run as in the aggrid scenario. Two instances: " +
        "`scripts/multi-instance.mjs` (Redis, one PostgreSQL, two servers of this checkout's `.next`, not the " +
        "bench's copy) on a demo API of the same shape; its request counts reset, each instance asks 10 fund tables " +
        "and then its directory every second until complete, then the tables again; the count is the demo API's " +
        "`/__demo/stats` paths `/customerapi/funds/{id}/investors`, all within one `INVESTOR_LIST_CACHE_SECONDS` " +
        "(60 s) unless the window row says longer.",
    );
  }
  if (only.includes("scale")) notes.push(scaleNote());
  if (only.includes("many-people")) notes.push(manyPeopleNote());
  if (only.includes("warm")) {
    notes.push(
      "Warm start (scenario `warm`, issue 24): its own demo API (`--funds 4 --investors-per-fund 10000 --prewarm " +
        "--admin`, no latency: four funds of one size, so any fund's first visit is the same work). Per run " +
        `(--cold-runs ${args["cold-runs"]}), one server with \`WARM_START=1\` and then one with \`WARM_START=0\`, each ` +
        "spawned fresh (`node --max-semi-space-size=32 scripts/server.mjs`, as every app server here) on an empty " +
        "PGlite `DATABASE_DIR` of its own. Start to ready: the spawn → the first 200 from `/readyz`, asked every 50 ms; " +
        "`server_listening` and the warm-up's ms are the server's own log lines. Then, in a fresh browser context each, " +
        "the first visit of a fund the warm-up did not open (the control visits the same funds), timed as the " +
        "browser scenario's first rows painted, right after ready as a load balancer's first visitor; then, once the " +
        "store's writes settled (the PGlite child under 3% of a core for two seconds), the first visit of another " +
        "fund on the same process. The two funds swap parts every other run. The ratio is per run; the demo API's " +
        "`/__demo/stats` shows whether a visited fund's list had been read by that process before (noted if so).",
    );
  }
  if (only.includes("team")) {
    notes.push(
      "Team (issue 45): capital outstanding's store query (`outstandingPage`, as the route runs it) on a fresh embedded " +
        "store in its own process, 2,000 funds of 50 positions kept through the read model's own writers, every position " +
        "owing, half the funds overdue, and 10,000 follow-ups (bulk-inserted notes, a third each open, waiting and done, " +
        "due ±60 days, each its position's next). Each case's first page of 100 takes turns with the others run after " +
        'run; a ratio row is the per-run ratio. "Without the column" is the same query without the follow-up subquery ' +
        "(the fund's due date being the nearest sort that needs no follow-up). Notes: an app server on its own demo API " +
        "(20 funds of 200), the person an ops of everything through the access rules, the fund's list held, a POST " +
        "/api/notes of a 255-character note (and one with a follow-up to the person themselves) timed at the client.",
    );
  }
  if (only.includes("changes")) {
    notes.push(
      "Changes (scenario `changes`, issue 22): its own demo API (`--fund-sizes 50000 --funds 2001 " +
        "--investors-per-fund 50 --prewarm`, no latency) and a fresh PGlite `DATABASE_DIR`. Before any server opens " +
        "the store, `e2e/bench/changes-seed.ts` reads every fund as the demo API has it now (masked with the " +
        "customer API's own `maskSecrets`, each tax id's keyed hash by the server's own `taxKeyOf` and the run's " +
        "`DIRECTORY_MATCH_SECRET`), draws each fund's last 40 days from a fixed seed (`changes-history.ts`: the " +
        "large fund about 1% of its investors paying a week, 100 added, 50 removed, 25 email changes; each small " +
        "fund about 3 payments, a capital call on every investor with a 20% chance, an investor added (30%) or " +
        "removed (20%), an email change (5%); the funds' figures follow) and writes the reads of 40, 33, 31, 24, " +
        "17, 10, 3 and 1 days ago through the store's own record functions (`recordFundsList`, `recordFund`, " +
        "`recordInvestorList`, `recordReadFailure`) with those read times, each earlier read being the list now " +
        "with the later events undone. The demo API has no clock to move back (its admin control only changes an " +
        "amount now), so past read times can only be written this way; unchanged content is kept once with a " +
        "sighting, as the server keeps it, and 1% of the funds get a failed read 20.5 days ago. Then the app " +
        "server starts on that store (`DIRECTORY_CONCURRENCY=6`), its directory reads every fund live (the newest " +
        'read, "now"), and the bench waits until the store\'s writes settled. Routes: a Node `http` keep-alive ' +
        "client on loopback, identity encoding; server time is the `durationMs` of the route's own `request` log " +
        "line (`apiRoute`: session, query check, the handler and its JSON), client time request start → last " +
        "byte. The first request of each route on the process (no pair of reads compared yet: the diff in SQL and " +
        "its classification) and the second are reported apart, then --warmup and --runs repeats, which find " +
        "every fund's pair of reads already compared (kept reads never change: `lib/changes/server/compared.ts` " +
        "holds each pair's differences 5 minutes). `/api/changes` and `/changes` answer the view's first page " +
        "(200 lines: an investor changed, or a fund's own line); their sums, counts and fund list are the whole " +
        "view's. `/changes`: visits in fresh browser contexts as the browser scenario's, \"first changes " +
        "painted\" being the frame after the first `article[data-fund] li` (a fund's figure or investor line) " +
        "appears.",
    );
  }
  if (incidents.length > 0) notes.push(`Incidents during this run: ${incidents.join("; ")}.`);
  if (skipped.length > 0) notes.push(`Skipped in this mode: ${skipped.join("; ")}.`);
  notes.push(
    "Scenario order: CSV first (it restarts the server for cold readings), then proxy, browser, aggrid, weight, " +
      "Lighthouse, which share one demo API and one app server process (restarted where a scenario wants it cold); " +
      "then warm start, the directory, the store, the changes, scope, alerts and scale, each on its own demo API and app " +
      "servers (the shared ones, idle, stay up meanwhile; the store's first rows from a store use the shared demo API), " +
      "and many people last. Every app server but many people's (local users, each signed in) runs with " +
      "`DASHBOARD_AUTH=none` behind the bench as its authenticating proxy: every request " +
      "(HTTP clients, autocannon, browser contexts, Lighthouse) carries `X-Forwarded-Email` and this run's " +
      "`X-Dashboard-Proxy-Secret` (`e2e/bench/auth.mjs`). The bench " +
      "measures and never fails on a missed target: its exit code is non-zero only when it could not run.",
  );
  return notes;
}
