import { env } from "~/core/env.server";
import type { ToastType } from "~/lib/toast";

// A toast that survives a redirect (STYLE §4: success is a redirect that carries its toast): the
// action sets a short-lived cookie, the next page's loader reads it and clears it. Without
// JavaScript the page shows the same text inline.

const NAME = "gate.flash";
const MAX_AGE_SECONDS = 60;

export interface FlashToast {
  type: Extract<ToastType, "success" | "error" | "blank">;
  message: string;
}

const secure = () => (env().NODE_ENV === "production" ? "; Secure" : "");

export function flashCookie(toast: FlashToast): string {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${NAME}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure()}`;
}

export const clearFlashCookie = () => `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure()}`;

/** The flash toast this request carries, if any, and the header that clears it. */
export function readFlash(request: Request): { toast: FlashToast; clear: string } | null {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<FlashToast>;
    const type = parsed.type === "error" || parsed.type === "blank" ? parsed.type : "success";
    if (typeof parsed.message !== "string" || parsed.message.length > 300) return null;
    return { toast: { type, message: parsed.message }, clear: clearFlashCookie() };
  } catch {
    return null;
  }
}
