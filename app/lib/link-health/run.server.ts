import type { LookupFunction } from "node:net";
import { env } from "~/core/env.server";
import { logger } from "~/core/logger.server";
import type { DB } from "~/db/client.server";
import {
  claimDueLink,
  listShownContentLinks,
  recordLinkCheck,
  releaseLinkClaim,
  syncLinkChecks,
  type LinkPlace,
} from "~/db/queries/link-checks.server";
import { attentionMessages } from "~/lib/admin/messages/attention";
import { getSiteSettings } from "~/lib/site/settings.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { studentLoginHref, type SiteSettings } from "~/lib/site/settings";
import { checkLink, hostPacer } from "./check.server";
import { isFailingStatus, MAX_REDIRECTS } from "./classify";

// The link checker's runs (issue 48 item 8), in the worker beside the outbox: each run brings
// link_checks in step with the content, then checks the addresses that are due (never checked, or
// checked longer ago than `everyMs`), one at a time, at most `maxPerRun`. Each address is claimed
// with a lease first, as the outbox claims an e-mail, so two instances never check one at once.

export interface LinkCheckConfig {
  /** How long a check holds: an address is checked again once this has passed (LINK_CHECK_EVERY_HOURS). */
  everyMs: number;
  /** Each request's limit (LINK_CHECK_TIMEOUT_MS). */
  timeoutMs: number;
  /** The most addresses one run checks (LINK_CHECK_MAX_PER_RUN). */
  maxPerRun: number;
  /** The pause between two requests to one host. */
  hostDelayMs: number;
  /** The site's own origin: its addresses are not outside links. */
  origin: string;
  /** Name resolution (the tests answer only for this machine). */
  lookup?: LookupFunction;
}

export const defaultLinkCheckConfig = { everyMs: 24 * 3_600_000, timeoutMs: 10_000, maxPerRun: 100, hostDelayMs: 1000 };

/** The checker's settings from the environment (LINK_CHECK_*), or null when LINK_CHECK=off. */
export function linkCheckConfigFromEnv(): LinkCheckConfig | null {
  const config = env();
  if (config.LINK_CHECK === "off") return null;
  return {
    ...defaultLinkCheckConfig,
    everyMs: config.LINK_CHECK_EVERY_HOURS * 3_600_000,
    timeoutMs: config.LINK_CHECK_TIMEOUT_MS,
    maxPerRun: config.LINK_CHECK_MAX_PER_RUN,
    origin: siteOrigin(),
  };
}

/** An absolute http(s) address of another site: what the checker may ask. */
export function isOutsideLink(url: string, origin: string): boolean {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return false;
  return parsed.origin !== new URL(origin).origin;
}

/** Every outside address the site shows, each with the places it is shown. */
export async function collectShownLinks(db: DB, origin: string, settings?: SiteSettings) {
  const shown = await listShownContentLinks(db);
  settings ??= await getSiteSettings(db);
  const titles = attentionMessages.linkHealth.settingTitles;
  shown.push(
    {
      url: settings.learningAppUrl,
      place: { source: "settings.learning_app_url", id: null, title: titles.learning_app_url },
    },
    {
      url: studentLoginHref(settings),
      place: { source: "settings.student_login_url", id: null, title: titles.student_login_url },
    },
  );
  const byUrl = new Map<string, LinkPlace[]>();
  for (const { url, place } of shown) {
    if (!isOutsideLink(url, origin)) continue;
    const places = byUrl.get(url) ?? [];
    if (!places.some((p) => p.source === place.source && p.id === place.id)) places.push(place);
    byUrl.set(url, places);
  }
  return [...byUrl].map(([url, places]) => ({ url, places }));
}

/** Long enough for one address's checks: HEAD and GET, each through every redirect, paced. */
export const leaseFor = (config: Pick<LinkCheckConfig, "timeoutMs" | "hostDelayMs">) =>
  2 * (MAX_REDIRECTS + 1) * (config.timeoutMs + config.hostDelayMs) + 60_000;

export interface LinkRunResult {
  checked: number;
  failing: number;
}

/** One run: sync, then check what is due. `signal` stops it between (or during) checks. */
export async function runLinkChecks(
  db: DB,
  config: LinkCheckConfig,
  options: { now?: () => Date; signal?: AbortSignal } = {},
): Promise<LinkRunResult> {
  const now = options.now ?? (() => new Date());
  const settings = await getSiteSettings(db);
  await syncLinkChecks(db, await collectShownLinks(db, config.origin, settings), now());
  const userAgent = `Mozilla/5.0 (compatible; ${settings.brandName} link checker; +${new URL(config.origin).origin})`;
  const pacer = hostPacer(config.hostDelayMs);
  const result: LinkRunResult = { checked: 0, failing: 0 };
  while (result.checked < config.maxPerRun && !options.signal?.aborted) {
    const claimed = await claimDueLink(db, { now: now(), everyMs: config.everyMs, leaseMs: leaseFor(config) });
    if (!claimed) break;
    const verdict = await checkLink(claimed.url, {
      timeoutMs: config.timeoutMs,
      userAgent,
      lookup: config.lookup,
      pacer,
      signal: options.signal,
    });
    if (options.signal?.aborted) {
      await releaseLinkClaim(db, claimed.id);
      break;
    }
    await recordLinkCheck(db, claimed.id, verdict, now());
    result.checked++;
    if (isFailingStatus(verdict.status)) {
      result.failing++;
      logger.warn({ url: claimed.url, status: verdict.status, err: verdict.error }, "link check failed");
    }
  }
  return result;
}

export interface LinkCheckSchedule {
  /** Stops the schedule; a check in flight is abandoned and its address given back. */
  stop(): Promise<void>;
}

/**
 * Runs the checks every `intervalMs`, the first `firstDelayMs` after start (a server that starts
 * and stops at once, as in a deploy check, asks nothing).
 */
export function scheduleLinkChecks(
  db: DB,
  config: LinkCheckConfig,
  { firstDelayMs = 60_000, intervalMs = 15 * 60_000 }: { firstDelayMs?: number; intervalMs?: number } = {},
): LinkCheckSchedule {
  const controller = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    running = runLinkChecks(db, config, { signal: controller.signal })
      .then(
        (result) => {
          if (result.checked) logger.info(result, "link checks");
        },
        (error) => logger.error({ err: error }, "link checks failed"),
      )
      .finally(() => {
        if (!controller.signal.aborted) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, firstDelayMs).unref();
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
