import { Outlet } from "react-router";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { DeferredPurchaseToast } from "~/components/layout/purchase-toast-loader";
import { DesktopSidebar, MobileSidebar, useMobileMenuState } from "~/components/layout/sidebar";
import { useFormsClearOfWidgets } from "~/components/layout/use-forms-clear-of-widgets";
import { WhatsAppButton } from "~/components/layout/whatsapp-button";
import { HydrateApart } from "~/components/ui/hydrate-apart";
import { useRootData } from "~/components/layout/use-site-settings";

/**
 * The public shell (spec §2): fixed top bar, fixed left sidebar on large screens, slide-in
 * sidebar on small ones, footer, WhatsApp button and purchase toast around every public page.
 */
export default function PublicLayout() {
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
      {settings.purchaseToastsEnabled && <DeferredPurchaseToast />}
    </>
  );
}
