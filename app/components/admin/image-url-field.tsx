/**
 * Whether a typed address may be shown as an image: http(s), or a path on this site. The picture
 * fields (./media-field.tsx, issue 45) and the popup's preview show it.
 */
export function previewableImage(value: string): string | null {
  const url = value.trim();
  if (/^https?:\/\//i.test(url) && URL.canParse(url)) return url;
  return /^\/(?![/\\])[^\s\\]*$/.test(url) ? url : null;
}
