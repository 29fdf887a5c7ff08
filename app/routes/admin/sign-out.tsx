import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { adminPaths } from "~/lib/auth/config";
import { signOut } from "~/lib/auth/session.server";

// POST /admin/sign-out: deletes this session on the server, clears the cookie, then goes to /
// (spec §2 "Sign Out (signs out, then goes to /)"). Signing out needs no admin rights, so any
// session can end itself; a GET changes nothing.

export function loader() {
  return redirect(adminPaths.home);
}

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  for (const cookie of await signOut(request)) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}
