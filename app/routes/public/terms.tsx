import type { Route } from "./+types/terms";
import { staticPageMeta } from "~/components/static/page-meta";
import { formatIstDate } from "~/core/ist";
import { noScripts } from "~/lib/route-handle";
import { termsPage } from "~/lib/site/terms-page";
import { loadTermsPage } from "~/lib/site/terms-page.server";
import { dbContext } from "~/lib/request-context";

// Terms, refunds and how to pay (issue 48 item 7): the page staff write under Terms Page in the
// admin, in Markdown rendered and sanitised on the server when saved (the question bank's
// renderer); until then an honest placeholder. Linked from the footer and beside every Buy button.

const messages = {
  updated: (date: string) => `Last updated: ${date}`,
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { html, updatedAt } = await loadTermsPage(db);
  return { html, updatedAt };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageMeta(matches, { title: termsPage.title, description: termsPage.description });

// Text and links: nothing here needs a script (issue 28).
export const handle = noScripts;

export default function Terms({ loaderData: { html, updatedAt } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{termsPage.title}</h1>
      {updatedAt ? <p className="mt-2 text-sm text-slate-600">{messages.updated(formatIstDate(updatedAt))}</p> : null}
      <div
        className="mt-4 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-bold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-slate-900 [&_table]:mt-3 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
        // Rendered from Markdown and sanitised on the server (~/lib/content/markdown.server.ts).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
