import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import type { z } from "zod";
import type { AdminSection } from "~/components/admin/sections";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/lib/auth/guard.server";
import type { LinkInput, LinkListStore } from "./link-list.server";
import { handleCrud, loadOr, readAdminForm, unreadable, type CrudMessages } from "./manager-actions.server";

// The loader and action of the E-Books and Free Materials managers (spec §2, §5, §7, §8), which
// differ only in their table, link column, schema and messages. Both start with the guard.

export function linkListRoute<Link extends string, Input extends LinkInput & Record<Link, string>>(options: {
  section: AdminSection;
  messages: CrudMessages & { loadFailed: string };
  /** 'ebook', 'free material': for the logs. */
  what: string;
  store: LinkListStore<Link, Input>;
  /** The table's link column; the page reads it as `link`. */
  link: Link;
  schema: z.ZodType<Input>;
}) {
  const { section, messages: m, what, store } = options;
  return {
    async loader({ request }: LoaderFunctionArgs) {
      await requireAdmin(request);
      const { value, loadError } = await loadOr(`${what}s`, () => store.list(getDb()), []);
      return {
        rows: value.map((row) => ({ ...row, link: row[options.link] })),
        loadError: loadError ? m.loadFailed : null,
      };
    },

    async action({ request }: ActionFunctionArgs) {
      const admin = await requireAdmin(request);
      const values = await readAdminForm(request);
      if (!values) return unreadable();
      const db = getDb();
      return handleCrud({
        values,
        schema: options.schema,
        messages: m,
        home: section.path,
        what,
        actor: admin,
        create: (input, actor) => store.create(db, actor, input),
        update: (id, input) => store.update(db, admin, id, input),
        remove: (id) => store.delete(db, admin, id),
      });
    },
  };
}
