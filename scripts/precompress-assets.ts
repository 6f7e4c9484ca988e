// Every hashed script and stylesheet compressed once, when the app is built, at the best brotli and
// gzip can do: quality 11 is far too slow to run per request, but a file whose name carries its hash
// never changes. @fastify/static sends the copies (server/plugins/static-files.ts); the shell goes out
// as 58 KB instead of 69 KB of per-request zstd (issue 54, decision 053).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The built files that compress: scripts, stylesheets and SVG drawings (AVIF and WebP pictures are compressed already). */
const COMPRESSIBLE = /\.(js|css|svg)$/;

/**
 * Writes `<file>.br` (brotli at its best, quality 11) and `<file>.gz` (gzip -9) beside each script,
 * stylesheet and SVG drawing of the browser's build, where they are smaller than the file.
 */
export async function precompressDirectory(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  let bytes = 0;
  let brotliBytes = 0;
  let files = 0;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length >= body.length) return;
      files += 1;
      bytes += body.length;
      brotliBytes += br.length;
      await Promise.all([writeFile(`${file}.br`, br), gz.length < body.length ? writeFile(`${file}.gz`, gz) : null]);
    }),
  );
  return { files, bytes, brotliBytes };
}

export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    // After every environment is built: React Router writes its route manifest into the browser's
    // assets while the server's build runs.
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const { root, build, logger } = client.config;
        const made = await precompressDirectory(path.resolve(root, build.outDir, build.assetsDir));
        logger.info(
          `precompressed ${made.files} files: ${Math.round(made.bytes / 1024)} KB, ${Math.round(made.brotliBytes / 1024)} KB as brotli`,
        );
      },
    },
  };
}
