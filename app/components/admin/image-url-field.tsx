import { useState } from "react";
import { TextField, type FieldProps } from "~/components/forms/fields";
import { adminMessages } from "~/lib/admin/messages";

const mm = adminMessages.common;

/** Whether a typed address may be shown as an image: http(s), or a path on this site. */
export function previewableImage(value: string): string | null {
  const url = value.trim();
  if (/^https?:\/\//i.test(url) && URL.canParse(url)) return url;
  return /^\/(?![/\\])[^\s\\]*$/.test(url) ? url : null;
}

/**
 * An image URL field with its live preview (spec §2: hero banner and popup managers). The
 * preview follows what is typed once the page is live; without JavaScript it shows the saved
 * image.
 */
export function ImageUrlField({
  aspect,
  ...field
}: FieldProps & {
  /** Tailwind aspect class of the preview box, e.g. "aspect-[3/1]". */
  aspect: string;
}) {
  const [typed, setTyped] = useState(field.defaultValue ?? "");
  const src = previewableImage(typed);
  return (
    <div className="space-y-3">
      {/* Text, not type=url: a path on this site (/images/…) is an address too, and without
          JavaScript the browser's own URL check would refuse it before the server could accept it. */}
      <TextField {...field} inputMode="url" onInput={setTyped} />
      <figure className="max-w-xl">
        <figcaption className="text-sm font-medium text-slate-700">{mm.imagePreview}</figcaption>
        <div
          className={`mt-1 flex ${aspect} w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50`}
        >
          {src ? (
            <img src={src} alt={mm.imagePreview} className="h-full w-full object-cover" />
          ) : (
            <p className="px-4 text-center text-sm text-slate-600">{mm.noPreview}</p>
          )}
        </div>
      </figure>
    </div>
  );
}
