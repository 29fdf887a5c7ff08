/**
 * A URL typed in by staff, if it is safe to render as a link: only absolute http(s) URLs pass,
 * so a `javascript:` or `data:` value saved in the admin can never run in a visitor's browser.
 */
export function safeHref(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}
