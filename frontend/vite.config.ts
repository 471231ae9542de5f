// Builds the front end into the Python package (src/centaurlab/web/static), served at /static/.
// The server reads .vite/manifest.json to find the hashed entry script and its style sheets.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/static/",
  publicDir: "public",
  build: {
    outDir: "../src/centaurlab/web/static",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: "src/main.ts",
      output: {
        // Chunks shared by the task and grade pages, named for what they hold: Monaco ("editor"),
        // and our small modules with vite's preload helper ("common"). "common" goes first: a group
        // takes its modules' dependencies along, and every page's entry imports theme.ts and the
        // helper, which must not pull the 3 MB editor chunk into the bank pages.
        codeSplitting: {
          groups: [
            { name: "common", test: /vite\/preload-helper|src[\\/](api|clock|dom|saved-code|theme|verdicts)\.ts/, priority: 2 },
            { name: "editor", test: /node_modules[\\/]monaco-editor|src[\\/]editor\.ts/, priority: 1 },
          ],
        },
      },
    },
  },
  worker: {
    format: "es",
  },
});
