import { z } from "zod";
import { httpUrl, optionalText, requiredText } from "../fields";
import { checkbox } from "./common";

// An item that is a link (spec §5): title and link (an http(s) URL) required, description
// optional, Active. E-books, free materials and test items are this, each with its own link column
// (pdf_link, material_link, test_link) named in its messages.

export function linkItemSchema<Link extends string>(link: Link, label: string) {
  return z.object({
    title: requiredText("Title", 200),
    description: optionalText("Description", 2000, { multiline: true }),
    ...({ [link]: httpUrl(label) } as Record<Link, ReturnType<typeof httpUrl>>),
    is_active: checkbox,
  });
}

/** A fresh add form: empty, Active on. */
export function linkItemDefaults<Link extends string>(link: Link) {
  return { title: "", description: "", ...({ [link]: "" } as Record<Link, string>), is_active: true };
}
