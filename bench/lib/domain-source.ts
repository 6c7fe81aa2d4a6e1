import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `@alumni/domain` resolves to its built `dist/` by default, which may be missing or older than the
 * sources. The benchmarks measure the code as it stands, so the specifier is pointed at
 * `packages/domain/src/index.ts` (tsx compiles it). Call before importing anything from apps/api.
 */
export function useDomainSources(): void {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = pathToFileURL(path.resolve(here, '../../packages/domain/src/index.ts')).href;
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === '@alumni/domain') return { url: ${JSON.stringify(entry)}, format: 'module', shortCircuit: true };
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
