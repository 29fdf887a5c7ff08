// The Hero Banners manager's words (/admin/hero-banners). Safe to import on the client.

export const heroBannerMessages = {
  addNew: "Add New Banner",
  updated: "Banner updated successfully",
  created: "Banner created successfully",
  deleted: "Banner deleted successfully",
  orderUpdated: "Banner order updated",
  loadFailed: "Failed to load banners",
  saveFailed: "Failed to save banner",
  deleteFailed: "Failed to delete banner",
  orderFailed: "Failed to update order",
  confirmDelete: "Are you sure you want to delete this banner?",
  addTitle: "Add banner",
  editTitle: "Edit banner",
  empty: "No banners yet. Visitors see the built-in banner.",
  table: "Hero banners",
  imageUrl: "Image URL",
  imageHint:
    "Choose a picture from the Media Library or upload one below (type the words on the banner first: the picture takes them as its alt text), or paste an https:// address or a path on this site such as /images/banners/name.svg.",
  link: "Link",
  linkHint:
    "Where a tap on the banner goes: a page of this site such as /free-tests or /test-series, or a full https:// address. Leave it empty for the learning app.",
  altText: "Words on the banner (alt text)",
  altHint:
    "Type the words the image shows, e.g. 'Free Tests Every Week: start a free test'. Phones that cannot show the image, and blind visitors, get these words instead.",
  opensPage: (link: string) => `Opens ${link}`,
  opensApp: "Opens the learning app",
  order: "Order",
  image: "Image",
  active: "Active",
  bannerAlt: (position: number) => `Banner ${position}`,
  moveUp: (position: number) => `Move banner ${position} up`,
  moveDown: (position: number) => `Move banner ${position} down`,
  what: "banner",
  name: (position: number) => `banner ${position}`,
} as const;
