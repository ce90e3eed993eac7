import fc from "fast-check";
import { describe, it } from "vitest";
import { expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { assigneesParsers, notesFileParsers, notesFileUrl, notesQueryParsers, notesUrl } from "./search-params";

const refs = fc.oneof(
  fc.uuid(),
  fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/), fc.uuid()).map(([source, id]) => `${source}~${id}`),
);
const keys = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/);

describe("the notes' search params", () => {
  it("whose notes, as the pages ask, reads back as the same", () => {
    expectRoundTrip({
      parsers: notesQueryParsers,
      views: viewOf(notesQueryParsers, {
        fundId: fc.option(refs),
        investorId: fc.option(fc.uuid()),
        investorKey: fc.option(keys),
      }),
      write: ({ fundId, investorId, investorKey }) =>
        notesUrl({
          fundId: fundId ?? undefined,
          investorId: investorId ?? undefined,
          investorKey: investorKey ?? undefined,
        }),
    });
  });

  it("the assignees' and the file's links read back as the fund", () => {
    expectRoundTrip({
      parsers: assigneesParsers,
      views: viewOf(assigneesParsers, { fundId: fc.option(refs) }),
      write: ({ fundId }) => (fundId === null ? "/api/notes/assignees" : `/api/notes/assignees?fundId=${fundId}`),
    });
    expectRoundTrip({
      parsers: notesFileParsers,
      views: fc.record({ fund: refs, bom: fc.boolean(), format: fc.constantFrom("csv" as const, "xlsx" as const) }),
      write: ({ fund, bom, format }) => notesFileUrl(fund, format, bom),
      read: ({ fund, bom }) => ({ fund, bom }),
    });
  });
});
