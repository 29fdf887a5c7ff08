import { data } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />;
}
