import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { reactOnPreactInBrowser } from "./scripts/client-runtime.ts";
import { compileHintFirst } from "./scripts/compile-hints.ts";
import { pageChunkGroups, smallSharedChunkGroup } from "./scripts/page-chunks.ts";
import { precompressAssets } from "./scripts/precompress-assets.ts";

// Server modules stay outside the server build, so the loaders and the API share one
// database handle and one set of services (GUIDE.md section 1).
const serverModules = /^#server\//;

export default defineConfig({
  plugins: [reactOnPreactInBrowser(), tailwindcss(), reactRouter(), compileHintFirst(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: { build: { rollupOptions: { external: [serverModules] } } },
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: { groups: [...pageChunkGroups, smallSharedChunkGroup] },
          },
        },
      },
    },
  },
  // SOURCEMAP=1 builds the source maps too, for a CPU profile that names our code (docs/benchmarks.md).
  build: { assetsInlineLimit: 0, sourcemap: process.env.SOURCEMAP === "1" },
});
