import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { LinkListManager } from "~/components/admin/link-list-manager";
import { managerMessages } from "~/components/admin/manager-messages";
import { adminSections } from "~/components/admin/sections";
import { ebooks } from "~/lib/admin/ebooks.server";
import { linkListRoute } from "~/lib/admin/link-list-route.server";
import { adminMessages } from "~/lib/admin/messages";
import { ebookDefaults, EbookSchema } from "~/lib/schemas/admin/ebook";

// E-Books manager (spec §2, §5, §7, §8): Title, Description, PDF Link and Active; a table with
// 'View PDF' opening in a new tab. Every loader and action starts with the guard (linkListRoute).

const section = adminSections[4];
const m = adminMessages.ebooks;
const route = linkListRoute({
  section,
  messages: m,
  what: "ebook",
  store: ebooks,
  link: "pdf_link",
  schema: EbookSchema,
});

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export const loader = (args: LoaderFunctionArgs) => route.loader(args);

export const action = (args: ActionFunctionArgs) => route.action(args);

export default function EbooksManager() {
  const { rows, loadError } = useLoaderData<typeof loader>();
  return (
    <LinkListManager
      section={section}
      rows={rows}
      loadError={loadError}
      linkField="pdf_link"
      texts={managerMessages.ebooks}
      viewLabel={m.viewLink}
      confirmDelete={m.confirmDelete}
      defaults={ebookDefaults}
    />
  );
}
