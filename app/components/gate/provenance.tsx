import { NewTabLink } from "~/components/content/new-tab-link";
import type { RankPointKind } from "~/lib/gate/rank-estimate";
import { safeHref } from "~/lib/safe-href";

// How the GATE tools show where a figure comes from (issue 24): its source link, and a figure not
// yet checked against the organising institute's documents marked in words, not colour alone.

export const provenanceMessages = {
  unverified: "Unverified",
  verified: "Verified",
  derived: "Derived",
  source: "Source",
  noSource: "No source entered",
  notYetAdded: "Not yet added",
  retrieved: (date: string) => `retrieved ${date}`,
} as const;

export const kindLabels: Record<RankPointKind, string> = {
  official: "Official",
  "candidate-reported": "Candidate-reported",
  "third-party estimate": "Third-party estimate",
};

const tag = "ml-1 inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap";

/** "Unverified" (amber) or "Verified" (green) beside a figure. */
export function VerifiedTag({ verified }: { verified: boolean }) {
  return verified ? (
    <span className={`${tag} bg-green-50 text-green-800`}>{provenanceMessages.verified}</span>
  ) : (
    <span className={`${tag} border border-amber-400 bg-amber-50 text-amber-900`}>{provenanceMessages.unverified}</span>
  );
}

/** "Derived": computed by the published rule, not a figure read from a source. */
export function DerivedTag() {
  return <span className={`${tag} bg-slate-100 text-slate-700`}>{provenanceMessages.derived}</span>;
}

/** A point's kind; estimates stand out, since they are nobody's measurement. */
export function KindTag({ kind }: { kind: RankPointKind }) {
  const look =
    kind === "official" ? "bg-green-50 text-green-800" : "border border-amber-400 bg-amber-50 text-amber-900";
  return <span className={`${tag} ml-0 ${look}`}>{kindLabels[kind]}</span>;
}

/** The figure's source, opened in a new tab; `context` names the figure for screen readers. */
export function SourceLink({
  url,
  context,
  label = provenanceMessages.source,
  retrievedOn,
}: {
  url: string | null;
  context: string;
  label?: string;
  retrievedOn?: string | null;
}) {
  const href = safeHref(url);
  if (!href) return <span className="text-sm text-slate-600">{provenanceMessages.noSource}</span>;
  return (
    <span className="text-sm">
      <NewTabLink
        href={href}
        context={context}
        className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-800 underline underline-offset-2"
      >
        {label}
      </NewTabLink>
      {retrievedOn ? <span className="text-slate-600"> ({provenanceMessages.retrieved(retrievedOn)})</span> : null}
    </span>
  );
}

/** The honest state of something staff have not entered yet. */
export function NotYetAdded({ what }: { what?: string }) {
  return (
    <span className="text-sm text-slate-600 italic">
      {provenanceMessages.notYetAdded}
      {what ? <span className="sr-only">: {what}</span> : null}
    </span>
  );
}
