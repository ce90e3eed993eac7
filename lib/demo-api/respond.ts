// Writing answers: normal JSON, plus the broken shapes that fault injection sends.
import type { ServerResponse } from "node:http";
import type { Rng } from "./prng";

export const JSON_TYPE = "application/json; charset=utf-8";

export function sendJson(
  res: ServerResponse,
  status: number,
  body: Buffer | object,
  headers: Record<string, string> = {},
): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.writeHead(status, { "Content-Type": JSON_TYPE, "Content-Length": String(bytes.length), ...headers });
  res.end(bytes);
}

export function sendError(res: ServerResponse, status: number, error: string, headers?: Record<string, string>): void {
  sendJson(res, status, { error }, headers);
}

const SERVER_ERRORS: readonly (readonly [number, string])[] = [
  [500, "Internal server error"],
  [502, "Bad gateway"],
  [503, "Service unavailable"],
  [504, "Gateway timeout"],
];

export function sendServerError(res: ServerResponse, rng: Rng): void {
  const [status, error] = rng.pick(SERVER_ERRORS);
  sendError(res, status, error);
}

const HTML_PAGE = Buffer.from(
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n" +
    "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
);

/** What a reverse proxy in front of the API sends when the API is down. */
export function sendHtml(res: ServerResponse): void {
  res.writeHead(502, { "Content-Type": "text/html", "Content-Length": String(HTML_PAGE.length) });
  res.end(HTML_PAGE);
}

/** A complete 200 response whose JSON stops half way. */
export function sendMalformed(res: ServerResponse, body: Buffer): void {
  sendJson(res, 200, body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
}

/** Promises the whole body, sends part of it, then drops the connection. */
export function sendReset(res: ServerResponse, body: Buffer): void {
  res.writeHead(200, { "Content-Type": JSON_TYPE, "Content-Length": String(body.length) });
  res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => res.destroy());
}

/** Valid JSON of the wrong shape: lists arrive wrapped in an envelope, objects lose their id. */
export function wrongShape(body: Buffer, isList: boolean): Buffer {
  if (isList) return Buffer.concat([Buffer.from('{"data":'), body, Buffer.from("}")]);
  const value = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
  delete value.id;
  return Buffer.from(JSON.stringify(value));
}

const ARRAY_ITEM = '{"id":"00000000-0000-4000-8000-000000000000","note":"this array never ends"},';
const ARRAY_CHUNK = Buffer.from(ARRAY_ITEM.repeat(Math.ceil(65_536 / ARRAY_ITEM.length)));
const GARBAGE_CHUNK = Buffer.from("<!-- not json -->".repeat(Math.ceil(65_536 / 17)));

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Streams `bytes` of an unterminated JSON array or of non-JSON text, honouring backpressure. */
export async function sendHuge(res: ServerResponse, bytes: number, rng: Rng): Promise<void> {
  const asArray = rng.chance(0.5);
  const chunk = asArray ? ARRAY_CHUNK : GARBAGE_CHUNK;
  res.writeHead(200, { "Content-Type": JSON_TYPE });
  let sent = 0;
  if (asArray && bytes > 0) {
    res.write("[");
    sent = 1;
  }
  while (sent < bytes && !res.destroyed) {
    const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    sent += part.length;
    if (!res.write(part)) await waitForDrain(res);
  }
  if (!res.destroyed) res.end();
}
