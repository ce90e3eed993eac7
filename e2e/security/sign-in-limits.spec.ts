import { request } from "node:http";
import { expect, test } from "../support/fixtures";
import { postSignIn, rawRequest } from "../support/raw-http";
import { people, securityBase } from "./support";

const wrong = (email: string) => ({ email, password: "not the password" });

test("a client rotating X-Forwarded-For is still one address: its 6th failure gets 429", async () => {
  const account = `rotating-${Date.now()}@example.com`;
  const attempt = (i: number) =>
    rawRequest(
      securityBase,
      "/auth/login",
      "POST",
      { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-forwarded-for": `203.0.113.${i}` },
      {
        from: "127.12.0.1",
        body: JSON.stringify(wrong(account)),
      },
    );
  for (let i = 0; i < 5; i++) expect((await attempt(i)).status).toBe(401);
  const sixth = await attempt(5);
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(sixth.body).error).toMatch(/Too many failed sign-ins/);
});

test("of 12 concurrent wrong passwords for one account, only 5 reach the password check; the rest get 429", async () => {
  const account = `concurrent-${Date.now()}@example.com`;
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => postSignIn(securityBase, wrong(account), "127.12.0.2")),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
});

test("failures by someone else cannot lock a person out: the right password from another address still signs in", async () => {
  for (let i = 0; i < 5; i++)
    expect((await postSignIn(securityBase, wrong(people.otto.email), "127.12.0.3")).status).toBe(401);
  // From the attacker's address the account is now refused ...
  expect((await postSignIn(securityBase, people.otto, "127.12.0.3")).status).toBe(429);
  // ... but its owner, from a clean address, signs in (after a short delay).
  const owner = await postSignIn(securityBase, people.otto, "127.12.0.4");
  expect(owner.status).toBe(200);
  expect(String(owner.headers["set-cookie"])).toMatch(/^fe_session=/);
});

test("a 10 MB sign-in body is refused with 413 JSON before it is read, and a chunked one with 411", async () => {
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${securityBase}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024), origin: securityBase },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    // Only the first 64 KB is ever sent: a server that waited for the rest would never answer.
    req.write(Buffer.alloc(64 * 1024, "a"));
  });
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body).error).toMatch(/larger than 4096 bytes/);

  const chunked = await new Promise<number>((resolve, reject) => {
    const req = request(`${securityBase}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on("error", reject);
    req.write("{");
  });
  expect(chunked).toBe(411);
});
