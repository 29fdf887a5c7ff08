import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route's manifest ships with the page, so navigation never waits on /__manifest.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
