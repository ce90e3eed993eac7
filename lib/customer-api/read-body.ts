import { createHash } from "node:crypto";
import type { z } from "zod";
import { compiledCheck } from "./compiled-check";
import { CustomerApiError, messages } from "./errors";
import { JsonArraySplitter, NotJsonArray } from "./json-array";
import type { Collected, ListCollector } from "./list-collector";
import { readText, type BodyReader } from "./transport";

function invalid(message: string, status: number): CustomerApiError {
  return new CustomerApiError("invalid_response", message, status);
}

function parseJson(body: string, status: number): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw invalid(messages.notJson, status);
  }
}

/**
 * The whole body as one JSON value, checked against its schema; then `finish`, which may change the value in
 * place: no one else holds it yet.
 */
export function jsonReader<T>(schema: z.ZodType<T>, finish: (value: T) => T = (value) => value): BodyReader<T> {
  const check = compiledCheck(schema);
  return async (chunks, status) => {
    const parsed = check(parseJson(await readText(chunks, status), status));
    if (!parsed.success) throw invalid(messages.wrongShape, status);
    return finish(parsed.data);
  };
}

/**
 * A JSON array read record by record as its bytes arrive: each element is parsed, checked against the schema
 * and handed to the collector, so neither the whole text nor an unchecked copy of the list is ever held. The
 * elements' text as received is hashed on the way, so every reader of the same list gets the same digest.
 */
export function listReader<T, R>(
  schema: z.ZodType<T>,
  collect: () => ListCollector<T, R, undefined>,
): BodyReader<Collected<R>> {
  const check = compiledCheck(schema);
  return async (chunks, status) => {
    const collector = collect();
    const hash = createHash("sha256");
    const splitter = new JsonArraySplitter();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true }); // a BOM is not JSON, as for the whole-body reader
    let head = ""; // the text before the array began, to tell "not JSON" from "JSON of another shape"
    const iterator = chunks[Symbol.asyncIterator]();
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const chunk = decoder.decode(next.value, { stream: true });
        if (!splitter.started) head += chunk;
        for (const element of splitter.push(chunk)) {
          hash.update(element).update("\n");
          const parsed = check(parseJson(element, status));
          if (!parsed.success) throw invalid(messages.wrongShape, status);
          collector.add(parsed.data, undefined);
        }
        if (splitter.started) head = "";
      }
      splitter.push(decoder.decode());
      splitter.end();
    } catch (error) {
      if (!(error instanceof NotJsonArray)) throw error;
      if (splitter.started) throw invalid(messages.notJson, status);
      // Not an array: valid JSON of another shape (an envelope, an error object) or no JSON at all.
      const whole = head + decoder.decode() + (await readText({ [Symbol.asyncIterator]: () => iterator }, status));
      parseJson(whole, status);
      throw invalid(messages.wrongShape, status);
    } finally {
      await iterator.return?.(); // a read that stopped early lets go of the connection
    }
    return { value: collector.done(), digest: hash.digest("hex") };
  };
}
