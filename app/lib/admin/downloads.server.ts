// The admin panel's file downloads (the CSV and JSON exports): saved by the browser under their
// own name and, like every admin page, never stored by a browser or proxy cache.

/** A file the browser saves as `filename` rather than shows, never cached. */
export function download(body: string, filename: string, type: string) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A CSV download with the byte-order mark: Excel opens UTF-8 CSV correctly only with it. */
export function csvDownload(csv: string, filename: string) {
  return download(`\uFEFF${csv}`, filename, "text/csv; charset=utf-8");
}
