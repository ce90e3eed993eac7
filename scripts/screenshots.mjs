// Regenerates the README's screenshots from a running dashboard: node scripts/screenshots.mjs [base URL]
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
await page.goto(`${base}/funds?sort=total_commitments.desc`, { waitUntil: "networkidle" });
await page.screenshot({ path: "public/screenshots/funds-grid.png" });
const href = await page.getByRole("table", { name: "Funds" }).getByRole("link").first().getAttribute("href");
await page.setViewportSize({ width: 1280, height: 1500 });
await page.goto(`${base}${href}`, { waitUntil: "networkidle" });
await page.screenshot({ path: "public/screenshots/fund-page.png" });
const investor = await page.getByRole("table", { name: "Investors" }).getByRole("link").first().getAttribute("href");
await page.setViewportSize({ width: 1280, height: 1100 });
await page.goto(`${base}${investor}`, { waitUntil: "networkidle" });
await page.screenshot({ path: "public/screenshots/investor-page.png" });
await page.close();

// A phone (390 × 844, touch): the same fund and who owes capital, a few screens tall each.
const phone = await browser.newPage({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});
await phone.goto(`${base}${href}`, { waitUntil: "networkidle" });
await phone.setViewportSize({ width: 390, height: 2400 });
await phone.screenshot({ path: "public/screenshots/phone-fund-page.png" });
await phone.setViewportSize({ width: 390, height: 844 });
await phone.goto(`${base}/outstanding`, { waitUntil: "networkidle" });
await phone.setViewportSize({ width: 390, height: 1400 });
await phone.screenshot({ path: "public/screenshots/phone-outstanding.png" });
await browser.close();
console.log("wrote public/screenshots/{funds-grid,fund-page,investor-page,phone-fund-page,phone-outstanding}.png");
