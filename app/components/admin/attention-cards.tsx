import { Link } from "react-router";
import type { AttentionCounts } from "~/lib/admin/attention.server";
import { attentionCards } from "~/lib/admin/attention";
import { attentionMessages } from "~/lib/admin/messages/attention";
import { textLink } from "./styles";
import { HeadedSection } from "~/components/ui/headed-section";

// The Overview's cards (issue 48 "What needs attention, at a glance"): one per list that may hold
// work, its count and the link to that list, filtered. A zero reads as calm ("Nothing waiting"), a
// count that could not be read says so rather than passing for zero.

const m = attentionMessages.overview;

function Count({ count }: { count: number | null | undefined }) {
  if (count === null || count === undefined) return <p className="mt-3 text-sm text-slate-600">{m.countFailed}</p>;
  if (count === 0) return <p className="mt-3 text-lg font-semibold text-emerald-800">{m.nothingWaiting}</p>;
  return <p className="mt-2 text-4xl font-bold text-amber-900 tabular-nums">{count}</p>;
}

export function AttentionCards({ counts }: { counts: AttentionCounts | null }) {
  return (
    <HeadedSection heading={m.cards} headingClassName="sr-only" intro={m.cardsHint} introClassName="text-slate-700">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {attentionCards.map((card) => {
          const count = counts?.[card.key];
          const waiting = typeof count === "number" && count > 0;
          return (
            <li
              key={card.key}
              className={`flex flex-col rounded-xl border bg-white p-4 shadow-sm ${waiting ? "border-amber-300" : "border-slate-200"}`}
            >
              <h3 className="font-semibold text-slate-900">{card.title}</h3>
              <Count count={count} />
              <p className="mt-2 flex-1 text-sm text-slate-600">{card.hint}</p>
              <Link to={card.href} className={`${textLink} mt-3 text-sm`}>
                {card.link}
              </Link>
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
