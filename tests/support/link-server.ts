import { execFileSync } from "node:child_process";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, LookupFunction } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The other sites the link checker asks, played by servers on this machine (issue 48: nothing in
// the suite leaves it): an HTTP server whose paths answer as real sites do (found, missing, gone,
// refused, failing, slow, redirecting), an HTTPS server with a self-signed certificate (generated
// with openssl for the run, as the nginx system test does), and a name resolver that knows only
// this machine, so an unknown host fails as DNS does and no query goes out.

export interface SeenRequest {
  method: string;
  path: string;
  userAgent: string;
  at: number;
}

export interface LinkServer {
  origin: string;
  url(path: string): string;
  seen: SeenRequest[];
  /** Bytes the /large answer wrote before the client closed the connection. */
  largeBytesWritten(): number;
  close(): Promise<void>;
}

/** What each path answers. HEAD gets the same status without a body. */
function handler(state: { seen: SeenRequest[]; largeBytes: number }) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? "/";
    state.seen.push({
      method: req.method ?? "",
      path,
      userAgent: String(req.headers["user-agent"] ?? ""),
      at: Date.now(),
    });
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "text/html", ...headers });
      res.end(req.method === "HEAD" ? undefined : `<p>${status}</p>`);
    };
    const redirect = (status: number, location: string) => send(status, { Location: location });
    switch (path.split("?")[0]) {
      case "/ok":
      case "/ok/new-home":
        return send(200);
      case "/missing":
        return send(404);
      case "/gone":
        return send(410);
      case "/forbidden":
        return send(403);
      case "/error":
        return send(503);
      case "/temporary":
        return redirect(302, "/ok");
      case "/moved":
        return redirect(301, "/ok/new-home");
      case "/moved-to-missing":
        return redirect(308, "/missing");
      case "/loop":
        return redirect(302, "/loop");
      case "/to-mailto":
        return redirect(302, "mailto:someone@example.com");
      case "/no-location":
        return send(302);
      case "/head-refused":
        return req.method === "HEAD" ? send(405) : send(200);
      case "/slow":
        // Never answers: the checker's timeout must end it.
        return;
      case "/large": {
        // HEAD refused, so the checker asks GET: an endless body, written as fast as it drains.
        if (req.method === "HEAD") return send(404);
        res.writeHead(200, { "Content-Type": "application/pdf" });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!res.destroyed && state.largeBytes < 200 * 1024 * 1024) {
            state.largeBytes += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
        };
        return pump();
      }
      default:
        return send(404);
    }
  };
}

export async function startLinkServer(): Promise<LinkServer> {
  const state = { seen: [] as SeenRequest[], largeBytes: 0 };
  const server = http.createServer(handler(state));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    seen: state.seen,
    largeBytesWritten: () => state.largeBytes,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** An HTTPS server whose certificate no one vouches for (self-signed, made now by openssl). */
export async function startSelfSignedServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "link-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "pipe" },
    );
    const server = https.createServer(
      { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
      (_req, res) => res.end("secret"),
    );
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    return {
      origin: `https://localhost:${port}`,
      close: () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A port nothing listens on (taken, then given back). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/**
 * Name resolution that knows only this machine: localhost and literal addresses resolve as usual,
 * any other name fails as an unknown host does (ENOTFOUND), without asking a DNS server.
 */
export const offlineLookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === "localhost" || /^[\d.]+$/.test(hostname)) {
    dnsLookup(hostname, { ...options, family: 4 }, callback as never);
    return;
  }
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: "ENOTFOUND",
    hostname,
  });
  if ((options as { all?: boolean }).all) (callback as (e: Error, a: LookupAddress[]) => void)(error, []);
  else callback(error, "", 4);
};
