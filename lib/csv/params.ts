import type { z } from "zod";
import { flag, queryParamsOf, querySchema, text } from "../http/query";

const csvParamsSchema = querySchema({
  sort: text(200),
  q: text(500),
  type: text(500),
  /** Every row, not only the view's. */
  all: flag,
  /** Full tax ids and account numbers instead of the masked ones. */
  sensitive: flag,
  /** A UTF-8 byte-order mark first, for Excel on Windows. */
  bom: flag,
});

export type CsvParams = z.infer<typeof csvParamsSchema>;

/** The checked query of a CSV request; a bad one throws BadRequest (400), not a guess. */
export function csvParamsOf(request: Request): CsvParams {
  return queryParamsOf(csvParamsSchema, request);
}
