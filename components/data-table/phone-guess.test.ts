import { describe, expect, it } from "vitest";
import { isPhoneRequest } from "./phone-guess";

const pixel =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("isPhoneRequest", () => {
  it("takes Chromium's mobile hint over the user agent", () => {
    expect(isPhoneRequest(new Headers({ "sec-ch-ua-mobile": "?1", "user-agent": desktop }))).toBe(true);
    expect(isPhoneRequest(new Headers({ "sec-ch-ua-mobile": "?0", "user-agent": pixel }))).toBe(false);
  });

  it("falls back to the user agent where no hint is sent (Safari, Firefox)", () => {
    expect(isPhoneRequest(new Headers({ "user-agent": iphone }))).toBe(true);
    expect(isPhoneRequest(new Headers({ "user-agent": desktop }))).toBe(false);
    expect(isPhoneRequest(new Headers())).toBe(false);
  });
});
