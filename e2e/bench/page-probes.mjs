// In-page probes: timestamps taken with performance.now() inside Chromium, so Playwright round trips never count.

/**
 * Init script (runs before any page script): marks when the first data row of the named table is in the DOM, the
 * next animation frame after it (the frame that paints it), and when that table's sort buttons are hydrated.
 */
export function firstRowsProbe(label) {
  const bench = { rowsDom: null, rowsFrame: null, hydrated: null };
  window.__bench = bench;
  const selector = `table[aria-label="${label}"] tbody tr:not([aria-hidden]) td a`;
  const observer = new MutationObserver(() => {
    if (bench.rowsDom !== null || !document.querySelector(selector)) return;
    bench.rowsDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => (bench.rowsFrame = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
  // React attaches __reactProps$… to DOM nodes it owns once hydrated; a timer fires only when the main thread is free.
  const timer = setInterval(() => {
    const button = document.querySelector(`table[aria-label="${label}"] thead button`);
    if (button && Object.keys(button).some((key) => key.startsWith("__reactProps"))) {
      bench.hydrated = performance.now();
      clearInterval(timer);
    }
  }, 5);
}

/**
 * Arms a probe for one user action (a click or a keystroke that Playwright then performs): the start is the input
 * event's own timeStamp, the end the animation frame after the watched text changes (the frame that shows it).
 * watch: "firstRow" (first data row of the table) or "count" (the "N of M …" text).
 */
export function armActionProbe({ label, eventType, watch }) {
  const countPattern = /^[\d,]+ of [\d,]+ \w+$/;
  const snapshot = () => {
    if (watch === "count") {
      const found = [...document.querySelectorAll("p, span, div, output")].find(
        (el) => el.childElementCount === 0 && countPattern.test(el.textContent.trim()),
      );
      return found ? found.textContent.trim() : null;
    }
    const row = document.querySelector(`table[aria-label="${label}"] tbody tr:not([aria-hidden])`);
    return row ? `${row.querySelector("a")?.getAttribute("href")}|${row.textContent}` : null;
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
      if (now === before) return;
      const dom = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => resolve({ start, dom, frame: performance.now(), before, after: now }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return before;
}

/** Resolves to the armed probe's result, or null after timeoutMs. */
export function awaitActionProbe(timeoutMs) {
  return Promise.race([window.__benchAction, new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}
