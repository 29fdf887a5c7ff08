import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { PurchaseToast } from "~/components/layout/purchase-toast";
import { DesktopSidebar, MobileSidebar, useMobileMenuState } from "~/components/layout/sidebar";
import { useFormsClearOfWidgets } from "~/components/layout/use-forms-clear-of-widgets";
import { WhatsAppButton } from "~/components/layout/whatsapp-button";
import { HydrateApart } from "~/components/ui/hydrate-apart";
import { useRootData } from "~/components/layout/use-site-settings";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { toastGaps, type PurchaseToasts } from "~/lib/purchase-toast";
import { recentPurchaseToasts } from "~/lib/purchase-toast.server";
import { getSiteSettings } from "~/lib/site/settings.server";
import { dbContext } from "~/lib/request-context";

/**
 * The purchase toast's entries and its cycle, in the page (issue 44), so that it runs on every
 * public page, those without JavaScript too. Which purchases are recent enough, and how many days
 * ago each was, change with India's date alone: a page is cached only until midnight in India or
 * the next admin write (server/page-cache.ts endOfIstDay, content_version), so a cached page's
 * "2 days ago" is right for as long as it is served. The random gaps are drawn per render: a
 * cached page's visitors share its cycle.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ purchaseToasts: PurchaseToasts | null }> {
  const db = context.get(dbContext);
  // A toast is never worth a broken page: a failed read shows none (and that page is not cached).
  const entries = await loadOrEmpty(
    "purchase toasts",
    async () => ((await getSiteSettings(db)).purchaseToastsEnabled ? recentPurchaseToasts(db) : []),
    [],
  );
  return { purchaseToasts: entries.length ? { entries, gaps: toastGaps(entries.length) } : null };
}

// Never reloaded while a visitor stays in the site: entries change only through admin writes
// (outside this layout; the next document brings them) and the date only at midnight, when cached
// pages end too. Above all the toast's stylesheet must stay the text the page was sent with: a
// cached page's Content-Security-Policy allows its inline styles by their hashes, so a new cycle
// drawn after a visitor's form submission would be refused (and would restart the toasts).
export function shouldRevalidate() {
  return false;
}

/**
 * The public shell (spec §2): fixed top bar, fixed left sidebar on large screens, slide-in
 * sidebar on small ones, footer, WhatsApp button and purchase toast around every public page.
 */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { settings, year } = useRootData();
  const [menuOpen, setMenuOpen] = useMobileMenuState();
  useFormsClearOfWidgets();

  return (
    <>
      <a
        href="#main"
        className="fixed left-3 top-3 z-60 -translate-y-24 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:translate-y-0"
      >
        Skip to content
      </a>
      <Header settings={settings} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      {/* The menus, the page and the footer hydrate apart (issue 28): short tasks, and the part the
          visitor touches first is hydrated first. */}
      <HydrateApart>
        <DesktopSidebar />
      </HydrateApart>
      <HydrateApart>
        <MobileSidebar settings={settings} open={menuOpen} onOpenChange={setMenuOpen} />
      </HydrateApart>
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-64px)] pt-[64px] focus:outline-none lg:pl-64">
        <HydrateApart>
          <Outlet />
        </HydrateApart>
      </main>
      <HydrateApart>
        <Footer settings={settings} year={year} />
      </HydrateApart>
      <WhatsAppButton settings={settings} />
      <PurchaseToast toasts={loaderData.purchaseToasts} />
    </>
  );
}
