import { variantUrl, variantWidths } from "~/lib/media/media-url";

// A library file's small picture in the admin (issue 45): a picture's smallest WebP variant (320 px
// wide at most, made once on first request), a PDF as a document icon. Decorative: the file's
// title is always written beside it.

export interface ThumbFile {
  hash: string;
  kind: string;
  width: number | null;
  height: number | null;
}

export function MediaThumb({ file, className = "" }: { file: ThumbFile; className?: string }) {
  const frame = `flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className || "w-full"}`;
  if (file.kind !== "image" || !file.width || !file.height) {
    return (
      <div className={frame}>
        <PdfIcon size={40} />
      </div>
    );
  }
  const width = variantWidths(file.width)[0]!;
  return (
    <div className={frame}>
      <img
        src={variantUrl(file.hash, width, "webp")}
        alt=""
        width={width}
        height={Math.max(1, Math.round((width * file.height) / file.width))}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-contain"
      />
    </div>
  );
}

/** A page with its corner folded and "PDF" on it. */
export function PdfIcon({ size = 56 }: { size?: number }) {
  return (
    <svg viewBox="0 0 48 56" width={size} height={size * (56 / 48)} aria-hidden="true" focusable="false">
      <path
        d="M6 2h26l12 12v38a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="#fff"
        stroke="#94a3b8"
        strokeWidth="2"
      />
      <path d="M32 2v12h12" fill="#e2e8f0" stroke="#94a3b8" strokeWidth="2" strokeLinejoin="round" />
      <rect x="4" y="30" width="34" height="15" rx="2" fill="#b91c1c" />
      <text x="21" y="41.5" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        PDF
      </text>
    </svg>
  );
}
