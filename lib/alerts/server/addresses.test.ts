import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWebhookUrl, refusedAddress, type Resolver } from "./addresses";
import { postWebhook } from "./webhook";

// Where a webhook may point (issue 30, item 4): every refused address, in each spelling, refused when the URL is
// saved and again when a connection resolves it, before any byte reaches it.

const refused: [string, string][] = [
  ["127.0.0.1", "loopback"],
  ["127.254.3.4", "loopback"],
  ["::1", "loopback"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::127.0.0.1", "loopback"],
  ["64:ff9b::7f00:1", "loopback"],
  ["2002:7f00:1::", "loopback"],
  ["10.1.2.3", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["::ffff:192.168.1.1", "private"],
  ["fc00::1", "private"],
  ["fd12:3456::1", "private"],
  ["169.254.1.1", "link-local"],
  ["fe80::1", "link-local"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.254", "carrier-grade NAT"],
  ["169.254.169.254", "metadata"],
  ["::ffff:169.254.169.254", "metadata"],
  ["fd00:ec2::254", "metadata"],
  ["100.100.100.200", "metadata"],
  ["168.63.129.16", "metadata"],
  ["0.0.0.0", "reserved"],
  ["::", "reserved"],
  ["224.0.0.1", "multicast"],
  ["ff02::1", "multicast"],
  ["240.0.0.1", "reserved"],
];

// The same hosts as URLs: decimal, hex, octal and short IPv4 forms are the loopback address too.
const refusedUrls = [
  "https://127.0.0.1/hook",
  "https://2130706433/hook",
  "https://0x7f000001/hook",
  "https://0x7f.0.0.1/hook",
  "https://017700000001/hook",
  "https://127.1/hook",
  "https://[::1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[::ffff:7f00:1]/hook",
  "https://[0:0:0:0:0:ffff:7f00:1]/hook",
  "https://169.254.169.254/latest/meta-data",
  "https://2852039166/latest",
  "https://[fd00:ec2::254]/",
  "https://10.0.0.1/",
  "https://100.64.1.1/",
  "https://[fe80::1]/",
];

describe("refusedAddress", () => {
  it.each(refused)("refuses %s as %s", (address, kind) => expect(refusedAddress(address)).toBe(kind));

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "172.32.0.1", "100.128.0.1"])(
    "lets %s through",
    (address) => expect(refusedAddress(address)).toBeNull(),
  );
});

describe("webhook URLs", () => {
  let port: number;
  let connections = 0;
  const server = createServer((_request, response) => response.writeHead(204).end());
  server.on("connection", () => (connections += 1));
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const publicResolver: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];

  it.each(refusedUrls)("refuses %s when saved", async (url) => {
    await expect(checkWebhookUrl(url, publicResolver, new Set())).rejects.toThrow(/resolves to a/);
  });

  it("refuses http, credentials, and a name resolving to any refused address; trusts ALERTS_WEBHOOK_ALLOW's hosts", async () => {
    await expect(checkWebhookUrl("http://hooks.example.com/x", publicResolver, new Set())).rejects.toThrow(/https/);
    await expect(checkWebhookUrl("https://u:p@hooks.example.com/x", publicResolver, new Set())).rejects.toThrow(
      /user name/,
    );
    for (const [address, kind] of refused) {
      const family = address.includes(":") ? 6 : 4;
      const resolver: Resolver = async () => [
        { address: "93.184.216.34", family: 4 },
        { address, family },
      ];
      await expect(checkWebhookUrl("https://hooks.example.com/x", resolver, new Set())).rejects.toThrow(kind);
    }
    await expect(checkWebhookUrl("https://hooks.example.com/x", publicResolver, new Set())).resolves.toMatchObject({
      trusted: false,
    });
    const trusted = new Set([`127.0.0.1:${port}`]);
    await expect(checkWebhookUrl(`http://127.0.0.1:${port}/x`, publicResolver, trusted)).resolves.toMatchObject({
      trusted: true,
    });
  });

  it("checks the address again at each connection: a receiver on loopback not trusted sees no connection", async () => {
    connections = 0;
    // Saved while the name resolved to a public address; it resolves to loopback (or another refused address) now.
    for (const [address, kind] of refused.filter(([address]) => !address.startsWith("ff") && address !== "224.0.0.1")) {
      const family = address.includes(":") ? 6 : 4;
      const result = await postWebhook({
        url: `https://rebinding.example.com:${port}/hook`,
        body: "{}",
        headers: {},
        resolver: async () => [{ address, family }],
        now: Date.now,
      });
      expect(result, address).toMatchObject({
        outcome: "retry",
        status: null,
        reason: `refused: its host resolves to a ${kind} address`,
      });
    }
    // An address written in the URL, on loopback, the trusted list not naming it: refused before connecting.
    const literal = await postWebhook({
      url: `http://127.0.0.1:${port}/hook`,
      body: "{}",
      headers: {},
      resolver: publicResolver,
      now: Date.now,
    });
    expect(literal.reason).toBe("refused: not https");
    const https = await postWebhook({
      url: `https://127.0.0.1:${port}/hook`,
      body: "{}",
      headers: {},
      resolver: publicResolver,
      now: Date.now,
    });
    expect(https.reason).toBe("refused: its host resolves to a loopback address");
    expect(connections).toBe(0);
  });
});
