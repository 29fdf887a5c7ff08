import { data } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { noScripts } from "~/lib/route-handle";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

// Nothing on this page needs a script (issue 28): it ships no JavaScript.
export const handle = noScripts;

export default function NotFound() {
  return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />;
}
