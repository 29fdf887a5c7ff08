import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
  // The server bundle's entry is our own HTTP server (server/app.ts), which imports the
  // React Router build; server.ts only loads it and listens.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
