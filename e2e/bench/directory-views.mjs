// The directory scenario's views: its sorts and searches at the server, and the header search in the browser.
import { optionKeystroke, visit } from "./browser-session.mjs";
import { getJson } from "./directory-build.mjs";
import { round } from "./measure.mjs";

// Letters typed per word in the header search; each is one measured keystroke.
export const LETTERS = 4;

/** The five money columns: the keys of a page's totals (the server's own list, lib/directory/columns.ts). */
export const moneyColumns = (page) => Object.keys(page.totals);

/** Each view's first request (worked out and cached by the server), then `runs` repeats of it. */
export async function viewTimes(appUrl, views, runs) {
  const first = [];
  const again = [];
  const perView = {};
  for (const [name, query] of views) {
    const url = `${appUrl}/api/investors?${new URLSearchParams({ ...query, limit: "100" })}`;
    const once = await getJson(url);
    first.push(round(once.ms));
    const repeats = [];
    for (let i = 0; i < runs; i += 1) repeats.push(round((await getJson(url)).ms));
    again.push(...repeats);
    perView[name] = { first: round(once.ms), again: repeats, matched: once.body.matched };
  }
  return { first, again, perView };
}

/** Search terms of several reaches, taken from the data: one letter, a name's start, a name, an email, no match. */
export function searchTerms(rows) {
  const row = rows.find((candidate) => candidate.email && /^[A-Za-z]{4,}/.test(candidate.name)) ?? rows[0];
  const word = /^[A-Za-z]+/.exec(row.name)?.[0].toLowerCase() ?? "a";
  return ["e", word.slice(0, 3), word, row.email ?? word.slice(0, 2), "zzqxj"];
}

const optionTexts = (found) => [
  ...found.funds.map((fund) => `${fund.name} Fund · ${fund.organization ?? ""}`),
  ...found.investors.map((investor) => `${investor.name} ${investor.email ?? "no email"}`),
];

/**
 * Words whose every prefix (up to LETTERS letters) changes the header search's answer and shows an option holding
 * what was typed, so each keystroke has a frame to wait for; distinct first letters, in a fixed order.
 */
export async function searchWords(appUrl, rows, count) {
  const words = [];
  const firsts = new Set();
  const candidates = [...new Set(rows.flatMap((row) => row.name.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
  for (const candidate of candidates) {
    if (words.length >= count) break;
    if (firsts.has(candidate[0])) continue;
    let before = "";
    let usable = true;
    for (let length = 1; length <= LETTERS && usable; length += 1) {
      const typed = candidate.slice(0, length);
      const { body } = await getJson(`${appUrl}/api/search?q=${encodeURIComponent(typed)}`);
      const texts = optionTexts(body);
      const now = texts.join("\n");
      usable = now !== before && texts.some((text) => text.toLowerCase().includes(typed));
      before = now;
    }
    if (!usable) continue;
    words.push(candidate.slice(0, LETTERS));
    firsts.add(candidate[0]);
  }
  return words;
}

/** /api/search server time per term, `runs` times each (the server caches no answer of it). */
export async function globalSearchApi(appUrl, words, runs) {
  const oneLetter = [];
  const longer = [];
  for (const word of words) {
    for (let length = 1; length <= word.length; length += 1) {
      const url = `${appUrl}/api/search?q=${encodeURIComponent(word.slice(0, length))}`;
      for (let i = 0; i < runs; i += 1) (length === 1 ? oneLetter : longer).push(round((await getJson(url)).ms));
    }
  }
  return { oneLetter, longer };
}

/**
 * One fresh context: open /investors, wait for the header search to be hydrated, press `/`, then type the word a
 * letter at a time, each keystroke timed to the frame showing an option with the typed text (see armActionProbe).
 */
export async function searchContext(browser, appUrl, word, log) {
  const { context, page, marks } = await visit(browser, `${appUrl}/investors`, "Investors");
  const keystrokes = [];
  try {
    if (page) {
      await page.getByRole("button", { name: "Search funds and investors" }).waitFor();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("button")].some(
            (el) =>
              el.textContent.includes("Search funds and investors") &&
              Object.keys(el).some((key) => key.startsWith("__reactProps")),
          ),
        null,
        { timeout: 30_000, polling: 20 },
      );
      const box = page.getByRole("combobox", { name: "Search funds and investors" });
      // The shortcut listener is attached in an effect just after hydration: press again if the first was early.
      for (let i = 0; i < 3 && !(await box.isVisible()); i += 1) {
        await page.keyboard.press("/");
        await box.waitFor({ timeout: 2_000 }).catch(() => {});
      }
      await box.waitFor({ timeout: 5_000 });
      for (let length = 1; length <= word.length; length += 1)
        keystrokes.push(await optionKeystroke(page, word[length - 1], word.slice(0, length)));
    }
  } finally {
    await context?.close();
  }
  log(`  header search "${word}": ${keystrokes.join(", ")} ms`);
  return { word, keystrokes, rowsFrame: round(marks.rowsFrame), hydrated: round(marks.hydrated), marks };
}
