// The floor for any proxy in Node: fetch the upstream, JSON.parse, JSON.stringify, answer. The bench runs one in
// its own process and one inside the app server's process (bare-in-app.mjs), so the proxy is also compared with
// the same work done under the same heap, flags and garbage collector.
import http from "node:http";

export async function startBarePassThrough(upstreamUrl, token, port = 0) {
  const server = http.createServer(async (req, res) => {
    try {
      const upstream = await fetch(`${upstreamUrl}/customerapi${req.url}`, {
        headers: { authorization: `Bearer ${token}`, accept: "application/json", "accept-encoding": "identity" },
      });
      const body = JSON.stringify(JSON.parse(await upstream.text()));
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
