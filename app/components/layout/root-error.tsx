import { isRouteErrorResponse } from "react-router";
import { ErrorPage } from "./error-page";

/** What the root route's error boundary shows (app/root.tsx loads this when an error shows). */
export function RootError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />
      </main>
    );
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <main id="main">
      <ErrorPage
        status={isRouteErrorResponse(error) ? error.status : 500}
        title="Unexpected Application Error!"
        message="Something went wrong on our side. Please try again in a moment."
      />
    </main>
  );
}
