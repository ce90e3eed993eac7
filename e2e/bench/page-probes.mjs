// In-page probes: timestamps taken with performance.now() inside Chromium, so Playwright round trips never count.

/**
 * Init script (runs before any page script): marks when the first data row of the named table is in the DOM, the
 * next animation frame after it (the frame that paints it), and when that table's sort buttons are hydrated.
 * target: the table's label, or { rows, ready } selectors for a page that is not ours (ready then needs no React).
 */
export function firstRowsProbe(target) {
  const bench = { rowsDom: null, rowsFrame: null, hydrated: null };
  window.__bench = bench;
  const own = typeof target === "string";
  const selector = own ? `table[aria-label="${target}"] tbody tr:not([aria-hidden]) td a` : target.rows;
  const readySelector = own ? `table[aria-label="${target}"] thead button` : target.ready;
  const observer = new MutationObserver(() => {
    if (bench.rowsDom !== null || !document.querySelector(selector)) return;
    bench.rowsDom = performance.now();
    bench.rowText = document.querySelector(selector).textContent;
    observer.disconnect();
    requestAnimationFrame(() => (bench.rowsFrame = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
  // React attaches __reactProps$… to DOM nodes it owns once hydrated; a timer fires only when the main thread is free.
  const timer = setInterval(() => {
    const button = document.querySelector(readySelector);
    if (button && (!own || Object.keys(button).some((key) => key.startsWith("__reactProps")))) {
      bench.hydrated = performance.now();
      clearInterval(timer);
    }
  }, 5);
}

/**
 * Arms a probe for one user action (a click or a keystroke that Playwright then performs): the start is the input
 * event's own timeStamp, the end the animation frame after the watched text changes (the frame that shows it).
 * watch: "topRows" (the text of the table's first 20 rows by aria-rowindex; rows: another page's row selector),
 * "count" (the "N of M …" text) or "options" (the options of the page's listboxes; with expect, the change counts only
 * once an option's text holds `expect`, case-insensitively). Row links are left out: ours carry the view's query,
 * which changes before the rows do.
 */
export function armActionProbe({ label, eventType, watch, rows, expect }) {
  const countPattern = /^[\d,]+ of [\d,]+ \w+$/;
  const options = () => [...document.querySelectorAll('[role="listbox"] [role="option"]')];
  const expected = () => !expect || options().some((el) => el.textContent.toLowerCase().includes(expect.toLowerCase()));
  const snapshot = () => {
    if (watch === "options")
      return options()
        .map((el) => el.textContent)
        .join("\n");
    if (watch === "count") {
      const found = [...document.querySelectorAll("p, span, div, output")].find(
        (el) => el.childElementCount === 0 && countPattern.test(el.textContent.trim()),
      );
      return found ? found.textContent.trim() : null;
    }
    // By aria-rowindex, not DOM order: a grid may keep its row elements in any order and position them.
    const found = [...document.querySelectorAll(rows ?? `table[aria-label="${label}"] tbody tr[aria-rowindex]`)];
    const index = (el) => Number(el.getAttribute("aria-rowindex"));
    return found
      .sort((a, b) => index(a) - index(b))
      .slice(0, 20)
      .map((el) => `${index(el)}:${el.textContent}`)
      .join("\n");
  };
  const before = snapshot();
  let start = null;
  window.__benchAction = new Promise((resolve) => {
    const onInput = (event) => {
      const now = performance.now();
      // timeStamp is the input's creation time on the same clock; guard against odd values.
      start = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
      check();
    };
    window.addEventListener(eventType, onInput, { capture: true, once: true });
    const check = () => {
      if (start === null) return;
      const now = snapshot();
      if (now === before || !expected()) return;
      const dom = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => resolve({ start, dom, frame: performance.now(), before, after: now }));
    };
    const observer = new MutationObserver(check);
    // Attributes too: a grid that recycles row elements may move another row to the top by re-indexing it.
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  return before;
}

/** Resolves to the armed probe's result, or null after timeoutMs. */
export function awaitActionProbe(timeoutMs) {
  return Promise.race([window.__benchAction, new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}
