import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu","--no-first-run"] });
const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: { "x-forwarded-email": "bench@fund-explorer.test", "x-dashboard-proxy-secret": "sekretsekretsekretsekretsekretsekret1234" } });
await chrome.kill();
const a = r.lhr.audits;
console.log("score", r.lhr.categories.performance.score);
for (const id of ["first-contentful-paint","largest-contentful-paint","total-blocking-time","speed-index","cumulative-layout-shift"]) console.log(id, a[id].displayValue);
const lcpEl = a["largest-contentful-paint-element"]; console.log(JSON.stringify(lcpEl?.details?.items?.map(i=>i.items?.map(x=>x.node?.snippet ?? x)) ?? lcpEl, null, 0).slice(0,1500));
for (const id of Object.keys(a).filter(k=>/lcp|long-tasks|bootup|mainthread|render-blocking|network-requests|insight/.test(k))) { const x=a[id]; if (x.score!==null && x.score<1 || id==="mainthread-work-breakdown"||id==="bootup-time") console.log("--", id, x.displayValue, JSON.stringify(x.details?.items?.slice(0,8))?.slice(0,900)); }
const m = a.metrics?.details?.items?.[0] ?? {}; console.log(Object.keys(a).filter(k=>k.includes("metric")||k.includes("network"))); console.log("observed", Object.fromEntries(Object.entries(m).filter(([k])=>k.startsWith("observed")&&/FirstContentfulPaint$|LargestContentfulPaint$|DomContentLoaded$|Load$|FirstPaint$/.test(k))));
console.log("lcp-sim", m.largestContentfulPaint, "fcp-sim", m.firstContentfulPaint, "tti", m.interactive);
const nr = (a["network-requests"]?.details?.items ?? []).map(i=>[i.url.slice(-40), i.resourceType, i.transferSize, Math.round(i.networkRequestTime), Math.round(i.networkEndTime)]); console.log(JSON.stringify(nr));
