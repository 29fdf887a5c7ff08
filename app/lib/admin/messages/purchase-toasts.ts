// The Purchase Toasts manager's words (/admin/purchase-toasts). Safe to import on the client.

/** Issue 25 "True social proof": the real purchases the purchase toast may show. */
export const purchaseToastMessages = {
  updated: "Purchase entry updated successfully",
  created: "Purchase entry created successfully",
  deleted: "Purchase entry deleted successfully",
  saveFailed: "Failed to save purchase entry",
  deleteFailed: "Failed to delete purchase entry",
  loadFailed: "Failed to load purchase entries",
  confirmDelete: "Are you sure you want to delete this purchase entry?",
  add: "Add Purchase",
  addTitle: "Add purchase",
  editTitle: "Edit purchase",
  empty: "No purchases entered yet, so visitors see no purchase toasts.",
  table: "Purchases shown in toasts",
  buyerName: "Buyer's first name",
  city: "City",
  product: "Product bought",
  purchasedOn: "Date of purchase",
  purchasedOnHint: "A date in India (IST), today or earlier.",
  purchased: "Purchased",
  expired: "Older than 30 days: no longer shown",
  intro:
    "Enter only real purchases. Visitors see each one in a small pop-up for 30 days after its date of purchase, with when it was bought (for example 2 days ago). With no recent purchases, no pop-up appears.",
  active: "Active",
  what: "purchase entry",
} as const;
