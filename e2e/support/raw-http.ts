import { request } from "node:http";
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes (a file's). */
  raw: Buffer;
}

export interface RawOptions {
  /** A loopback address to send from (127.0.0.2, …), so the server sees another client address. */
  from?: string;
  body?: string | Buffer;
}

/** Sends the path byte for byte: fetch and Playwright would normalise `%2e%2e` and `..` away. */
export function rawRequest(
  baseUrl: string,
  path: string,
  method = "GET",
  headers: Record<string, string> = {},
  options: RawOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers, localAddress: options.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString("utf8"), raw });
      });
    });
    // The server may answer (413, 431) and close before a large body is sent: the answer is what counts.
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A JSON sign-in as the login page sends it, from a given loopback address. */
export function postSignIn(
  baseUrl: string,
  credentials: { email: string; password: string; next?: string },
  from: string,
) {
  return rawRequest(
    baseUrl,
    "/auth/login",
    "POST",
    { "content-type": "application/json", origin: new URL(baseUrl).origin, "sec-fetch-site": "same-origin" },
    { from, body: JSON.stringify(credentials) },
  );
}

/** Writes a request byte for byte on a socket and reads the whole answer: one no HTTP client would send. */
export function rawExchange(baseUrl: string, text: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body });
    });
  });
}
