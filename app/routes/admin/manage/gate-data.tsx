import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/gate-data";
import { GateManagerPage, type GateManagerData } from "~/components/admin/gate-manager-views";
import { loadGateManager, answerGateManager } from "~/lib/admin/gate-manager.server";
import { gateKindOf } from "~/lib/admin/gate-managers";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { dbContext } from "~/lib/request-context";

// The GATE data manager (issue 24): five pages (papers, cutoffs & scores, rank points, previous
// papers, question bank), one module mounted at each of their paths in app/routes.ts; the page is
// found from the path. Every loader and action starts with the guard.

/** The page asked for: from the router's normalised URL (a data request's `.data` suffix removed). */
const kindOf = ({ request, url }: { request: Request; url?: URL }) => {
  const kind = gateKindOf((url ?? new URL(request.url)).pathname);
  if (!kind) throw data(null, { status: 404 });
  return kind;
};

export const meta: Route.MetaFunction = ({ location }) => {
  const kind = gateKindOf(location.pathname);
  return kind ? [{ title: `${adminSection(kind).title} · Admin` }] : [];
};

export async function loader(args: Route.LoaderArgs) {
  const db = args.context.get(dbContext);
  await requireAdmin(db, args.request);
  return loadGateManager(db, kindOf(args), args.request);
}

export async function action(args: Route.ActionArgs) {
  const db = args.context.get(dbContext);
  const admin = await requireAdmin(db, args.request);
  return answerGateManager(db, kindOf(args), args.request, admin);
}

export default function GateDataManager() {
  return <GateManagerPage data={useLoaderData<typeof loader>() as GateManagerData} />;
}
