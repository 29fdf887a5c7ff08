import { CLIENT_IP_HEADER, getAuth } from "~/lib/auth/auth.server";

// The auth library's own HTTP handler, mounted at /api/auth. Our pages do every sign-in step
// through their route actions (which add the lockout, the admin check and the second factor), so
// only sign-out is exposed here; any other library endpoint answers 404 without reaching it.
// The Origin check in server/request-listener.ts runs before this, as for every state-changing request.

export const AUTH_BASE_PATH = "/api/auth/";
const EXPOSED = new Set(["POST /api/auth/sign-out"]);

export function isAuthPath(pathname: string) {
  return pathname.startsWith(AUTH_BASE_PATH);
}

export async function handleAuthRequest(request: Request, clientIp: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (!EXPOSED.has(`${request.method.toUpperCase()} ${pathname}`)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // The library reads the client address (for its rate limiter) from this header: ours, never the client's.
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    duplex: "half",
  } as RequestInit);
  const response = await (await getAuth()).handler(forwarded);
  const answer = new Response(response.body, response);
  answer.headers.set("Cache-Control", "no-store");
  return answer;
}
