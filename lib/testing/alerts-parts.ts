import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";

// Real parts for alerts' tests (unit and e2e): an SMTP server in the test process whose mail is parsed with
// mailparser, and a webhook receiver on loopback that verifies each message with the standardwebhooks package.

/** An SMTP server on loopback keeping every message it accepts, parsed. */
export async function smtpInbox() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  /** The payload when its signature verified with the receiver's secret; null when it did not. */
  verified: unknown;
}

/**
 * A webhook receiver on loopback: answers each request with the next status of `statuses` (then 2xx), verifying
 * signatures with the secret it is given (standardwebhooks' Webhook.verify).
 */
export async function webhookReceiver() {
  const received: Received[] = [];
  let connections = 0;
  let secret: string | null = null;
  let statuses: { status: number; headers?: Record<string, string> }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified: unknown = null;
      try {
        verified = secret ? new Webhook(secret).verify(body, request.headers as Record<string, string>) : null;
      } catch {
        verified = null;
      }
      received.push({ headers: request.headers, body, path: request.url ?? "", verified });
      const next = statuses.shift() ?? { status: 204 };
      response.writeHead(next.status, next.headers).end();
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: `127.0.0.1:${port}`,
    url: (path = "/hooks/secret-path-token") => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    verifyWith(value: string) {
      secret = value;
    },
    answer(next: typeof statuses) {
      statuses = [...next];
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
