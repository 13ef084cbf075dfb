// devproxy.mjs: for developing the table page without rebuilding pli. A
// loopback proxy in front of `pli serve` that answers the page's own files
// (/, /t/CODE, /table.js, /table.css) from the source tree as
// serve/embed.cmake would put them together, and passes every other
// request and the WebSocket through. table.test.mjs uses it when
// PLI_WEB_DIR=REPO is set; the tests as run by ctest never do.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import fs from "node:fs";
import path from "node:path";

export function startProxy(repo, target) {
  const { hostname, port } = new URL(target);
  const file = (...names) => names.map((n) => fs.readFileSync(path.join(repo, n), "utf8") + "\n").join("");
  const server = http.createServer((req, res) => {
    const p = req.url.split("?")[0];
    const page = { "/table.js": ["text/javascript", () => file("replay/web/cards.js", "serve/web/table.js")],
      "/table.css": ["text/css", () => file("replay/web/cards.css", "serve/web/table.css")] }[p]
      || (req.method === "GET" && (p === "/" || /^\/t\/[^/]+$/.test(p)) ? ["text/html", () => file("serve/web/table.html")] : null);
    if (page) {
      res.writeHead(200, { "content-type": page[0] + "; charset=utf-8", "content-security-policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:" });
      return res.end(page[1]());
    }
    const headers = { ...req.headers, host: `${hostname}:${port}` };
    if (headers.origin) headers.origin = target;
    const up = http.request({ host: hostname, port, path: req.url, method: req.method, headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  server.on("upgrade", (req, socket, head) => {
    const up = net.connect(Number(port), hostname, () => {
      const headers = { ...req.headers, host: `${hostname}:${port}`, origin: target };
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n` + Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join("\r\n") + "\r\n\r\n");
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

// Starts `pli serve --db DB --listen 127.0.0.1:0 ARGS...` and waits for its
// "listening on" line (a condition, not a delay); with PLI_WEB_DIR=REPO the
// page's files come from the source tree through startProxy. The caller
// stops `server` by its pid and closes `proxy`.
export async function startServe(pli, db, args = []) {
  const server = spawn(pli, ["serve", "--db", db, "--listen", "127.0.0.1:0", ...args]);
  let origin = await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => {
      const m = /listening on (\S+)/.exec(String(d));
      if (m) resolve(`http://${m[1]}`);
    });
    server.on("exit", () => reject(new Error("pli serve exited")));
  });
  let proxy = null;
  if (process.env.PLI_WEB_DIR) ({ server: proxy, origin } = await startProxy(process.env.PLI_WEB_DIR, origin));
  return { server, origin, proxy };
}
