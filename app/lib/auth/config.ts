// The numbers behind sign-in (issue #4), in one place. Safe to import on the client.

const MINUTE = 60_000;

export const authPolicy = {
  /** A session unused for this long is over (admin sessions: 30 minutes idle). */
  idleMs: 30 * MINUTE,
  /** ...and no session lives longer than this, however busy (12 hours absolute). */
  absoluteMs: 12 * 60 * MINUTE,
  /** Last activity is written at most this often, not on every request. */
  touchEveryMs: MINUTE,
  /** Between a correct password and the second factor, at most this long. */
  secondFactorMs: 10 * MINUTE,
  /** Password reset links work once, within this time. */
  resetTokenSeconds: 60 * 60,
  passwordMin: 12,
  passwordMax: 128,
  /** Failed attempts allowed in `failureWindowMs` before a lock of `lockMs`. */
  failureWindowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  /** How long a browser stays known to an account after its last sign-in there (decision 015). */
  knownBrowserMs: 365 * 24 * 60 * MINUTE,
} as const;

/** The guard's answer to a signed-in user who is not an admin; the admin layout shows 'Access Denied'. */
export const ACCESS_DENIED_STATUS = 403;

/** Where the admin pages live (spec §2). */
export const adminPaths = {
  login: "/admin/login",
  secondFactor: "/admin/login/verify",
  home: "/admin",
  forgotPassword: "/admin/forgot-password",
  resetPassword: "/admin/reset-password",
  signOut: "/admin/sign-out",
  account: "/admin/account",
  password: "/admin/account/password",
  twoFactor: "/admin/account/two-factor",
} as const;
