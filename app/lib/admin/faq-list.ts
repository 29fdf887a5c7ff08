import { ADMIN_PAGE_SIZE, type AdminList } from "./admin-lists";

// The FAQ manager's list (issue 48 items 2 and 7): in the FAQ page's order, searched by ?q=,
// filtered by Active, with bulk Activate, Deactivate and Delete.
export const faqList = {
  spec: { sorts: { order: "asc" }, sort: "order", filters: { active: ["1", "0"] }, pageSize: ADMIN_PAGE_SIZE },
  nouns: ["FAQ question", "FAQ questions"],
  bulk: ["activate", "deactivate", "delete"],
} satisfies AdminList;
