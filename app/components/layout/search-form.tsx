import type { ComponentProps, FormEvent, ReactNode } from "react";
import { href, useNavigate } from "react-router";
import { searchHref } from "~/lib/search/search-query";
import { useHydrated } from "./use-hydrated";

// The two search boxes, the header's and the search page's own.

/**
 * A real GET form to /search, so it works without JavaScript. The `required` and the pattern of its
 * SearchField stop an empty or whitespace-only query there; once hydrated the script does the same
 * silently and navigates within the app (spec §2, §5).
 */
export function SearchForm({
  className,
  formClassName,
  children,
}: {
  className: string;
  formClassName: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = searchHref(String(new FormData(event.currentTarget).get("q") ?? ""));
    if (target) void navigate(target);
  }

  return (
    <search className={className}>
      <form action={href("/search")} method="get" noValidate={hydrated} onSubmit={onSubmit} className={formClassName}>
        {children}
      </form>
    </search>
  );
}

/** The query box of a SearchForm, named by a visually hidden label. */
export function SearchField({
  id,
  label,
  ...props
}: { id: string; label: string } & Omit<
  ComponentProps<"input">,
  "id" | "type" | "name" | "required" | "pattern" | "enterKeyHint"
>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" name="q" required pattern=".*\S.*" enterKeyHint="search" {...props} />
    </>
  );
}
