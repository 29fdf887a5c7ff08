import { useState } from "react";
import type { FieldErrors } from "~/lib/schemas/fields";
import { managerMessages } from "./manager-messages";
import { TextField, type FormValues } from "./manager-ui";

/** Whether a typed address may be shown as an image: http(s), or a path on this site. */
export function previewableImage(value: string): string | null {
  const url = value.trim();
  if (/^https?:\/\//i.test(url) && URL.canParse(url)) return url;
  return /^\/(?![/\\])[^\s\\]*$/.test(url) ? url : null;
}

/**
 * The Image URL field with its live preview (spec §2: hero banner and popup managers). The
 * preview follows what is typed once the page is live; without JavaScript it shows the saved
 * image.
 */
export function ImageUrlField({
  values,
  errors,
  label,
  hint,
  aspect,
}: {
  values: FormValues;
  errors?: FieldErrors;
  label: string;
  hint: string;
  /** Tailwind aspect class of the preview box, e.g. "aspect-[3/1]". */
  aspect: string;
}) {
  const initial = typeof values.image_url === "string" ? values.image_url : "";
  const [typed, setTyped] = useState(initial);
  const src = previewableImage(typed);
  return (
    <div className="space-y-3">
      <TextField
        name="image_url"
        type="url"
        label={label}
        hint={hint}
        values={values}
        errors={errors}
        onInput={setTyped}
      />
      <figure className="max-w-xl">
        <figcaption className="text-sm font-medium text-slate-700">{managerMessages.imagePreview}</figcaption>
        <div
          className={`mt-1 flex ${aspect} w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50`}
        >
          {src ? (
            <img src={src} alt={managerMessages.imagePreview} className="h-full w-full object-cover" />
          ) : (
            <p className="px-4 text-center text-sm text-slate-600">{managerMessages.noPreview}</p>
          )}
        </div>
      </figure>
    </div>
  );
}
