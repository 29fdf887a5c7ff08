import type { ReactNode } from "react";
import { Link, useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/link-health";
import { IstTime } from "~/components/admin/ist-time";
import { LoadFailure } from "~/components/admin/manager-page";
import { EmptyRow, HeaderRow, TableRegion, td } from "~/components/admin/manager-table";
import { SectionHeader } from "~/components/admin/section-header";
import { smallSecondary, textLink } from "~/components/admin/styles";
import { env } from "~/core/env.server";
import { listLinkProblems, summarizeLinkChecks, type LinkPlace } from "~/db/queries/link-checks.server";
import { attentionMessages } from "~/lib/admin/messages/attention";
import { commonMessages } from "~/lib/admin/messages/common";
import { loadPage } from "~/lib/admin/manager-actions.server";
import { adminSection } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/auth/guard.server";
import { describePlace } from "~/lib/link-health/places";
import { safeHref } from "~/lib/safe-href";
import { dbContext } from "~/lib/request-context";
import { HeadedSection } from "~/components/ui/headed-section";

// Link Health (issue 48 item 8): the outside links the site shows whose last check failed, longest
// failing first, each with why, since when, and every place it is shown with a link to the form
// that changes it; then the links that moved for good. The worker checks them
// (~/lib/link-health/run.server.ts); this page only reads. The loader starts with the guard.

const section = adminSection("link-health");
const t = attentionMessages.linkHealth;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const config = env();
  const page = await loadPage(
    db,
    "link health",
    t,
    { links: () => listLinkProblems(db), summary: summarizeLinkChecks },
    { links: [], summary: null },
  );
  return { ...page, checking: config.LINK_CHECK === "on", everyHours: config.LINK_CHECK_EVERY_HOURS };
}

function Places({ places }: { places: LinkPlace[] }) {
  return (
    <ul className="space-y-2">
      {places.map((place) => {
        const view = describePlace(place);
        return (
          <li key={`${place.source}-${place.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="break-words">
              {view.pagePath ? (
                <a href={view.pagePath} className={textLink}>
                  {view.pageName}
                </a>
              ) : (
                view.pageName
              )}
              : {view.item}
            </span>
            <Link to={view.editHref} className={smallSecondary}>
              {t.edit}
              <span className="sr-only"> {view.item}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Address({ url }: { url: string }) {
  const href = safeHref(url);
  return href ? (
    <a href={href} rel="noopener noreferrer" className={`${textLink} break-all`}>
      {url}
    </a>
  ) : (
    <span className="break-all">{url}</span>
  );
}

/** A link's row: its address, the table's own cells, then when it was checked and where it is shown. */
function LinkRow({
  link,
  children,
}: {
  link: { url: string; checkedAt: string; places: LinkPlace[] };
  children: ReactNode;
}) {
  return (
    <tr>
      <th scope="row" className={`${td} max-w-xs text-left font-normal`}>
        <Address url={link.url} />
      </th>
      {children}
      <td className={`${td} whitespace-nowrap`}>
        <IstTime iso={link.checkedAt} />
      </td>
      <td className={td}>
        <Places places={link.places} />
      </td>
    </tr>
  );
}

export default function LinkHealth() {
  const { links, summary, loadError, checking, everyHours } = useLoaderData<typeof loader>();
  const failing = links.filter((link) => link.status !== "moved");
  const moved = links.filter((link) => link.status === "moved");
  const columns = Object.values(t.columns);
  const movedColumns = Object.values(t.movedColumns);

  return (
    <div className="space-y-6">
      <SectionHeader section={section} />
      <LoadFailure message={loadError} />
      <div className="space-y-1 text-slate-700">
        {checking ? <p>{t.schedule(everyHours)}</p> : <p>{t.off}</p>}
        {summary?.lastCheckedAt ? (
          <p>
            {t.summary(summary)} {t.lastRun} <IstTime iso={summary.lastCheckedAt} />
          </p>
        ) : summary ? (
          <p>{t.neverChecked}</p>
        ) : null}
      </div>
      <TableRegion label={commonMessages.tableRegion(t.table)}>
        <HeaderRow columns={columns} />
        <tbody>
          {failing.length === 0 ? (
            <EmptyRow colSpan={columns.length} text={loadError ?? (summary?.checked ? t.empty : t.neverChecked)} />
          ) : null}
          {failing.map((link) => (
            <LinkRow key={link.id} link={link}>
              <td className={td}>
                <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
                  {t.statuses[link.status]}
                </span>
                {link.error ? <p className="mt-1 text-sm break-words text-slate-600">{link.error}</p> : null}
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {link.firstFailedAt ? <IstTime iso={link.firstFailedAt} /> : null}
              </td>
            </LinkRow>
          ))}
        </tbody>
      </TableRegion>
      {moved.length ? (
        <HeadedSection
          heading={t.movedTable}
          headingClassName="text-lg font-semibold text-slate-900"
          intro={t.movedHint}
          introClassName="text-slate-700"
          className="space-y-3"
        >
          <TableRegion label={commonMessages.tableRegion(t.movedTable)}>
            <HeaderRow columns={movedColumns} />
            <tbody>
              {moved.map((link) => (
                <LinkRow key={link.id} link={link}>
                  <td className={`${td} max-w-xs`}>{link.finalUrl ? <Address url={link.finalUrl} /> : null}</td>
                </LinkRow>
              ))}
            </tbody>
          </TableRegion>
        </HeadedSection>
      ) : null}
    </div>
  );
}
