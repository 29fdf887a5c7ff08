import type { EbookInput } from "~/lib/schemas/admin/ebook";
import { linkListStore } from "./link-list.server";

// E-Books manager (spec §2, §7): all e-books newest first; insert, update and delete by id.
export const ebooks = linkListStore<"pdf_link", EbookInput>("ebooks", "pdf_link");

export const listEbooksForAdmin = ebooks.list;
export const getEbook = ebooks.get;
export const createEbook = ebooks.create;
export const updateEbook = ebooks.update;
export const deleteEbook = ebooks.delete;

export type AdminEbook = Awaited<ReturnType<typeof listEbooksForAdmin>>[number];
