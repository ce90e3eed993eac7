import fc from "fast-check";
import { describe, it } from "vitest";
import { arbitraries, expectPagesRoundTrip, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { auditCsvUrl, auditFirstPage } from "./queries";
import { auditCsvParsers, auditRowsParsers, auditViewParsers, auditViewSearch } from "./search-params";
import { auditActions } from "./types";

const ref = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:~-]{0,40}$/);
const views = viewOf(auditViewParsers, {
  person: arbitraries.search(200),
  action: fc.option(fc.constantFrom(...auditActions)),
  fund: fc.option(fc.oneof(ref, arbitraries.fundId())),
  investor: fc.option(ref),
  from: fc.option(arbitraries.day()),
  to: fc.option(arbitraries.day()),
});

describe("the audit trail's search params", () => {
  it("serialize then parse gives the same view: the page's links and query keys", () => {
    expectRoundTrip({ parsers: auditViewParsers, views, write: auditViewSearch });
  });

  it("a page of the view, as the table asks for it, reads back as the view, its offset, limit and version", () => {
    expectPagesRoundTrip({
      parsers: auditRowsParsers,
      views,
      search: auditViewSearch,
      firstPageRows: auditFirstPage,
      versions: fc.nat().map(String),
      readVersion: Number,
    });
  });

  it("the file's link reads back as the view", () => {
    expectRoundTrip({
      parsers: auditCsvParsers,
      views,
      write: auditCsvUrl,
      read: (view) => ({ ...view, bom: false }),
    });
  });
});
