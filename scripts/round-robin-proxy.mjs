// A plain round-robin HTTP load balancer for the multi-instance tests and `npm run load -- --instances 2`: each
// request goes to the next instance in turn (no sticky sessions), with the client's address appended to
// X-Forwarded-For as real load balancers do, and X-Served-By naming the instance (0, 1, …) on the answer.
// `node scripts/round-robin-proxy.mjs PORT URL URL…` runs one in front of instances you started yourself.
import { Agent, createServer, request } from "node:http";

export function startRoundRobinProxy(backends, { port = 0, host = "127.0.0.1" } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const targets = backends.map((backend) => new URL(backend));
  let turn = 0;
  // Requests still in flight when the proxy closes are cut on purpose: not worth a line each.
  let closing = false;
  const server = createServer((req, res) => {
    const index = turn++ % targets.length;
    const target = targets[index];
    const client = (req.socket.remoteAddress ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
    const forwarded = [req.headers["x-forwarded-for"], client].filter(Boolean).join(", ");
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwarded },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-served-by": String(index) });
        answer.pipe(res);
      },
    );
    let abandoned = false;
    outgoing.on("error", (error) => {
      if (abandoned || closing) return;
      console.error(`round-robin proxy: instance ${index} ${req.method} ${req.url}: ${error.code ?? error.message}`);
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "application/json" }).end('{"error":"The instance did not answer."}');
    });
    // A client that goes away takes its request to the instance with it.
    res.on("close", () => {
      if (res.writableFinished) return;
      abandoned = true;
      outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        close: () =>
          new Promise((done) => {
            closing = true;
            server.closeAllConnections();
            server.close(() => done());
            agent.destroy();
          }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, ...backends] = process.argv.slice(2);
  if (!port || backends.length === 0) {
    console.error("Usage: node scripts/round-robin-proxy.mjs PORT http://instance-1 http://instance-2 …");
    process.exit(2);
  }
  // No top-level await: tests load this module with require().
  void startRoundRobinProxy(backends, { port: Number(port) }).then((proxy) =>
    console.log(`round-robin proxy on ${proxy.url} → ${backends.join(", ")}`),
  );
}
