import { linkListQueries } from "./link-list.server";

// E-books (spec §2, §7): the active ones for /ebooks; all of them for the E-Books manager, which
// inserts, updates and deletes them by id.

/** E-books per page of /ebooks (DESIGN §9: long lists are bounded): rows of 1, 2 or 3 cards. */
export const EBOOKS_PER_PAGE = 24;

const ebooks = linkListQueries("ebooks", "pdf_link", EBOOKS_PER_PAGE);

export const listActiveEbooks = ebooks.listActive;
export const listEbooksForAdmin = ebooks.listForAdmin;
export const pageEbooksForAdmin = ebooks.pageForAdmin;
export const setEbookActive = ebooks.setActive;
export const getEbook = ebooks.get;
export const createEbook = ebooks.create;
export const updateEbook = ebooks.update;
export const deleteEbook = ebooks.delete;

export type PublicEbook = Awaited<ReturnType<typeof listActiveEbooks>>[number];
