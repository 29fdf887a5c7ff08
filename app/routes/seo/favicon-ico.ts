// Browsers ask for /favicon.ico wherever a document names no icon (a text file such as
// robots.txt, an image opened on its own) and some crawlers and bookmark tools always do: they
// are sent to the site's one icon rather than a 404.
export function loader() {
  return new Response(null, {
    status: 301,
    headers: { Location: "/favicon.png", "Cache-Control": "public, max-age=86400" },
  });
}
