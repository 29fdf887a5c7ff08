import { redirect } from "react-router";
import type { Route } from "./+types/one-click-unsubscribe";
import { subscriptionPaths } from "~/lib/alert-mail/messages";
import { unsubscribeByToken } from "~/lib/alert-mail/subscribe.server";
import { dbContext } from "~/lib/request-context";

// RFC 8058 one-click unsubscribe (issue 49): the address of every subscription e-mail's
// List-Unsubscribe header. A mail client POSTs "List-Unsubscribe=One-Click" here from its own
// servers: no cookie, no page, no Origin, so the server's cross-site check lets exactly these
// addresses through for POST (server/origin-check.ts); the signed token in the path is the key.
// A GET (a person, or a scanner following the link) changes nothing: it goes to the page with the
// button.

const noStore = { "Cache-Control": "no-store" };

export function loader({ params }: Route.LoaderArgs) {
  return redirect(subscriptionPaths.unsubscribe(params.token), { headers: noStore });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST", ...noStore } });
  const removed = await unsubscribeByToken(db, params.token);
  // Unknown or already removed: nothing goes to the address either way, which is what was asked.
  return new Response(removed ? "Unsubscribed." : "Not subscribed.", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...noStore },
  });
}
