import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "./+types/route";
import { defaultShareImage } from "~/components/static/page-meta";
import { ContactForm } from "~/components/forms/contact-form";
import { contactMessages } from "~/lib/forms/contact-messages";
import { About } from "~/components/home/about";
import { ClosingSoon } from "~/components/home/closing-soon";
import { FeaturedCourses } from "~/components/home/featured-courses";
import { FirstScreen } from "~/components/home/first-screen";
import { HeroCarousel } from "~/components/home/hero";
import { SectionHeading } from "~/components/home/section-heading";
import { Testimonials } from "~/components/home/testimonials";
import { WelcomePopup } from "~/components/home/welcome-popup";
import { HydrateApart } from "~/components/ui/hydrate-apart";
import { SubscribeSection } from "~/components/alerts/subscribe-section";
import { WhyTestSeries } from "~/components/home/why-test-series";
import { addDays, istDate } from "~/core/ist";
import type { DB } from "~/db/client.server";
import { listJobAlertDeadlines } from "~/db/queries/job-alerts.server";
import { loadHomeContent } from "~/routes/public/home/home-content.server";
import { CLOSING_SOON_DAYS } from "~/lib/job-alerts/job-deadline";
import { loadOrEmpty } from "~/lib/load-or-empty.server";
import { loadPagePictures, withPictures } from "~/lib/media/page-media.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { DEFAULT_BRAND_NAME, type PublicSettings } from "~/lib/site/settings";
import { practiceTestsBullet } from "~/lib/site/site-figures";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { FormToaster } from "~/components/forms/form-toasts";
import { dbContext } from "~/lib/request-context";

const messages = {
  title: (brand: string) => `${brand} | GATE Chemical Engineering & PSU Test Series`,
  description:
    "Online test series for GATE Chemical Engineering (CH) and PSU exams such as IOCL: full-length mocks, topicwise tests, detailed solutions, free tests, e-books and job alerts.",
};

/** Alerts in "Closing soon" at most; "All job alerts" leads to the rest. */
const CLOSING_SOON_SHOWN = 6;

/**
 * Issue 49: the open job alerts whose last date is within CLOSING_SOON_DAYS of today in India, as
 * HTML made here: the browser's bundle carries no code for it. "" when there are none. The page's
 * cached copies end at midnight in India (server/page-cache.ts), when the list changes.
 */
async function closingSoonHtml(db: DB) {
  const today = istDate();
  const until = addDays(today, CLOSING_SOON_DAYS);
  const alerts = await loadOrEmpty(
    "closing soon",
    () => listJobAlertDeadlines(db, today, { until, limit: CLOSING_SOON_SHOWN }),
    [],
  );
  return alerts.length ? renderToStaticMarkup(<ClosingSoon alerts={alerts} today={today} />) : "";
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const closingSoon = closingSoonHtml(db);
  const { testimonials, welcomePopup, heroBanners, courses, testSeries, ...content } = await loadHomeContent(db);
  // The pictures among them that are the media library's, in one query (issue 45).
  const pictures = await loadPagePictures(
    db,
    [
      ...heroBanners.map((banner) => banner.image_url),
      welcomePopup?.image_url,
      ...courses.map((course) => course.image),
      ...testSeries.map((series) => series.image),
    ],
    { inline: heroBanners[0]?.image_url },
  );
  return {
    ...content,
    // The first banner travels inside the document, put there as the page renders (useFirstImageSrc)
    // rather than here, where the hydration data would carry it a second time. The course cards
    // sit below the first screen's text since issue 27, and come as files.
    // The file's alt text only where the page shows it: a banner without words of its own.
    heroBanners: withPictures(heroBanners, "image_url", pictures, { alt: (banner) => !banner.alt_text }),
    courses: withPictures(courses, "image", pictures, { alt: () => false }),
    testSeries: withPictures(testSeries, "image", pictures, { alt: () => false }),
    // Only the fields the page renders: the hydration data repeats them (issue 6, document size).
    testimonials: testimonials.map(({ id, name, rating, comment }) => ({ id, name, rating, comment })),
    welcomePopup: welcomePopup && {
      title: welcomePopup.title,
      subtitle: welcomePopup.subtitle,
      description: welcomePopup.description,
      image_url: welcomePopup.image_url,
      // Decorative in the popup: its alt text stays behind.
      picture: withPictures([welcomePopup], "image_url", pictures, { alt: () => false })[0]!.picture,
    },
    // Absolute links only from the configured origin: never from a request's Host header, which
    // a cached page would then serve to everyone.
    siteUrl: siteOrigin(),
    closingSoonHtml: await closingSoon,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: PublicSettings } | undefined;
  const settings = root?.settings;
  // The root's loader always gives the settings; without them the root's error page is showing.
  if (!settings) return [{ title: messages.title(DEFAULT_BRAND_NAME) }];
  const title = messages.title(settings.brandName);
  const url = loaderData?.siteUrl;
  return [
    { title },
    { name: "description", content: messages.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: settings.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: messages.description },
    { property: "og:image", content: (url ?? "") + defaultShareImage },
    { name: "twitter:card", content: "summary_large_image" },
    ...(url
      ? [
          { property: "og:url", content: `${url}/` },
          { tagName: "link", rel: "canonical", href: `${url}/` },
        ]
      : []),
    // Structured data on the server only, as staticPageMeta (app/components/static/page-meta.ts) explains.
    ...(import.meta.env.SSR ? [organizationJsonLd(settings, url)] : []),
  ];
};

function organizationJsonLd(settings: PublicSettings, url: string | null | undefined) {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "EducationalOrganization",
      name: settings.brandName,
      description: messages.description,
      ...(url ? { url: `${url}/` } : {}),
      // The demo's placeholder details are no business's: search engines are not told them (issue 48).
      ...(settings.demoContacts.email ? {} : { email: settings.contactEmail }),
      ...(settings.demoContacts.phone ? {} : { telephone: settings.contactPhone }),
      address: settings.contactAddress,
    },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const { heroBanners, courses, testSeries, testimonials, welcomePopup, figures } = loaderData;
  return (
    <>
      <FirstScreen />
      <div className="mx-auto max-w-6xl px-4 pt-5">
        <HeroCarousel banners={heroBanners} fallbackHref={settings.learningAppUrl} />
      </div>
      {loaderData.closingSoonHtml ? <div dangerouslySetInnerHTML={{ __html: loaderData.closingSoonHtml }} /> : null}
      {/* Below the first screen, each section hydrates apart (issue 28). */}
      <HydrateApart>
        <FeaturedCourses courses={courses} testSeries={testSeries} />
      </HydrateApart>
      <HydrateApart>
        <WhyTestSeries figures={figures} />
      </HydrateApart>
      <HydrateApart>
        <Testimonials testimonials={testimonials} />
      </HydrateApart>
      <HydrateApart>
        <About />
      </HydrateApart>
      {/* Issue 49: job alerts by e-mail, posted to /subscribe. */}
      <HydrateApart>
        <div className="px-4">
          <SubscribeSection source="/" />
        </div>
      </HydrateApart>
      <HydrateApart>
        <section
          id="contact"
          aria-labelledby="contact-heading"
          className="below-fold mx-auto max-w-3xl px-4 py-10 [--below-fold-size:48rem] lg:[--below-fold-size:40rem]"
        >
          <SectionHeading id="contact-heading" title={contactMessages.heading} intro={contactMessages.intro} />
          <ContactForm />
        </section>
      </HydrateApart>
      {welcomePopup && (
        <HydrateApart>
          <WelcomePopup popup={welcomePopup} practiceTests={practiceTestsBullet(figures)} />
        </HydrateApart>
      )}
      <FormToaster />
    </>
  );
}
